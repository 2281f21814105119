#include "model/verification/Verification.h"
#include "model/verification/VerifyTargets.h"

#include "model/calibration/Calibration.h"
#include "model/calibration/ProgramRuns.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/FormatOptions.h"
#include "model/core/Unit.h"
#include "model/sweep/RankCounts.h"
#include "model/sweep/Sweep.h"

#include <algorithm>
#include <iterator>
#include <cmath>
#include <limits>
#include <map>

namespace cs::verify {

using nlohmann::json;

namespace {

const std::vector<Application>& applications()
{
    // fftw.transpose's outputs that are phases of T (T_penalty is a model term with no
    // separate step in the program: it is inside the measured all-to-all when it exists).
    // sort.parallel: the problem size is E_init (the keys over all nodes); its phases in the order of Fig. 5(a).
    // logp.loggp: the collectives' message size k and the all-to-all's schedule; the peer-to-peer algorithms
    // it models are the ones app.collectives runs (mpi.app.collectives: MPI's own calls, whose algorithms
    // the library picks, so its error also says how far the model's algorithms are from the library's). (offload.collective models a switch that runs the
    // collectives itself, which TCP between agents does not have: no application runs it.)
    static const std::vector<Application> apps{
        {"fftw.transpose", "app.fft2d", "mpi.app.fft2d", {{"rows", "rows"}, {"alltoall", "alltoall"}}, {"T", "T_compute", "T_trans", "T_local", "T_a2a", "T_perm"}},
        {"sort.parallel", "app.sort", "mpi.app.sort", {{"E_init", "keys"}}, {"T", "T_bucket1", "T_xchg", "T_bucket2", "T_count"}},
        {"logp.loggp", "app.collectives", "mpi.app.collectives", {{"k", "bytes"}, {"alltoall", "alltoall"}},
         {"T_bcast", "T_allreduce", "T_barrier", "T_alltoall"}},
        // comm.collective: the one collective its op and algorithm name, when app.collectives runs that
        // algorithm (VerifyTargets.cpp, collectiveTarget: its series and the probe's all-to-all schedule).
        {"comm.collective", "app.collectives", "mpi.app.collectives", {{"k", "bytes"}}, {"T"}},
        // The user's own program (issue 31): its formula's T against run-app's runs. verify reads them
        // (--results); it cannot run them (requireRunnable): the program comes only from run-app.
        {"formula", "app.run", "", {}, {"T"}},
    };
    return apps;
}

double number(const json& j, const char* key)
{
    const auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : std::numeric_limits<double>::quiet_NaN();
}

// A member of an object, or an empty object when it is missing or not one: a document's results are
// untrusted, and json::value throws on a member of another type.
json objectAt(const json& j, const char* key)
{
    const auto it = j.is_object() ? j.find(key) : j.end();
    return j.is_object() && it != j.end() && it->is_object() ? *it : json::object();
}

std::string textAt(const json& j, const char* key, const char* otherwise = "")
{
    const auto it = j.is_object() ? j.find(key) : j.end();
    return j.is_object() && it != j.end() && it->is_string() ? it->get<std::string>() : otherwise;
}

// Node count of one result: an MPI result's ranks or a group kernel's P when its part says so, else
// the nodes it ran on.
double nodeCount(const json& r)
{
    // run-app's results say their rank count as a parameter.
    if (const json* P = calib::runRankCount(r); P && P->is_number())
        return P->get<double>();
    if (const auto parts = r.find("parts"); parts != r.end() && parts->is_array() && !parts->empty()) {
        const json d = objectAt((*parts)[0], "details");
        for (const char* key : {"ranks", kJobSize})
            if (d.contains(key) && d[key].is_number())
                return d[key].get<double>();
    }
    const auto nodes = r.find("nodes");
    return nodes != r.end() && nodes->is_array() ? static_cast<double>(nodes->size()) : 0.0;
}

// Where a result's processes ran: per host, how many processes and its online CPUs. A part's agent names
// its host; an MPI part lists every rank's host (environment.agent.mpi.placement).
void busiestHost(const json& r, MeasuredPoint& m)
{
    std::map<std::string, std::pair<int, int>> hosts; // host -> (processes, online CPUs)
    const auto parts = r.find("parts");
    if (parts == r.end() || !parts->is_array())
        return;
    for (const json& part : *parts) {
        const json agent = objectAt(objectAt(part, "environment"), "agent");
        const double online = number(agent, "online_cpus");
        const int cpus = std::isfinite(online) && online >= 1 && online < 1e7 ? static_cast<int>(online) : 0;
        const json mpi = objectAt(agent, "mpi");
        const auto placement = mpi.find("placement");
        if (placement != mpi.end() && placement->is_array() && !placement->empty()) {
            for (const json& rank : *placement) {
                const std::string host = textAt(rank, "host");
                if (!host.empty())
                    hosts[host] = {hosts[host].first + 1, cpus};
            }
        } else if (const std::string host = textAt(agent, "hostname"); !host.empty()) {
            hosts[host] = {hosts[host].first + 1, cpus};
        }
    }
    for (const auto& [host, load] : hosts)
        if (load.first > m.processes) {
            m.host = host;
            m.processes = load.first;
            m.cpus = load.second;
        }
}

// An MPI result's rendezvous facts: its TCP eager limit (environment.agent.mpi.btl_tcp_eager_limit) and the
// largest message it sent (details.block_bytes), both of its first part; 0 where a result lacks them.
void rendezvous(const json& r, MeasuredPoint& m)
{
    const auto parts = r.find("parts");
    if (parts == r.end() || !parts->is_array() || parts->empty())
        return;
    const json& part = (*parts)[0];
    const double limit = number(objectAt(objectAt(objectAt(part, "environment"), "agent"), "mpi"), "btl_tcp_eager_limit");
    const double block = number(objectAt(part, "details"), "block_bytes");
    if (std::isfinite(limit) && limit > 0 && std::isfinite(block) && block > 0) {
        m.eagerLimit = limit;
        m.messageBytes = block;
    }
}

} // namespace

std::string probeOf(const json& result)
{
    return textAt(result, "probe");
}

const Application* applicationFor(const std::string& blockType)
{
    for (const Application& a : applications())
        if (a.blockType == blockType)
            return &a;
    return nullptr;
}

std::string knownApplications()
{
    std::string text;
    for (const Application& a : applications())
        text += (text.empty() ? "" : ", ") + a.blockType + " (" + a.probe + ")";
    return text;
}

std::vector<MeasuredPoint> measuredFromResults(const json& results, const std::string& probe,
                                               const std::vector<std::string>& quantities)
{
    std::vector<MeasuredPoint> out;
    if (!results.is_array())
        throw ModelError("application results: expected an array of probe results");
    for (const json& r : results) {
        if (!r.is_object() || textAt(r, "probe") != probe || textAt(r, "status") != "ok")
            continue;
        const json series = objectAt(objectAt(r, "summary"), "series");
        for (const std::string& q : quantities) {
            if (!series.contains(q) || !series[q].is_object())
                continue;
            const json& s = series[q];
            MeasuredPoint m;
            m.P = nodeCount(r);
            m.quantity = q;
            m.runs = calib::programRunLabel(r);
            m.median = number(s, "median");
            m.lo = number(s, "ci_lo");
            m.hi = number(s, "ci_hi");
            m.min = number(s, "min");
            m.max = number(s, "max");
            const double n = number(s, "n");
            m.n = std::isfinite(n) && n >= 0 && n < 1e9 ? static_cast<int>(n) : 0;
            busiestHost(r, m);
            rendezvous(r, m);
            if (std::isfinite(m.median))
                out.push_back(m);
        }
    }
    return out;
}

std::set<double> calibratedNodeCounts(const DesignDocument& doc)
{
    std::set<double> counts;
    if (!doc.measured.is_array())
        return counts;
    for (const json& r : doc.measured)
        if (r.is_object() && !isApplicationProbe(probeOf(r)) && textAt(r, "status", "ok") == "ok")
            counts.insert(nodeCount(r));
    return counts;
}

std::string pathOfP(const DesignDocument& doc, const std::string& block)
{
    if (doc.design.findDesignParam(kJobSize))
        return kJobSize;
    return block + "." + kJobSize;
}

void requireOneJobSize(const DesignDocument& doc, const std::string& variant, const std::string& pPath,
                       const std::vector<double>& Ps)
{
    RankCountScope scope;
    scope.variant = variant;
    scope.documentValues = false;
    for (double P : Ps)
        if (const std::vector<RankCountApart> apart = rankCountsApart(doc, {{pPath, {P}}}, scope); !apart.empty()) {
            const RankCountApart& a = apart.front();
            throw ModelError("verify refuses to compare the run of " + formatNumber(P) + " ranks with variant '" +
                             variant + "': its model is evaluated at " + a.input + " = " + formatNumber(a.value) +
                             ", not at the job's " + kJobSize + " = " + formatNumber(a.job) +
                             ", so it prices another job than the one run. Wire " + a.source + " into " + a.input +
                             " so that it follows the job, then verify again");
        }
}

ErrorStats errorStats(const std::vector<Row>& rows, int which)
{
    ErrorStats s;
    double sum = 0, mx = 0;
    for (const Row& r : rows) {
        if ((which == 1 && !r.heldOut) || (which == 0 && r.heldOut) || !std::isfinite(r.error))
            continue;
        ++s.count;
        sum += std::abs(r.error);
        mx = std::max(mx, std::abs(r.error));
    }
    s.meanAbs = s.count ? sum / s.count : std::numeric_limits<double>::quiet_NaN();
    s.maxAbs = s.count ? mx : std::numeric_limits<double>::quiet_NaN();
    return s;
}

void summarize(Report& r)
{
    r.heldOut = errorStats(r.rows, 1);
    r.used = errorStats(r.rows, 0);
    r.all = errorStats(r.rows, -1);
    r.groups.clear();
    for (const Row& row : r.rows) {
        if (std::any_of(r.groups.begin(), r.groups.end(), [&](const GroupStats& g) { return g.runs == row.runs; }))
            continue;
        std::vector<Row> mine;
        std::copy_if(r.rows.begin(), r.rows.end(), std::back_inserter(mine),
                     [&](const Row& x) { return x.runs == row.runs; });
        r.groups.push_back({row.runs, errorStats(mine, 1), errorStats(mine, 0), errorStats(mine, -1)});
    }
}

Report compare(const DesignDocument& doc, const std::string& variant, const std::string& pPath,
               const std::vector<MeasuredPoint>& measured, const std::set<double>& calibratedP,
               const FormatOptions& format)
{
    const std::vector<Variant> variants = doc.effectiveVariants();
    const auto v = std::find_if(variants.begin(), variants.end(), [&](const Variant& x) { return x.name == variant; });
    if (v == variants.end())
        throw ModelError("variant '" + variant + "' is not in the design");
    const std::string block = Endpoint::parse(v->total).block;

    std::vector<double> Ps;
    std::vector<std::string> quantities;
    for (const MeasuredPoint& m : measured) {
        if (std::find(Ps.begin(), Ps.end(), m.P) == Ps.end())
            Ps.push_back(m.P);
        if (std::find(quantities.begin(), quantities.end(), m.quantity) == quantities.end())
            quantities.push_back(m.quantity);
    }
    std::sort(Ps.begin(), Ps.end());
    Report report;
    if (Ps.empty()) {
        report.notes.push_back("no measured point to compare");
        return report;
    }

    requireOneJobSize(doc, variant, pPath, Ps);
    const std::vector<SweepAxisValues> axes{{pPath, Ps}};
    std::vector<std::string> paths;
    for (const std::string& q : quantities)
        paths.push_back(block + "." + q);
    SweepOptions so;
    so.extraOutputs = paths;
    const SweepTable table = runSweep(doc, axes, so); // throws naming a path that is not in the design
    const auto vi = std::find(table.variants.begin(), table.variants.end(), variant) - table.variants.begin();

    // The band of each quantity over the calibrated inputs' CIs (none: the prediction alone).
    std::map<std::string, calib::UncertaintyBand> bands;
    for (const std::string& p : paths) {
        try {
            bands[p] = calib::uncertaintyBand(doc, axes, p);
        } catch (const ModelError& e) {
            if (report.notes.empty())
                report.notes.push_back(std::string("no band: ") + e.what());
        }
    }
    if (!bands.empty())
        report.bandParams = bands.begin()->second.params;

    struct Shared {
        std::string host;
        int cpus = 0;
        double perCpu = 0;
    };
    std::map<double, Shared> shared;            // P whose processes shared a host's CPUs
    std::map<double, std::pair<double, double>> rendezvousAt; // P whose messages went by rendezvous: bytes, limit
    for (const MeasuredPoint& m : measured) {
        const std::size_t point = static_cast<std::size_t>(std::find(Ps.begin(), Ps.end(), m.P) - Ps.begin());
        const std::size_t row = point * table.variants.size() + static_cast<std::size_t>(vi);
        const std::string path = block + "." + m.quantity;
        const int col = table.column(path);
        Row r;
        r.variant = variant;
        r.P = m.P;
        r.quantity = m.quantity;
        r.runs = m.runs;
        r.predicted = col >= 0 ? table.at(row, static_cast<std::size_t>(col)) : std::numeric_limits<double>::quiet_NaN();
        r.bandLo = r.bandHi = r.predicted;
        if (const auto b = bands.find(path); b != bands.end() && row < b->second.lo.size()) {
            r.bandLo = std::min(r.predicted, b->second.lo[row]);
            r.bandHi = std::max(r.predicted, b->second.hi[row]);
        }
        r.measured = m.median;
        r.measuredLo = m.lo;
        r.measuredHi = m.hi;
        r.n = m.n;
        r.error = m.median != 0 ? (r.predicted - m.median) / m.median : std::numeric_limits<double>::quiet_NaN();
        r.heldOut = calibratedP.count(m.P) == 0;
        r.measuredInBand = !(r.measuredHi < r.bandLo || r.measuredLo > r.bandHi);
        if (m.cpus > 0 && m.processes > m.cpus) {
            r.cpuShare = static_cast<double>(m.processes) / m.cpus;
            shared[m.P] = {m.host, m.cpus, r.cpuShare};
        }
        if (m.eagerLimit > 0 && m.messageBytes > m.eagerLimit)
            rendezvousAt[m.P] = {m.messageBytes, m.eagerLimit};
        report.rows.push_back(r);
    }
    if (!shared.empty()) {
        // One note for every P that shared CPUs: "at P = 4 and 8 ... 2 and 4 per CPU".
        std::string ps, per, hosts;
        std::size_t i = 0;
        for (const auto& [P, s] : shared) {
            const std::string sep = i == 0 ? "" : i + 1 == shared.size() ? " and " : ", ";
            ps += sep + formatNumber(P);
            per += sep + formatNumber(s.perCpu);
            const std::string h = s.host + " with " + std::to_string(s.cpus) + " online CPUs";
            if (hosts.find(h) == std::string::npos)
                hosts += (hosts.empty() ? "" : "; ") + h;
            ++i;
        }
        report.notes.push_back("at P = " + ps + " the processes ran on one host (" + hosts + "), " + per +
                               " per CPU: the phases that compute could contend for its CPUs, which the design "
                               "(one CPU per node) does not model; the network phases are the check");
    }
    if (!rendezvousAt.empty()) {
        // One note for every P whose messages went by rendezvous: "at P = 2 and 4 the all-to-all's messages
        // (4 MiB and 1 MiB) ...".
        std::string ps, sizes;
        std::size_t i = 0;
        for (const auto& [P, bl] : rendezvousAt) {
            const std::string sep = i == 0 ? "" : i + 1 == rendezvousAt.size() ? " and " : ", ";
            ps += sep + formatNumber(P);
            sizes += sep + formatMeasured(bl.first, "B", format);
            ++i;
        }
        report.notes.push_back("at P = " + ps + " the messages (" + sizes + ") were above Open MPI's TCP eager limit (" +
                               formatMeasured(rendezvousAt.begin()->second.second, "B", format) +
                               ") and went by its rendezvous protocol: each waited for the receiver's ACK, a handshake the "
                               "design does not model, and one a short message makes behind a busy link's queue "
                               "(docs/calibration.md, \"Over MPI on the emulated cluster\")");
    }
    for (const auto& [row, message] : table.errors)
        report.notes.push_back("row " + std::to_string(row) + ": " + message);
    summarize(report);
    return report;
}

namespace {

json num(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

json statsJson(const ErrorStats& s)
{
    return {{"count", s.count}, {"mean_abs_error", num(s.meanAbs)}, {"max_abs_error", num(s.maxAbs)}};
}

} // namespace

json toJson(const Report& r)
{
    json rows = json::array();
    for (const Row& x : r.rows) {
        rows.push_back({{"variant", x.variant},
                        {kJobSize, x.P},
                        {"quantity", x.quantity},
                        {"predicted", num(x.predicted)},
                        {"predicted_lo", num(x.bandLo)},
                        {"predicted_hi", num(x.bandHi)},
                        {"measured", num(x.measured)},
                        {"measured_lo", num(x.measuredLo)},
                        {"measured_hi", num(x.measuredHi)},
                        {"n", x.n},
                        {"error", num(x.error)},
                        {"held_out", x.heldOut},
                        {"cpu_share", x.cpuShare > 0 ? json(x.cpuShare) : json(nullptr)}});
        if (!x.runs.empty())
            rows.back()["runs"] = x.runs;
    }
    // Each program and arguments' own statistics (issue 48, defect 3), when the runs are of more than one.
    json groups = json::array();
    if (r.groups.size() > 1)
        for (const GroupStats& g : r.groups)
            groups.push_back({{"runs", g.runs},
                              {"held_out", statsJson(g.heldOut)},
                              {"calibrated", statsJson(g.used)},
                              {"all", statsJson(g.all)}});
    return {{"rows", rows},
            {"summary", {{"held_out", statsJson(r.heldOut)}, {"calibrated", statsJson(r.used)}, {"all", statsJson(r.all)},
                         {"groups", groups}}},
            {"band_params", r.bandParams},
            {"notes", r.notes}};
}

} // namespace cs::verify
