#pragma once
#include "model/core/ParamSpec.h"

#include <QDoubleSpinBox>

namespace cs::app {

// A spin box for one real-valued parameter, limited to its range. Its value is
// in SI units; its text is that value in a unit, with the unit ("1 Gbit/s",
// "15 us"). A rate is shown in the unit it reads best in (the bandwidth
// preference's family, or the family of the unit last typed), any other kind
// in the parameter's display unit (issue 48, defect 14: 1 Gbit/s typed into a
// field of a fixed MB/s came back as "125 MB/s"). Besides a plain number, in
// the unit shown, it accepts a value with any unit of the same kind, e.g.
// "1Gbit/s" or "15 us", converted on entry.
class QuantitySpinBox : public QDoubleSpinBox {
    Q_OBJECT
public:
    explicit QuantitySpinBox(const ParamSpec& spec, QWidget* parent = nullptr);
    double siValue() const { return value(); }
    void setSiValue(double si);
    QString unitName() const; // the unit shown: "Gbit/s", "us", or the SI symbol
    // "from 8e-09 to 8e+04 Gbit/s": the range in the unit shown.
    QString rangeText() const;

protected:
    QString textFromValue(double v) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;

private:
    // The value `text` means in SI, with the display unit it names ("" for a plain number); false when it is no
    // value yet.
    bool read(const QString& text, double* si, QString* unit) const;
    // Shows the value in the unit it reads best in (in the family of `typed`, a unit the user wrote, when given).
    void chooseUnit(const QString& typed = {});

    ParamSpec spec_;
    ParamSpec shown_; // spec_ in the unit shown
    bool plain_ = false; // a count or a ratio: no unit
    QString typed_;      // the unit of the text being typed, "" for a plain number
};

} // namespace cs::app
