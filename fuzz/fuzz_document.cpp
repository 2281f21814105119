// libFuzzer target for the design-document loader: any byte string must
// either load or be refused with a DocumentError/ModelError, never crash,
// hang or leak; and what loads must be readable by the calibration code
// that trusts its measured and calibration sections. Built by the `fuzz` preset (clang); run by scripts/fuzz.sh.
#include "model/calibration/Calibration.h"
#include "model/calibration/ResultsData.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"

#include <cstddef>
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const std::string text(reinterpret_cast<const char*>(data), size);
    try {
        const cs::DesignDocument doc = cs::parseDocument(text);
        // Nothing after a NUL byte is ever ignored: a text with one never loads.
        if (text.find('\0') != std::string::npos)
            __builtin_trap();
        // Warnings (unknown record keys, what fails only when evaluated) are
        // a bounded list, whatever the file holds.
        if (doc.warnings.size() > 100)
            __builtin_trap();
        // A document that loads must also save and load again.
        const std::string again = cs::serializeDocument(doc);
        cs::parseDocument(again);
        // The sections other readers trust have the shapes they expect:
        // reading them refuses in words (ModelError) or succeeds.
        for (const auto& entry : doc.calibration)
            try {
                cs::calib::reportFromJson(entry);
            } catch (const cs::ModelError&) {
            }
        try {
            cs::calib::resultEntries(doc.measured);
        } catch (const cs::ModelError&) {
        }
        cs::calib::measuredSeries(doc.measured, &doc);
    } catch (const cs::ModelError&) {
    }
    return 0;
}
