#include "common/ProbeSupport.h"

#include <algorithm>
#include <cmath>
#include <exception>

namespace cs::probeplugin {

using nlohmann::json;

json seriesJson(sdk::RunContext& context, const std::string& name, const cs::probe::Summary& s,
               const std::string& unit)
{
    if (!s.samples.empty())
        context.addSamples(name, s.samples);
    return statsJson(s, unit);
}

json environmentJson(const cs::probe::Environment& env)
{
    return {{"hostname", env.hostname},
            {"kernel", env.kernelRelease},
            {"cpu_model", env.cpuModel},
            {"online_cpus", env.onlineCpus},
            {"requested_cpu", env.requestedCpu},
            {"pinned", env.pinned},
            {"cpu_observed", env.cpuObserved},
            {"affinity", env.affinity},
            {"clock_source", env.clockSource},
            {"timer", env.timer},
            {"timer_resolution_s", env.timerResolution_s},
            {"llc_bytes", env.lastLevelCache_B},
            {"kernels_version", env.kernelsVersion}};
}

cs::probe::RunControl makeControl(const sdk::RunRequest& request, sdk::RunContext& context)
{
    cs::probe::RunControl rc;
    rc.stop = context.stopFlag();
    rc.token = request.token;
    if (auto it = request.params.find("io_timeout"); it != request.params.end())
        rc.ioTimeout_s = it->second;
    if (auto it = request.params.find("connect_timeout"); it != request.params.end())
        rc.connectTimeout_s = it->second;
    return rc;
}

sdk::RunOutcome guarded(const std::function<sdk::RunOutcome()>& body)
{
    try {
        return body();
    } catch (const cs::probe::ProbeError& e) {
        return sdk::RunOutcome::failure(cs::probe::errorKindName(e.kind()), e.what());
    } catch (const std::exception& e) {
        return sdk::RunOutcome::failure("failed", e.what());
    }
}

sdk::ParamDef warmupsParam(double def, double max)
{
    return {"warmups", "count", def, 0, max, true, "measurements discarded before the kept ones"};
}

sdk::ParamDef repsParam(double def, double max)
{
    return {"reps", "count", def, 1, max, true, "measurements kept per point"};
}

sdk::ParamDef ioTimeoutParam()
{
    return {"io_timeout", "s", 30.0, 0.01, 3600, false, "a peer silent this long fails the run"};
}

sdk::ParamDef acceptTimeoutParam()
{
    return {"accept_timeout", "s", 30.0, 0.1, 86400, false, "server role: how long to wait for the client"};
}

SeriesJsonOf storedSeries(sdk::RunContext& context)
{
    return [&context](const std::string& name, const cs::probe::Summary& s) { return seriesJson(context, name, s, "s"); };
}

sdk::RunOutcome appOutcome(AppJson result, const cs::probe::Environment& env)
{
    sdk::RunOutcome out;
    out.ok = true;
    out.summary = std::move(result.summary);
    out.details = std::move(result.details);
    out.environment = environmentJson(env);
    return out;
}

sdk::ParamDef setupTimeoutParam()
{
    return {"setup_timeout", "s", 30, 0.1, 3600, false, "how long the mesh may take to connect"};
}

cs::probe::SocketAddress serverEndpoint(const sdk::RunRequest& request)
{
    if (request.peers.empty())
        throw cs::probe::ProbeError(cs::probe::ErrorKind::InvalidParameter,
                                    "the client role needs the server's endpoint (no peers given)");
    cs::probe::SocketAddress e;
    e.host = request.peers.front().host;
    e.port = static_cast<std::uint16_t>(request.peers.front().port);
    return e;
}

cs::probe::SocketAddress groupBind(const sdk::RunRequest& request)
{
    cs::probe::SocketAddress bindTo;
    bindTo.host = request.bind.empty() ? "127.0.0.1" : request.bind;
    return bindTo;
}

std::vector<cs::probe::SocketAddress> announceAndWaitPeers(const cs::probe::Listener& own, sdk::RunContext& context)
{
    context.announce(own.port());
    std::vector<cs::probe::SocketAddress> out;
    for (const sdk::PeerAddress& e : context.waitPeers()) {
        cs::probe::SocketAddress k;
        k.host = e.host;
        k.port = static_cast<std::uint16_t>(e.port);
        out.push_back(k);
    }
    return out;
}

sdk::RunOutcome serveOnce(const sdk::RunRequest& request, sdk::RunContext& context, cs::probe::KernelId kernel,
                          bool withUdp)
{
    return guarded([&] {
        const cs::probe::RunControl rc = makeControl(request, context);
        cs::probe::SocketAddress bindTo;
        bindTo.host = request.bind.empty() ? "127.0.0.1" : request.bind;
        bindTo.port = 0;
        cs::probe::Listener listener(bindTo, withUdp);
        context.announce(listener.port());
        cs::probe::ServeOptions opts;
        opts.allowed = {kernel};
        opts.sessions = 1;
        if (auto it = request.params.find("accept_timeout"); it != request.params.end())
            opts.acceptTimeout_s = it->second;
        const cs::probe::ServeResult served = cs::probe::serve(listener, opts, rc);
        sdk::RunOutcome out;
        out.ok = true;
        json sessions = json::array();
        for (const auto& s : served.sessions)
            sessions.push_back({{"kernel", cs::probe::kernelName(s.kernel)},
                                {"peer", s.peer},
                                {"bytes_received", s.bytesReceived},
                                {"bytes_sent", s.bytesSent},
                                {"messages", s.messages}});
        out.details = {{"served", sessions}, {"port", listener.port()}};
        out.environment = environmentJson(served.env);
        return out;
    });
}

} // namespace cs::probeplugin
