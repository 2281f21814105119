#include "app/cli/DocumentInput.h"
#include "model/core/Printable.h"
#include "app/cli/Args.h"
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/document/DocumentEdits.h"
#include "model/document/DocumentFormat.h"
#include "model/document/PresetFolder.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>

namespace cs::cli {

namespace fs = std::filesystem;

std::string presetDirectory()
{
    return presetFolder();
}

std::vector<std::string> presetNames()
{
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(presetDirectory(), ec))
        if (e.path().extension() == ".json")
            names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

namespace {

// A loaded document, its warnings (unknown keys kept in the record
// sections, each with the file and its JSON path) told on stderr.
DesignDocument withWarnings(DesignDocument doc)
{
    for (const std::string& w : doc.warnings)
        std::cerr << "clusterscope-cli: warning: " << printable(w, true) << "\n"; // not through run()'s filter
    return doc;
}

} // namespace

nlohmann::json openResults(const std::string& path)
{
    std::vector<std::string> warnings;
    nlohmann::json results = calib::readResultsFile(path, &warnings);
    for (const std::string& w : warnings)
        std::cerr << "clusterscope-cli: warning: " << w << "\n";
    return results;
}

DesignDocument openDocument(const std::string& nameOrPath)
{
    std::error_code ec;
    if (fs::is_regular_file(nameOrPath, ec))
        return withWarnings(loadDocument(nameOrPath));
    fs::path preset = fs::path(presetDirectory()) / nameOrPath;
    if (preset.extension() != ".json")
        preset += ".json";
    if (fs::is_regular_file(preset, ec))
        return withWarnings(loadDocument(preset.string()));
    std::string known;
    for (const auto& n : presetNames())
        known += (known.empty() ? "" : ", ") + n;
    throw ModelError("'" + nameOrPath + "' is neither a file nor a preset (presets: " + known + ")");
}

DesignDocument withAssignment(DesignDocument doc, const std::string& assignment)
{
    auto [path, text] = splitAssignment(assignment, "--set");
    // The text is parsed with the slot's units; the edit itself goes through
    // the editing layer, as in the GUI.
    const SettableCheck where = checkSettable(doc.design, path);
    if (!where.ok())
        throw ModelError("--set " + path + ": " + where.message);
    const ParamSpec* spec = nullptr;
    if (const DesignParam* p = doc.design.findDesignParam(path))
        spec = &p->spec;
    else {
        const Endpoint ep = Endpoint::parse(path);
        const BlockInstance& b = doc.design.block(ep.block);
        spec = &b.spec().inputs[static_cast<std::size_t>(b.spec().inputIndex(ep.port))];
    }
    double v = 0;
    try {
        v = spec->parse(text);
    } catch (const ModelError& e) {
        throw ModelError("--set " + path + ": " + e.what());
    }
    if (const edit::Outcome o = edit::setValue(doc, path, v); !o.ok())
        throw ModelError("--set " + path + ": " + o.problems.front().message);
    return doc;
}

} // namespace cs::cli
