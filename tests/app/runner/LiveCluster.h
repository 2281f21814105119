#pragma once
// The live clusters the end-to-end tests share (issue 46). Bringing up eight namespaces, an sshd in each and a run
// of calibrate's probes takes a minute or more, and each test used to do all of it for itself. Now the tests of
// one shape share one cluster, drawn at one random rate, and one run of its calibration probes:
//
// - ctest brings each shape up once, as a fixture (tests/CMakeLists.txt): "runner: live NAME: up" runs the hidden
//   case tagged [.live-up][NAME] (LiveCluster::up), the tests that need the shape require the fixture, and
//   "runner: live NAME: down" (LiveCluster::down) stops its sshds by PID and removes its namespaces by name.
//   The state is the folder CS_LIVE_DIR/NAME: state.json (prefix, rate, seed, the mpi node) and the probe
//   results.
// - A test run without ctest's fixture (no state.json) brings up a cluster of its own the same way and takes it
//   down when it ends.
//
// Each test still calibrates its own design (`calibrate DESIGN --results` on the shared probe runs: the same fit
// as if it had run the probes itself), and checks its own live runs.
#include "NetnsCluster.h"

#include <memory>
#include <string>
#include <vector>

namespace cs::test {

struct LiveShape {
    int hosts = 8;
    int perLeaf = 0, perPod = 1; // NetnsCluster's tree; perLeaf 0: every host on one switch
    bool mpi = false;            // an sshd in every host, for mpirun's remote ranks (MpiOverSsh's node)
};

// "star8": 8 hosts on one switch, with sshds; "tree22": 2 hosts a leaf, 2 leaves a pod, with sshds;
// "tree42": 4 hosts a leaf, 2 leaves, with sshds. Throws std::invalid_argument for another name.
const LiveShape& liveShape(const std::string& name);

class LiveCluster {
public:
    // The shape's shared cluster when ctest's fixture brought it up, else one of this process (the same steps
    // as up(), undone by the destructor). WARNs the rate and seed, and why when skipped().
    static std::unique_ptr<LiveCluster> get(const std::string& name);
    ~LiveCluster();
    LiveCluster(const LiveCluster&) = delete;
    LiveCluster& operator=(const LiveCluster&) = delete;

    // Namespaces, or sshd for an mpi shape, are not available here: the test returns.
    bool skipped() const { return !error.empty(); }
    const NetnsCluster& cluster() const { return *cluster_; }

    // `calibrate design --results` on the shared probe runs, written next to the cluster's files as
    // STEM.calibrated.json (STEM: the design's file name without .json); requires it to succeed. `log`: its stdout.
    std::string calibrate(const std::string& design, std::string& log) const;

    VerifyRate rate;
    std::string mpiNode; // the mpi node over the hosts' sshds (mpiOverSsh's form); "" for a shape without them
    std::string error;   // why skipped

    // ctest's fixture: up() brings the shape up, runs calibrate's probes for its design and writes
    // CS_LIVE_DIR/NAME/state.json; down() stops the sshds by PID and takes the namespaces down.
    static void up(const std::string& name);
    static void down(const std::string& name);

private:
    LiveCluster() = default;
    // Brings up `shape` into `folder`: namespaces, sshds, and the probe runs into folder/probes.json.
    void bringUp(const LiveShape& shape, const std::string& folder);
    void writeState(const std::string& path) const;
    static std::unique_ptr<LiveCluster> attach(const std::string& path);
    void stopSshds() const;

