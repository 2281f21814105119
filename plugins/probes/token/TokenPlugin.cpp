#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/TokenExchange.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor TokenProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "net.token";
    d.name = "Beowulf UDP token exchange";
    d.description = "004 §3: a pair exchanges tokens of token_bytes over UDP with k tokens in flight; a token is "
                    "returned once complete. Throughput counts token bytes in both directions.";
    d.span = sdk::Span::Pair;
    d.roles = {"server", "client"};
    d.params = {
        {"token_bytes", "B", 1024, 1, 1048576, true, "token size (004: 2^n, n = 2..13)"},
        {"in_flight", "count", 1, 1, 64, true, "tokens in flight at once (k)"},
        {"exchanges", "count", 1000, 1, 10000000, true, "completed exchanges per repetition (004: 1000)"},
        {"packet_payload", "B", 1456, 1, 65000, true, "token bytes per UDP packet"},
        {"loss_timeout", "s", 0.1, 0.001, 10, false, "a token not back this long is re-sent"},
        warmupsParam(1, 1000),
        repsParam(5, 100000),
        ioTimeoutParam(),
        acceptTimeoutParam(),
    };
    d.validates = {"bonding.throughput.X"};
    d.summary = std::string(kSummaryConvention) +
                "; series throughput and one_way (B/s) and exchange_time (s); derived throughput";
    return d;
}

sdk::RunOutcome TokenProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    if (request.role == "server")
        return serveOnce(request, context, cs::probe::KernelId::TokenExchange, true);
    return guarded([&] {
        cs::probe::TokenExchangeParams p;
        p.tokenBytes = static_cast<std::uint32_t>(request.param("token_bytes"));
        p.inFlight = static_cast<std::uint32_t>(request.param("in_flight"));
        p.exchanges = static_cast<std::uint32_t>(request.param("exchanges"));
        p.packetPayload = static_cast<std::uint32_t>(request.param("packet_payload"));
        p.lossTimeout_s = request.param("loss_timeout");
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::TokenExchangeResult r =
            cs::probe::runTokenExchangeClient(serverEndpoint(request), p, makeControl(request, context));
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series",
                        {{"throughput", seriesJson(context, "throughput", r.throughput, "B/s")},
                         {"one_way", seriesJson(context, "one_way", r.oneWayThroughput, "B/s")},
                         {"exchange_time", seriesJson(context, "exchange_time", r.exchangeTime, "s")}}},
                       {"derived", {{"throughput", derived(r.throughput, "B/s")}}}};
        out.details = {{"packets_per_token", r.packetsPerToken}, {"lost_tokens", r.lostTokens},
                       {"server", r.server.toString()}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
