#include "model/calibration/IntraNodeFit.h"
#include "model/calibration/CalibrationInputs.h"
#include "model/calibration/ResultsData.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs::calib {

namespace {

constexpr const char* kProbe = "mpi.loggp";

CalibratedParam param(const std::string& block, const char* name, const char* unit, const char* display,
                      const ResultEntry* from)
{
    CalibratedParam p;
    p.block = block;
    p.param = name;
    p.unit = unit;
    p.displayUnit = display;
    p.probe = kProbe;
    if (from) {
        p.run = std::string(kProbe) + "@" + from->started;
        p.time = from->started;
        p.nodes = from->nodes;
    }
    return p;
}

} // namespace

bool onOneHost(const nlohmann::json& result)
{
    // Where the MPI agent writes it (runner::resultToJson): each part's environment.agent.mpi.placement, a rank's
    // host and Open MPI's count of the ranks on its node. The first part with a placement is the job's.
    const auto member = [](const nlohmann::json& j, const char* key) -> const nlohmann::json* {
        if (!j.is_object())
            return nullptr;
        const auto it = j.find(key);
        return it == j.end() ? nullptr : &*it;
    };
    const nlohmann::json* parts = member(result, "parts");
    if (!parts || !parts->is_array())
        return false;
    for (const nlohmann::json& part : *parts) {
        const nlohmann::json* env = member(part, "environment");
        const nlohmann::json* agent = env ? member(*env, "agent") : nullptr;
        const nlohmann::json* mpi = agent ? member(*agent, "mpi") : nullptr;
        const nlohmann::json* placement = mpi ? member(*mpi, "placement") : nullptr;
        if (!placement || !placement->is_array() || placement->empty())
            continue;
        std::string host[2];
        bool alone = false; // Open MPI placed rank 0 alone on its node (local_size 1)
        for (const nlohmann::json& r : *placement) {
            if (!r.is_object() || !r.contains("rank") || !r["rank"].is_number_integer() || !r.contains("host") ||
                !r["host"].is_string())
                continue;
            const long long rank = r["rank"].get<long long>();
            if (rank == 0 || rank == 1)
                host[rank] = r["host"].get<std::string>();
            // Network namespaces share the machine's host name; Open MPI's own count of a node's ranks tells them
            // apart.
            if (rank == 0 && r.contains("local_size") && r["local_size"].is_number_integer() &&
                r["local_size"].get<long long>() < 2)
                alone = true;
        }
        return !alone && !host[0].empty() && host[0] == host[1];
    }
    return false;
}

