// Calibration data of the LogGP blocks.
//
// L and G come from net.pingpong's size sweep. LogGP's one-way time of a
// k-byte message is T(k) = o_s + (k-1) G + L + o_r (LogGPMath.h oneWay();
// Alexandrov 1995; LogP 002_5a9fca780898fb85.txt §3 Fig. 5). The ping-pong's
// latency@k series is RTT/2, the one-way time of a symmetric echo. Fitting
// latency against x = k - 1 (xOffset = -1) gives the line a + b x with
//   b = G                      (slope: seconds per byte after the first)
//   a = o_s + L + o_r          (intercept)
// so L = a - o_s - o_r, with o_s and o_r the block's values (calibrated from
// net.loggp first when its results are there, else as the design has them).
// The ping-pong alone cannot split the intercept between L and the
// overheads; net.loggp's PRTT(n,d,s) method can, so its o_s, o_r and g are
// taken directly. The fit is segmented: a TCP size sweep changes regime
// (Nagle-free small messages, then window-limited bulk), and the segment of
// the largest sizes is used, the long messages G is defined for.
// When no ping-pong ran, net.loggp's own L and G stand in.
//
// mpi.loggp is the same PRTT(n,d,s) measurement with MPI_Send/MPI_Recv under
// mpirun or srun: the LogGP an MPI application sees. Its specs come first,
// so when a calibration ran it (the node list had an mpi node) all
// parameters are MPI's; otherwise they are passed over (no results) and the
// TCP probes below set them.
//
// Piecewise LogGP (docs/calibration.md): the segmented fit's segment of the
// largest sizes gives the bulk L and G; the segments before it give k_1,
// L_1, G_1 and k_2, L_2, G_2, the L and G of messages below k_1 (k_2) bytes.
// When the fit finds one segment, k_1 = k_2 = 0 (none).
#include "model/blocks/loggp/LogGPCalibration.h"
#include "model/blocks/inic/InicCalibration.h"

