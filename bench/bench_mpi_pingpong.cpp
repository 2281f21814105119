// Benchmark: the MPI-calibrated piecewise LogGP against a plain MPI ping-pong loop.
//
//   bench_mpi_pingpong [--rounds N]   (starts itself under mpirun -np 2; N loops a size, default 21)
//
// In one run, on the same two ranks:
//   calibrate  the mpi.loggp kernel clusterscope-mpi-agent runs (measureLogGP)
//              with the parameters `calibrate --nodes mpi:2` gives it (1 B to
//              4 MiB in factors of 2), its result as the agent reports it
//              (logGPJson), fitted by cs::calib::calibrate into a logp.loggp
//              block and applied (poor fits accepted, their issues printed);
//   plain      MPI_Send/MPI_Recv ping-pong loops as a user writes them, at
//              1 B, 1 KiB, 64 KiB, 4 MiB and the sizes between in factors of 4:
//              a barrier, then `count` round trips timed with MPI_Wtime, the
//              one-way time RTT/2; the median of --rounds (21) such loops of
//              about half a millisecond each, run right after the probe's rounds of
//              the same size (measureLogGP's afterSize), so that a change in
//              the machine's speed over the run (other processes, the
//              hypervisor) hits the probe and the loop alike;
//   predicted  net.T_oneway of the calibrated design at each size.
// Prints predicted, measured, their error and the probe's own point per size
// (target: within 15%, issue 22), the fit's segments, and how much CPU other
// processes took during the run. No asserts: this reports.
#include "app/agent/mpi/MpiLogGP.h"
#include "common/LogGPShared.h"
#include "common/SummaryJson.h"
#include "model/calibration/Calibration.h"
#include "model/document/DocumentFormat.h"

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <unistd.h>
#include <vector>

using nlohmann::json;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