IntraNodeFit fitIntraNode(const nlohmann::json& results, const std::string& block, const SegmentOptions& segments,
                          const QualityLimits& limits)
{
    IntraNodeFit out;
    std::vector<ResultEntry> local;
    for (const ResultEntry& e : resultEntries(results))
        if (e.probe == kProbe && e.status == "ok" && onOneHost(*e.json))
            local.push_back(e);
    if (local.empty()) {
        out.warnings.push_back(block + ": no ok mpi.loggp result placed ranks 0 and 1 on one host "
                                       "(parts[].environment.agent.mpi.placement): the intra-node LogGP is not calibrated");
        return out;
    }
    try {
        const DerivedValue os = readDerived(local, kProbe, "derived:o_s");
        const DerivedValue orr = readDerived(local, kProbe, "derived:o_r");
        const DerivedValue g = readDerived(local, kProbe, "derived:g");
        SpecPoints pts = poolReplicates(readSeriesPoints(local, kProbe, "series:prtt1@", ""));
        std::vector<double> weights;
        for (double& x : pts.x)
            x -= 1.0; // bytes after the first
        for (double y : pts.y)
            weights.push_back(y > 0.0 ? 1.0 / (y * y) : 1.0); // relative errors: small sizes count as much
        SegmentOptions o = segments;
        o.optimal = true;
        out.rtt = fitSegmented(pts.x, pts.y, o, weights);
        out.rtt.method = "segmented_rel";
        const std::size_t n = out.rtt.values.size();
        const double a = out.rtt.values[n - 2], b = out.rtt.values[n - 1];

        const ResultEntry* from = pts.used.empty() ? nullptr : pts.used.front();
        CalibratedParam L = param(block, "L_node", "s", "us", from);
        L.method = out.rtt.method;
        L.form = "line";
        L.expression = "a / 2 - o_s_node - o_r_node";
        L.value = a / 2.0 - os.value - orr.value;
        L.ciLow = out.rtt.ciLow[n - 2] / 2.0 - os.value - orr.value;
        L.ciHigh = out.rtt.ciHigh[n - 2] / 2.0 - os.value - orr.value;
        L.r2 = out.rtt.r2;
        L.smape = out.rtt.smape;
        if (L.value < 0.0) {
            out.issues.push_back({block, "L_node", "clamped",
                                  "L_node = 0 was clamped from " + formatNumber(L.value) + " s",
                                  "the overheads o_s + o_r exceed the one-way time PRTT(1,0,s)/2 on one host"});
            L.value = 0.0;
            L.ciLow = std::min(L.ciLow, 0.0);
        }
        CalibratedParam G = param(block, "G_node", "s/B", "ns/B", from);
        G.method = out.rtt.method;
        G.form = "line";
        G.expression = "b / 2";
        G.value = b / 2.0;
        G.ciLow = out.rtt.ciLow[n - 1] / 2.0;
        G.ciHigh = out.rtt.ciHigh[n - 1] / 2.0;
        G.r2 = out.rtt.r2;
        G.smape = out.rtt.smape;
        out.params.push_back(L);
        struct Direct {
            const char* input;
            const char* derived;
            const DerivedValue* v;
        };
        for (const Direct& d : {Direct{"o_s_node", "o_s", &os}, Direct{"o_r_node", "o_r", &orr}, Direct{"g_node", "g", &g}}) {
            const DerivedValue* v = d.v;
            CalibratedParam p = param(block, d.input, "s", "us", v->from);
            p.method = "direct";
            p.form = "const";
            p.expression = std::string("v (derived ") + d.derived + ")";
            p.value = v->value;
            p.ciLow = v->hasCi ? v->ciLow : v->value;
            p.ciHigh = v->hasCi ? v->ciHigh : v->value;
            out.params.push_back(p);
        }
        out.params.push_back(G);
        if (out.rtt.r2 < limits.minR2)
            for (const char* input : {"L_node", "G_node"})
                out.issues.push_back({block, input, "r2",
                                      "R^2 = " + formatNumber(out.rtt.r2) + " of the fit of mpi.loggp prtt1@ on one host "
                                      "(limit " + formatNumber(limits.minR2) + ")",
                                      "the line does not follow the measured points"});
    } catch (const ModelError& e) {
        out.params.clear();
        out.issues.clear();
        out.warnings.push_back(block + ": mpi.loggp on one host: " + e.what());
    }
    return out;
}

void calibrateIntraNode(const DesignDocument& doc, const nlohmann::json& results, const CalibrationOptions& options,
                        const CurrentValues& current, CalibrationReport& report)
{
    auto has = [](const std::vector<std::string>& list, const std::string& s) {
        return list.empty() || std::find(list.begin(), list.end(), s) != list.end();
    };
    if (!has(options.probes, kProbe))
        return;
    bool any = false; // a result on one host: without one, the intra-node inputs are passed over silently
    for (const ResultEntry& e : resultEntries(results))
        any = any || (e.probe == kProbe && e.status == "ok" && onOneHost(*e.json));
    if (!any)
        return;
    for (const BlockInstance& bi : doc.design.blocks()) {
        if (bi.spec().id != "logp.loggp" || !has(options.blocks, bi.name) ||
            options.passOver.count(bi.name + "|" + kProbe))
            continue;
        IntraNodeFit fit = fitIntraNode(results, bi.name, options.segments, options.limits);
        for (CalibratedParam& p : fit.params) {
            if (!options.inputs.empty() && !has(options.inputs, bi.name + "." + p.param))
                continue;
            p.previous = current.at(bi.name, p.param);
            report.params.push_back(std::move(p));
        }
        for (std::string& w : fit.warnings)
            report.warnings.push_back(std::move(w));
        for (FitIssue& i : fit.issues)
            report.issues.push_back(std::move(i));
    }
}

} // namespace cs::calib
