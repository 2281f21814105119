#pragma once
// Live measurements kept between runs of one build tree (issue 46: a warm `make test` in minutes).
//
// A live check has two halves: runs on the emulated cluster (calibrate's probes, verify's application runs,
// run-app) and a prediction compared with them. After a change to the models only the second half can change:
// the runs depend on the programs that measure, the cluster's shape and rate, and what is asked of them. So the
// measuring half of each check goes through this store, and the prediction is made anew every time.
//
// - The store is a folder of the build tree (BUILD/tests/live-store, or CS_LIVE_STORE=DIR) holding the
//   measurements of one digest: SHA-256 over the sources that measure as they are now (the runner,
//   the agents, the recorder, the CLI, the probe plugins, the example programs, the cluster scripts and these
//   test supports: measuringSources() in the .cpp). A change to any of them starts an empty store. A clean clone
//   has none: CI and a new user always measure.
// - A measurement is found by its request: what the command would run, as its --dry-run --json plan says it (so
//   that a change to the models that changes what is measured, a probe's sizes or a verify's runs, measures
//   anew) or run-app's whole argument list, and the cluster's identity (its drawn network, whose links carry the
//   rate it is shaped at now) and the environment a run sees (OMPI_MCA_*). Only measurements that succeeded are
//   kept.
// - A shared cluster's rate is drawn once per store: a warm run is shaped at the rate of the runs it reuses.
// - CS_LIVE_STORE=off (make test FRESH=1) measures everything anew.
// Each reuse is said in a WARN line and in the store's log, which scripts/test.sh counts in its summary.
#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs::test {

class MeasurementStore {
public:
    // The process's store (its digest is computed once).
    static MeasurementStore& instance();
    // A store in `root` for the sources of `digest` (the tests of the store itself); "off" as root: none.
    MeasurementStore(const std::string& root, const std::string& digest);

    bool enabled() const { return !folder_.empty(); }
    // Why it is off ("" when enabled).
    const std::string& why() const { return why_; }

    // The seed `shape`'s rate is drawn from: the one kept in the store, else `drawn`, which is kept.
    unsigned seed(const std::string& shape, unsigned drawn) const;

    struct Measured {
        int rc = 0;
        std::string said;    // what the measuring command printed (stdout and stderr)
        bool reused = false; // from the store: nothing was run
    };
    // `run` measures: it writes `files` and returns its exit status, its output in `said`. When the store holds
    // `request` (which names the command, what it runs and where), the files are written back as they were and
    // nothing runs. `what`: a few words for the log.
    // A run that exits 0 and wrote every file is kept.
    Measured measure(const std::string& what, const nlohmann::json& request, const std::vector<std::string>& files,
                     const std::function<int(std::string& said)>& run) const;

private:
    void log(const std::string& line) const;
    std::string folder_, why_, digest_;
};

// `text` with each pair's first string replaced by its second (a cluster's folder and namespace prefix by fixed
// names), so that a request reads the same in every run.
std::string normalised(std::string text, const std::vector<std::pair<std::string, std::string>>& replace);

// OMPI_MCA_* of this process's environment (mpirun hands them to every rank), by name.
nlohmann::json mpiEnvironment();

} // namespace cs::test
