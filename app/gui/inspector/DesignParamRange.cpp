#include "app/gui/inspector/DesignParamRange.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <cmath>
#include <vector>

namespace cs::app::inspector {

void setDesignParamRange(Design& design, const std::string& name, double min, double max)
{
    const DesignParam* p = design.findDesignParam(name);
    if (!p)
        throw ModelError("no design parameter named '" + name + "'");
    if (!std::isfinite(min) || !std::isfinite(max))
        throw ModelError("design parameter " + name + ": range [" + formatNumber(min) + ", " + formatNumber(max) +
                         "] must have finite bounds");
    if (min > max)
        throw ModelError("design parameter " + name + ": min " + formatNumber(min) + " is above max " +
                         formatNumber(max));
    const double v = p->value.value;
    if (v < min || v > max)
        throw ModelError("design parameter " + name + " = " + formatNumber(v) + " would be outside the range [" +
                         formatNumber(min) + ", " + formatNumber(max) + "]; change the value first");

    // Take out this parameter and the ones after it (with their wires), and
    // put them back in order, this one with its new range.
    std::vector<DesignParam> tail;
    bool from = false;
    for (const DesignParam& q : design.designParams()) {
        from = from || q.spec.symbol == name;
        if (from)
            tail.push_back(q);
    }
    std::vector<Wire> wires;
    for (const Wire& w : design.wires())
        for (const DesignParam& q : tail)
            if (w.from.isDesignParam() && w.from.port == q.spec.symbol)
                wires.push_back(w);
    for (const DesignParam& q : tail)
        design.removeDesignParam(q.spec.symbol);
    for (DesignParam q : tail) {
        if (q.spec.symbol == name) {
            q.spec.min = min;
            q.spec.max = max;
        }
        design.addDesignParam(q.spec, q.value.value);
        design.setDesignParam(q.spec.symbol, q.value.value, q.value.provenance);
        if (!q.follows.empty())
            design.setFollows(q.spec.symbol, q.follows);
    }
    for (const Wire& w : wires)
        design.connect(w.from, w.to);
}

} // namespace cs::app::inspector
