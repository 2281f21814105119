#pragma once
// The range rule for a parameter's value, alone so that code outside the
// model can share it without the model: the plugin SDK's probe parameters
// (plugins/sdk, ParamDef::accepts) apply the rule the model's parameters do
// (ParamSpec::accepts).
#include <cmath>

namespace cs {

// In [min, max] (so never NaN) and, when `integer`, whole. For code that
// keeps the bounds without a spec (the compiled plan's per-slot table).
inline bool acceptsValue(double v, double min, double max, bool integer)
{
    return v >= min && v <= max && (!integer || std::floor(v) == v);
}

} // namespace cs
