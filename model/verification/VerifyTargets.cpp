#include "model/verification/VerifyTargets.h"
#include "model/calibration/LiveNetwork.h"
#include "model/document/DocumentTopology.h"

#include "model/core/ModelError.h"
#include "model/sweep/Sweep.h"

#include <algorithm>
#include <cstdlib>
#include <functional>
#include <sstream>

namespace cs::verify {

namespace {

// comm.collective (issue 31, section 2): its T is the time of one collective, measured by app.collectives when
// the block's algorithm is the one that application runs (MPICH's, as logp.loggp models them: the broadcast by a
// binomial tree, the allreduce and the barrier by recursive doubling, the all-to-all pairwise or linear). The
// probe's bytes are the block's k; its all-to-all schedule follows the algorithm (pairwise for the others, so
// that variants of one size share their runs).
void collectiveTarget(Target& t, const std::function<double(const std::string&)>& input)
{
    struct Measured {
        int op, algorithm;
        const char* series;
        double alltoall; // app.collectives' alltoall: 0 linear, 1 pairwise
    };
    // CollectiveBlock's choices: op allreduce 0, broadcast 3, alltoall 4, barrier 5; algorithm binomial 0,
    // recursive_doubling 1, pairwise 5, linear 6.
    static const Measured measured[] = {{3, 0, "T_bcast", 1}, {0, 1, "T_allreduce", 1}, {5, 1, "T_barrier", 1},
                                        {4, 5, "T_alltoall", 1}, {4, 6, "T_alltoall", 0}};
    const int op = static_cast<int>(input("op")), algorithm = static_cast<int>(input("algorithm"));
    for (const Measured& m : measured)
        if (m.op == op && m.algorithm == algorithm) {
            t.params.emplace_back("alltoall", m.alltoall);
            t.series = {{m.series, "T"}};
            return;
        }
    throw ModelError("variant '" + t.variant + "': " + t.app->probe +
                     " runs the broadcast by a binomial tree, the allreduce and the barrier by recursive doubling "
                     "and the all-to-all pairwise or linear; block " +
                     t.block + "'s op and algorithm are none of these");
}

Target targetOf(const DesignDocument& doc, const Variant& v)
{
    Target t;
    t.variant = v.name;
    t.block = Endpoint::parse(v.total).block;
    const BlockInstance* bi = doc.design.findBlock(t.block);
    if (!bi)
        throw ModelError("variant '" + v.name + "': its total " + v.total + " names no block");
    t.app = applicationFor(bi->spec().id);
    if (!t.app)
        throw ModelError("variant '" + v.name + "': no application probe runs what block " + t.block + " (" +
                         bi->spec().id + ") models; verify knows " + knownApplications());
    // A block input as the variant sets it.
    const auto input = [&](const std::string& name) {
        double value = doc.design.value(Endpoint{t.block, name}).value;
        for (const auto& [path, over] : v.overrides)
            if (path == t.block + "." + name)
                value = over;
        return value;
    };
    for (const auto& [name, param] : t.app->inputs)
        t.params.emplace_back(param, input(name));
    for (const std::string& q : t.app->quantities)
        t.series.emplace_back(q, q);
    if (t.app->blockType == "comm.collective")
        collectiveTarget(t, input);
    return t;
}

} // namespace

std::vector<Target> targetsOf(const DesignDocument& doc, const std::string& variant, std::vector<std::string>* skipped)
{
    std::vector<Target> targets;
    std::vector<std::string> reasons;
    for (const Variant& v : doc.effectiveVariants()) {
        if (!variant.empty()) {
            if (variant == v.name)
                targets.push_back(targetOf(doc, v));
            continue;
        }
        try {
            targets.push_back(targetOf(doc, v));
        } catch (const ModelError& e) {
            reasons.push_back(e.what());
        }
    }
    if (targets.empty() && !reasons.empty())
        throw ModelError(reasons.front());
    if (targets.empty())
        throw ModelError("--variant " + variant + ": no variant of that name");
    if (skipped)
        *skipped = reasons;
    return targets;
}

std::vector<int> parseNodeCounts(const std::string& text, int lowest)
{
    std::string list = text;
    list.erase(std::remove(list.begin(), list.end(), ' '), list.end());
    if (list.rfind("P=", 0) == 0)
        list = list.substr(2);
    else if (list.find('=') != std::string::npos)
        throw ModelError(text + ": only P can be chosen (P=2,4,8)");
    std::vector<int> Ps;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ',')) {
        char* end = nullptr;
        const long v = std::strtol(item.c_str(), &end, 10);
        if (item.empty() || end != item.c_str() + item.size() || v < lowest || v > 1024)
            throw ModelError(text + ": '" + item + "' is not a node count from " + std::to_string(lowest) +
                             " to 1024");
        if (std::find(Ps.begin(), Ps.end(), static_cast<int>(v)) == Ps.end())
            Ps.push_back(static_cast<int>(v));
    }
    if (Ps.empty())
        throw ModelError(text + ": no P given");
    std::sort(Ps.begin(), Ps.end());
    return Ps;
}

