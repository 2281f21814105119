#include "app/gui/runner/RunnerText.h"
#include "model/core/Unit.h"

#include <QObject>
#include <QStringList>


namespace cs::app {

QString formatMeasured(double si, const std::string& unit)
{
    return QString::fromStdString(cs::formatMeasured(si, unit));
}

QString derivedSummary(const nlohmann::json& r, int max, bool withCi)
{
    if (!r.is_object() || !r.contains("summary") || !r["summary"].is_object())
        return {};
    const nlohmann::json derived = r["summary"].value("derived", nlohmann::json::object());
    QStringList parts;
    for (auto it = derived.begin(); it != derived.end() && parts.size() < max; ++it) {
        if (!it->is_object() || !(*it)["value"].is_number())
            continue;
        const std::string unit = it->value("unit", std::string());
        QString s = QString::fromStdString(it.key()) + " = " + formatMeasured((*it)["value"].get<double>(), unit);
        if (withCi && (*it)["ci_lo"].is_number() && (*it)["ci_hi"].is_number())
            s += QString(" [%1, %2]").arg(formatMeasured((*it)["ci_lo"].get<double>(), unit),
                                          formatMeasured((*it)["ci_hi"].get<double>(), unit));
        parts << s;
    }
    const int more = static_cast<int>(derived.size()) - max;
    if (more > 0)
        parts << QObject::tr("%1 more").arg(more);
    if (parts.isEmpty() && r["summary"].contains("series"))
        return QObject::tr("%1 series").arg(r["summary"]["series"].size());
    return parts.join("; ");
}

QString nodesText(const nlohmann::json& r)
{
    QStringList names;
    for (const nlohmann::json& n : r.value("nodes", nlohmann::json::array()))
        if (n.is_string())
            names << QString::fromStdString(n.get<std::string>());
    const bool pair = r.value("parts", nlohmann::json::array()).size() == 2 && names.size() == 2;
    return names.join(pair ? " -> " : ", ");
}

} // namespace cs::app
