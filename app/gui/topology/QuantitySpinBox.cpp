#include "app/gui/topology/QuantitySpinBox.h"
#include "app/gui/widgets/InspectorText.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <QLineEdit>
#include <QRegularExpression>

#include <cmath>

namespace cs::app {

QuantitySpinBox::QuantitySpinBox(const ParamSpec& spec, QWidget* parent)
    : QDoubleSpinBox(parent), spec_(spec), shown_(spec)
{
    plain_ = spec.unit == Unit::Count || spec.unit == Unit::Ratio;
    // The value is SI: 12 decimals keep a picosecond and a byte per second.
    setDecimals(12);
    setRange(spec.min, spec.max);
    setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    setKeyboardTracking(false);
    setValue(spec.defaultValue);
    chooseUnit();
    // A value typed with a unit sets the family it is shown in: "160 MB/s" stays in bytes. The text is read as
    // typed: when editing finishes, it is already the value's text in the unit shown before.
    connect(lineEdit(), &QLineEdit::textEdited, this, [this](const QString& text) {
        double si = 0;
        QString unit;
        if (read(text, &si, &unit))
            typed_ = unit;
    });
    connect(this, &QAbstractSpinBox::editingFinished, this, [this] {
        chooseUnit(typed_.isEmpty() ? unitName() : typed_);
        typed_.clear();
    });
}

void QuantitySpinBox::setSiValue(double si)
{
    setValue(si);
    chooseUnit(unitName());
}

QString QuantitySpinBox::unitName() const
{
    if (const auto du = findDisplayUnit(shown_.displayUnit); du && du->unit == spec_.unit && !shown_.displayUnit.empty())
        return QString::fromStdString(shown_.displayUnit);
    return QString::fromUtf8(unitSymbol(spec_.unit).data());
}

QString QuantitySpinBox::rangeText() const
{
    return inspector::rangeText(shown_);
}

void QuantitySpinBox::chooseUnit(const QString& typed)
{
    plots::RateFamily family = plots::ratePreference();
    if (!typed.isEmpty() && spec_.unit == Unit::BytesPerSecond)
        family = plots::RateUnit{1.0, typed}.family();
    const std::string unit = inspector::shownUnit(spec_, value(), family);
    if (unit == shown_.displayUnit)
        return;
    shown_.displayUnit = unit;
    lineEdit()->setText(textFromValue(value())); // the text of the unit now shown
}

bool QuantitySpinBox::read(const QString& text, double* si, QString* unit) const
{
    const QString t = text.trimmed();
    bool ok = false;
    const double v = t.toDouble(&ok);
    unit->clear();
    if (ok) { // a plain number is in the unit shown
        const auto du = findDisplayUnit(shown_.displayUnit);
        *si = du && du->unit == spec_.unit ? v * du->scale : v;
        return true;
    }
    try { // a value with its own unit: "1Gbit/s", "15 us"
        *si = spec_.parse(t.toStdString());
    } catch (const ModelError&) {
        return false; // still typing, e.g. "1Gbit"
    }
    static const QRegularExpression number(QStringLiteral("^[-+0-9.eE^\\s]*"));
    *unit = t.mid(number.match(t).capturedLength()).trimmed();
    return true;
}

QString QuantitySpinBox::textFromValue(double v) const
{
    if (plain_)
        return QString::number(v, 'g', 8);
    const auto du = findDisplayUnit(shown_.displayUnit);
    const double scale = du && du->unit == spec_.unit ? du->scale : 1.0;
    return QString::number(v / scale, 'g', 8) + " " + unitName();
}

double QuantitySpinBox::valueFromText(const QString& text) const
{
    double si = 0;
    QString unit;
    return read(text, &si, &unit) ? si : value();
}

QValidator::State QuantitySpinBox::validate(QString& text, int&) const
{
    double si = 0;
    QString unit;
    if (text.trimmed().isEmpty() || !read(text, &si, &unit))
        return QValidator::Intermediate;
    return si >= minimum() && si <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

} // namespace cs::app
