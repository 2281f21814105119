#pragma once
// The program bench_replay and bench_recording_sim replay: a halo exchange of
// 64 ranks on the k = 8 fat-tree (128 hosts, packed). Each iteration every rank
// posts irecv and isend of 64 KiB to both ring neighbours, waits for all four,
// joins an 8-byte allreduce and computes; the iterations are one loop of the
// recording, so the text stays a dozen lines a rank. The loop count is set so
// the replay sends `messages` point-to-point messages.
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"
#include "model/topology/graph/CoreGraph.h"
#include "model/topology/placement/FairShare.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/placement/JobPlacement.h"
#include "model/topology/placement/PlacedMetrics.h"

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace cs::bench {

inline std::vector<std::string> haloTexts(int P, long iterations)
{
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r) {
        const int left = (r + P - 1) % P, right = (r + 1) % P;
        char b[512];
        std::snprintf(b, sizeof b,
                      "csrec 1 %d %d\nc 0.001\nloop %ld 7\nirecv %d 65536 0 0 0\nirecv %d 65536 0 0 1\n"
                      "isend %d 65536 0 0 2\nisend %d 65536 0 0 3\nwaitall 4 0 1 2 3\nallreduce 8 0\nc 0.0001\nend\n",
                      r, P, iterations, left, right, left, right);
        texts.emplace_back(b);
    }
    return texts;
}

// The fat-tree with the job placed, and the replay's network on it (LogGP L = 5 us, o_s = 2 us, o_r = 3 us,
// g = 1 us, G = 1 ns/B).
struct HaloNetwork {
    explicit HaloNetwork(int P)
    {
        const std::vector<std::uint32_t> order = placementOrder(t, Placement::Packed, {});
        for (int r = 0; r < P; ++r)
            hosts.push_back(t.hosts()[order[static_cast<std::size_t>(r)]]);
        share = std::make_unique<FairShare>(placed, hosts);
        rn.loggp = {5e-6, 2e-6, 3e-6, 1e-6, 1e-9};
        rn.secondsPerByte = [this](const rec::Flows& f) { return roundSecondsPerByte(placed, hosts, f); };
        rn.flowRates = [this](const rec::Flows& f, double ack) { return share->rates(f, {}, ack); };
    }
    HaloNetwork(const HaloNetwork&) = delete;
    HaloNetwork& operator=(const HaloNetwork&) = delete;

    const Topology t = generate("fat-tree", {{"k", 8}});
    const CoreGraph g = CoreGraph::build(t);
    const PlacedNetwork placed{t, g};
    std::vector<std::size_t> hosts;
    std::unique_ptr<FairShare> share;
    rec::ReplayNetwork rn;
};

} // namespace cs::bench
