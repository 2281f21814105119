#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/Stream.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor StreamProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "net.stream";
    d.name = "Streaming bandwidth over 1..N sockets";
    d.description = "One-way or two-way streaming over 1 to N parallel TCP connections (003's one-way and two-way "
                    "benchmarks; N sockets model bonded links). Rates are measured at the receiver; two-way is "
                    "the sum of both directions.";
    d.span = sdk::Span::Pair;
    d.roles = {"server", "client"};
    d.params = {
        {"mode", "choice", 0, 0, 1, true, "0 = one-way (client to server), 1 = two-way"},
        {"sockets", "count", 1, 1, 64, true, "parallel TCP connections"},
        {"message_size", "B", 131072, 1, 16777216, true, "bytes per send() call"},
        {"bytes", "B", 0, 0, 68719476736.0, true, "bytes per stream and repetition; 0 = sized to last 'duration'"},
        {"duration", "s", 0.5, 0.01, 600, false, "target duration of a repetition when bytes = 0"},
        warmupsParam(1, 1000),
        repsParam(5, 100000),
        {"socket_buffer", "B", 0, 0, 1073741824, true, "SO_SNDBUF/SO_RCVBUF; 0 = kernel autotuning"},
        ioTimeoutParam(),
        acceptTimeoutParam(),
    };
    d.calibrates = {{"bonding.throughput.r", "bandwidth", "one-way rate of one socket over one link"}};
    d.validates = {"bonding.throughput.X"};
    d.summary = std::string(kSummaryConvention) +
                "; series client_to_server, server_to_client and total (B/s, one sample per repetition); "
                "derived bandwidth = median total";
    return d;
}

sdk::RunOutcome StreamProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    if (request.role == "server")
        return serveOnce(request, context, cs::probe::KernelId::Stream, false);
    return guarded([&] {
        cs::probe::StreamParams p;
        p.mode = request.param("mode") == 1 ? cs::probe::StreamMode::TwoWay : cs::probe::StreamMode::OneWay;
        p.streams = static_cast<std::uint32_t>(request.param("sockets"));
        p.messageSize = static_cast<std::uint32_t>(request.param("message_size"));
        p.bytesPerStream = static_cast<std::uint64_t>(request.param("bytes"));
        p.duration_s = request.param("duration");
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        p.socketBuffer = static_cast<std::uint32_t>(request.param("socket_buffer"));
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::StreamResult r =
            cs::probe::runStreamClient(serverEndpoint(request), p, makeControl(request, context));
        json reps = json::array();
        for (const auto& rep : r.repetitions) {
            reps.push_back({{"client_to_server", rep.clientToServer},
                            {"server_to_client", rep.serverToClient},
                            {"bytes_per_stream", rep.bytesPerStream}});
        }
        json series = {{"client_to_server", seriesJson(context, "client_to_server", r.clientToServer, "B/s")},
                       {"total", seriesJson(context, "total", r.total, "B/s")}};
        if (p.mode == cs::probe::StreamMode::TwoWay)
            series["server_to_client"] = seriesJson(context, "server_to_client", r.serverToClient, "B/s");
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series", series}, {"derived", {{"bandwidth", derived(r.total, "B/s")}}}};
        out.details = {{"mode", p.mode == cs::probe::StreamMode::TwoWay ? "two-way" : "one-way"},
                       {"sockets", r.streams},
                       {"repetitions", reps},
                       {"server", r.server.toString()}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
