#include "common/BuiltinProbes.h"
#include "common/KernelParams.h"
#include "common/LogGPShared.h"
#include "common/ProbeSupport.h"

#include "cs/probe/LogGP.h"

#include <algorithm>

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor LogGPProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "net.loggp";
    d.name = "LogGP parameters by PRTT(n,d,s)";
    d.description =
        "Netgauge's parametrised round trip PRTT(n, d, s): n messages of s bytes with a delay d between sends, "
        "one reply. PRTT(1,0,s), PRTT(n,0,s) and PRTT(n,d,s) give g + (s-1)G and o_s per size; the server "
        "measures o_r; lines fitted per message-size segment (split where the protocol changes) give g and G; "
        "L follows from PRTT(1,0,s).";
    d.span = sdk::Span::Pair;
    d.roles = {"server", "client"};
    d.params = logGPMeasureParams();
    d.params.push_back(ioTimeoutParam());
    d.params.push_back(acceptTimeoutParam());
    d.calibrates = logGPCalibrates();
    d.summary = std::string(kSummaryConvention) + "; " + kLogGPSummaryText;
    return d;
}

sdk::RunOutcome LogGPProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    if (request.role == "server")
        return serveOnce(request, context, cs::probe::KernelId::LogGP, false);
    return guarded([&] {
        cs::probe::LogGPParams p = logGPParamsFrom([&](const std::string& k) { return request.param(k); });
        const double sizeCount = static_cast<double>(p.sizes.size());
        // Progress counts sizes begun, so that a timeout can name the size it was on.
        p.onSize = [&context, sizeCount](std::size_t index, std::uint32_t) {
            context.progress(static_cast<double>(index), sizeCount);
        };
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::LogGPResult r =
            cs::probe::runLogGPClient(serverEndpoint(request), p, makeControl(request, context));
        LogGPJson j = logGPJson(r, [&](const std::string& name, const cs::probe::Summary& s) {
            return seriesJson(context, name, s, "s");
        });
        j.details["server"] = r.server.toString();
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = std::move(j.summary);
        out.details = std::move(j.details);
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
