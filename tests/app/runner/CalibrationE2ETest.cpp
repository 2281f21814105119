// End-to-end calibration on any link speed: two network namespaces joined by
// a veth pair shaped by tbf at 10 Mbit/s, 100 Mbit/s and 1 Gbit/s with
// different bursts; `clusterscope-cli calibrate` runs with its DEFAULTS (the
// design's own plan: net.pingpong and net.loggp, no --set, no --timeout) and
// fits LogGP's G, which must be within 5% of the payload rate's inverse.
// Nothing in the kernel's TCP settings is touched (no sysctl): a user would
// not know to do it.
//
// Expected G. tbf shapes what leaves each veth end at R bits/s, counting
// every frame's bytes from the Ethernet header on (no preamble or FCS on a
// veth). A full TCP segment is a 1514-byte frame: 14 Ethernet + 20 IPv4 +
// 20 TCP + 12 timestamp option + 1448 payload (MTU 1500). So the payload
// rate is R/8 x 1448/1514 (DESIGN.md; NetnsTest.cpp), and G = 1 / that:
//   R = 10 Mbit/s  -> 1.25e6 B/s x 0.95640687 = 1.1955086e6 B/s -> G = 836.47 ns/B
//   R = 100 Mbit/s -> 1.25e7 B/s x 0.95640687 = 1.1955086e7 B/s -> G = 83.647 ns/B
//   R = 1 Gbit/s   -> 1.25e8 B/s x 0.95640687 = 1.1955086e8 B/s -> G = 8.3647 ns/B
// LogGP: T(k) = o_s + (k-1) G + L + o_r (002_5a9fca780898fb85.txt §3 Fig. 5;
// LogGPCalibration.cpp), so G is the slope of the one-way time in k.
//
// Why the slope is G whatever the burst: tbf lets the first `burst` bytes of
// a message leave at once when its bucket is full, and the bucket refills
// while the reply travels back. Above a few bursts the one-way time is
// (k - burst) / rate + constant: the burst lowers the intercept, not the
// slope. The segmented fit uses the segment of the largest sizes.
#include "LiveMeasure.h"
#include "TestSupport.h"

#include "app/cli/Cli.h"
#include "model/calibration/Calibration.h"
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"

#include <QElapsedTimer>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fstream>
#include <optional>
#include <sstream>

using namespace cs;
using nlohmann::json;

namespace {

const char* kDesign = R"({"format": "clusterscope-design", "version": 2, "name": "shaped veth",
  "blocks": [{"name": "net", "type": "logp.loggp"}]})";

struct Calibrated {
    int rc = -1;
    std::string out, err;
    json report;
    std::string designPath;
    double seconds = 0;
};

// `clusterscope-cli calibrate DESIGN --nodes ...` in-process over the pair (nothing but the nodes), its probe runs
// through the store of measurements (LiveMeasure.h), then the fit from them with --json -o FILE.
Calibrated calibrateOver(const test::NetnsPair& pair, const std::string& rate, const std::string& burst,
                         const QTemporaryDir& dir)
{
    Calibrated c;
    const std::string design = dir.filePath("design.json").toStdString();
    {
        std::ofstream f(design);
        f << kDesign;
    }
    c.designPath = dir.filePath("calibrated.json").toStdString();
    // Server in namespace b, client in a: both directions cross a shaped end.
    const std::string nodes = "local:netns=" + pair.nsB() + ":address=" + pair.addrB() + ":bind=" + pair.addrB() +
                              ":name=b,local:netns=" + pair.nsA() + ":address=" + pair.addrA() +
                              ":bind=" + pair.addrA() + ":name=a";
    QElapsedTimer t;
    t.start();
    const std::string probes = dir.filePath("probes.json").toStdString();
    const std::string measured = test::measureProbes(test::whereOf(pair, rate, burst), design, nodes, probes);
    const test::Calibrated fit = test::calibrateFromProbes(design, probes, c.designPath, /*json=*/true);
    c.seconds = t.elapsed() / 1000.0;
    c.rc = fit.rc;
    c.out = fit.out;
    c.err = measured + fit.err;
    if (c.rc == 0)
        c.report = json::parse(c.out);
    return c;
}

