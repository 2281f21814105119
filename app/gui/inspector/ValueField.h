#pragma once
#include "model/core/ParamSpec.h"

#include <QString>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;

namespace cs::app::inspector {

// An editor for one value with its error shown inline, in red, under it.
// Text is parsed with the spec's units ("80 MiB/s", "15us", "2^20"); a choice
// is a combo box. `apply` receives the SI value and returns "" when the
// document took it, or the model's reason when it refused (nothing changes
// then, and the reason is shown under the field).
class ValueField : public QWidget {
    Q_OBJECT
public:
    using Apply = std::function<QString(double)>;

    ValueField(const ParamSpec& spec, double value, Apply apply, QWidget* parent = nullptr);

    QLineEdit* lineEdit() const { return edit_; }
    QComboBox* comboBox() const { return combo_; }
    QString errorText() const;
    void setError(const QString& text);

    // Parses and applies the current text (as Enter does). True when applied.
    bool commit();
    // Shows `value` as the document now has it (after an undo, a reset or an
    // edit elsewhere); text the user is typing is left alone.
    void showValue(double value);

protected:
    bool eventFilter(QObject* watched, QEvent* e) override;

private:
    ParamSpec spec_;
    QString original_;
    Apply apply_;
    QLineEdit* edit_ = nullptr;
    QComboBox* combo_ = nullptr;
    QLabel* error_;
};

} // namespace cs::app::inspector
