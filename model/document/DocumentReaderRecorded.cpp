// Reading a recorded block (docs/format.md, "Recorded blocks"):
//   {"name": "app", "type": "recorded", "recording": {one entry of a results
//    file's "recordings": "P", "ranks" (each rank's csrec text), ...},
//    "values": {...}}
// The recording is part of the document, not a path to another file: a
// document read from elsewhere names no file of the reader's machine, and the
// document's own size limit (512 MiB) bounds it. Every limit of the csrec
// reader holds (model/recording/CsrecParser.h); a refused recording is one
// problem at blocks[i].recording naming the rank and the line.
#include "model/recording/RecordedBlock.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentReader.h"

namespace cs {

bool DocumentReader::readRecordedBlock(const nlohmann::json& bj, const std::string& path, const std::string& name,
                                       DesignDocument& doc)
{
    const std::string at = path + ".recording";
    std::shared_ptr<const RecordedBlock> block;
    try {
        const nlohmann::json& source = bj.at("recording");
        block = std::make_shared<const RecordedBlock>(rec::recordedRunFromJson(source, at), source);
    } catch (const ModelError& e) {
        const std::string what = e.what();
        // recordedRunFromJson's messages start with `at`; the replay's do not.
        problem(at, what.rfind(at, 0) == 0 ? what.substr(std::min(what.size(), at.size() + 2)) : what);
        return false;
    }
    std::vector<ParamValue> values;
    for (const ParamSpec& p : block->spec().inputs)
        values.push_back({p.defaultValue, Provenance{}});
    doc.design.addOwnedBlock(name, std::move(block), std::move(values));
    return true;
}

} // namespace cs