const json* param(const json& report, const std::string& name)
{
    for (const json& p : report["params"])
        if (p["block"] == "net" && p["param"] == name)
            return &p;
    return nullptr;
}

// The ping-pong's per-size rounds from the calibrated document's measured results.
std::string roundsText(const DesignDocument& doc)
{
    std::ostringstream os;
    for (const json& r : doc.measured)
        if (r.value("probe", "") == "net.pingpong")
            for (const json& part : r.value("parts", json::array()))
                if (part.value("role", "") == "client") {
                    for (const json& s : part["details"].value("sizes", json::array()))
                        os << s["size"].get<double>() << ":" << s["rounds"].get<double>() << " ";
                    os << "skipped " << part["details"].value("skipped", json::array()).dump();
                }
    return os.str();
}

// Makes a pair (rate "" = unshaped) and calibrates over it with the
// defaults; nullopt (with a warning) when namespaces cannot be made. Every
// probe job must succeed.
std::optional<Calibrated> calibrateOverPair(const std::string& rate, const std::string& burst, const QTemporaryDir& dir)
{
    test::NetnsPair pair(rate, burst);
    if (!pair.ok()) {
        WARN("skipped: " << pair.error());
        return std::nullopt;
    }
    Calibrated c = calibrateOver(pair, rate, burst, dir);
    INFO("stderr: " << c.err);
    INFO("stdout: " << c.out);
    REQUIRE(c.rc == 0);
    CHECK(c.err.find("did not succeed") == std::string::npos);
    return c;
}

// Calibrates with the defaults over a pair shaped at `rate` with `burst` and
// checks G against 1 / (R/8 x 1448/1514).
void checkShaped(const char* rate, const char* burst, double rateBits)
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::optional<Calibrated> run = calibrateOverPair(rate, burst, dir);
    if (!run)
        return;
    const Calibrated& c = *run;
    INFO("calibrate's report: " << c.out);
    INFO("calibrate's stderr: " << c.err);

    const double payloadRate = rateBits / 8 * 1448.0 / 1514.0;
    const double expectedG = 1.0 / payloadRate;
    const json* G = param(c.report, "G");
    REQUIRE(G);
    const double fittedG = (*G)["value"].get<double>();
    const DesignDocument doc = loadDocument(c.designPath);
    WARN("tbf " << rate << " burst " << burst << ": expected G " << expectedG * 1e9 << " ns/B, fitted "
                << fittedG * 1e9 << " ns/B (" << (*G)["method"].get<std::string>() << " from "
                << (*G)["probe"].get<std::string>() << "), error " << 100.0 * (fittedG - expectedG) / expectedG
                << "%; calibrate took " << c.seconds << " s; ping-pong rounds " << roundsText(doc));
    CHECK((*G)["probe"] == "net.pingpong");
    CHECK(fittedG == Approx(expectedG).epsilon(0.05));
    CHECK((*G)["ci"][0].get<double>() <= fittedG);
    CHECK((*G)["ci"][1].get<double>() >= fittedG);

    // The calibrated document carries G with its provenance when the fit passes the quality limits
    // (docs/calibration.md). On a loaded machine it sometimes does not: at 10 Mbit/s the time budget leaves
    // four bulk sizes (64-512 KiB), and with a few percent of noise on them the split from the burst regime
    // below 16 KiB is not significant, so one line through both mispredicts the held-out 2 KiB by 500%
    // (seen in CI with G itself 1.8% off). Then G must be named as not trusted with its figure, and the
    // document must keep its default: never applied silently, never refused without a reason.
    const ParamValue g = doc.design.value(Endpoint{"net", "G"});
    if ((*G)["trusted"].get<bool>()) {
        CHECK(g.provenance.kind == ProvenanceKind::Calibrated);
        CHECK(g.value == fittedG);
        CHECK(g.provenance.nodes == "b,a");
    } else {
        WARN("G was not trusted, so not applied: " << c.err);
        CHECK(c.err.find("not applied: net.G: not trusted (") != std::string::npos);
        CHECK(g.provenance.kind == ProvenanceKind::Default);
    }
}

} // namespace

