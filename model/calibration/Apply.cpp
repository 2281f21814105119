// What applying a calibration report to a document sets (planCalibration), and applying it through the
// editing layer (withCalibration).
#include "model/calibration/Calibration.h"
#include "model/calibration/LiveNetwork.h"
#include "model/calibration/Quality.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Settable.h"
#include "model/core/FormatOptions.h"
#include "model/core/Unit.h"

#include <cmath>

namespace cs::calib {

namespace {

// An input as the design evaluates it at its values (wired inputs included); NaN when it does not evaluate.
double evaluatedInput(const DesignDocument& doc, const std::string& path)
{
    try {
        const Plan plan = doc.design.compile();
        std::vector<double> slots = plan.initialSlots();
        const int slot = plan.slotOf(path);
        if (slot < 0 || !plan.run(slots.data(), nullptr))
            return std::nan("");
        return slots[static_cast<std::size_t>(slot)];
    } catch (const std::exception&) {
        return std::nan("");
    }
}

// With G_floor = scaled a calibrated G is a lone flow's on the hosts measured: B_cal keeps what the drawing
// gave those hosts then (B_pair placed on the probe's nodes), so a drawing with faster or slower host links
// scales G by B_cal / B_pair (LogGPBlock.h). Recorded beside G, in the same step; nothing when the block has
// no B_cal, is not scaled, or the drawing gives no B_pair there.
void recordMeasuredRate(const DesignDocument& doc, const CalibratedParam& g, const Provenance& measured,
                        CalibrationPlan& plan)
{
    const BlockInstance* bi = doc.design.findBlock(g.block);
    const int floorIndex = bi ? bi->spec().inputIndex("G_floor") : -1;
    if (floorIndex < 0 || bi->spec().inputIndex("B_cal") < 0 ||
        doc.design.value(Endpoint{g.block, "G_floor"}).value != 3.0)
        return;
    const std::string path = g.block + ".B_cal";
    if (!checkSettable(doc.design, path).ok())
        return;
    double pair = placedInput(doc, g.block, "B_pair", g.nodes);
    if (!std::isfinite(pair)) // no nodes recorded, or none the drawing has: the design's own job
        pair = evaluatedInput(doc, g.block + ".B_pair");
    if (!(pair > 0.0) || !std::isfinite(pair))
        return;
    Provenance prov = measured;
    prov.detail = "B_pair of the drawing on the hosts " + g.param + " was measured on (" + measured.detail + ")";
    prov.ciLow = prov.ciHigh = 0.0; // no interval: the drawing's figure, not a measurement
    plan.changes.push_back({g.block, "B_cal", doc.design.value(Endpoint{g.block, "B_cal"}), ParamValue{pair, prov}});
}

} // namespace

CalibrationPlan planCalibration(const DesignDocument& doc, const CalibrationReport& report, const ApplyOptions& options)
{
    CalibrationPlan plan;
    for (const CalibratedParam& p : report.params) {
        const std::string path = p.block + "." + p.param;
        if (!options.acceptPoorFits) {
            const std::vector<const FitIssue*> issues = issuesOf(report, p.block, p.param);
            if (!issues.empty() || !p.trusted) {
                plan.skipped.push_back(path + ": not trusted (" +
                                       (issues.empty() ? std::string("see the report") : issues.front()->figure) +
                                       "); accept poor fits to apply it");
                continue;
            }
        }
        if (SettableCheck c = checkSettable(doc.design, path); !c.ok()) {
            plan.skipped.push_back(path + ": " + c.message +
                                   (c.kind == SettableKind::Wired ? "; calibrate the source instead" : ""));
            continue;
        }
        // A quantity that cannot be negative whose 95% interval reaches below zero and above it (G of a flat
        // line: [-0.39, 0.117] ns/B) is not determined by the runs: never applied, even on request.
        const BlockInstance* bi = doc.design.findBlock(p.block);
        const int index = bi ? bi->spec().inputIndex(p.param) : -1;
        if (index >= 0 && bi->spec().inputs[static_cast<std::size_t>(index)].min >= 0 && p.ciLow < 0 &&
            p.ciHigh > 0) {
            plan.skipped.push_back(path + ": its 95% interval [" + formatMeasured(p.ciLow, p.unit, options.format) +
                                   ", " + formatMeasured(p.ciHigh, p.unit, options.format) +
                                   "] reaches below zero: the runs do not determine it, so it is not applied");
            continue;
        }
        if (std::string problem = rangeProblemAt(doc.design, path, p.value); !problem.empty()) {
            plan.skipped.push_back(problem);
            continue;
        }
        Provenance prov;
        prov.kind = ProvenanceKind::Calibrated;
        prov.detail = p.run;
        prov.ciLow = p.ciLow;
        prov.ciHigh = p.ciHigh;
        prov.time = p.time;
        prov.nodes = p.nodes;
        plan.changes.push_back({p.block, p.param, doc.design.value(Endpoint{p.block, p.param}), ParamValue{p.value, prov}});
        if (p.param == "G")
            recordMeasuredRate(doc, p, prov, plan);
    }
    plan.record = reportToJson(report);
    // The network the values were measured on (LiveNetwork.h).
    if (const NetworkStamp stamp = networkStamp(doc); !stamp.signature.empty())
        plan.record["network"] = stampToJson(stamp);
    return plan;
}

std::vector<edit::ValueAssignment> CalibrationPlan::values() const
{
    std::vector<edit::ValueAssignment> v;
    for (const AppliedChange& c : changes)
        v.push_back({c.block + "." + c.param, c.after.value, c.after.provenance});
    return v;
}

DesignDocument withCalibration(const DesignDocument& doc, const CalibrationPlan& plan, nlohmann::json measured)
{
    DesignDocument out = doc;
    const edit::Outcome o = edit::applyCalibration(out, plan.values(), plan.record, std::move(measured));
    if (!o.ok())
        throw ModelError("the calibrated design is not valid: " + o.message());
    return out;
}

} // namespace cs::calib
