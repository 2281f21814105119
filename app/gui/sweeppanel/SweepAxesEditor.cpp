#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "model/core/Unit.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace cs::app::sweeppanel {

namespace {
constexpr int kSpecChars = 18; // the values' field grows with its text up to this many digits' width
}

SweepAxesEditor::SweepAxesEditor(QWidget* parent) : QWidget(parent)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    rowsLayout_ = new QVBoxLayout;
    rowsLayout_->setSpacing(3);
    layout->addLayout(rowsLayout_);
    add_ = new QToolButton(this);
    add_->setText(tr("Add parameter"));
    add_->setToolTip(tr("Sweep one more parameter: every combination of values is evaluated"));
    add_->setToolButtonStyle(Qt::ToolButtonTextOnly);
    layout->addWidget(add_, 0, Qt::AlignLeft);
    error_ = new QLabel(this);
    error_->setWordWrap(true);
    error_->setStyleSheet("color: #b00000");
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();
    layout->addWidget(error_);
    connect(add_, &QToolButton::clicked, this, [this] {
        addRow(suggestAxis());
        commit();
    });
}

void SweepAxesEditor::setAxes(const DesignDocument& doc, const std::vector<SweepAxis>& axes)
{
    candidates_.clear();
    candidateValues_.clear();
    candidateUnits_.clear();
    for (const DesignParam& p : doc.design.designParams())
        if (p.spec.unit != Unit::Choice) {
            candidates_ << QString::fromStdString(p.spec.symbol);
            candidateValues_.push_back(p.value.value);
            candidateUnits_.emplace_back(p.spec.unit, p.spec.displayUnit);
        }
    for (const BlockInstance& b : doc.design.blocks())
        for (std::size_t i = 0; i < b.spec().inputs.size(); ++i) {
            const ParamSpec& in = b.spec().inputs[i];
            const Endpoint ep{b.name, in.symbol};
            if (in.unit == Unit::Choice || doc.design.wireInto(ep))
                continue;
            candidates_ << QString::fromStdString(ep.str());
            candidateValues_.push_back(b.values[i].value);
            candidateUnits_.emplace_back(in.unit, in.displayUnit);
        }
    for (const Row& r : rows_) {
        const QString text = r.path->currentText();
        r.path->blockSignals(true);
        r.path->clear();
        r.path->addItems(candidates_);
        r.path->setCurrentText(text);
        r.path->blockSignals(false);
    }
    if (axes != shown_ || static_cast<int>(axes.size()) != rowCount())
        rebuild(axes);
}

std::vector<SweepAxis> SweepAxesEditor::axes() const
{
    std::vector<SweepAxis> out;
    for (const Row& r : rows_)
        out.push_back({r.path->currentText().trimmed().toStdString(), r.spec->text().trimmed().toStdString()});
    return out;
}

void SweepAxesEditor::setError(const QString& message)
{
    error_->setText(message);
    error_->setVisible(!message.isEmpty());
}

QString SweepAxesEditor::error() const
{
    return error_->isVisible() ? error_->text() : QString();
}

void SweepAxesEditor::rebuild(const std::vector<SweepAxis>& axes)
{
    for (Row& r : rows_)
        delete r.widget;
    rows_.clear();
    for (const SweepAxis& a : axes)
        addRow(a);
    shown_ = axes;
}

