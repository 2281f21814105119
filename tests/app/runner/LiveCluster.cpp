#include "LiveCluster.h"
#include "LiveMeasure.h"
#include "MeasurementStore.h"

#include "app/cli/Cli.h"

#include <QDir>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace cs::test {

using nlohmann::json;

namespace {

// Where ctest's fixtures keep the shared clusters (tests/CMakeLists.txt sets it); "" outside ctest.
std::string liveRoot()
{
    const char* root = std::getenv("CS_LIVE_DIR");
    return root ? root : "";
}

// The rate a shape is shaped at: CS_VERIFY_SEED's when set, else the store's (the rate of the runs a warm run
// reuses), else a new one, which the store keeps.
VerifyRate storedRate(const std::string& name)
{
    const VerifyRate drawn = verifyRate();
    return std::getenv("CS_VERIFY_SEED") ? drawn : verifyRate(MeasurementStore::instance().seed(name, drawn.seed));
}

std::string stateFile(const std::string& name)
{
    return liveRoot().empty() ? "" : liveRoot() + "/" + name + "/state.json";
}

json readJson(const std::string& path)
{
    std::ifstream f(path);
    return json::parse(f);
}

} // namespace

const LiveShape& liveShape(const std::string& name)
{
    static const std::map<std::string, LiveShape> shapes = {
        {"star8", {8, 0, 1, true}}, {"tree22", {8, 2, 2, true}}, {"tree42", {8, 4, 2, true}}};
    const auto it = shapes.find(name);
    if (it == shapes.end())
        throw std::invalid_argument("no live cluster shape named " + name);
    return it->second;
}

void LiveCluster::bringUp(const LiveShape& shape, const std::string& folder)
{
    cluster_ = std::make_unique<NetnsCluster>(folder, shape.hosts, std::to_string(rate.mbit) + "mbit", shape.perLeaf,
                                              shape.perPod);
    if (!cluster_->error.empty()) {
        error = cluster_->error;
        return;
    }
    if (shape.mpi) {
        // Each sshd detaches (no -D) and writes its PID file: it outlives the process that started it, for the
        // tests of the fixture, and down() stops it by that PID.
        const std::vector<std::string> addrs = cluster_->addresses();
        for (std::size_t i = 0; i < addrs.size(); ++i) {
            const std::string ns = cluster_->host(static_cast<int>(i));
            const std::string config = sshdConfig(ns, addrs[i], folder, error);
            if (config.empty())
                return;
            std::string out;
            if (sh("ip netns exec " + ns + " /usr/sbin/sshd -f " + config, &out) != 0) {
                error = "sshd did not start in " + ns + ": " + out;
                return;
            }
            // It writes its PID file once it has detached, after the command above returned; listening comes
            // after that.
            const bool listening = sshdListening(ns, addrs[i]);
            std::ifstream pidFile(folder + "/sshd-" + ns + ".pid");
            int pid = 0;
            if (!(pidFile >> pid) || pid <= 0) {
                error = "sshd in " + ns + " wrote no PID file";
                return;
            }
            sshdPids_.push_back(pid);
            if (!listening) {
                error = "sshd in " + ns + " did not start listening";
                return;
            }
        }
        mpiNode = mpiNodeSpec(*cluster_, folder + "/id");
    }
    // calibrate's probes for the cluster's own design (the FFT over LogGP): every design the tests calibrate is
    // made from it and plans the same probes, which calibrate() then fits from these results. Through the store:
    // a warm run reuses the probe runs of the last run at this rate (MeasurementStore.h).
    probes_ = folder + "/probes.json";
    measureProbes(whereOf(*cluster_), cluster_->design(), cluster_->nodes(), probes_);
}

std::unique_ptr<LiveCluster> LiveCluster::get(const std::string& name)
{
    const LiveShape& shape = liveShape(name);
    const std::string state = stateFile(name);
    std::unique_ptr<LiveCluster> live;
    if (!state.empty() && std::filesystem::exists(state)) {
        live = attach(state);
        WARN("live cluster " << name << " (shared, ctest's fixture): tbf " << live->rate.mbit << " Mbit/s (seed "
                             << live->rate.seed << ")");
        return live;
    }
    live.reset(new LiveCluster);
    live->owned_ = true;
    live->rate = storedRate(name);
    WARN("live cluster " << name << " (this test's own): tbf " << live->rate.mbit << " Mbit/s (seed "
                         << live->rate.seed << ")");
    static std::vector<std::unique_ptr<QTemporaryDir>> folders; // outlive the cluster's files
    folders.push_back(std::make_unique<QTemporaryDir>());
    live->error = namespacesUnavailable();
    if (live->error.empty())
        live->bringUp(shape, folders.back()->path().toStdString());
    if (live->skipped())
        WARN("skipped: " << live->error);
    return live;
}

