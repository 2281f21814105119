#pragma once
#include <string>

namespace cs {
class Design;
}

namespace cs::app::inspector {

// Sets the valid range [min, max] of design parameter `name` in `design`,
// keeping its value, provenance, the output it follows, its wires and the
// parameters' order. Throws ModelError naming the parameter and the numbers
// when a bound is not finite, min is above max, or the value would fall
// outside. Built on Design's public operations (remove, add, set, follow,
// connect), for DocumentModel::editDesign.
void setDesignParamRange(Design& design, const std::string& name, double min, double max);

} // namespace cs::app::inspector
