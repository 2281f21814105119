// libFuzzer target for probe results files (`calibrate --results`): any byte
// string must either be read or be refused with a ModelError naming the
// JSON path, never crash, hang or leak; and what is read must be usable by
// the calibration code that trusts it. Built by the `fuzz` preset (clang);
// run by scripts/fuzz.sh on fuzz/corpus/fuzz_results.
#include "model/calibration/Calibration.h"
#include "model/calibration/ResultsData.h"
#include "model/core/ModelError.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        std::vector<std::string> warnings;
        const nlohmann::json results = cs::calib::resultsFromText(text, "fuzz.json", &warnings);
        // What is accepted holds no NUL byte and is an array of results; the
        // members kept without being known are named in a bounded list.
        if (text.find('\0') != std::string::npos || !results.is_array() || warnings.size() > 100)
            __builtin_trap();
        try {
            cs::calib::resultEntries(results);
        } catch (const cs::ModelError&) {
        }
        cs::calib::measuredSeries(results);
    } catch (const cs::ModelError&) {
    }
    return 0;
}