std::vector<int> defaultNodeCounts(int nodes)
{
    std::vector<int> Ps;
    for (int p = 2; p <= nodes; p *= 2)
        Ps.push_back(p);
    return Ps;
}

std::vector<std::string> rankHostNames(const nlohmann::json& result, const nlohmann::json& docNodes)
{
    std::vector<std::string> names;
    if (!result.is_object())
        return names;
    // An MPI run: its ranks' hosts as the node spec listed them (addresses or
    // names), each the design node of that address or name.
    if (const auto rh = result.find("rank_hosts"); rh != result.end() && rh->is_array() && !rh->empty()) {
        for (const nlohmann::json& h : *rh) {
            if (!h.is_string())
                return {};
            std::string found;
            if (docNodes.is_array())
                for (const nlohmann::json& n : docNodes)
                    if (n.is_object() && n.contains("name") && n["name"].is_string() &&
                        ((n.contains("address") && n["address"] == h) || n["name"] == h))
                        found = n["name"].get<std::string>();
            if (found.empty())
                return {};
            names.push_back(found);
        }
        return names;
    }
    if (const auto n = result.find("nodes"); n != result.end() && n->is_array())
        for (const nlohmann::json& x : *n)
            if (x.is_string())
                names.push_back(x.get<std::string>());
    return names;
}

DesignDocument placedAsRun(const DesignDocument& doc, const nlohmann::json& results, const std::string& probe,
                           const std::string& mpiProbe, std::vector<std::string>& notes)
{
    if (!doc.design.topology() || !results.is_array())
        return doc;
    // The run of the most ranks: the others ran on the first of its hosts.
    std::vector<std::string> names;
    for (const nlohmann::json& r : results) {
        const std::string pr = probeOf(r);
        if ((pr != probe && (mpiProbe.empty() || pr != mpiProbe)) || !r.is_object() || r.value("status", "") != "ok")
            continue;
        std::vector<std::string> n = rankHostNames(r, doc.nodes);
        if (n.size() > names.size())
            names = std::move(n);
    }
    if (names.empty())
        return doc;
    // A run of several ranks a host names each host once a rank: the job's nodes are its hosts, in the order
    // the ranks met them (the design's ranks_per_node puts the ranks on them).
    std::vector<std::string> hosts;
    for (const std::string& n : names)
        if (std::find(hosts.begin(), hosts.end(), n) == hosts.end())
            hosts.push_back(n);
    DesignDocument copy = doc;
    if (const std::string why = placeJobOn(copy, hosts); !why.empty()) {
        notes.push_back("the model places the job as the design says, not on the runs' hosts: " + why);
        return doc;
    }
    // A generated network finds the names only when it is evaluated: a run-app result's node ("mpi0", every
    // rank of an mpi:N node on this machine) is no host of it, and gave every P no prediction.
    try {
        const std::string path = pathOfP(copy, copy.design.topology()->name);
        if (const SweepTable t = runSweep(copy, {{path, {static_cast<double>(names.size())}}}); !t.errors.empty())
            throw ModelError(t.errors.front().second);
    } catch (const ModelError&) {
        std::string listed;
        for (const std::string& n : hosts)
            listed += (listed.empty() ? "" : ", ") + n;
        notes.push_back("the model places the job as the design says: the runs' hosts (" + listed +
                        ") are not hosts of the design's network");
        return doc;
    }
    notes.push_back("the model placed each run's ranks on the hosts it ran on (placement listed: " +
                    std::to_string(hosts.size()) + " hosts" +
                    (hosts.size() < names.size() ? ", " + std::to_string(names.size()) + " ranks" : std::string()) + ")");
    return copy;
}

