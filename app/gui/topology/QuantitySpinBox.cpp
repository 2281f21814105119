#include "app/gui/topology/QuantitySpinBox.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <cmath>

namespace cs::app {

QuantitySpinBox::QuantitySpinBox(const ParamSpec& spec, QWidget* parent) : QDoubleSpinBox(parent), spec_(spec)
{
    if (const auto du = findDisplayUnit(spec.displayUnit); du && du->unit == spec.unit && !spec.displayUnit.empty()) {
        scale_ = du->scale;
        unit_ = QString::fromStdString(spec.displayUnit);
    } else {
        unit_ = QString::fromUtf8(unitSymbol(spec.unit).data());
    }
    setDecimals(12); // the text shows significant digits (textFromValue)
    setRange(spec.min / scale_, spec.max / scale_);
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    setKeyboardTracking(false);
    setValue(spec.defaultValue / scale_);
}

QString QuantitySpinBox::textFromValue(double v) const
{
    return QString::number(v, 'g', 8);
}

double QuantitySpinBox::valueFromText(const QString& text) const
{
    const QString t = text.trimmed();
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (ok)
        return v;
    try { // a value with its own unit: "1Gbit/s", "15 us"
        return spec_.parse(t.toStdString()) / scale_;
    } catch (const ModelError&) {
        return value();
    }
}

QValidator::State QuantitySpinBox::validate(QString& text, int&) const
{
    const QString t = text.trimmed();
    if (t.isEmpty())
        return QValidator::Intermediate;
    bool ok = false;
    double v = t.toDouble(&ok);
    if (!ok) {
        try {
            v = spec_.parse(t.toStdString()) / scale_;
        } catch (const ModelError&) {
            return QValidator::Intermediate; // still typing, e.g. "1Gbit"
        }
    }
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

} // namespace cs::app
