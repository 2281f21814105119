#include "app/gui/runner/RunnerText.h"

#include <QObject>
#include <QStringList>

#include <cmath>
#include <vector>

namespace cs::app {

QString formatMeasured(double x, const std::string& unit)
{
    struct Scale {
        double factor;
        const char* name;
    };
    std::vector<Scale> scales;
    if (unit == "s")
        scales = {{1, "s"}, {1e-3, "ms"}, {1e-6, "us"}, {1e-9, "ns"}};
    else if (unit == "B/s")
        scales = {{1073741824.0, "GiB/s"}, {1048576.0, "MiB/s"}, {1024.0, "KiB/s"}, {1, "B/s"}};
    else if (unit == "B")
        scales = {{1073741824.0, "GiB"}, {1048576.0, "MiB"}, {1024.0, "KiB"}, {1, "B"}};
    else if (unit == "s/B")
        scales = {{1e-9, "ns/B"}, {1e-12, "ps/B"}};
    if (!std::isfinite(x))
        return QStringLiteral("-");
    if (scales.empty()) {
        const QString u = unit.empty() || unit == "count" || unit == "ratio" ? QString() : " " + QString::fromStdString(unit);
        return QString::number(x, 'g', 6) + u;
    }
    const Scale* chosen = &scales.back();
    for (const Scale& sc : scales)
        if (std::abs(x) >= sc.factor) {
            chosen = &sc;
            break;
        }
    return QString::number(x / chosen->factor, 'g', 4) + " " + chosen->name;
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
