#include "common/BuiltinProbes.h"
#include "common/ProbeSupport.h"

#include "cs/probe/Fft.h"

namespace cs::probeplugin {

using nlohmann::json;

sdk::ProbeDescriptor FftProbe::descriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "cpu.fft";
    d.name = "1D FFT time per row length (FFTW)";
    d.description = "Time of one row's out-of-place complex 1D FFT in the row pass of a 2D FFT, with FFTW (double "
                    "precision): each length n is timed over a slab of rows (n rows, or as many as fit in "
                    "slab_bytes), planning time kept apart. Lengths double from length_min to length_max. The "
                    "median at length_min is t_fft1d for rows = length_min.";
    d.span = sdk::Span::Single;
    d.roles = {"self"};
    d.params = {
        {"length_min", "count", 1024, 2, 16777216, true, "first row length (complex points); t_fft1d is for it"},
        {"length_max", "count", 1024, 2, 16777216, true, "last row length (lengths double)"},
        {"planner", "choice", 1, 0, 2, true, "0 = FFTW_ESTIMATE, 1 = FFTW_MEASURE, 2 = FFTW_PATIENT"},
        warmupsParam(3, 10000),
        repsParam(30, 1000000),
        {"min_sample_time", "s", 2e-3, 1e-6, 10, false, "shortest batch of transforms timed as one sample"},
        {"slab_bytes", "B", 8388608, 0, 1073741824, true,
         "bytes of each of the slab's arrays: rows = min(n, slab_bytes / 16 n), at least 1 (0: one row, cache-resident)"},
    };
    d.calibrates = {{"inic.fft2d.t_fft1d", "t_fft1d", "median time of one FFT of length length_min"},
                    {"inic.proto.fft2d.t_fft1d", "t_fft1d", "as inic.fft2d.t_fft1d"},
                    {"fftw.transpose.t_fft1d", "t_fft1d", "as inic.fft2d.t_fft1d"}};
    d.summary = std::string(kSummaryConvention) + "; series t@n per length n (s per transform); derived t_fft1d "
                                                  "(length_min) and its plan time";
    return d;
}

sdk::RunOutcome FftProbe::run(const sdk::RunRequest& request, sdk::RunContext& context)
{
    return guarded([&] {
        cs::probe::FftParams p;
        p.lengths.clear();
        const double lmax = request.param("length_max");
        for (double n = request.param("length_min"); n <= lmax && p.lengths.size() < 64; n *= 2)
            p.lengths.push_back(static_cast<std::uint32_t>(n));
        if (p.lengths.empty())
            return sdk::RunOutcome::failure("invalid-parameter", "length_max must be at least length_min");
        p.planner = static_cast<cs::probe::FftPlanner>(static_cast<int>(request.param("planner")));
        p.warmups = static_cast<std::uint32_t>(request.param("warmups"));
        p.repetitions = static_cast<std::uint32_t>(request.param("reps"));
        p.minSampleTime_s = request.param("min_sample_time");
        p.slabBytes = static_cast<std::uint64_t>(request.param("slab_bytes"));
        if (std::string problem = p.validate(); !problem.empty())
            return sdk::RunOutcome::failure("invalid-parameter", problem);
        const cs::probe::FftResult r = cs::probe::runFft(p, makeControl(request, context));
        json series = json::object();
        json lengths = json::array();
        for (const auto& l : r.lengths) {
            const std::string name = "t@" + std::to_string(l.n);
            series[name] = seriesJson(context, name, l.time, "s");
            lengths.push_back(
                {{"n", l.n}, {"rows", l.rows}, {"plan_time_s", l.planTime_s}, {"batch", l.batch}, {"flop_rate", l.flopRate}});
        }
        json derivedValues = json::object();
        if (!r.lengths.empty()) {
            derivedValues["t_fft1d"] = derived(r.lengths.front().time, "s");
            derivedValues["plan_time"] = derived(r.lengths.front().planTime_s, "s");
        }
        sdk::RunOutcome out;
        out.ok = true;
        out.summary = {{"series", series}, {"derived", derivedValues}};
        out.details = {{"fftw_version", r.fftwVersion}, {"planner", static_cast<int>(r.planner)}, {"lengths", lengths}};
        out.environment = environmentJson(r.env);
        return out;
    });
}

} // namespace cs::probeplugin
