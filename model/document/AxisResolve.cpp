#include "model/document/AxisResolve.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Printable.h"
#include "model/core/Settable.h"
#include "model/document/SweepAxis.h"

#include <set>

namespace cs {

namespace {

// The unit of a settable slot (checked settable before).
Unit unitOf(const Design& design, const std::string& path)
{
    if (const DesignParam* p = design.findDesignParam(path))
        return p->spec.unit;
    const Endpoint e = Endpoint::parse(path);
    for (const ParamSpec& in : design.block(e.block).spec().inputs)
        if (in.symbol == e.port)
            return in.unit;
    throw ModelError(path + ": no such input"); // checkSettable said otherwise: not reached
}

} // namespace

std::vector<double> axisValues(const Design& design, const SweepAxis& axis)
{
    if (axis.path.empty())
        throw ModelError("a swept parameter needs a name");
    if (const SettableCheck c = checkSettable(design, axis.path); !c.ok())
        throw ModelError(printable(axis.path) + ": " + c.message); // the path as the user wrote it first
    try {
        return parseAxisValues(axis.spec, unitOf(design, axis.path));
    } catch (const ModelError& e) {
        throw ModelError(axis.path + ": " + e.what());
    }
}

std::vector<SweepAxisValues> resolveAxes(const Design& design, const std::vector<SweepAxis>& axes)
{
    std::vector<SweepAxisValues> out;
    std::set<std::string> seen;
    for (const SweepAxis& a : axes) {
        if (!a.path.empty() && !seen.insert(a.path).second)
            throw ModelError(a.path + " is swept twice");
        out.push_back({a.path, axisValues(design, a)});
    }
    return out;
}

} // namespace cs
