#include "common/BuiltinProbes.h"
#include "common/KernelParams.h"
#include "common/ProbeSupport.h"

#include "cs/probe/PingPong.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor PingPongProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "net.pingpong";
    d.name = "Ping-pong latency (TCP/UDP)";
    d.description = "The client sends a message of s bytes, the server echoes it; each round trip is timed. "
                    "Sizes sweep geometrically from size_min to size_max. Latency is half the round trip; "
                    "bandwidth per round trip is 2 s / RTT (003's ping-pong benchmark). With a time budget per "
                    "size, large sizes run fewer round trips (as OSU and Netgauge do) and details.sizes gives "
                    "the rounds each size really ran; sizes too slow for the budget are listed in "
                    "details.skipped.";
    d.span = sdk::Span::Pair;
    d.roles = {"server", "client"};
    d.params = {
        {"transport", "choice", 0, 0, 1, true, "0 = TCP (TCP_NODELAY), 1 = UDP"},
        {"size_min", "B", 1, 1, 16777216, true, "smallest message size (UDP: at most 65507)"},
        {"size_max", "B", 16384, 1, 16777216, true, "largest message size (UDP: at most 65507)"},
        {"size_factor", "ratio", 4, 1.01, 1024, false, "ratio between consecutive sizes"},
        warmupsParam(100, 1000000),
        repsParam(1000, 10000000),
        {"budget", "s", 0, 0, 3600, false,
         "time budget per size (0 = none): a size stops once it is spent and min_reps round trips are kept, "
         "warm-ups shrink in proportion, and a size whose predicted round trip exceeds it is skipped"},
        {"min_reps", "count", 3, 1, 1000000, true, "fewest kept round trips of a size the budget cuts short"},
        {"loss_timeout", "s", 0.2, 0.001, 10, false, "UDP: a datagram without reply this long is lost"},
        ioTimeoutParam(),
        acceptTimeoutParam(),
    };
    d.validates = {"logp.loggp.T_rtt", "logp.loggp.T_oneway"};
    d.summary = std::string(kSummaryConvention) +
                "; series rtt@S, latency@S (RTT/2) and bandwidth@S (2 S / RTT) per size S; derived "
                "latency and rtt at the smallest size, bandwidth at the largest";
    return d;
}

sdk::RunOutcome PingPongProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    const bool udp = request.param("transport") == 1;
    if (request.role == "server")
        return serveOnce(request, context, cs::probe::KernelId::PingPong, udp);
    if (request.role != "client")
        return sdk::RunOutcome::failure("invalid-parameter", "net.pingpong has roles server and client, not " +
                                                                 request.role);
    return guarded([&] {
        cs::probe::PingPongParams p = pingPongParamsFrom([&](const std::string& k) { return request.param(k); });
        const double sizeCount = static_cast<double>(p.sizes.size());
        // Progress counts sizes begun, so that a timeout can name the size it was on.
        p.onSize = [&context, sizeCount](std::size_t index, std::uint32_t) {
            context.progress(static_cast<double>(index), sizeCount);
        };
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::RunControl rc = makeControl(request, context);
        const cs::probe::PingPongResult r = cs::probe::runPingPongClient(serverEndpoint(request), p, rc);

        sdk::RunOutcome out;
        out.ok = true;
        json series = json::object();
        json sizes = json::array();
        for (const auto& s : r.sizes) {
            const std::string at = "@" + std::to_string(s.size);
            series["rtt" + at] = seriesJson(context, "rtt" + at, s.rtt, "s");
            series["latency" + at] = seriesJson(context, "latency" + at, s.latency, "s");
            series["bandwidth" + at] = seriesJson(context, "bandwidth" + at, s.bandwidth, "B/s");
            sizes.push_back({{"size", s.size}, {"lost", s.lost}, {"rounds", s.rounds}, {"warmups", s.warmups}});
        }
        json derivedValues = json::object();
        if (!r.sizes.empty()) {
            derivedValues["latency"] = derived(r.sizes.front().latency, "s");
            derivedValues["rtt"] = derived(r.sizes.front().rtt, "s");
            derivedValues["bandwidth"] = derived(r.sizes.back().bandwidth, "B/s");
        }
        out.summary = {{"series", series}, {"derived", derivedValues}};
        out.details = {{"transport", udp ? "udp" : "tcp"}, {"server", r.server.toString()}, {"sizes", sizes},
                       {"skipped", r.skipped}};
        out.environment = environmentJson(r.env);
        context.progress(1, 1);
        return out;
    });
}

} // namespace cs::probeplugin