// One-way time RTT/2 of `count` plain round trips of `bytes` (rank 0; the
// others return 0).
double plainPingPong(std::vector<char>& buf, int bytes, int count)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    for (int i = 0; i < 2; ++i) { // warm-up
        if (rank == 0) {
            MPI_Send(buf.data(), bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(buf.data(), bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf.data(), bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf.data(), bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (int i = 0; i < count; ++i) {
        if (rank == 0) {
            MPI_Send(buf.data(), bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD);
            MPI_Recv(buf.data(), bytes, MPI_BYTE, 1, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf.data(), bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf.data(), bytes, MPI_BYTE, 0, 7, MPI_COMM_WORLD);
        }
    }
    return rank == 0 ? (MPI_Wtime() - t0) / count / 2.0 : 0.0;
}

// CPU time of the whole machine from /proc/stat (jiffies): busy and all.
struct MachineTimes {
    double busy = 0, all = 0;
};

MachineTimes machineTimes()
{
    MachineTimes t;
    if (std::FILE* f = std::fopen("/proc/stat", "r")) {
        unsigned long long v[8] = {};
        if (std::fscanf(f, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2], &v[3], &v[4], &v[5],
                        &v[6], &v[7]) == 8) {
            for (unsigned long long x : v)
                t.all += static_cast<double>(x);
            t.busy = t.all - static_cast<double>(v[3] + v[4]); // idle and iowait
        }
        std::fclose(f);
    }
    return t;
}

double processCpuSeconds()
{
    timespec ts{};
    ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

// The mpi.loggp run `calibrate --nodes mpi:2` plans, as the MPI agent reports it.
json mpiLogGPResult(const cs::DesignDocument& doc, const cs::agent::mpi::AfterSize& afterSize)
{
    json params = json::object();
    for (const cs::sdk::ParamDef& d : cs::probeplugin::logGPMeasureParams())
        params[d.name] = d.defaultValue;
    for (const cs::calib::ProbeRun& run : cs::calib::calibrationPlan(doc))
        if (run.probe == "mpi.loggp")
            params.update(run.params);
    const cs::probe::LogGPParams p =
        cs::probeplugin::logGPParamsFrom([&](const std::string& k) { return params[k].get<double>(); });
    const cs::probe::LogGPResult r = cs::agent::mpi::measureLogGP(MPI_COMM_WORLD, p, {}, afterSize);
    const auto j = cs::probeplugin::logGPJson(r, [](const std::string&, const cs::probe::Summary& s) {
        return cs::probeplugin::statsJson(s, "s");
    });
    return {{"probe", "mpi.loggp"}, {"name", "mpi.loggp"}, {"nodes", {"rank0", "rank1"}}, {"status", "ok"},
            {"params", params},     {"started", "bench"},   {"duration_s", 0.0},           {"summary", j.summary},
            {"calibrates", json::array()}, {"parts", json::array()}};
}

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("OMPI_COMM_WORLD_SIZE") && !std::getenv("PMI_RANK") && !std::getenv("PMIX_RANK")) {
        std::vector<std::string> a = {"mpirun", "-np", "2", "--oversubscribe"};
        if (::geteuid() == 0)
            a.push_back("--allow-run-as-root");
        for (int i = 0; i < argc; ++i)
            a.push_back(argv[i]);
        std::vector<char*> c;
        for (std::string& s : a)
            c.push_back(s.data());
        c.push_back(nullptr);
        ::execvp("mpirun", c.data());
        std::fprintf(stderr, "bench_mpi_pingpong: cannot start mpirun: %s\n", std::strerror(errno));
        return 1;
    }
    MPI_Init(&argc, &argv);
    int rounds = 21;
    for (int i = 1; i + 1 < argc; i += 2)
        if (std::strcmp(argv[i], "--rounds") == 0)
            rounds = std::max(1, std::atoi(argv[i + 1]));
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);

    // What other processes took of the CPUs while this ran: the two ranks poll, so a third runnable process
    // shares a core with one of them, and a loop it interrupts measures the scheduler, not MPI.
    const MachineTimes machineStart = machineTimes();
    const double ownStart = processCpuSeconds();
    const double wallStart = MPI_Wtime();

    cs::DesignDocument doc = cs::parseDocument(
        R"({"format": "clusterscope-design", "version": 2, "name": "mpi", "blocks": [{"name": "net", "type": "logp.loggp"}]})");
    const std::vector<int> sizes = {1, 16, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304};
    std::vector<char> buf(4194304, 1);
    std::vector<std::vector<double>> measured(sizes.size());
    // Loops of about half a millisecond (as many round trips as fit, 2 to 200), many of them: a loop a time
    // slice of another process hits is an outlier the median leaves out, where one long loop would average it
    // in. They run as the probe finishes each size, on both ranks; rank 0 sizes the loop from a first one of
    // two round trips and tells rank 1.
    const auto plainAfter = [&](std::uint32_t size) {
        const auto at = std::find(sizes.begin(), sizes.end(), static_cast<int>(size));
        if (at == sizes.end())
            return;
        const std::size_t i = static_cast<std::size_t>(at - sizes.begin());
        const double oneWay = plainPingPong(buf, sizes[i], 2);
        int count = oneWay > 0 ? static_cast<int>(std::lround(2.5e-4 / oneWay)) : 0;
        count = std::clamp(count, 2, 200);
        MPI_Bcast(&count, 1, MPI_INT, 0, MPI_COMM_WORLD);
        for (int r = 0; r < rounds; ++r)
            measured[i].push_back(plainPingPong(buf, sizes[i], count));
    };
    const json result = mpiLogGPResult(doc, plainAfter);
    double own = processCpuSeconds() - ownStart, ownAll = 0;
    MPI_Reduce(&own, &ownAll, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    const MachineTimes machineEnd = machineTimes();
    const double wall = MPI_Wtime() - wallStart;

    if (rank == 0) {
        cs::calib::CalibrationReport report;
        try {
            report = cs::calib::calibrate(doc, json::array({result}));
        } catch (const std::exception& e) {
            std::fprintf(stderr, "bench_mpi_pingpong: calibration failed: %s\n", e.what());
            MPI_Abort(MPI_COMM_WORLD, 1);
        }
        cs::calib::ApplyOptions accept;
        accept.acceptPoorFits = true;
        doc = cs::calib::withCalibration(doc, cs::calib::planCalibration(doc, report, accept));
        std::printf("calibrated from mpi.loggp (2 ranks):\n");
        for (const cs::calib::CalibratedParam& p : report.params)
            std::printf("  net.%-4s = %-12.5g %s%s\n", p.param.c_str(), p.value, p.unit.c_str(),
                        p.trusted ? "" : "   (not trusted)");
        for (const cs::calib::FitRecord& f : report.fits)
            if (f.result.method == "segmented") {
                std::printf("  fit of %s: %zu segment(s), R^2 = %.4f:", f.read.c_str(), f.result.segments.size(),
                            f.result.r2);
                for (std::size_t k = 0; k < f.result.segments.size(); ++k)
                    std::printf(" [%g, %g] B slope %.4g ps/B", f.result.segments[k].first + 1,
                                f.result.segments[k].second + 1, 0.5e12 * f.result.values[2 * k + 1]);
                std::printf("\n");
                break;
            }
        for (const cs::calib::FitIssue& i : report.issues)
            std::printf("  issue: %s\n", i.text().c_str());
        cs::calib::MeasuredSeries plain;
        plain.xPath = "net.k";
        plain.yPath = "net.T_oneway";
        for (std::size_t i = 0; i < sizes.size(); ++i)
            if (!measured[i].empty()) { // a size the probe's budget skipped has no loop either
                plain.x.push_back(sizes[i]);
                plain.y.push_back(median(measured[i]));
            }
        const cs::calib::Comparison c = cs::calib::compareWithDesign(doc, plain);
        std::printf("plain MPI_Send/MPI_Recv ping-pong, one-way (median of %d loops) against the calibrated LogGP:\n",
                    rounds);
        // The probe's own point, PRTT(1,0,s)/2 (what the fit saw), tells a fit that misses its points from a
        // probe that measured something else than the plain loop.
        const json& series = result["summary"]["series"];
        std::printf("  %10s  %12s  %12s  %12s  %8s  %8s\n", "size (B)", "measured", "predicted", "probe", "error",
                    "probe/m");
        int within = 0;
        for (const cs::calib::ValidationPoint& v : c.points) {
            const std::string key = "prtt1@" + std::to_string(static_cast<long long>(v.x));
            const double probe = series.contains(key) ? series[key]["median"].get<double>() / 2 : NAN;
            std::printf("  %10.0f  %9.3f us  %9.3f us  %9.3f us  %+7.1f%%  %8.3f\n", v.x, 1e6 * v.measured,
                        1e6 * v.predicted, 1e6 * probe, 100 * v.relError, probe / v.measured);
            within += std::fabs(v.relError) <= 0.15 ? 1 : 0;
        }
        std::printf("  within 15%%: %d of %zu sizes\n", within, c.points.size());
        // Busy share of all CPUs over the run, less the two ranks' own CPU time.
        const long cpus = ::sysconf(_SC_NPROCESSORS_ONLN);
        const double allJiffies = machineEnd.all - machineStart.all;
        const double busyShare = allJiffies > 0 ? (machineEnd.busy - machineStart.busy) / allJiffies : NAN;
        const double othersShare = busyShare - ownAll / (wall * static_cast<double>(std::max(1L, cpus)));
        std::printf("  other processes used %.0f%% of the %ld CPUs during the run (%.1f s)%s\n",
                    100 * std::max(0.0, othersShare), cpus, wall,
                    othersShare > 0.1 ? ": not a quiet machine, the ratios say how it was loaded, not how MPI is" : "");
    }
    MPI_Finalize();
    return 0;
}
