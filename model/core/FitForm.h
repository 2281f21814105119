#pragma once
// The forms a calibration fits (CalibrationSpec::form), in one table: their
// coefficient names, how many points a fit needs, the form's value and, for
// a nonlinear form (method "lm"), its gradient and starting values. The
// linear forms are built in; a block with a nonlinear form registers it with
// the block (see model/blocks/bonding), so model/calibration needs no edit.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace cs {

struct FitForm {
    std::string name;                      // "line", "prop", "nlogn", "const", "bonding", ...
    std::string formula;                   // "y = a + b x", for messages and documentation
    std::vector<std::string> coefficients; // in the order `value` takes them
    std::size_t minPoints = 2;             // points an ols/wls/lm fit needs
    std::function<double(double x, const double* c)> value;
    // Nonlinear forms only: d value / d c_i into grad, and starting values from the data.
    std::function<void(double x, const double* c, double* grad)> jacobian;
    std::function<std::vector<double>(const std::vector<double>& x, const std::vector<double>& y)> start;

    bool nonlinear() const { return static_cast<bool>(jacobian); }
};

// Adds a form (or replaces the one of that name).
void registerFitForm(FitForm form);
// The form of that name (the built-in blocks' forms included); null when none.
const FitForm* findFitForm(std::string_view name);
// "const, line, prop, nlogn, bonding": every known form, for messages.
std::string fitFormNames();

} // namespace cs