TEST_CASE("calibrate with its defaults fits G within 5% on a 10 Mbit/s link (burst 16 KiB)", "[calib-e2e]")
{
    checkShaped("10mbit", "16kb", 10e6);
}

TEST_CASE("calibrate with its defaults fits G within 5% on a 100 Mbit/s link (burst 64 KiB)", "[calib-e2e]")
{
    checkShaped("100mbit", "64kb", 100e6);
}

TEST_CASE("calibrate with its defaults fits G within 5% on a 1 Gbit/s link (burst 256 KiB)", "[calib-e2e]")
{
    checkShaped("1gbit", "256kb", 1e9);
}

TEST_CASE("calibrate with its defaults on an unshaped veth pair succeeds and reports what it fitted",
          "[calib-e2e]")
{
    // No rate to compare with: the veth moves bytes as fast as two shared
    // cores copy them, and that changes with the load. The run must succeed
    // and fit a positive G; the value is reported, not checked.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::optional<Calibrated> run = calibrateOverPair("", "", dir);
    if (!run)
        return;
    const Calibrated& c = *run;
    const json* G = param(c.report, "G");
    REQUIRE(G);
    const double fittedG = (*G)["value"].get<double>();
    WARN("unshaped veth: fitted G " << fittedG * 1e9 << " ns/B = " << 1e-6 / fittedG << " MB/s; calibrate took "
                                    << c.seconds << " s");
    CHECK(fittedG > 0);
}

TEST_CASE("the blocks' calibration specs name installed probes and parameters within their bounds", "[calib]")
{
    for (const Block* b : BlockRegistry::builtin().all())
        for (const CalibrationSpec& s : b->spec().calibration) {
            INFO(b->spec().id << "." << s.input << " from " << s.probe);
            const sdk::LoadedProbe* p = test::plugins().find(s.probe);
            REQUIRE(p);
            for (const auto& [name, value] : s.probeParams) {
                const sdk::ParamDef* d = p->descriptor.findParam(name);
                REQUIRE(d);
                CHECK(d->rangeProblem(value) == "");
            }
            if (!s.xParam.empty()) {
                const sdk::ParamDef* d = p->descriptor.findParam(s.xParam);
                REQUIRE(d);
                for (double x : s.xValues)
                    CHECK(d->rangeProblem(x) == "");
            }
        }
    // And the plan for a design with every calibrated block type is accepted by the runner.
    const DesignDocument doc = parseDocument(R"({"format": "clusterscope-design", "version": 2, "blocks": [
        {"name": "net", "type": "logp.loggp"}, {"name": "fftw", "type": "fftw.transpose"},
        {"name": "fft", "type": "inic.fft2d"}, {"name": "sort", "type": "inic.sort"},
        {"name": "bond", "type": "bonding.throughput"}]})");
    const std::vector<calib::ProbeRun> runs = calib::calibrationPlan(doc);
    CHECK(runs.size() >= 6);
    std::vector<runner::RunPlan> plans;
    for (const calib::ProbeRun& run : runs) {
        runner::RunPlan plan;
        plan.probe = run.probe;
        plan.params = run.params;
        plans.push_back(plan);
    }
    // As calibrate places them: the MPI probe (mpi.loggp) on the mpi node, the others on the local pair.
    CHECK(runner::placeByLauncher(plans, runner::parseNodeSpec("local:cpu=0,local:cpu=1,mpi:2"), test::plugins())
              .empty());
    CHECK(plans.size() == runs.size());
    for (const runner::RunPlan& plan : plans) {
        INFO(plan.probe << " " << plan.params.dump());
        CHECK_NOTHROW(runner::planJobs(plan, test::plugins()));
    }
}
