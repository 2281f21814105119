// Applying a calibration report to a document, and reverting an input.
#include "model/calibration/Calibration.h"
#include "model/calibration/LiveNetwork.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"

namespace cs::calib {

std::vector<AppliedChange> applyCalibration(DesignDocument& doc, const CalibrationReport& report,
                                            std::vector<std::string>* skipped, const ApplyOptions& options)
{
    std::vector<AppliedChange> changes;
    auto skip = [&](const std::string& why) {
        if (skipped)
            skipped->push_back(why);
    };
    for (const CalibratedParam& p : report.params) {
        const std::string path = p.block + "." + p.param;
        if (!options.acceptPoorFits) {
            const std::vector<const FitIssue*> issues = issuesOf(report, p.block, p.param);
            if (!issues.empty() || !p.trusted) {
                skip(path + ": not trusted (" + (issues.empty() ? std::string("see the report") : issues.front()->figure) +
                     "); accept poor fits to apply it");
                continue;
            }
        }
        if (SettableCheck c = checkSettable(doc.design, path); !c.ok()) {
            skip(path + ": " + c.message + (c.kind == SettableKind::Wired ? "; calibrate the source instead" : ""));
            continue;
        }
        const Endpoint e{p.block, p.param};
        Provenance prov;
        prov.kind = ProvenanceKind::Calibrated;
        prov.detail = p.run;
        prov.ciLow = p.ciLow;
        prov.ciHigh = p.ciHigh;
        prov.time = p.time;
        prov.nodes = p.nodes;
        AppliedChange c{p.block, p.param, doc.design.value(e), ParamValue{p.value, prov}};
        try {
            doc.design.setValue(e, p.value, prov);
        } catch (const ModelError& err) {
            skip(err.what());
            continue;
        }
        changes.push_back(std::move(c));
    }
    if (!doc.calibration.is_array())
        doc.calibration = nlohmann::json::array();
    nlohmann::json record = reportToJson(report);
    // The network the values were measured on (LiveNetwork.h).
    if (const NetworkStamp stamp = networkStamp(doc); !stamp.signature.empty())
        record["network"] = stampToJson(stamp);
    doc.calibration.push_back(std::move(record));
    return changes;
}

void revertToDefault(DesignDocument& doc, const std::string& block, const std::string& param)
{
    const BlockInstance* bi = doc.design.findBlock(block);
    if (!bi)
        throw ModelError("block \"" + block + "\" is not in the design");
    if (bi->spec().inputIndex(param) < 0)
        throw ModelError("block \"" + block + "\" (" + bi->spec().id + ") has no input " + param);
    doc.design.resetValue(Endpoint{block, param});
}

} // namespace cs::calib
