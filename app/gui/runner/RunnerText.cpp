#include "app/gui/runner/RunnerText.h"
#include "model/core/Unit.h"

#include <QObject>
#include <QStringList>


namespace cs::app {

QString formatMeasured(double si, const std::string& unit, const FormatOptions& options)
{
    return QString::fromStdString(cs::formatMeasured(si, unit, options));
}

QString derivedSummary(const nlohmann::json& r, int max, bool withCi)
{
    // Reads with find() only: a document's results may lack any member.
    if (!r.is_object())
        return {};
    const auto summary = r.find("summary");
    if (summary == r.end() || !summary->is_object())
        return {};
    const auto derivedIt = summary->find("derived");
    const nlohmann::json derived =
        derivedIt != summary->end() && derivedIt->is_object() ? *derivedIt : nlohmann::json::object();
    auto number = [](const nlohmann::json& o, const char* key) -> const nlohmann::json* {
        const auto it = o.find(key);
        return it != o.end() && it->is_number() ? &*it : nullptr;
    };
    const FormatOptions options = plots::formatOptions();
    QStringList parts;
    for (auto it = derived.begin(); it != derived.end() && parts.size() < max; ++it) {
        const nlohmann::json* value = it->is_object() ? number(*it, "value") : nullptr;
        if (!value)
            continue;
        const auto unitIt = it->find("unit");
        const std::string unit = unitIt != it->end() && unitIt->is_string() ? unitIt->get<std::string>() : "";
        QString s = QString::fromStdString(it.key()) + " = " + formatMeasured(value->get<double>(), unit, options);
        const nlohmann::json* lo = number(*it, "ci_lo");
        const nlohmann::json* hi = number(*it, "ci_hi");
        if (withCi && lo && hi)
            s += QString(" [%1, %2]").arg(formatMeasured(lo->get<double>(), unit, options),
                                               formatMeasured(hi->get<double>(), unit, options));
        parts << s;
    }
    const int more = static_cast<int>(derived.size()) - max;
    if (more > 0)
        parts << QObject::tr("%1 more").arg(more);
    const auto series = summary->find("series");
    if (parts.isEmpty() && series != summary->end())
        return QObject::tr("%1 series").arg(series->size());
    return parts.join("; ");
}

QString nodesText(const nlohmann::json& r)
{
    if (!r.is_object())
        return {};
    QStringList names;
    const auto nodes = r.find("nodes");
    if (nodes != r.end() && nodes->is_array())
        for (const nlohmann::json& n : *nodes)
            if (n.is_string())
                names << QString::fromStdString(n.get<std::string>());
    const auto parts = r.find("parts");
    const bool pair = parts != r.end() && parts->is_array() && parts->size() == 2 && names.size() == 2;
    return names.join(pair ? " -> " : ", ");
}

} // namespace cs::app