LiveCluster::~LiveCluster()
{
    if (owned_)
        stopSshds();
}

void LiveCluster::stopSshds() const
{
    for (int pid : sshdPids_)
        ::kill(pid, SIGTERM);
}

std::string LiveCluster::calibrate(const std::string& design, std::string& log) const
{
    const std::string stem = std::filesystem::path(design).stem().string();
    const std::string calibrated = cluster_->dir + "/" + stem + ".calibrated.json";
    const Calibrated c = calibrateFromProbes(design, probes_, calibrated);
    INFO("calibrate stdout: " << c.out);
    INFO("calibrate stderr: " << c.err);
    REQUIRE(c.rc == 0);
    log = c.out;
    return calibrated;
}

void LiveCluster::writeState(const std::string& path) const
{
    json s = {{"prefix", cluster_->prefix}, {"dir", cluster_->dir},   {"rate", cluster_->rate},
              {"mbit", rate.mbit},          {"seed", rate.seed},       {"mpi_node", mpiNode},
              {"probes", probes_},          {"sshd_pids", sshdPids_}};
    std::ofstream(path) << s.dump(1);
}

std::unique_ptr<LiveCluster> LiveCluster::attach(const std::string& path)
{
    const json s = readJson(path);
    std::unique_ptr<LiveCluster> live(new LiveCluster);
    live->cluster_ = std::make_unique<NetnsCluster>(NetnsCluster::Attach{}, s.at("prefix").get<std::string>(),
                                                    s.at("dir").get<std::string>(), s.at("rate").get<std::string>());
    live->rate.mbit = s.at("mbit").get<int>();
    live->rate.seed = s.at("seed").get<unsigned>();
    live->mpiNode = s.at("mpi_node").get<std::string>();
    live->probes_ = s.at("probes").get<std::string>();
    live->sshdPids_ = s.at("sshd_pids").get<std::vector<int>>();
    return live;
}

void LiveCluster::up(const std::string& name)
{
    const LiveShape& shape = liveShape(name);
    REQUIRE_FALSE(liveRoot().empty());
    const std::string folder = liveRoot() + "/" + name;
    down(name); // what a killed run may have left
    REQUIRE(QDir().mkpath(QString::fromStdString(folder)));
    LiveCluster live;
    live.rate = storedRate(name);
    WARN("live cluster " << name << ": tbf " << live.rate.mbit << " Mbit/s (seed " << live.rate.seed << ")");
    live.error = namespacesUnavailable();
    if (live.error.empty())
        live.bringUp(shape, folder);
    if (live.skipped()) {
        // No state: the tests then try for themselves and skip with the same reason.
        WARN("skipped: " << live.error);
        live.stopSshds();
        return;
    }
    live.cluster_->owned = false; // down() takes it down
    live.writeState(stateFile(name));
}

void LiveCluster::down(const std::string& name)
{
    const std::string state = stateFile(name);
    if (state.empty() || !std::filesystem::exists(state))
        return;
    const std::unique_ptr<LiveCluster> live = attach(state);
    live->stopSshds();
    sh(scriptsDir() + "/netns-cluster.sh down " + live->cluster().prefix);
    std::error_code ec;
    std::filesystem::remove_all(std::filesystem::path(state).parent_path(), ec);
}

double bucketCreditShare(int mbit, int n, int iters, double secondsAtP1)
{
    const double rate = mbit * 1e6 / 8; // bytes a second
    const double burst = 65536 + rate / 500;
    const double cpus = std::max(1u, std::thread::hardware_concurrency());
    const double gap = secondsAtP1 / iters / std::min(8.0, cpus);
    const double halo = 2.0 * 8 * n * n;
    return std::min(burst, rate * gap) / halo;
}

int runCliRetried(const std::vector<std::string>& argv, std::string& out)
{
    std::ostringstream o, e;
    int rc = cli::run(argv, o, e);
    if (rc != 0) {
        WARN("clusterscope-cli " << argv.front() << " failed once, run again: " << o.str() << e.str());
        o.str("");
        e.str("");
        rc = cli::run(argv, o, e);
    }
    out = o.str() + e.str();
    return rc;
}

bool sumsHeld(int ranks, int mbit)
{
    return mbit <= kSumsHeldUpTo || std::thread::hardware_concurrency() >= static_cast<unsigned>(ranks);
}

} // namespace cs::test
