#include "app/gui/widgets/InspectorText.h"
#include "model/core/NumberFormat.h"

#include <QObject>

#include <cmath>
#include <cstdio>
#include <limits>

namespace cs::app::inspector {

QString displayValue(double si, const std::string& displayUnit, Unit unit, const std::vector<std::string>& choices)
{
    if (!choices.empty()) {
        if (si >= 0 && static_cast<std::size_t>(si) < choices.size())
            return q(choices[static_cast<std::size_t>(si)]);
        return QString::number(si);
    }
    const auto du = findDisplayUnit(displayUnit);
    if (du && du->unit == unit && !displayUnit.empty())
        return q(formatQuantity(si, displayUnit, unit));
    QString s = QString::fromStdString(formatSignificant(si, 6));
    if (unit != Unit::Count && unit != Unit::Ratio && unit != Unit::Choice)
        s += " " + q(std::string(unitSymbol(unit)));
    return s;
}

QString displayValue(double si, const ParamSpec& spec)
{
    return displayValue(si, spec.displayUnit, spec.unit, spec.choices);
}

QString rangeText(const ParamSpec& spec)
{
    // A field in Gbit/s gave its range in B/s (issue 48, defect 14): the bounds are written in the field's unit.
    const auto du = findDisplayUnit(spec.displayUnit);
    const bool noMin = spec.min <= std::numeric_limits<double>::lowest(),
               noMax = spec.max >= std::numeric_limits<double>::max();
    if (!du || du->unit != spec.unit || !spec.choices.empty() || spec.unit == Unit::Count ||
        spec.unit == Unit::Ratio || (noMin && noMax))
        return q(spec.rangeText());
    auto n = [&](double si) { return QString::number(si / du->scale, 'g', 6); }; // as displayValue writes values
    const QString range = noMin   ? "(-inf, " + n(spec.max) + "]"
                          : noMax ? "[" + n(spec.min) + ", inf)"
                                  : "[" + n(spec.min) + ", " + n(spec.max) + "]";
    return range + " " + q(spec.displayUnit);
}

std::string shownUnit(const ParamSpec& spec, double si, plots::RateFamily family)
{
    if (!spec.choices.empty())
        return spec.displayUnit;
    if (spec.unit == Unit::BytesPerSecond)
        return plots::rateUnitFor({si}, family).name.toStdString();
    if (spec.unit == Unit::Seconds || spec.unit == Unit::SecondsPerByte) {
        // A time (or a per-byte cost) as rates are: 2 ms typed into a field of a fixed us read "2000 us", 500 ns
        // "0.5 us". Zero, which every unit writes alike, keeps the spec's unit ("0 us", not "0 ns").
        const auto fixed = findDisplayUnit(spec.displayUnit);
        if (!std::isfinite(si) || si == 0.0 || !fixed || fixed->unit != spec.unit)
            return spec.displayUnit;
        return std::string(autoDisplayUnit(si, spec.unit).name);
    }
    return spec.displayUnit;
}

QString editText(double si, const ParamSpec& spec)
{
    // The rounded display value is safe to show: an editor only applies
    // its text after the user changed it (QLineEdit::isModified).
    return displayValue(si, spec);
}

QString provenanceLabel(const Provenance& p)
{
    switch (p.kind) {
    case ProvenanceKind::Default: return QObject::tr("default");
    case ProvenanceKind::User: return QObject::tr("user");
    case ProvenanceKind::Wired: return QObject::tr("wired from %1").arg(q(p.detail));
    case ProvenanceKind::Calibrated: return QObject::tr("calibrated");
    }
    return {};
}

QString provenanceDetail(const Provenance& p, const ParamSpec& spec)
{
    switch (p.kind) {
    case ProvenanceKind::Default:
        return QObject::tr("The block's default value (see the source citation).");
    case ProvenanceKind::User: return QObject::tr("Set by the user.");
    case ProvenanceKind::Wired:
        return QObject::tr("Comes from %1 through a wire; disconnect the wire on the canvas to edit it.")
            .arg(q(p.detail));
    case ProvenanceKind::Calibrated: {
        QString s = QObject::tr("Calibrated from probe run %1").arg(p.detail.empty() ? QObject::tr("(unnamed)")
                                                                                   : q(p.detail));
        if (p.ciHigh > p.ciLow || p.ciLow != 0.0)
            s += QObject::tr("; 95% CI [%1, %2]").arg(displayValue(p.ciLow, spec), displayValue(p.ciHigh, spec));
        if (!p.time.empty())
            s += QObject::tr("; measured %1").arg(q(p.time));
        if (!p.nodes.empty())
            s += QObject::tr(" on %1").arg(q(p.nodes));
        return s + ".";
    }
    }
    return {};
}

QColor provenanceColor(ProvenanceKind k)
{
    switch (k) {
    case ProvenanceKind::Default: return QColor(110, 110, 110);
    case ProvenanceKind::User: return QColor(0x1d, 0x5f, 0xbf);
    case ProvenanceKind::Wired: return QColor(0x2a, 0x8a, 0x3a);
    case ProvenanceKind::Calibrated: return QColor(0x8a, 0x3f, 0xb0);
    }
    return Qt::black;
}

} // namespace cs::app::inspector
