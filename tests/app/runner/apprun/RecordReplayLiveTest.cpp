// Issue 44's "Done when" on the namespace trees, each shaped at its own random rate: the examples recorded by
// `run-app --record` at P = 2, 4 and 8 on the tree of 2 hosts a leaf (tree22, over mpirun and the hosts'
// sshds), and each recording replayed with `replay`:
//  - on tree22's calibrated design, against the runs there (the rate it was recorded at);
//  - on the calibrated design of the tree of 4 hosts a leaf (tree42, at a second random rate), against runs of
//    the same program there, which were not recorded;
//  - on tree22 itself shaped at a second random rate (netns-cluster.sh rate; its own rate restored after),
//    calibrated there with calibrate's defaults, against runs there.
// Every figure is printed with issue 44's 10% beside it. Jacobi, CG and the 2-D FFT are held within 10% at every P,
// on both trees and at both rates, but Jacobi's and CG's P = 8 above 80 Mbit/s on fewer than 8 CPUs (test::sumsHeld: their sums'
// rounds among eight ranks on two CPUs) (the FFT's P = 4 was printed until the hosts' small-queue limit, below; CG was
// held to 15% until the replay counted TCP's ACKs, below). History: the replay before its flows
// shared links fairly missed by far (Jacobi +53% at
// P = 4 and 8 on tree22 at 32 Mbit/s; +63% and +54% at 152 Mbit/s); the fluid replay without the links' buckets
// put P = 2 30-46% above the runs (tbf's bucket, refilled while the ranks compute, lets each 32 KiB halo through
// faster than the link's rate, which no switched link does); with the buckets (below) CG's P = 2 at 190 Mbit/s
// was still -21%, because mpirun bound every namespace host's rank to CPU 0 (app/runner/Transport.cpp): two
// ranks took turns on one CPU. Unbound, one run (tree22 141 Mbit/s seed 346343290, tree42 147, tree22 again at
// 27): Jacobi -1.1..-2.8%, CG -1.6..-5.3%, LAMMPS -0.5..-2.7% at every P, tree and rate.
//
// Measured on a quiet machine (tree22 at 72 Mbit/s, tree42 at 115 Mbit/s), P = 8: Jacobi +3.6% and +6.4%, CG
// +8.9% and +5.2%. With compilers beside them CG's two one-double sums an iteration took milliseconds (eight
// ranks on two CPUs, each round waiting for its peer to be scheduled): -28% to -68% then.
//
// The 2-D FFT (512 x 512, three transforms: 1 MiB blocks at P = 2) is printed and not held, an open finding: its
// live runs took about twice the links' time. On tree22 at 156 Mbit/s, P = 2: 641 ms with MPI_Alltoall, 606 ms
// with its sleeping transpose (an isend and irecv to every rank, used here), against 385 ms replayed and 6 MiB
// each way at the link's 19.5 MB/s = 323 ms; on a quiet machine the replay was -46%, -35%, -26% at P = 2, 4, 8
// on tree22 (72 Mbit/s) and -40%, -40%, -25% on tree42 (115 Mbit/s). Jacobi's and CG's 32 KiB halos, sent
// eagerly, agree; messages above Open MPI's TCP eager limit (64 KiB), sent both ways at once, are where to
// look (the MPI FFT verify tests find the model 11-17% fast at P = 8 as well).
//
// What the factor of two is, measured on tree22 at 73 Mbit/s (seed 3011617704), P = 2, three runs each: Open MPI's
// protocol for large messages, not the network. Its TCP transport sends a message above 64 KiB (its eager limit) by
// rendezvous, by put (below), whose control messages each rank writes into the connection that carries its own
// bulk data the other way. The same program with its blocks
// of 1 MiB took 1.277 s with Open MPI's defaults and 0.721 s with the eager limit raised to 16 MiB
// (OMPI_MCA_btl_tcp_eager_limit, _max_send_size), against 0.749 s replayed from the default run's recording and
// 0.689 s of the links' time for its 6 MiB each way. At 256 KiB blocks (N = 256) 0.283 s against 0.178 s, at
// 4 MiB (N = 1024) 2.94 s against 2.92 s: the protocol's cost is not a simple function of the size. At P = 4
// (256 KiB blocks) 1.012 s against 0.741 s (replayed 0.739 s). So the FFT is also run on tree22 at P = 2 and 4 with
// the eager limit raised, and there its replay at P = 2 is held to issue 44's 10% (fftEager below; P = 4 printed):
// the network part of the replay is checked, and the protocol's part stays an open finding.
//
// The protocol's part. Open MPI's ob1 sends a contiguous message above the tcp BTL's eager limit (65,536 B less its
// header: the FFT's 64 KiB blocks at P = 8 too) by put: a header; the receiver's request, once a receive has met
// it; the bytes; a FIN. The replay runs this protocol (Replay.h; logp.loggp's S_put = 65000 in the designs
// netns-cluster.sh writes): each item waits its turn on the pair's one TCP connection, and a rank takes in what
// reaches it only inside MPI. A request written behind a put the other way waits for all of it, so two ranks
// that send each other such messages send them one after the other when one answers the other's header before it
// has sent its own: that happens when a rank posts its receive first and the other's header had come in while it
// waited in MPI (its last waitall ended later than the other's). The FFT posted its receives first, and a run fell
// into that state or not by chance: in one run (seed 2755112954) P = 2 took the links' time on tree42 at 94 Mbit/s
// and on tree22 at 53 (replayed -0.4% and -1.1%) and 1.8 times it on tree22 at 94 (-44.1%); P = 4 and 8 took
// 1.2-1.7 times it on all three (-7% to -40%). It was printed, not held, and its runs with the eager limit raised
// were held at P = 2 instead. The FFT now posts its sends first (examples/fft2d/fft2d.cpp; test_replay_put.cpp
// derives both orders by hand), so every header leaves before its rank's request and the two puts of a pair
// overlap whatever the skew. With Open MPI's defaults, one run (tree22 at 40 Mbit/s seed 2244521958, tree42 at
// 161, tree22 at 195): P = 2 -0.6% / -1.8% / -2.7%, P = 4 -4.7% / -11.1% / -6.1%, P = 8 -10.1% / -28.8% / -38.8%.
// P = 2 was held to 10%, P = 4 and 8 printed: when every rank's blocks cross at once the tbf queues (2 ms) dropped.
// By hand on tree22 at 195 Mbit/s, P = 8 (64 KiB blocks, seven at once from each rank): 4.5% of the TCP segments
// were retransmitted, with RTOs among them (nstat in the namespaces), and five runs took 273-625 ms (three more
// once: 0.39, 3.4 and 38 s) against 266 ms replayed; the replay's fluid links lose nothing. The emulated switch's
// ports now queue 1 MiB (scripts/netns-cluster.sh, "The queue"), and P = 8 is held to 10% as well: two runs by
// hand (tree22 78 Mbit/s seed 3699938790, tree42 78, tree22 again at 168; and seed 45: 199, 199, 161) gave
// P = 2 -1.3..-2.1%, P = 8 -2.0..-2.7%. P = 4 (three 256 KiB blocks a rank, by put) stayed printed: -4.1..-9.9%
// in those runs, -13.1% once on tree42 at 163 Mbit/s (a clean clone). Its runs lost packets at the hosts' own
// 2 ms queues in their first transposes (each socket kept up to 4 MiB below TCP, the kernel's small-queue limit);
// with that limit at two of the hosts' packets (scripts/netns-cluster.sh, "The hosts' packets") a launch of the
// FFT at P = 4 took 1.04x the links' time, 1.07x before (docs/calibration.md, "The hosts' small-queue limit"),
// and at seed 3699938790 P = 4 went from -7.5 / -7.0 / -4.5% to -1.6 / -4.3 / -1.7%. It is held to 10% too.
//
// LAMMPS (Debian's lammps, its Lennard-Jones melt: lammpsInput below) is recorded and replayed the same way: a real
// program nobody here wrote, printed and not held. It showed the SimGrid replay 18-35% slower than the analytic one
// (held to 10% at every P): two messages to one peer shared the link there, and were in order on the one connection
// in the analytic replay; sim/RecordingSim.cpp now keeps them in order too (within 3% of the analytic replay). Its
// figures against the runs on tree22 at 54 Mbit/s (+8%, +44%, +92% at P = 2, 4, 8) are the emulated links' bucket
// credit at work: its ghost exchanges (10-60 KB each) fit the bucket. With the bucket made two frames, LAMMPS's runs
// at P = 4 and 8 took 1.9 s and 1.8 s (0.98 s and 0.76 s with it), and the replay was within -26% to +3%; but 8 hosts
// of such links lost 17-19% of their rate on these two CPUs, so the bucket stays (scripts/netns-cluster.sh).
//
// The span compared. Each program here times itself between two barriers of all ranks, and the replay prices the
// same span (BarrierSpan.h, timedSpan): it priced the whole recording before, setup included (the FFT's allocation and
// FFTW's plans, 12-20 ms a rank), and CI failed on it: the FFT with the eager limit raised, P = 2 on tree22 at
// 184 Mbit/s (seed 3169848305), was +9.5% and +10.6% in two runs, a bias of 20-30 ms at every rate. With the span,
// in one run at that seed: that P = 2 +3.4%, P = 4 -4.8%; the FFT's P = 2 with the defaults +7.0% -> +4.2%;
// CG's P = 2 +70% -> +41%, Jacobi's +30-41% -> +31% (its setup is short: the bucket's credit stays). LAMMPS's
// "Loop time" is between the third and the fourth of its five barriers (setup and its summary around them); the
// span from the first to the last holds about 10 ms of setup more (290 ms against 300 ms whole at P = 4), so it is
// replayed `--between 3:4` (Example::between), the span its Loop time reads.
//
// The links' token buckets. netns-cluster.sh writes each shaped link's tbf burst into its design (the link field
// "burst"), and the replay models the bucket (README.md, "Link buckets"): full after an idle spell, a link passes
// its burst at the host's speed. SimGrid's links have none, so --simulate is compared with the replay without them
// (predicted_no_bucket). One run with the buckets counting the link's bytes, framing included (tree22 55 Mbit/s
// seed 1684418683, tree42 137 Mbit/s, tree22's second rate 190): Jacobi -1.5..-3.5% at every P, tree and rate
// (+3..+23% without the buckets); CG -2.4..-6.7% (+5..+45%) but -20.8% at P = 2 at 190 Mbit/s; LAMMPS +0.0..-1.8%
// (+2..+93%); the FFT -5..-6% at P = 2 and -23..-42% at P = 4 and 8 (-16..-40% without: the put protocol above).
// The credit is printed beside each replay; it no longer excuses any P.
//
// It needs the shared live clusters of issue 46 (tests/app/runner/LiveCluster.h); where that file is absent
// this file compiles to nothing.
#if __has_include("../LiveCluster.h") && defined(CS_EXAMPLE_JACOBI_EXE) && defined(CS_EXAMPLE_CG_EXE) &&        \
    defined(CS_RECORD_LIB)
