#include "model/core/Printable.h"
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "model/document/DocumentFormat.h"
#include "model/core/BlockRegistry.h"
#include "model/core/SpecJson.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <ostream>

namespace cs::cli {

namespace {

int listBlocks(bool json, std::ostream& out)
{
    const auto blocks = BlockRegistry::builtin().all();
    if (json) {
        nlohmann::json arr = nlohmann::json::array();
        for (const Block* b : blocks)
            arr.push_back(toJson(b->spec()));
        out << arr.dump(2) << "\n";
        return 0;
    }
    for (const Block* b : blocks) {
        const BlockSpec& s = b->spec();
        out << std::left << std::setw(22) << s.id << " " << s.name << "  [" << s.category << "]\n";
        out << "    source: " << s.source << "\n    inputs: ";
        for (std::size_t i = 0; i < s.inputs.size(); ++i)
            out << (i ? ", " : "") << s.inputs[i].symbol;
        out << "\n    outputs: ";
        for (std::size_t i = 0; i < s.outputs.size(); ++i)
            out << (i ? ", " : "") << s.outputs[i].symbol;
        out << "\n";
    }
    return 0;
}

int listPresets(bool json, std::ostream& out)
{
    nlohmann::json arr = nlohmann::json::array();
    for (const std::string& name : presetNames()) {
        const DesignDocument doc = openDocument(name);
        if (json) {
            arr.push_back({{"name", name}, {"title", doc.name}, {"description", doc.description}, {"source", doc.source}});
        } else {
            out << std::left << std::setw(24) << printable(name) << " " << printable(doc.name) << "\n";
            if (!doc.source.empty())
                out << std::setw(25) << "" << "source: " << printable(doc.source) << "\n";
        }
    }
    if (json)
        out << arr.dump(2) << "\n";
    return 0;
}

} // namespace

int listCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&)
{
    const Args args(words, {}, {"--json"});
    if (args.positional().size() != 1)
        throw UsageError("list expects one of: presets, blocks, generators");
    const std::string& what = args.positional()[0];
    if (what == "blocks")
        return listBlocks(args.flag("--json"), out);
    if (what == "presets")
        return listPresets(args.flag("--json"), out);
    if (what == "generators")
        return listGenerators(args.flag("--json"), out);
    throw UsageError("cannot list '" + what + "' (expected: presets, blocks, generators)");
}

} // namespace cs::cli
