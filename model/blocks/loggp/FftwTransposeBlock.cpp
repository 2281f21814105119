#include "model/blocks/loggp/FftwTransposeBlock.h"
#include "model/blocks/FftRows.h"
#include "model/blocks/JobCores.h"
#include "model/blocks/SpecHelpers.h"
#include "model/blocks/loggp/LogGPCalibration.h"
#include "model/blocks/loggp/LogGPMath.h"
#include "model/blocks/loggp/LogGPSegments.h"
#include "model/core/JobSize.h"

#include <algorithm>
#include <cmath>

namespace cs {

namespace {

constexpr const char* kSeed = "000_e9da438bafb3289f.txt";

std::string src(const char* where)
{
    return cite(kSeed, where);
}

// `inputs` with the job's cores last (JobCores.h).
std::vector<ParamSpec> withCores(std::vector<ParamSpec> inputs)
{
    inputs.push_back(jobcores::coresParam(std::string("the row FFTs of ") + kSeed +
                                          " eq. (4) and the host's local transposes and final permutations "
                                          "(§3.1.2)"));
    return inputs;
}

} // namespace

// Defaults model the paper's Gigabit Ethernet baseline: 1 GHz Athlon nodes
// with a SysKonnect GigE NIC on 32-bit 33 MHz PCI, running FFTW over TCP
// (000 §5). The paper gives no numbers for these, so all are assumptions,
// chosen as plausible for that hardware and checked against one reported
// shape only: "Gigabit Ethernet gives a speedup of two with 8 processors"
// (000 §6.1). With these defaults the speedup T(P=1)/T(P=8) is 2.14.
//  - rows = 1024: a 16 MiB complex-double matrix (the paper's two sizes are
//    not given in the text).
//  - t_fft1d = 100 us: a 1024-point complex FFT is 5 N log2 N = 51,200 flops,
//    about 100 us at 0.5 GFlop/s on a 1 GHz Athlon.
//  - TCP over GigE: o_s = 15 us, o_r = 20 us (system call, copy set-up and an
//    interrupt), L = 30 us, so a small-message one-way time of 65 us; g = 25 us;
//    G = 25 ns/B (40 MB/s each way while every host sends and receives at once
//    over the shared 132 MB/s PCI bus).
//  - bw_mem = 300 MB/s: strided memory copy on PC133 SDRAM.
//  - t_pen = 500 us per message at or below S_pen = 64 KiB (a TCP window):
//    a few round trips of slow start plus an interrupt-coalescing timeout.
const BlockSpec& FftwTransposeBlock::spec() const
{
    static const BlockSpec s{
        "fftw.transpose",
        "FFTW 2D-FFT (plain NIC)",
        "Applications",
        "Run time of FFTW's parallel 2D-FFT on a cluster with an ordinary NIC: two passes of row 1D-FFTs and "
        "two matrix transposes, each a local transpose, an all-to-all of M x M blocks over a LogGP network, a "
        "small-message penalty (TCP slow-start, interrupt coalescing) and a final permutation.",
        src("§3.1.1, §4.1 eq. (3)-(5)"),
        withCores(loggp::withSegments({
            countParam("rows", 1024, 1, 1048576, "rows (= columns) of the square complex-double matrix",
                       src("eq. (4), (5); default assumed (sizes not given in the text)")),
            followsJob(countParam(kJobSize, 8, 1, 65536, "processors (hosts)",
                                  src("eq. (4), (5); default: 8 as in §6.1"))),
            param("t_fft1d", Unit::Seconds, "us", 100e-6, 0.0, 1e4, "time of one 1D-FFT of a row of length rows",
                  src("eq. (4) T_1D-FFT(rows); default assumed: 5 N log2 N flops at 0.5 GFlop/s, 1 GHz Athlon")),
            param("L", Unit::Seconds, "us", 30e-6, 0.0, 1.0, "LogGP latency of the NIC and switch",
                  "LogP 002_5a9fca780898fb85.txt §3; default assumed: TCP over Gigabit Ethernet"),
            param("o_s", Unit::Seconds, "us", 15e-6, 0.0, 1.0, "LogGP send overhead",
                  "LogP 002_5a9fca780898fb85.txt §3; default assumed: TCP over Gigabit Ethernet"),
            param("o_r", Unit::Seconds, "us", 20e-6, 0.0, 1.0, "LogGP receive overhead",
                  "LogP 002_5a9fca780898fb85.txt §3; default assumed: TCP over GigE with an interrupt"),
            param("g", Unit::Seconds, "us", 25e-6, 0.0, 1.0, "LogGP gap between messages (1/MessageRate)",
                  "LogP 002_5a9fca780898fb85.txt §3; default assumed"),
            param("G", Unit::SecondsPerByte, "ns/B", 25e-9, 0.0, 1e-3, "LogGP gap per byte (1/bandwidth)",
                  "LogGP (Alexandrov 1995); default assumed: 40 MB/s each way, GigE NIC on 32-bit PCI " +
                      src("§5")),
            param("bw_mem", Unit::BytesPerSecond, "MB/s", 300e6, 1e3, 1e13,
                  "memory-copy bandwidth of the host's local transpose and final permutation",
                  src("§3.1.2, §4.1 (host data manipulation); default assumed: 1 GHz Athlon, PC133")),
            param("t_pen", Unit::Seconds, "us", 500e-6, 0.0, 1.0,
                  "extra time per block sent, in full for blocks <= S_pen (TCP slow-start, interrupt coalescing)",
                  src("§4.1; form and default assumed")),
            wholeBytes("S_pen", "KiB", 65536, 0, 1e12,
                       "block size at or below which a block pays all of t_pen (above: t_pen * S_pen / S_block)",
                       src("§4.1; default assumed: a 64 KiB TCP window")),
            choiceParam("alltoall", {"linear", "pairwise"}, 1, "all-to-all algorithm of the transpose",
                        src("§3.1.2 (all-to-all); default assumed: pairwise exchange")),
        })),
        {
            output("T", Unit::Seconds, "s", "run time of the 2D-FFT, T_compute + T_trans", src("eq. (3)")),
            output("T_compute", Unit::Seconds, "s",
                   "row FFTs, 2 t_fft1d rows / P (x P / min(P, cores) when fewer cores than ranks)",
                   src("eq. (4)") + "; cores: " + jobcores::kSource, "T"),
            output("T_trans", Unit::Seconds, "s", "both transposes, T_local + T_a2a + T_penalty + T_perm",
                   src("eq. (3), §3.1.2"), "T"),
            output("T_local", Unit::Seconds, "s",
                   "local transposes on the host, 2 S / bw_mem (x P / min(P, cores) when fewer cores than ranks)",
                   src("§3.1.2 (local transpose)") + "; cores: " + jobcores::kSource, "T_trans"),
            output("T_a2a", Unit::Seconds, "s", "all-to-all of M x M blocks, both transposes (LogGP)",
                   src("§3.1.2 (all-to-all)") + "; LogGP (Alexandrov 1995)", "T_trans"),
            output("T_penalty", Unit::Seconds, "s",
                   "small-message penalty, 2 (P-1) t_pen min(1, S_pen / S_block)", src("§4.1; form assumed"),
                   "T_trans"),
            output("T_perm", Unit::Seconds, "s",
                   "final permutations on the host, 2 S / bw_mem (0 for P = 1; x P / min(P, cores) when fewer "
                   "cores than ranks)",
                   src("§3.1.2 (final permutation)") + "; cores: " + jobcores::kSource, "T_trans"),
            output("M", Unit::Count, "", "rows of the most loaded processor, ceil(rows / P)", src("§3.1.2")),
            output("S", Unit::Bytes, "MiB", "partition size, M rows 16 (rows^2 16 / P when P divides rows)", src("eq. (5)")),
            output("S_block", Unit::Bytes, "KiB", "bytes of one M x M block sent to each other host, M^2 16",
                   src("§3.1.2")),
            output("steps_a2a", Unit::Count, "", "all-to-all rounds per transpose: P-1 pairwise, 1 linear",
                   "pairwise and linear exchange"),
        },
        fftwTransposeCalibration(),
    };
    return s;
}

std::string FftwTransposeBlock::check(const double* in) const
{
    if (std::string rowsProblem = fftrows::check(in[P], in[rows]); !rowsProblem.empty())
        return rowsProblem; // the one rule of all 2D-FFT blocks (model/blocks/FftRows.h)
    return loggp::segmentProblem(in + k_1);
}

void FftwTransposeBlock::evaluate(const double* in, double* out) const
{
    const double r = in[rows];
    const double p = in[P];
    const double m = fftrows::rowsPerProc(p, r); // rows / P when P divides rows
    const double partition = m * r * 16.0;      // eq. (5): rows^2 16 / P
    const double block = m * m * 16.0;
    loggp::Params net{in[L], in[o_s], in[o_r], in[g], in[G]};
    loggp::readSegments(in + k_1, net, 0.0, 0.0, false);
    const auto algo = static_cast<loggp::AllToAll>(static_cast<int>(in[alltoall]));

    // Ranks beyond the job's cores share them: what each rank does on its share on the host's CPU (row FFTs,
    // local transpose, final permutation) takes `share` times as long; exactly 1 with a core a rank.
    const double share = jobcores::shareFactor(p, in[cores]);

    // One transpose, then doubled: the FFT transposes twice (§3.1.1 steps 2 and 4).
    const double local = partition / in[bw_mem];
    const double a2a = loggp::alltoallTime(net, block, p, algo);
    const double penalty = loggp::alltoallMessages(p) * in[t_pen] * std::min(1.0, in[S_pen] / block);
    const double perm = p > 1.0 ? partition / in[bw_mem] : 0.0;

    out[T_compute] = 2.0 * in[t_fft1d] * m * share; // eq. (4), on the job's cores
    out[T_local] = 2.0 * local * share;
    out[T_a2a] = 2.0 * a2a;
    out[T_penalty] = 2.0 * penalty;
    out[T_perm] = 2.0 * perm * share;
    out[T_trans] = out[T_local] + out[T_a2a] + out[T_penalty] + out[T_perm];
    out[T] = out[T_compute] + out[T_trans]; // eq. (3)
    out[M] = m;
    out[S] = partition;
    out[S_block] = block;
    out[steps_a2a] = loggp::alltoallSteps(p, algo);
}

} // namespace cs
