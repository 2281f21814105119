#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/Fft2d.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor Fft2dProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "app.fft2d";
    d.name = "Parallel 2D FFT over TCP (the application)";
    d.description =
        "The parallel 2D FFT of 000_e9da438bafb3289f.txt §3.1.1 run on P nodes: row FFTs with FFTW, local "
        "transposes, the all-to-all transpose over a full mesh of TCP connections, the final permutation, twice. "
        "Each phase is timed apart (the maximum over the nodes per repetition), so the measurement compares with "
        "fftw.transpose's T, T_compute, T_trans, T_local, T_a2a and T_perm. Repetitions follow a time budget.";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.params = {
        {"rows", "count", 1024, 2, 65536, true, "rows (= columns) of the complex-double matrix; a multiple of P"},
        warmupsParam(1, 100),
        repsParam(20, 10000),
        {"min_reps", "count", 3, 1, 10000, true, "fewest kept repetitions when the budget runs out"},
        {"budget", "s", 10, 0, 86400, false, "seconds of kept repetitions (0 = run all reps)"},
        {"alltoall", "choice", 1, 0, 1, true,
         "0 = linear (every block at once), 1 = pairwise (P-1 rounds), as fftw.transpose's alltoall"},
        {"setup_timeout", "s", 30, 0.1, 3600, false, "how long the mesh may take to connect"},
        ioTimeoutParam(),
    };
    d.validates = {"fftw.transpose.T",       "fftw.transpose.T_compute", "fftw.transpose.T_trans",
                   "fftw.transpose.T_local", "fftw.transpose.T_a2a",     "fftw.transpose.T_perm"};
    d.summary = std::string(kSummaryConvention) +
                "; series T, T_compute, T_trans, T_local, T_a2a, T_perm per repetition (max over the nodes, s); "
                "derived the same medians";
    return d;
}

sdk::RunOutcome Fft2dProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::Fft2dParams p;
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.rows = static_cast<std::uint32_t>(request.param("rows"));
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        p.minReps = static_cast<std::uint32_t>(request.param("min_reps"));
        p.budget_s = request.param("budget");
        p.setupTimeout_s = request.param("setup_timeout");
        p.pairwise = request.param("alltoall") != 0;
        cs::probe::Listener own(groupBind(request), false);
        p.peers = announceAndWaitPeers(own, context);
        if (p.peers.empty())
            return sdk::RunOutcome::failure("cancelled", "cancelled while waiting for the other nodes");
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::Fft2dResult r = cs::probe::runTcpFft2d(own, p, makeControl(request, context));
        const std::pair<const char*, const cs::probe::Summary*> phases[] = {
            {"T", &r.T},           {"T_compute", &r.compute}, {"T_trans", &r.trans},
            {"T_local", &r.local}, {"T_a2a", &r.a2a},         {"T_perm", &r.perm}};
        json series = json::object(), der = json::object();
        for (const auto& [name, s] : phases) {
            series[name] = seriesJson(context, name, *s, "s");
            der[name] = derived(*s, "s");
        }
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series", series}, {"derived", der}};
        out.details = {{"rank", r.rank},          {"P", r.P},         {"rows", r.rows},
                       {"block_bytes", r.blockBytes}, {"kept", r.kept}, {"warmups", r.warmups},
                       {"dc_error", r.dcError}, {"transport", "tcp"},
                       {"alltoall", p.pairwise ? "pairwise" : "linear"}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