    std::unique_ptr<NetnsCluster> cluster_;
    std::vector<int> sshdPids_;
    std::string probes_; // the probe runs' results file (calibrate --results reads it)
    bool owned_ = false; // this process brought it up and takes it down
};

// The share of an iteration's halo that the emulated links send without paying for it, for the examples (Jacobi,
// CG: each rank's link carries two planes of N^2 doubles an iteration) at P = 8. A link idle during the compute
// of an iteration fills its token bucket (netns-cluster.sh: 64 KiB + 2 ms at the rate) at the link's rate, and
// the halo after it goes out on that credit at once: a switched link has no such credit. The compute gap is
// the P = 1 run's time an iteration (`secondsAtP1` / `iters`) over the ranks computing at once (min(8, CPUs)).
// At 178 Mbit/s the CG (N = 64, 1.05 ms an iteration at P = 1, 2 CPUs) refills 22.25e6 B/s x 0.52 ms = 11.6 KB
// of its 2 x 8 x 64^2 = 65.5 KB: 17.7%, and its P = 8 was predicted +17% to +20% in four runs; at 132 Mbit/s
// (13.1%) +15.3%, and replayed on tree22 at 198 Mbit/s (19.7%) +35.2%. The Jacobi's share is 5.4% at 178
// Mbit/s. A check is held where this share is under half its tolerance: beyond that the emulation alone can
// take most of it.
double bucketCreditShare(int mbit, int n, int iters, double secondsAtP1);

// The live checks of the examples (Jacobi, CG) hold their P = 8 replays (RecordReplayLiveTest.cpp, issue 44's 10%)
// and Jacobi's P = 16 at two ranks a host (TwoRanksAHostLiveTest.cpp, issue 45's 15%) at rates up to this many
// Mbit/s, and print them above it. Eight ranks on this machine's two CPUs make each of their sums' rounds (three at
// P = 8) wait for the turns of the ranks that share a CPU, which no probe of a pair measures, the models do not
// price and no cluster of eight hosts has. On a 6.18 kernel in a VM (a switch between two processes on one CPU:
// 11-12 us, four yielding processes on one CPU taking 39 us a turn: bench/bench_cpu_turn.cpp), the runs at P = 8
// took 0.05 to 0.12 ms more a sum round than replayed: CG (40 sums) 9.4 ms more at 106 Mbit/s (-8.6%), 9.9 ms
// more at 180 on a quiet machine (-14.6%, by hand: 67.6 ms measured, 57.7 replayed), 13.8 ms more at 200 beside
// the unit tests (-21.0%), -14.1% on tree42 at 179, -16.6% on tree42 at 200; Jacobi (30 sums) 9.5 ms more at 200
// (-10.7%). The excess does not grow with the run, so at the slower rates it is a smaller share: at 74 Mbit/s
// (a clean clone) Jacobi's and CG's P = 8 were -2.3% and -5.6%. P = 2 and 4 stayed within 10% at every rate.
// Sixteen ranks (two a host on 8 hosts) at 74 Mbit/s: Jacobi -6.4%, CG -9.8% (printed); at 171-199: Jacobi -10.7%
// to -33.5%, CG -52.9% to -56.5%. Pricing a rank's turn on shared CPUs is issue 45's open item (the README,
// "Nodes with many cores").
// The cause is the ranks a CPU, not the job's size or the network. CG (N = 64, 20 iterations) on tree22 by hand,
// one rank a host at P = 8 spread on the 2 CPUs (4 a CPU) and bound to one (mpirun --bind-to core: every host's
// core 0 is CPU 0; 8 a CPU), and P = 16 at two a host (8 a CPU): 62.2, 92.7 and 104.1 ms at 200 Mbit/s; 103.8,
// 111.6 and 124.3 at 110; 275.5, 279.3 and 289.5 at 40 (the waits for turns hide behind the links' time at the
// slower rates). At N = 16, where compute and planes are negligible, a message round (two sums of log2 P rounds and
// one halo an iteration) cost 0.117, 0.132, 0.212, 0.421 ms at 1, 2, 4, 8 ranks a CPU at 200 Mbit/s (P = 2, 4, 4
// bound, 8 bound) and 0.234 and 0.436 ms at P = 8 and 16 spread: about 0.09 + 0.047 (k - 1) ms at k ranks a CPU,
// whatever P.
constexpr int kSumsHeldUpTo = 80;

// Whether the examples' figures at `ranks` ranks are held at `mbit` Mbit/s: at rates up to kSumsHeldUpTo, and at
// every rate on a machine with a CPU for each rank (std::thread::hardware_concurrency() >= ranks), where no rank
// waits for another's turn.
bool sumsHeld(int ranks, int mbit);

// clusterscope-cli `argv` (a run-app over mpirun and the hosts' sshds), run once more when it fails, the first
// failure said as a warning: a launch of 8 ranks over 8 sshds on two busy CPUs fails now and then (mpirun exited
// 213 once with compilers beside it; the CG's run-app on star8 at 135 Mbit/s once). Returns the last run's exit
// status; `out` gets its stdout and stderr.
int runCliRetried(const std::vector<std::string>& argv, std::string& out);

} // namespace cs::test
