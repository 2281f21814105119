#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/Alltoall.h"

#include <cmath>

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor AlltoallProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "net.alltoall";
    d.name = "All-to-all transpose exchange over TCP";
    d.description = "Every one of P nodes sends a block of block_bytes to every other node and receives one from "
                    "each, over a full mesh of TCP connections (the transpose of a distributed 2D FFT). The time "
                    "of one exchange is the maximum over the nodes.";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.params = {
        {"block_bytes", "B", 65536, 1, 1073741824, true, "bytes sent to each other node per exchange"},
        warmupsParam(2, 1000),
        repsParam(10, 100000),
        setupTimeoutParam(),
        ioTimeoutParam(),
    };
    d.validates = {"logp.loggp.T_alltoall", "fftw.transpose.T_a2a"};
    d.summary = std::string(kSummaryConvention) +
                "; series completion (max over nodes) and local (this node) exchange times; derived T_alltoall "
                "and the per-node bandwidth";
    return d;
}

sdk::RunOutcome AlltoallProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::AlltoallParams p;
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.blockBytes = static_cast<std::uint64_t>(request.param("block_bytes"));
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        p.setupTimeout_s = request.param("setup_timeout");
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::AlltoallResult r = cs::probe::runTcpAlltoall(own, p, rc);
            // The bandwidth is (P - 1) block / the median completion time, a decreasing function of it: its
            // 95% interval is the same bytes over the completion's interval, bounds swapped. Without it the
            // value had no spread and calibration never applied it (zero_ci).
            const double bytes = static_cast<double>(r.P - 1) * static_cast<double>(r.blockBytes);
            const double bwLow = r.completionTime.ciHigh > 0 ? bytes / r.completionTime.ciHigh : std::nan("");
            const double bwHigh = r.completionTime.ciLow > 0 ? bytes / r.completionTime.ciLow : std::nan("");
            sdk::RunOutcome out;
            out.ok = true;
            out.summary = {{"series",
                            {{"completion", seriesJson(context, "completion", r.completionTime, "s")},
                             {"local", seriesJson(context, "local", r.localTime, "s")}}},
                           {"derived",
                            {{"T_alltoall", derived(r.completionTime, "s")},
                             {"bandwidth_per_node", derived(r.perRankBandwidth, bwLow, bwHigh, "B/s")}}}};
            out.details = {{"rank", r.rank}, {"P", r.P}, {"block_bytes", r.blockBytes}};
            out.environment = environmentJson(r.env);
            return out;
        });
    });
}

} // namespace cs::probeplugin
