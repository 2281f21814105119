#include "model/calibration/CalibrationInputs.h"
#include "model/core/ModelError.h"

namespace cs::calib {

void checkFilters(const DesignDocument& doc, const CalibrationOptions& o)
{
    const Design& d = doc.design;
    for (const std::string& b : o.blocks)
        if (!d.findBlock(b))
            throw ModelError("block \"" + b + "\" is not in the design");
    for (const std::string& path : o.inputs) {
        const Endpoint e = Endpoint::parse(path);
        const BlockInstance* bi = d.findBlock(e.block);
        if (!bi)
            throw ModelError("input \"" + path + "\": block \"" + e.block + "\" is not in the design");
        if (bi->spec().inputIndex(e.port) < 0)
            throw ModelError("input \"" + path + "\": block type " + bi->spec().id + " has no input " + e.port);
    }
    for (const std::string& p : o.probes) {
        bool used = false;
        for (const BlockInstance& bi : d.blocks())
            for (const CalibrationSpec& s : bi.spec().calibration)
                used = used || s.probe == p;
        if (!used)
            throw ModelError("probe \"" + p + "\" calibrates no block of this design");
    }
}

CurrentValues::CurrentValues(const Design& d) : design(d), plan(d.compile())
{
    slots = plan.initialSlots();
    plan.run(slots.data(), nullptr);
}

double CurrentValues::at(const std::string& block, const std::string& input) const
{
    const Endpoint e{block, input};
    if (design.wireInto(e)) {
        const int slot = plan.slotOf(e.str());
        if (slot >= 0)
            return slots[static_cast<std::size_t>(slot)];
    }
    return design.value(e).value;
}

} // namespace cs::calib