#include "../LiveCluster.h"
#include "../LiveMeasure.h"

#include "app/cli/Cli.h"

#include <QStandardPaths>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;

namespace {

struct Example {
    std::string name, exe;
    std::vector<std::string> args;
    // held: its replays held within `limit` at every P but `printedAt` (issue 44's 10% printed beside every
    // row); false: printed, not held (LAMMPS, above).
    bool held = true;
    std::string time = "stdout:time_s ([0-9.eE+-]+)"; // run-app --time
    // replay --between: the barriers around what `time` reads; empty: the first to the last (the examples).
    std::string between = {};
    // args are N and ITERS of a halo exchange (Jacobi, CG): the links' bucket credit is printed as a share of one.
    bool halos = true;
    double limit = 0.10;
    int printedAt = 0; // a P printed, not held (0: none)
    // one-double sums (MPI_Allreduce) every iteration (Jacobi, CG): their P = 8 is held only at rates up to
    // test::kSumsHeldUpTo, or on a machine of 8 CPUs or more (test::sumsHeld).
    bool sums = true;
};


// LAMMPS's Lennard-Jones melt (its bench/in.lj), 10 x 10 x 10 fcc cells (4,000 atoms) for 50 steps: a real MPI
// program that nobody here wrote (Debian's lammps, issue 44), with a 3-D brick decomposition, six ghost-atom
// exchanges a step both ways, and an allreduce at each neighbour-list rebuild. Written to `folder`; the path.
std::string lammpsInput(const std::string& folder)
{
    const std::string path = folder + "/in.lj";
    std::ofstream(path) << "units lj\natom_style atomic\nlattice fcc 0.8442\nregion box block 0 10 0 10 0 10\n"
                           "create_box 1 box\ncreate_atoms 1 box\nmass 1 1.0\n"
                           "velocity all create 1.44 87287 loop geom\npair_style lj/cut 2.5\n"
                           "pair_coeff 1 1 1.0 1.0 2.5\nneighbor 0.3 bin\nneigh_modify delay 0 every 20 check no\n"
                           "fix 1 all nve\nrun 50\n";
    return path;
}

// The examples, and LAMMPS where Debian's lammps is installed (its input written to `folder`): printed, not
// held (README, "Your program, recorded").
std::vector<Example> examples(const std::string& folder)
{
    // CG was held within 15%: its P = 8 came -8.2% and -9.5% on the tree of 4 hosts a leaf at 161 Mbit/s and
    // -10.3% on tree22 at 195. Read by hand on tree22 at 180 Mbit/s on a quiet machine (docs/calibration.md,
    // "TCP's ACKs"): replayed -2.1 / -4.3 / -7.1% at P = 2, 4, 8. Of P = 8's 4.3 ms, 1.5 ms were TCP's ACKs, which
    // share each link with the other way's halo and which the replay now counts (logp.loggp's ack in the designs
    // netns-cluster.sh writes: +0.4 / -2.1 / -4.9%); 2.6 ms are its 40 one-double sums, which took 57.8 ms
    // without them against 60.4 ms with, where the replay prices them at 0.15 ms (eight ranks on this machine's
    // two CPUs: at P = 2 the sums cost 0.25 ms, at P = 4 0.8 ms). It is held within issue 44's 10%.
    std::vector<Example> e = {{"jacobi", CS_EXAMPLE_JACOBI_EXE, {"64", "30", "sleep"}},
                              {"cg", CS_EXAMPLE_CG_EXE, {"64", "20", "sleep"}}};
#ifdef CS_EXAMPLE_FFT2D_EXE
    Example fft{"fft2d", CS_EXAMPLE_FFT2D_EXE, {"512", "3", "sleep"}};
    fft.halos = false;
    fft.sums = false;
    e.push_back(fft);
#endif
    const std::string lmp = QStandardPaths::findExecutable("lmp").toStdString();
    if (lmp.empty())
        WARN("LAMMPS is not installed (Debian package lammps): the real program of issue 44 is left out");
    else
        // Its "Loop time" is the span between the third and the fourth of its five barriers.
        e.push_back({"lammps", lmp, {"-in", lammpsInput(folder), "-log", "none"}, false,
                     "stdout:Loop time of ([0-9.eE+-]+)", "3:4", /*halos=*/false, 0.10, 0, /*sums=*/false});
    return e;
}

// run-app at `at`, `repeat` runs each (with --record, the first run of each P is the recorded one).
std::string runApp(const test::LiveCluster& live, const Example& ex, const std::string& out, bool record,
                   const std::string& at = "P=2,4,8", int repeat = 3)
{
    std::vector<std::string> argv = {"run-app", "--nodes", live.mpiNode, "--at", at, "--repeat", std::to_string(repeat)};
    if (record)
        argv.push_back("--record");
    for (const std::string& a : {std::string("--time"), ex.time, std::string("--quiet"), std::string("-o")})
        argv.push_back(a);
    argv.push_back(out);
    argv.emplace_back("--");
    argv.emplace_back(ex.exe);
    argv.insert(argv.end(), ex.args.begin(), ex.args.end());
    std::string said;
    const int rc = test::runAppMeasured(test::whereOf(live.cluster()), argv, said);
    INFO("run-app: " << said);
    REQUIRE(rc == 0);
    return out;
}

json readJson(const std::string& path)
{
    std::ifstream f(path);
    return json::parse(f);
}

// The median of the P = 1 runs in run-app's results file `runs`.
double secondsAtP1(const std::string& runs)
{
    const json all = readJson(runs);
    for (const json& r : all.at("results"))
        if (r.contains("params") && r["params"].contains("P") && r["params"]["P"] == 1 && r.contains("summary") &&
            r["summary"]["series"].contains("T"))
            return r["summary"]["series"]["T"]["median"].get<double>();
    FAIL("no P = 1 runs in " << runs << ": " << all.dump().substr(0, 2000));
    return 0;
}

// replay DESIGN --results RUNS --json: its rows, each printed into `log` with issue 44's 10% beside it; every P of
// a held example (Jacobi, CG, the FFT) held within its limit but at its printedAt, and the examples' P = 8 above
// test::kSumsHeldUpTo Mbit/s on fewer than 8 CPUs (`mbit`: the links' rate; test::sumsHeld). `credit`: the links' bucket credit (test::bucketCreditShare),
// printed.
void replayAndCheck(const std::string& design, const std::string& runs, const std::string& where, int mbit,
                    const Example& ex, double credit, std::ostringstream& log)
{
    const auto held = [&](int P) { return ex.held && P != ex.printedAt && !(ex.sums && P == 8 && !test::sumsHeld(8, mbit)); };
    std::ostringstream ro, re;
    // --simulate: SimGrid's replay of the same recording beside the analytic one (issue 44: within 10% on the
    // tree), held at every P: both model the same drawn network, so the emulation's credit does not enter.
    std::vector<std::string> argv = {"replay", design, "--results", runs, "--json", "--simulate"};
    if (!ex.between.empty())
        argv.insert(argv.end(), {"--between", ex.between});
    const int replayed = cli::run(argv, ro, re);
    INFO("replay on " << where << ": " << ro.str() << re.str());
    REQUIRE(replayed == 0);
    const json rows = json::parse(ro.str());
    REQUIRE(rows.size() == 3);
    for (const json& row : rows) {
        const double predicted = row["predicted"].get<double>(), simulated = row["simulated"].get<double>();
        REQUIRE(row["measured"].get<double>() > 0);
        const double error = row["error"].get<double>();
        // SimGrid's links have no token bucket and its ranks send every message whole: it is compared with the
        // replay without either (predicted_as_simulated, given where the design's links carry a burst or its
        // logp.loggp an S_put, as netns-cluster.sh writes them).
        const double noBucket = row.value("predicted_no_bucket", predicted);
        const double asSimulated = row.value("predicted_as_simulated", noBucket);
        log << "  " << where << " P = " << row["P"].get<int>() << ": replayed " << predicted << " s, measured "
            << row["measured"].get<double>() << " s, error " << 100 * error << "% ("
            << (std::abs(error) < 0.10 ? "within" : "NOT within") << " issue 44's 10%" << (held(row["P"].get<int>()) ? "" : ", not held")
            << "; without the links' buckets " << noBucket << " s, "
            << 100 * (noBucket / row["measured"].get<double>() - 1) << "%; alone on each route "
            << row["predicted_alone"].get<double>() << " s); simulated " << simulated << " s, "
            << 100 * (simulated / asSimulated - 1) << "% from the replay without buckets, put protocol and ACKs\n";
        CHECK(row["recorded_at"] == row["P"]);
        INFO(log.str());
        CHECK(std::abs(simulated / asSimulated - 1) < 0.10);
        if (held(row["P"].get<int>()))
            CHECK(std::abs(error) < ex.limit);
    }
    REQUIRE(rows.back()["P"] == 8);
    if (ex.halos)
        log << "  " << where << ": the links' bucket credit " << 100 * credit << "% of a halo\n";
}

// Issue 44's "Other P": the example recorded at P = 2, 3, 4 and 6 only (2 and 4 from `recorded`, 3 and 6 run
// here), and P = 8 synthesised from them against the P = 8 runs of `recorded`, which was not recorded there.
// Held within issue 44's 15% (it was held within 35% before: its figures since were +2.9% by hand on tree22 at
// 89 Mbit/s, 191.6 ms against 186.1 ms, P = 6 the template; +6.2% at 157 Mbit/s; -3.2% twice at 40 Mbit/s).
// Printed, not held, where the replay's own P = 8 is (test::sumsHeld).
void synthesised(const test::LiveCluster& live, const Example& ex, const std::string& design,
                 const std::string& recorded, std::ostringstream& log)
{
    json runs = readJson(recorded);
    const json more = readJson(runApp(live, ex, live.cluster().dir + "/" + ex.name + ".p36.json", true, "P=3,6"));
    json recordings = json::array();
    for (const json& r : runs.at("recordings"))
        if (r.at("P") != 8)
            recordings.push_back(r);
    for (const json& r : more.at("recordings"))
        recordings.push_back(r);
    runs["recordings"] = recordings;
    for (const json& r : more.at("results"))
        runs["results"].push_back(r);
    const std::string file = live.cluster().dir + "/" + ex.name + ".p2346.json";
    std::ofstream(file) << runs.dump(1);
    std::ostringstream ro, re;
    const int rc = cli::run({"replay", design, "--results", file, "--at", "P=8", "--json"}, ro, re);
    INFO("replay --at P=8: " << ro.str() << re.str());
    REQUIRE(rc == 0);
    const json row = json::parse(ro.str()).at(0);
    CHECK(row["synthesized"] == true);
    CHECK(row["recorded_at"] == 6);
    const double error = row["error"].get<double>();
    log << "  " << ex.name << " recorded at P = 2, 3, 4, 6, synthesised at P = 8 (tree22): "
        << row["predicted"].get<double>() << " s, measured " << row["measured"].get<double>() << " s, error "
        << 100 * error << "%: " << (std::abs(error) < 0.15 ? "within" : "NOT within") << " issue 44's 15%"
        << (test::sumsHeld(8, live.rate.mbit) ? "" : " (not held above " + std::to_string(test::kSumsHeldUpTo) + " Mbit/s on fewer than 8 CPUs)")
        << "\n";
    INFO(log.str());
    if (test::sumsHeld(8, live.rate.mbit))
        CHECK(std::abs(error) < 0.15);
}

// Issue 44's "replayed at a second random rate on the same tree": tree22 shaped at `mbit` for the life of this
// object (netns-cluster.sh rate), then at its own rate again, whatever happens between (the other tests of the
// fixture find it as they left it).
class SecondRate {
public:
    SecondRate(const test::LiveCluster& live, int mbit) : live_(live)
    {
        const std::string why = live_.cluster().reshape(std::to_string(mbit) + "mbit");
        INFO(why);
        REQUIRE(why.empty());
    }
    ~SecondRate()
    {
        if (const std::string why = live_.cluster().reshape(std::to_string(live_.rate.mbit) + "mbit"); !why.empty())
            WARN("tree22 not shaped back at " << live_.rate.mbit << " Mbit/s: " << why);
    }
    SecondRate(const SecondRate&) = delete;
    SecondRate& operator=(const SecondRate&) = delete;

private:
    const test::LiveCluster& live_;
};

// A second rate between 20 and 200 Mbit/s at least 20 Mbit/s from the first, drawn from the first's seed.
int secondRate(const test::LiveCluster& live)
{
    std::mt19937 pick(live.rate.seed + 1);
    std::uniform_int_distribution<int> rate(20, 200);
    int mbit = rate(pick);
    while (std::abs(mbit - live.rate.mbit) < 20)
        mbit = rate(pick);
    return mbit;
}

} // namespace

