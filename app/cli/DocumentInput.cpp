#include "app/cli/DocumentInput.h"
#include "app/cli/Args.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#ifndef CS_PRESET_DIR
#define CS_PRESET_DIR "presets"
#endif

namespace cs::cli {

namespace fs = std::filesystem;

std::string presetDirectory()
{
    if (const char* env = std::getenv("CLUSTERSCOPE_PRESETS"); env && *env)
        return env;
    return CS_PRESET_DIR;
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

DesignDocument openDocument(const std::string& nameOrPath)
{
    std::error_code ec;
    if (fs::is_regular_file(nameOrPath, ec))
        return loadDocument(nameOrPath);
    fs::path preset = fs::path(presetDirectory()) / nameOrPath;
    if (preset.extension() != ".json")
        preset += ".json";
    if (fs::is_regular_file(preset, ec))
        return loadDocument(preset.string());
    std::string known;
    for (const auto& n : presetNames())
        known += (known.empty() ? "" : ", ") + n;
    throw ModelError("'" + nameOrPath + "' is neither a file nor a preset (presets: " + known + ")");
}

void applyAssignment(DesignDocument& doc, const std::string& assignment)
{
    auto [path, text] = splitAssignment(assignment, "--set");
    Design& d = doc.design;
    if (path.find('.') == std::string::npos) {
        const DesignParam* p = d.findDesignParam(path);
        if (!p)
            throw ModelError("--set " + path + ": no design parameter named '" + path + "'");
        double v = 0;
        try {
            v = p->spec.parse(text);
        } catch (const ModelError& e) {
            throw ModelError("--set " + path + ": " + e.what());
        }
        d.setDesignParam(path, v);
        return;
    }
    const Endpoint ep = Endpoint::parse(path);
    const BlockInstance& b = d.block(ep.block);
    const int idx = b.spec().inputIndex(ep.port);
    if (idx < 0)
        throw ModelError("--set " + path + ": block '" + ep.block + "' (" + b.spec().id + ") has no input '" +
                         ep.port + "'");
    double v = 0;
    try {
        v = b.spec().inputs[idx].parse(text);
    } catch (const ModelError& e) {
        throw ModelError("--set " + path + ": " + e.what());
    }
    d.setValue(ep, v);
}

} // namespace cs::cli
