#include "model/validation/PaperPoints.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace cs {

std::vector<PaperPoint> paperPoints(const std::vector<Claim>& claims, const std::string& preset,
                                    const std::string& param)
{
    std::vector<PaperPoint> out;
    for (const Claim& c : claims) {
        const ClaimModel& m = c.model;
        if (!c.modelled || m.preset != preset || m.form != "value" || m.a.output != "speedup" ||
            !m.overPath.empty() || m.a.at.size() != 1 || m.a.at.front().first != param)
            continue;
        out.push_back({c.id, m.a.variant, m.a.at.front().second, c.paper, c.compare});
    }
    return out;
}

std::string presetNamed(const DesignDocument& doc, const std::string& presetDirectory)
{
    namespace fs = std::filesystem;
    if (doc.name.empty())
        return {};
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(presetDirectory, ec)) {
        if (e.path().extension() != ".json")
            continue;
        std::ifstream in(e.path());
        const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
        const auto name = j.is_object() ? j.find("name") : j.end();
        if (j.is_object() && name != j.end() && name->is_string() && name->get<std::string>() == doc.name)
            return e.path().stem().string();
    }
    return {};
}

} // namespace cs