void SweepAxesEditor::addRow(const SweepAxis& axis)
{
    Row r;
    r.widget = new QWidget(this);
    auto* h = new QHBoxLayout(r.widget);
    h->setContentsMargins(0, 0, 0, 0);
    h->setSpacing(3);
    r.path = new QComboBox(r.widget);
    r.path->setEditable(true);
    r.path->setInsertPolicy(QComboBox::NoInsert);
    r.path->addItems(candidates_);
    r.path->setCurrentText(QString::fromStdString(axis.path));
    r.path->setToolTip(tr("Parameter to sweep: a design parameter (P) or an unwired block input (fft.rows)"));
    r.path->setMinimumContentsLength(8);
    r.path->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    r.spec = new QLineEdit(QString::fromStdString(axis.spec), r.widget);
    r.spec->setPlaceholderText("1:16");
    r.spec->setToolTip(tr("Values: a list 1,2,4,8; a range 1:16 or 0:1:0.25; powers 1:1024:log2; "
                          "N log-spaced points 1e3:1e6:log7. Units allowed: 64KiB,1MiB or 1us:1ms:log10."));
    r.remove = new QToolButton(r.widget);
    r.remove->setText(QString::fromUtf8("\u00d7"));
    r.remove->setToolTip(tr("Stop sweeping this parameter"));
    // The values as wide as their text, up to kSpecChars characters, the
    // parameter's name the rest: "64:16384:log2" showed as ":16384:log2" at
    // 1280x800 (issue 48, defect 5). A line edit's size hint is 17 'x' wide
    // plus its frame and margins, which gives the frame and margins.
    const auto fitSpec = [spec = r.spec](const QString& text) {
        const QFontMetrics fm = spec->fontMetrics();
        const int frame = spec->sizeHint().width() - 17 * fm.horizontalAdvance(QLatin1Char('x'));
        const int widest = kSpecChars * fm.horizontalAdvance(QLatin1Char('0'));
        spec->setMinimumWidth(frame + std::clamp(fm.horizontalAdvance(text), 4 * fm.horizontalAdvance(QLatin1Char('0')), widest));
    };
    fitSpec(r.spec->text());
    connect(r.spec, &QLineEdit::textChanged, r.spec, fitSpec);
    h->addWidget(r.path, 1);
    h->addWidget(r.spec, 0);
    h->addWidget(r.remove);
    rowsLayout_->addWidget(r.widget);
    QWidget* key = r.widget;
    connect(r.path, &QComboBox::activated, this, [this] { commit(); });
    connect(r.path->lineEdit(), &QLineEdit::editingFinished, this, [this] { commit(); });
    connect(r.spec, &QLineEdit::editingFinished, this, [this] { commit(); });
    connect(r.remove, &QToolButton::clicked, this, [this, key] {
        auto it = std::find_if(rows_.begin(), rows_.end(), [key](const Row& x) { return x.widget == key; });
        if (it == rows_.end())
            return;
        it->widget->deleteLater();
        rows_.erase(it);
        commit();
    });
    rows_.push_back(r);
}

void SweepAxesEditor::commit()
{
    std::vector<SweepAxis> now = axes();
    if (now == shown_)
        return;
    // Another parameter in a row whose values were not edited: the old
    // parameter's values mean nothing for it (7.262e-06 s is no message
    // size), so the row takes the values suggested for the new one.
    if (now.size() == shown_.size())
        for (std::size_t i = 0; i < now.size(); ++i)
            if (now[i].path != shown_[i].path && now[i].spec == shown_[i].spec) {
                if (const int c = static_cast<int>(candidates_.indexOf(QString::fromStdString(now[i].path))); c >= 0) {
                    now[i].spec = suggestValues(c);
                    const QSignalBlocker quiet(rows_[i].spec);
                    rows_[i].spec->setText(QString::fromStdString(now[i].spec));
                }
            }
    shown_ = now;
    emit axesEdited(now);
}

std::string SweepAxesEditor::suggestValues(int candidate) const
{
    // Half, the current value, and double: valid for most parameters, and
    // easy to edit. Written in the parameter's display unit ("3.631us"), as
    // the inspector shows it.
    const auto c = static_cast<std::size_t>(candidate);
    const double v = candidateValues_[c];
    if (v == 0 || !std::isfinite(v))
        return "0,1";
    const Unit unit = candidateUnits_[c].first;
    const std::string& display = candidateUnits_[c].second;
    auto text = [&](double x) {
        std::string t = display.empty() ? formatNumber(x) : formatQuantity(x, display, unit);
        t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
        return t;
    };
    return text(v / 2) + "," + text(v) + "," + text(v * 2);
}

SweepAxis SweepAxesEditor::suggestAxis() const
{
    const std::vector<SweepAxis> used = axes();
    for (int i = 0; i < candidates_.size(); ++i) {
        const std::string path = candidates_[i].toStdString();
        if (std::any_of(used.begin(), used.end(), [&](const SweepAxis& a) { return a.path == path; }))
            continue;
        return {path, suggestValues(i)};
    }
    return {candidates_.isEmpty() ? std::string("P") : candidates_.front().toStdString(), "1:16"};
}

} // namespace cs::app::sweeppanel