namespace cs {

namespace {

constexpr const char* kOneWay = "LogGP one-way T(k) = o_s + (k-1)G + L + o_r (Alexandrov 1995; "
                                "002_5a9fca780898fb85.txt §3 Fig. 5); latency@k = RTT/2";

// The ping-pong plan: 1 KiB .. 4 MiB in steps of 2, up to 10 + 100 round
// trips per size within a time budget of 1 s per size (at least 3 kept):
// large sizes on slow links run fewer rounds, and a size whose round trip
// alone would exceed the budget is skipped (RoundBudget.h), so the plan
// takes seconds on any link from 10 Mbit/s up (docs/calibration.md).
std::vector<std::pair<std::string, double>> pingpongParams()
{
    return {{"size_min", 1024}, {"size_max", 4194304}, {"size_factor", 2}, {"warmups", 10},
            {"reps", 100},      {"budget", 1.0},       {"min_reps", 3}};
}

// net.loggp: 1 B .. 16 KiB in 2 KiB steps (9 sizes, three per segment for
// up to three segments; Netgauge steps by 1 KiB, which doubles the time on
// a slow link for no gain in the fit), its rounds within 0.5 s per size for
// all four PRTT kinds.
std::vector<std::pair<std::string, double>> logGPParams()
{
    return {{"size_step", 2048}, {"budget", 0.5}, {"min_reps", 3}};
}

// mpi.loggp: 1 B to 4 MiB in factors of 2 (23 sizes): the sizes an MPI
// application sends, across the eager and rendezvous protocols, so that the
// segmented fit of PRTT(1,0,s) finds each protocol's segment. 3 + 20 rounds
// of each PRTT kind per size, fewer where they would take more than 2 s (as
// net.loggp), and no size whose one round would (RoundBudget::skip): on two
// ranks of one host the 23 rounds of 4 MiB take about 0.4 s, all of them run;
// over a 100 Mbit/s link a round of the four kinds at 4 MiB takes about 24 s
// (41 one-way times), and the sizes from 512 KiB on are left out.
std::vector<std::pair<std::string, double>> mpiLogGPParams()
{
    return {{"size_min", 1}, {"size_max", 4194304}, {"size_factor", 2}, {"warmups", 3},
            {"reps", 20},    {"budget", 2.0},       {"min_reps", 3}};
}

CalibrationSpec direct(const char* input, const char* probe, const char* derived, const char* source)
{
    CalibrationSpec s;
    s.input = input;
    s.probe = probe;
    s.read = std::string("derived:") + derived;
    s.method = "direct";
    s.form = "const";
    s.value = "v";
    s.source = source;
    if (s.probe == "net.loggp")
        s.probeParams = logGPParams();
    if (s.probe == "mpi.loggp")
        s.probeParams = mpiLogGPParams();
    return s;
}

// Piecewise LogGP from mpi.loggp's PRTT(1,0,s) = 2 T(s), the plain MPI
// ping-pong: a segmented fit of relative errors over x = s - 1 gives per
// segment RTT = a + b x, so G = b/2 and L = a/2 - o_s - o_r; the segment of
// the largest sizes gives the bulk L and G, the ones before it L_1, G_1 (and
// L_2, G_2) for messages below k_1 (k_2) bytes.
CalibrationSpec mpiPrtt(const char* input, const char* value)
{
    CalibrationSpec s;
    s.input = input;
    s.probe = "mpi.loggp";
    s.read = "series:prtt1@";
    s.xOffset = -1.0;
    s.method = "segmented_rel";
    s.form = "line";
    s.value = value;
    s.xInput = "k";
    s.yOutput = "T_rtt";
    s.probeParams = mpiLogGPParams();
    s.source = "PRTT(1,0,s) = 2 (o_s + L + (s-1)G + o_r) (Netgauge); piecewise: one segment per protocol";
    return s;
}

CalibrationSpec pingpong(const char* input, const char* value)
{
    CalibrationSpec s;
    s.input = input;
    s.probe = "net.pingpong";
    s.read = "series:latency@";
    s.xOffset = -1.0;
    s.method = "segmented";
    s.form = "line";
    s.value = value;
    s.xInput = "k";
    s.yOutput = "T_oneway";
    s.probeParams = pingpongParams();
    s.source = std::string(kOneWay) + "; fit of the segment of the largest sizes";
    return s;
}

// The parts shared by both blocks: L, o_s, o_r, g, G.
std::vector<CalibrationSpec> networkSpecs(bool withOneWay)
{
    const char* prtt = "net.loggp PRTT(n,d,s) (Netgauge), first segment";
    const char* mpi = "mpi.loggp PRTT(n,d,s) with MPI_Send/MPI_Recv, first segment";
    std::vector<CalibrationSpec> v{
        direct("o_s", "mpi.loggp", "o_s", mpi),
        direct("o_r", "mpi.loggp", "o_r", mpi),
        direct("g", "mpi.loggp", "g", mpi),
        mpiPrtt("G", "b / 2"),
        mpiPrtt("L", "a / 2 - o_s - o_r"),
        mpiPrtt("k_1", "k1"),
        mpiPrtt("L_1", "a1 / 2 - o_s - o_r"),
        mpiPrtt("G_1", "b1 / 2"),
        mpiPrtt("k_2", "k2"),
        mpiPrtt("L_2", "a2 / 2 - o_s - o_r"),
        mpiPrtt("G_2", "b2 / 2"),
        direct("G", "mpi.loggp", "G", mpi),
        direct("L", "mpi.loggp", "L", mpi),
        direct("o_s", "net.loggp", "o_s", prtt),
        direct("o_r", "net.loggp", "o_r", prtt),
        direct("g", "net.loggp", "g", prtt),
        pingpong("G", "b"),
        direct("G", "net.loggp", "G", prtt),
        pingpong("L", "a - o_s - o_r"),
        direct("L", "net.loggp", "L", prtt),
        pingpong("k_1", "k1"),
        pingpong("L_1", "a1 - o_s - o_r"),
        pingpong("G_1", "b1"),
        pingpong("k_2", "k2"),
        pingpong("L_2", "a2 - o_s - o_r"),
        pingpong("G_2", "b2"),
    };
    if (!withOneWay)
        for (auto& s : v) {
            s.xInput.clear();
            s.yOutput.clear();
        }
    return v;
}

} // namespace

std::vector<CalibrationSpec> logGPCalibration()
{
    return networkSpecs(true);
}

std::vector<CalibrationSpec> fftwTransposeCalibration()
{
    std::vector<CalibrationSpec> v = networkSpecs(false);
    // t_fft1d as inic.fft2d calibrates it: the same row FFT (000 eq. (4)).
    for (CalibrationSpec& s : inicFft2dCalibration())
        v.push_back(std::move(s));
    v.push_back(direct("bw_mem", "mem.copy", "memcpy", "mem.copy: median memcpy bandwidth (STREAM copy convention)"));
    return v;
}

} // namespace cs
