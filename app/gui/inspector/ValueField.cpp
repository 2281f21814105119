#include "app/gui/inspector/ValueField.h"
#include "model/core/NumberFormat.h"
#include "app/gui/widgets/InspectorText.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <QComboBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <cstdio>

namespace cs::app::inspector {

ValueField::ValueField(const ParamSpec& spec, double value, Apply apply, QWidget* parent)
    : QWidget(parent), spec_(spec), apply_(std::move(apply))
{
    const QString sym = q(spec_.symbol);
    setObjectName("field:" + sym);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(1);

    if (!spec_.choices.empty()) {
        combo_ = new QComboBox(this);
        combo_->setObjectName("edit:" + sym);
        for (const std::string& c : spec_.choices)
            combo_->addItem(q(c));
        combo_->setCurrentIndex(static_cast<int>(value));
        connect(combo_, &QComboBox::activated, this, [this](int index) {
            if (!apply_)
                return;
            const QString err = apply_(static_cast<double>(index));
            setError(err);
        });
        layout->addWidget(combo_);
    } else {
        edit_ = new QLineEdit(this);
        edit_->setObjectName("edit:" + sym);
        original_ = editText(value, spec_);
        edit_->setText(original_);
        const bool plain = spec_.unit == Unit::Count || spec_.unit == Unit::Ratio;
        const QString exact = q(formatNumber(value)) + (plain ? QString() : " " + q(std::string(unitSymbol(spec_.unit))));
        edit_->setToolTip(tr("Exactly %1. Type a value with a unit, e.g. %2; Enter applies, Esc reverts.")
                              .arg(exact, displayValue(spec_.defaultValue, spec_)));
        edit_->installEventFilter(this);
        connect(edit_, &QLineEdit::editingFinished, this, [this] {
            if (edit_->isModified())
                commit();
        });
        layout->addWidget(edit_);
    }
    error_ = new QLabel(this);
    error_->setObjectName("error:" + sym);
    error_->setWordWrap(true);
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->setStyleSheet("QLabel { color: #c0392b; font-size: 8pt; }");
    error_->hide();
    layout->addWidget(error_);
}

QString ValueField::errorText() const
{
    return error_->isHidden() ? QString() : error_->text();
}

void ValueField::setError(const QString& text)
{
    error_->setText(text);
    error_->setVisible(!text.isEmpty());
    if (edit_)
        edit_->setStyleSheet(text.isEmpty() ? QString() : QString("QLineEdit { border: 1px solid #c0392b; }"));
}

bool ValueField::commit()
{
    if (!edit_ || !apply_)
        return false;
    double v = 0.0;
    try {
        v = spec_.parse(edit_->text().trimmed().toStdString());
    } catch (const ModelError& e) {
        setError(tr("%1: %2 (valid range %3)").arg(q(spec_.symbol), q(e.what()), rangeText(spec_)));
        return false;
    }
    QString err = apply_(v);
    // The model gives the range in SI units ("[1, 1e+15] B/s") where the field
    // shows Gbit/s (issue 48, defect 14): the message gives the field's range.
    // Set aside first, so that the value's replacement below leaves it alone,
    // also where the two are the same: 1000000001 typed into ports (at most
    // 1e+09) would otherwise rewrite the bound 1e+09, its 6-digit form.
    const QString siRange = q(spec_.rangeText()), shownRange = rangeText(spec_);
    const QString mark(QChar(0x1)); // no text the model writes holds it
    err.replace(siRange, mark);
    // The model quotes the value in SI units ("-6.25e+08" B/s); the user typed
    // it in theirs ("-5 Gbit/s"): the message quotes what was typed.
    const QString typed = edit_->text().trimmed();
    for (const std::string& si : {formatNumber(v), formatSignificant(v)})
        if (!err.isEmpty() && typed != QString::fromStdString(si))
            // Only where it stands as a whole number ("1" is no part of "[1, 16]" here).
            err.replace(QRegularExpression("(?<![0-9.eE+-])" + QRegularExpression::escape(QString::fromStdString(si)) +
                                           "(?![0-9.eE])"),
                        typed);
    err.replace(mark, shownRange);
    setError(err);
    if (!err.isEmpty())
        return false;
    edit_->setModified(false);
    return true;
}

void ValueField::showValue(double value)
{
    if (combo_) {
        const QSignalBlocker quiet(combo_);
        combo_->setCurrentIndex(static_cast<int>(value));
        return;
    }
    original_ = editText(value, spec_);
    if (!edit_->isModified())
        edit_->setText(original_);
}

bool ValueField::eventFilter(QObject* watched, QEvent* e)
{
    if (watched == edit_ && e->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(e)->key() == Qt::Key_Escape) {
        edit_->setText(original_);
        edit_->setModified(false);
        setError({});
        return true;
    }
    return QWidget::eventFilter(watched, e);
}

} // namespace cs::app::inspector
