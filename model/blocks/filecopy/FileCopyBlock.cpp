#include "model/blocks/filecopy/FileCopyBlock.h"
#include "model/blocks/SpecHelpers.h"
#include "model/core/Unit.h"

#include <algorithm>

namespace cs {

namespace {

constexpr const char* kSeed004 = "004_07d1c859a4352179.txt";

std::string src(const char* where)
{
    return cite(kSeed004, where);
}

// Rate of each of `pairs` remote pairs sharing the network (see the header).
double pairRate(double pairs, double alone, double net)
{
    return pairs > 0 ? std::min(alone, net / pairs) : alone;
}

// Throughput of the mix with `pairs` remote pairs.
double throughput(double nodes, double pairs, double local, double alone, double net)
{
    return (nodes - 2 * pairs) * local + pairs * pairRate(pairs, alone, net);
}

} // namespace

const BlockSpec& FileCopyBlock::spec() const
{
    static const BlockSpec sp{
        "beowulf.filecopy",
        "File copy mix",
        "Applications",
        "004's file-copy experiment: N nodes copy files at once, k send/receive pairs from one node's disk to "
        "another's over the network, the other N - 2k each from its local disk to the same disk. Each node's "
        "read(), write() and socket calls block, so a byte's disk and network times add; the remote pairs "
        "share the network. Gives the aggregate file-copy throughput of the mix and what each remote pair "
        "costs.",
        src("§3 Figs. 2 and 4"),
        {
            countParam("N", 14, 2, 1048576, "nodes copying files at the same time",
                       src("§3 (\"0, in which 14 nodes copied files locally\")")),
            countParam("k", 0, 0, 524288, "remote send/receive pairs among them (the mix); the other N - 2k copy locally",
                       src("§3 Figs. 2, 4 (mix 0 to 7 send/receive pairs)")),
            param("R_disk", Unit::BytesPerSecond, "MB/s", 1e6, 1e3, 1e12,
                  "rate at which one node's disk reads, or writes, an uncached file through read() or write()",
                  "assumed: 1 MB/s; " + src("§3 (read() and write() on uncached files) gives no disk rate")),
            param("X_net", Unit::BytesPerSecond, "MB/s", 1.25e6, 1e3, 1e12,
                  "payload rate of the network the remote pairs share (one pair alone gets all of it)",
                  "assumed: 10 Mbit/s; " + src("§3 (\"run using both of the available network channels\"): "
                                              "wire it from the bonded link's X")),
        },
        {
            output("r_loc", Unit::BytesPerSecond, "MB/s", "local copy rate of one node, R_disk / 2 (read, then write the same disk)",
                   src("§3 (intraprocessor copies: a file from its local disk to another file on its local disk)")),
            output("r_1", Unit::BytesPerSecond, "MB/s",
                   "rate of one remote pair alone, 1 / (1/R_disk + 1/X_net) (read then send; receive then write)",
                   src("§3 (\"the extra overhead of transmitting data over the network\")")),
            output("r_rem", Unit::BytesPerSecond, "MB/s", "rate of each of the k remote pairs, min(r_1, X_net / k)",
                   src("§3 (\"constrained by the available bandwidth\")")),
            output("T_L", Unit::BytesPerSecond, "MB/s", "the local copies' part of T, (N - 2k) r_loc", src("§3 Fig. 2"),
                   "T"),
            output("T_R", Unit::BytesPerSecond, "MB/s", "the remote pairs' part of T, k r_rem", src("§3 Fig. 2"), "T"),
            output("T", Unit::BytesPerSecond, "MB/s", "file-copy throughput of the mix, (N - 2k) r_loc + k r_rem",
                   src("§3 Figs. 2, 4 (network throughput during file copy)")),
            output("T_loc", Unit::BytesPerSecond, "MB/s", "throughput when all N copy locally, N r_loc",
                   src("§3 (\"When all file copies are done locally\")")),
            output("dT", Unit::Ratio, "%",
                   "throughput the k-th remote pair costs, (T(k - 1) - T(k)) / T_loc; 0 at k = 0",
                   src("§3 (\"degrades overall throughput by about 15%\"; \"only degrading by about 3.5% for each "
                       "additional remote file transfer added\")")),
            output("U_net", Unit::Ratio, "%", "share of the network the remote pairs use, k r_rem / X_net",
                   src("§3 (\"the network throughput is being constrained by the available bandwidth\")")),
        },
    };
    return sp;
}

std::string FileCopyBlock::check(const double* in) const
{
    if (2 * in[k] > in[N])
        return "k = " + formatNumber(in[k]) + " remote pairs need " + formatNumber(2 * in[k]) + " nodes, but N = " +
               formatNumber(in[N]);
    return {};
}

void FileCopyBlock::evaluate(const double* in, double* out) const
{
    const double nodes = in[N], pairs = in[k], disk = in[R_disk], net = in[X_net];
    const double local = disk / 2;                       // read, then write, on one disk
    const double alone = 1.0 / (1.0 / disk + 1.0 / net); // read then send, or receive then write
    const double remote = pairRate(pairs, alone, net);
    out[r_loc] = local;
    out[r_1] = alone;
    out[r_rem] = remote;
    out[T_L] = (nodes - 2 * pairs) * local;
    out[T_R] = pairs * remote;
    out[T] = out[T_L] + out[T_R];
    out[T_loc] = nodes * local;
    out[dT] = pairs > 0 ? (throughput(nodes, pairs - 1, local, alone, net) - out[T]) / out[T_loc] : 0.0;
    out[U_net] = out[T_R] / net;
}

} // namespace cs
