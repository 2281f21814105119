// libFuzzer target for the design-document loader: any byte string must
// either load or be refused with a DocumentError/ModelError, never crash,
// hang or leak. Built by the `fuzz` preset (clang); run by scripts/fuzz.sh.
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
        // A document that loads must also save and load again.
        const std::string again = cs::serializeDocument(doc);
        cs::parseDocument(again);
    } catch (const cs::ModelError&) {
    }
    return 0;
}
