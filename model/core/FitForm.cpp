#include "model/core/FitForm.h"
#include "model/core/BlockRegistry.h"

#include <cmath>
#include <memory>
#include <mutex>

namespace cs {

namespace {

struct Forms {
    std::mutex mutex;
    std::vector<std::unique_ptr<FitForm>> list; // stable addresses: findFitForm hands out pointers
};

std::vector<std::unique_ptr<FitForm>> builtinForms()
{
    std::vector<std::unique_ptr<FitForm>> out;
    auto add = [&](FitForm f) { out.push_back(std::make_unique<FitForm>(std::move(f))); };
    add({"const", "y = v", {"v"}, 1, [](double, const double* c) { return c[0]; }, {}, {}});
    add({"line", "y = a + b x", {"a", "b"}, 3, [](double x, const double* c) { return c[0] + c[1] * x; }, {}, {}});
    add({"prop", "y = c x", {"c"}, 2, [](double x, const double* c) { return c[0] * x; }, {}, {}});
    add({"nlogn", "y = c x log2 x", {"c"}, 2,
         [](double x, const double* c) { return x > 0.0 ? c[0] * x * std::log2(x) : 0.0; }, {}, {}});
    return out;
}

Forms& forms()
{
    static Forms f{{}, builtinForms()};
    return f;
}

} // namespace

void registerFitForm(FitForm form)
{
    Forms& f = forms();
    std::lock_guard lock(f.mutex);
    for (auto& existing : f.list)
        if (existing->name == form.name) {
            *existing = std::move(form);
            return;
        }
    f.list.push_back(std::make_unique<FitForm>(std::move(form)));
}

const FitForm* findFitForm(std::string_view name)
{
    BlockRegistry::builtin(); // the built-in blocks register their forms
    Forms& f = forms();
    std::lock_guard lock(f.mutex);
    for (const auto& form : f.list)
        if (form->name == name)
            return form.get();
    return nullptr;
}

std::string fitFormNames()
{
    BlockRegistry::builtin();
    Forms& f = forms();
    std::lock_guard lock(f.mutex);
    std::string s;
    for (const auto& form : f.list)
        s += (s.empty() ? "" : ", ") + form->name;
    return s;
}

} // namespace cs
