#include "app/gui/canvas/CanvasText.h"
#include "app/gui/widgets/InspectorText.h"
#include "app/gui/widgets/QtStrings.h"

#include <QObject>

namespace cs::app::canvas {

QString provenanceText(const ParamValue& v)
{
    switch (v.provenance.kind) {
    case ProvenanceKind::Default: return QObject::tr("default");
    case ProvenanceKind::User: return QObject::tr("set by user");
    case ProvenanceKind::Wired: return QObject::tr("wired from %1").arg(q(v.provenance.detail));
    case ProvenanceKind::Calibrated: return QObject::tr("calibrated (%1)").arg(q(v.provenance.detail));
    }
    return {};
}

QString inputTip(const ParamSpec& s, const ParamValue& v)
{
    QString tip = QString("<b>%1</b> — %2<br>").arg(q(s.symbol).toHtmlEscaped(), q(s.meaning).toHtmlEscaped());
    if (v.provenance.kind != ProvenanceKind::Wired)
        tip += QObject::tr("value: %1 (%2)<br>").arg(inspector::displayValue(v.value, s),
                                                     provenanceText(v));
    else
        tip += provenanceText(v) + "<br>";
    tip += QObject::tr("range: %1<br><i>%2</i>").arg(q(s.rangeText()).toHtmlEscaped(), q(s.source).toHtmlEscaped());
    return tip;
}

QString outputTip(const OutputSpec& o)
{
    QString tip = QString("<b>%1</b> [%2] — %3")
                      .arg(q(o.symbol).toHtmlEscaped(), q(std::string(unitSymbol(o.unit))),
                           q(o.meaning).toHtmlEscaped());
    if (!o.phaseOf.empty())
        tip += QObject::tr("<br>a phase of %1").arg(q(o.phaseOf));
    tip += QString("<br><i>%1</i>").arg(q(o.source).toHtmlEscaped());
    return tip;
}

// What a design parameter's node shows: its value, or what it follows.
QString paramText(const DesignParam& p)
{
    // A parameter following the topology has no number of its own.
    const bool following = !p.follows.empty() && p.value.provenance.kind == ProvenanceKind::Default;
    return following ? QObject::tr("= %1").arg(q(Endpoint::parse(p.follows).port))
                     : inspector::displayValue(p.value.value, p.spec);
}

} // namespace cs::app::canvas
