#pragma once
#include "model/core/ParamSpec.h"

#include <QDoubleSpinBox>

namespace cs::app {

// A spin box for one real-valued parameter, in the parameter's display unit
// (e.g. MB/s for a link bandwidth, us for a latency), limited to its range.
// Besides plain numbers it accepts a value with any unit of the same kind,
// e.g. "1Gbit/s" or "15 us", converted on entry.
class QuantitySpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit QuantitySpinBox(const ParamSpec& spec, QWidget* parent = nullptr);
    double siValue() const { return value() * scale_; }
    void setSiValue(double si) { setValue(si / scale_); }
    QString unitName() const { return unit_; } // "MB/s", or the SI symbol

protected:
    QString textFromValue(double v) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;

private:
    ParamSpec spec_;
    double scale_ = 1.0;
    QString unit_;
};

} // namespace cs::app
