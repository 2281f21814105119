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
    d.params = {{"rows", "count", 1024, 2, 65536, true, "rows (= columns) of the complex-double matrix; a multiple of P"}};
    for (sdk::ParamDef& p : appRepParams(1, 20, 3, 10))
        d.params.push_back(std::move(p));
    d.params.push_back(alltoallParam("fftw.transpose"));
    d.params.push_back(setupTimeoutParam());
    d.params.push_back(ioTimeoutParam());
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
        const cs::probe::RepBudget reps = repBudgetFrom(request);
        p.warmups = reps.warmups;
        p.repetitions = reps.repetitions;
        p.minReps = reps.minReps;
        p.budget_s = reps.budget_s;
        p.setupTimeout_s = request.param("setup_timeout");
        p.pairwise = request.param("alltoall") != 0;
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::Fft2dResult r = cs::probe::runTcpFft2d(own, p, rc);
            sdk::RunOutcome out;
            out.ok = true;
            out.summary = phaseSummary(context,
                                       {{"T", &r.T}, {"T_compute", &r.compute}, {"T_trans", &r.trans},
                                        {"T_local", &r.local}, {"T_a2a", &r.a2a}, {"T_perm", &r.perm}},
                                       "s");
            out.details = {{"rank", r.rank},          {"P", r.P},         {"rows", r.rows},
                           {"block_bytes", r.blockBytes}, {"kept", r.kept}, {"warmups", r.warmups},
                           {"dc_error", r.dcError}, {"transport", "tcp"},
                           {"alltoall", p.pairwise ? "pairwise" : "linear"}};
            out.environment = environmentJson(r.env);
            return out;
        });
    });
}

} // namespace cs::probeplugin
