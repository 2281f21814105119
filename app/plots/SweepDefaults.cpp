#include "app/plots/SweepDefaults.h"
#include "app/plots/TableSlice.h"
#include "model/core/ModelError.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace cs::plots {

std::vector<SweepAxis> chartAxes(const DesignDocument& doc)
{
    if (!doc.sweep.axes.empty())
        return doc.sweep.axes;
    if (doc.design.findDesignParam(doc.sweep.speedupParam))
        return {SweepAxis{doc.sweep.speedupParam, kDefaultSpeedupSpec}};
    return {};
}

std::string breakdownParam(const DesignDocument& doc, const SweepTable& table)
{
    if (axisIndex(table, doc.sweep.speedupParam) >= 0)
        return doc.sweep.speedupParam;
    return table.axes.empty() ? std::string() : table.axes.front();
}

double defaultBreakdownAt(const DesignDocument& doc, const SweepTable& table)
{
    const std::string param = breakdownParam(doc, table);
    const int a = axisIndex(table, param);
    if (a < 0)
        return std::numeric_limits<double>::quiet_NaN();
    const auto levels = axisLevels(table, a);
    std::optional<double> current;
    if (const DesignParam* p = doc.design.findDesignParam(param)) {
        current = p->value.value;
    } else if (param.find('.') != std::string::npos) {
        try {
            current = doc.design.value(Endpoint::parse(param)).value;
        } catch (const ModelError&) {
            // Not a block input: no current value to prefer.
        }
    }
    if (current && std::find(levels.begin(), levels.end(), *current) != levels.end())
        return *current;
    return levels.empty() ? std::numeric_limits<double>::quiet_NaN() : *std::max_element(levels.begin(), levels.end());
}

} // namespace cs::plots
