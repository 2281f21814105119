#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"
#include "app/Fft2dShared.h"

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
    d.params = fft2dParams();
    d.params.push_back(setupTimeoutParam());
    d.params.push_back(ioTimeoutParam());
    d.validates = fft2dValidates();
    d.summary = std::string(kSummaryConvention) + "; " + kFft2dSummaryText;
    return d;
}

sdk::RunOutcome Fft2dProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::Fft2dParams p = fft2dParamsFrom([&](const std::string& k) { return request.param(k); });
        p.rank = static_cast<std::uint32_t>(request.rank);
        p.setupTimeout_s = request.param("setup_timeout");
        return runOnMesh(request, context, p, [&](cs::probe::Listener& own, const cs::probe::RunControl& rc) {
            const cs::probe::Fft2dResult r = cs::probe::runTcpFft2d(own, p, rc);
            return appOutcome(fft2dJson(r, p.pairwise, "tcp", storedSeries(context)), r.env);
        });
    });
}

} // namespace cs::probeplugin
