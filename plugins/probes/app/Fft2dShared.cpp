#include "app/Fft2dShared.h"
#include "common/SummaryJson.h"

namespace cs::probeplugin {

using nlohmann::json;

const char* const kFft2dSummaryText =
    "series T, T_compute, T_trans, T_local, T_a2a, T_perm per repetition (max over the ranks, s); derived the same "
    "medians";

std::vector<sdk::ParamDef> fft2dParams()
{
    return {
        {"rows", "count", 1024, 2, 65536, true, "rows (= columns) of the complex-double matrix; a multiple of P"},
        {"warmups", "count", 1, 0, 100, true, "repetitions discarded before the kept ones"},
        {"reps", "count", 20, 1, 10000, true, "most repetitions kept (the budget may stop earlier)"},
        {"min_reps", "count", 3, 1, 10000, true, "fewest kept repetitions when the budget runs out"},
        {"budget", "s", 10, 0, 86400, false, "seconds of kept repetitions (0 = run all reps)"},
        {"alltoall", "choice", 1, 0, 1, true,
         "0 = linear (every block at once), 1 = pairwise (P-1 rounds), as fftw.transpose's alltoall"},
    };
}

std::vector<std::string> fft2dValidates()
{
    return {"fftw.transpose.T",       "fftw.transpose.T_compute", "fftw.transpose.T_trans",
            "fftw.transpose.T_local", "fftw.transpose.T_a2a",     "fftw.transpose.T_perm"};
}

cs::probe::Fft2dParams fft2dParamsFrom(const std::function<double(const std::string&)>& param)
{
    cs::probe::Fft2dParams p;
    p.rows = static_cast<std::uint32_t>(param("rows"));
    p.warmups = static_cast<std::uint32_t>(param("warmups"));
    p.repetitions = static_cast<std::uint32_t>(param("reps"));
    p.minReps = static_cast<std::uint32_t>(param("min_reps"));
    p.budget_s = param("budget");
    p.pairwise = param("alltoall") != 0;
    return p;
}

Fft2dJson fft2dJson(const cs::probe::Fft2dResult& r, bool pairwise, const std::string& transport,
                    const std::function<json(const std::string& name, const cs::probe::Summary& s)>& seriesOf)
{
    const std::pair<const char*, const cs::probe::Summary*> phases[] = {
        {"T", &r.T},           {"T_compute", &r.compute}, {"T_trans", &r.trans},
        {"T_local", &r.local}, {"T_a2a", &r.a2a},         {"T_perm", &r.perm}};
    json series = json::object(), der = json::object();
    for (const auto& [name, s] : phases) {
        series[name] = seriesOf(name, *s);
        der[name] = derived(*s, "s");
    }
    return {{{"series", series}, {"derived", der}},
            {{"rank", r.rank},
             {"P", r.P},
             {"rows", r.rows},
             {"block_bytes", r.blockBytes},
             {"kept", r.kept},
             {"warmups", r.warmups},
             {"dc_error", r.dcError},
             {"transport", transport},
             {"alltoall", pairwise ? "pairwise" : "linear"}}};
}

} // namespace cs::probeplugin