void requireRunnable(const std::vector<Target>& targets)
{
    for (const Target& t : targets)
        if (t.app->probe == "app.run")
            throw ModelError("block " + t.block + " is a formula of your own program: verify cannot run it. Measure it "
                             "with run-app -o RUNS.json (or Probes > Run my program...), then verify DESIGN --results "
                             "RUNS.json");
}

std::set<double> fittedNodeCounts(const DesignDocument& doc, const std::string& block)
{
    std::set<double> out;
    const BlockInstance* b = doc.design.findBlock(block);
    if (!b)
        return out;
    const std::string prefix = "fitted at P = ";
    for (const ParamValue& v : b->values) {
        const std::string& note = v.provenance.note;
        if (v.provenance.kind != ProvenanceKind::Calibrated || note.rfind(prefix, 0) != 0)
            continue;
        std::stringstream in(note.substr(prefix.size()));
        std::string item;
        while (std::getline(in, item, ','))
            if (const double P = std::atof(item.c_str()); P >= 1)
                out.insert(P);
    }
    return out;
}

Report verifyResults(const DesignDocument& doc, const std::vector<Target>& targets, const nlohmann::json& results,
                     const FormatOptions& format)
{
    std::set<double> calibratedP = calibratedNodeCounts(doc);
    for (const Target& t : targets)
        if (t.app->probe == "app.run")
            if (const std::set<double> fitted = fittedNodeCounts(doc, t.block); !fitted.empty())
                calibratedP = fitted; // a fitted formula: held out is what the fit did not see
    Report merged;
    for (const Target& t : targets) {
        // Runs of either transport: the application's phases have the same names.
        std::vector<std::string> series;
        for (const auto& s : t.series)
            series.push_back(s.first);
        std::vector<MeasuredPoint> points = measuredFromResults(results, t.app->probe, series);
        if (!t.app->mpiProbe.empty()) {
            const std::vector<MeasuredPoint> overMpi = measuredFromResults(results, t.app->mpiProbe, series);
            points.insert(points.end(), overMpi.begin(), overMpi.end());
        }
        for (MeasuredPoint& m : points) // as the block output it is compared with
            for (const auto& [measured, output] : t.series)
                if (m.quantity == measured) {
                    m.quantity = output;
                    break;
                }
        std::vector<std::string> notes;
        const DesignDocument placed = placedAsRun(doc, results, t.app->probe, t.app->mpiProbe, notes);
        const Report r = compare(placed, t.variant, pathOfP(doc, t.block), points, calibratedP, format);
        for (const std::string& n : notes)
            if (std::find(merged.notes.begin(), merged.notes.end(), n) == merged.notes.end())
                merged.notes.push_back(n);
        merged.rows.insert(merged.rows.end(), r.rows.begin(), r.rows.end());
        merged.notes.insert(merged.notes.end(), r.notes.begin(), r.notes.end());
        if (merged.bandParams.empty())
            merged.bandParams = r.bandParams;
    }
    summarize(merged);
    if (calibratedP.empty())
        merged.notes.push_back("the design holds no calibration probe results: every point counts as held out");
    // Calibrated inputs measured on another network than the one drawn now (LiveNetwork.h).
    for (const std::string& n : calib::changedNetworkNotes(doc))
        merged.notes.push_back(n);
    return merged;
}

bool isApplicationProbe(const std::string& probe)
{
    return probe.rfind("app.", 0) == 0 || probe.rfind("mpi.app.", 0) == 0;
}

} // namespace cs::verify
