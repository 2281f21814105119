#pragma once
// Helpers shared by the probe plugins: kernel results to JSON, kernel errors
// to RunOutcome, common parameters and the RunControl of a request.
#include "app/AppShared.h"
#include "common/SummaryJson.h"
#include "cs/probe/Environment.h"
#include "cs/probe/Error.h"
#include "cs/probe/GroupReps.h"
#include "cs/probe/RunControl.h"
#include "cs/probe/Server.h"
#include "cs/probe/Socket.h"
#include "cs/probe/Statistics.h"
#include "cs/sdk/ProbeDescriptor.h"
#include "cs/sdk/RunContext.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cs::probeplugin {

// Text every probe's descriptor uses to say how it summarises samples.
inline constexpr const char* kSummaryConvention =
    "warm-ups discarded; per series: median with a distribution-free 95% confidence interval "
    "(binomial order statistics), min, p25, p75, p99, max and the sample count";

// Stores the series' raw samples (s.samples) in the results under `name`, then returns statsJson(s, unit).
// Every probe reports its series through this, so each summary has its samples beside it.
nlohmann::json seriesJson(sdk::RunContext& context, const std::string& name, const cs::probe::Summary& s,
                          const std::string& unit);
nlohmann::json environmentJson(const cs::probe::Environment& env);

// The RunControl for a request: the context's stop flag, the request's
// token, io_timeout / connect_timeout parameters when present.
cs::probe::RunControl makeControl(const sdk::RunRequest& request, sdk::RunContext& context);

// Runs `body`, turning a ProbeError (or any exception) into a failed outcome
// whose errorKind is the kernel's error kind name.
sdk::RunOutcome guarded(const std::function<sdk::RunOutcome()>& body);

// Parameters most probes share.
sdk::ParamDef warmupsParam(double def, double max = 100000);
sdk::ParamDef repsParam(double def, double max = 1000000);
sdk::ParamDef ioTimeoutParam();
sdk::ParamDef acceptTimeoutParam();

// An application probe's phases as series JSON, each one's samples stored in the results (seriesJson, "s").
SeriesJsonOf storedSeries(sdk::RunContext& context);
// An application run's outcome: ok, its summary and details, the environment it ran in.
sdk::RunOutcome appOutcome(AppJson result, const cs::probe::Environment& env);

// How long a group probe's mesh may take to connect. (The application probes' repetitions, all-to-all
// schedule and summaries: app/AppShared.h.)
sdk::ParamDef setupTimeoutParam();

// The server role of a pair probe: binds request.bind (port 0), announces
// the port, serves one session of `kernel`, summarises what it served.
sdk::RunOutcome serveOnce(const sdk::RunRequest& request, sdk::RunContext& context, cs::probe::KernelId kernel,
                          bool withUdp);

// The first peer of a client role as a kernel endpoint.
cs::probe::SocketAddress serverEndpoint(const sdk::RunRequest& request);

// Where a group probe listens: request.bind, loopback when none is given.
cs::probe::SocketAddress groupBind(const sdk::RunRequest& request);

// The start of a group probe's mesh: announces `own`'s port and returns the
// other nodes' endpoints, in rank order; empty when the run was cancelled
// while waiting for them.
std::vector<cs::probe::SocketAddress> announceAndWaitPeers(const cs::probe::Listener& own, sdk::RunContext& context);

// The run of a group probe over its TCP mesh: binds (groupBind), announces and waits for the other nodes
// into params.peers, refuses params whose validate() names a problem, then returns run(own, rc) with the
// request's RunControl. A cancel while waiting gives a "cancelled" failure.
template <typename Params, typename Run>
sdk::RunOutcome runOnMesh(const sdk::RunRequest& request, sdk::RunContext& context, Params& params, Run run)
{
    cs::probe::Listener own(groupBind(request), false);
    params.peers = announceAndWaitPeers(own, context);
    if (params.peers.empty())
        return sdk::RunOutcome::failure("cancelled", "cancelled while waiting for the other nodes");
    if (std::string problem = params.validate(); !problem.empty())
        return sdk::RunOutcome::failure("invalid-parameter", problem);
    return run(own, makeControl(request, context));
}

} // namespace cs::probeplugin