TEST_CASE("record and replay on the namespace trees: Jacobi, CG, the 2D FFT and LAMMPS recorded at P = 2, 4, 8 on "
          "the tree of 2 hosts a leaf, replayed there, there at a second rate, and on the tree of 4 hosts a leaf",
          "[netns][mpi][e2e][live-tree22][live-tree42][record]")
{
    if (!test::haveMpirun())
        return;
    const std::unique_ptr<test::LiveCluster> t22 = test::LiveCluster::get("tree22");
    if (t22->skipped())
        return;
    const std::unique_ptr<test::LiveCluster> t42 = test::LiveCluster::get("tree42");
    if (t42->skipped())
        return;
    std::string log22, log42;
    const std::string design22 = t22->calibrate(t22->cluster().design(), log22);
    const std::string design42 = t42->calibrate(t42->cluster().design(), log42);
    std::ostringstream log;
    log << "tree22 (2 hosts a leaf): tbf " << t22->rate.mbit << " Mbit/s (seed " << t22->rate.seed << ")\n"
        << "tree42 (4 hosts a leaf): tbf " << t42->rate.mbit << " Mbit/s (seed " << t42->rate.seed << ")\n";
    // Runs of `ex` on `live` with the recordings of `recorded` beside them: a results file of both.
    const auto runsBeside = [](const test::LiveCluster& live, const Example& ex, const std::string& recorded,
                               const std::string& stem) {
        json runs = readJson(runApp(live, ex, live.cluster().dir + "/" + ex.name + "." + stem + ".json", false));
        runs["recordings"] = readJson(recorded).at("recordings");
        const std::string both = live.cluster().dir + "/" + ex.name + "." + stem + ".with-recordings.json";
        std::ofstream(both) << runs.dump(1);
        return both;
    };
    std::vector<std::string> recordedFiles;
    std::vector<double> secondsP1;
    const std::vector<Example> all = examples(t22->cluster().dir);
    for (const Example& ex : all) {
        log << ex.name << ":\n";
        // The compute an iteration, from runs at P = 1 (for the links' bucket credit a halo, printed).
        double t1 = 0;
        if (ex.halos)
            t1 = secondsAtP1(runApp(*t22, ex, t22->cluster().dir + "/" + ex.name + ".p1.json", false, "P=1"));
        secondsP1.push_back(t1);
        // The examples' N and iterations (their halos are what the credit is a share of).
        const auto credit = [&](int mbit) {
            return ex.halos ? test::bucketCreditShare(mbit, std::stoi(ex.args[0]), std::stoi(ex.args[1]), t1) : 0.0;
        };
        const std::string recorded =
            runApp(*t22, ex, t22->cluster().dir + "/" + ex.name + ".recorded.json", /*record=*/true);
        recordedFiles.push_back(recorded);
        replayAndCheck(design22, recorded, "tree22", t22->rate.mbit, ex, credit(t22->rate.mbit), log);
        replayAndCheck(design42, runsBeside(*t42, ex, recorded, "runs"), "tree42", t42->rate.mbit, ex,
                       credit(t42->rate.mbit), log);
        if (ex.name == "jacobi")
            synthesised(*t22, ex, design22, recorded, log);
    }
    // The same tree at a second rate: calibrated there with calibrate's defaults, and each recording (made at the
    // first rate) replayed against runs there.
    const int second = secondRate(*t22);
    log << "tree22 at a second rate: tbf " << second << " Mbit/s\n";
    {
        const SecondRate shaped(*t22, second);
        std::string logB;
        const std::string designB = test::calibrateDesign(t22->cluster(), t22->cluster().design(), logB);
        for (std::size_t i = 0; i < all.size(); ++i) {
            const Example& ex = all[i];
            const double credit =
                ex.halos ? test::bucketCreditShare(second, std::stoi(ex.args[0]), std::stoi(ex.args[1]), secondsP1[i])
                        : 0.0;
            log << ex.name << " at " << second << " Mbit/s:\n";
            replayAndCheck(designB, runsBeside(*t22, ex, recordedFiles[i], "second"),
                           "tree22 at " + std::to_string(second) + " Mbit/s", second, ex, credit, log);
        }
    }
    WARN(log.str());
}
#endif
