#include "app/Fft2dShared.h"

namespace cs::probeplugin {

using nlohmann::json;

const char* const kFft2dSummaryText =
    "series T, T_compute, T_trans, T_local, T_a2a, T_perm per repetition (max over the ranks, s); derived the same "
    "medians";

std::vector<sdk::ParamDef> fft2dParams()
{
    std::vector<sdk::ParamDef> d = {
        {"rows", "count", 1024, 2, 65536, true, "rows (= columns) of the complex-double matrix; a multiple of P"}};
    for (sdk::ParamDef& p : appRepParams(1, 20, 3, 10))
        d.push_back(std::move(p));
    d.push_back(alltoallParam("fftw.transpose"));
    return d;
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
    const cs::probe::RepBudget reps = repBudgetFrom(param);
    p.warmups = reps.warmups;
    p.repetitions = reps.repetitions;
    p.minReps = reps.minReps;
    p.budget_s = reps.budget_s;
    p.pairwise = param("alltoall") != 0;
    return p;
}

Fft2dJson fft2dJson(const cs::probe::Fft2dResult& r, bool pairwise, const std::string& transport,
                    const SeriesJsonOf& seriesOf)
{
    return {phasesJson({{"T", &r.T},
                        {"T_compute", &r.compute},
                        {"T_trans", &r.trans},
                        {"T_local", &r.local},
                        {"T_a2a", &r.a2a},
                        {"T_perm", &r.perm}},
                       seriesOf),
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
