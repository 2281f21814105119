#include "app/gui/inspector/FormulaEditor.h"
#include "app/document/DocumentModel.h"
#include "app/gui/widgets/QtStrings.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentEdits.h"
#include "model/formula/Dimension.h"
#include "model/formula/ExpressionTree.h"
#include "model/formula/UnitCheck.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QInputMethodEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTextCharFormat>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cctype>
#include <limits>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace cs::app::inspector {

namespace {

// The units a formula port may declare (the reader's list, DocumentReaderFormula.cpp).
const QStringList kUnits = {"1", "count", "s", "B", "B/s", "s/B", "1/s", "USD"};

enum InputColumn { kInName, kInUnit, kInDefault, kInFit, kInJob, kInRemove };
enum OutputColumn { kOutName, kOutUnit, kOutExpr, kOutStatus, kOutRemove };
constexpr int kMaxComputesWidth = 120; // px; leaves the expression most of a 1280x800 inspector

QComboBox* unitBox(Unit u, QWidget* parent)
{
    auto* box = new QComboBox(parent);
    box->addItems(kUnits);
    box->setCurrentText(q(std::string(unitSymbol(u))));
    return box;
}

Unit unitOf(const QComboBox* box)
{
    return unitFromSymbol(box->currentText().toStdString()).value_or(Unit::Ratio);
}

QString text(const QTableWidget* t, int row, int col)
{
    const QTableWidgetItem* it = t->item(row, col);
    return it ? it->text().trimmed() : QString();
}

// Underlines characters [start, start + length) of a line edit in red, or
// clears the marking (length 0). QLineEdit has no per-character format of
// its own; an input method event's format attributes give it one without
// changing the text (positions are relative to the cursor).
void underline(QLineEdit* e, int start, int length)
{
    QList<QInputMethodEvent::Attribute> attrs;
    if (length > 0) {
        QTextCharFormat f;
        f.setUnderlineStyle(QTextCharFormat::WaveUnderline);
        f.setUnderlineColor(QColor(192, 57, 43));
        f.setForeground(QColor(192, 57, 43));
        attrs << QInputMethodEvent::Attribute(QInputMethodEvent::TextFormat, start - e->cursorPosition(), length, f);
    }
    QInputMethodEvent ev(QString(), attrs);
    QCoreApplication::sendEvent(e, &ev);
    e->setProperty("errorStart", length > 0 ? start : -1);
    e->setProperty("errorLength", length);
}

QTableWidget* table(const QStringList& headers, QWidget* parent)
{
    auto* t = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->setSelectionMode(QAbstractItemView::NoSelection);
    t->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    t->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    t->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    return t;
}

void fitHeight(QTableWidget* t)
{
    t->resizeRowsToContents();
    int h = t->horizontalHeader()->height() + 2 * t->frameWidth() + 2;
    for (int i = 0; i < t->rowCount(); ++i)
        h += t->rowHeight(i);
    t->setFixedHeight(h);
}

// Where the term a unit error quotes ("'L + G' adds L in s and G in s/B") stands in `expr`, spaces aside:
// {start, length}, or the whole expression (its spaces trimmed) when the message quotes none or the term is not
// found as written (clipped, or written with other brackets).
std::pair<int, int> termSpan(const std::string& expr, const std::string& message)
{
    std::string compact;           // expr without its spaces
    std::vector<std::size_t> from; // compact[i] is expr[from[i]]
    for (std::size_t i = 0; i < expr.size(); ++i)
        if (!std::isspace(static_cast<unsigned char>(expr[i]))) {
            compact += expr[i];
            from.push_back(i);
        }
    if (from.empty())
        return {0, static_cast<int>(expr.size())};
    const std::pair<int, int> whole{static_cast<int>(from.front()), static_cast<int>(from.back() - from.front() + 1)};
    const std::size_t open = message.find('\''), close = open == std::string::npos ? open : message.find('\'', open + 1);
    if (close == std::string::npos)
        return whole;
    std::string term;
    for (char c : message.substr(open + 1, close - open - 1))
        if (!std::isspace(static_cast<unsigned char>(c)))
            term += c;
    const std::size_t at = term.empty() ? std::string::npos : compact.find(term);
    if (at == std::string::npos)
        return whole;
    const std::size_t last = at + term.size() - 1;
    return {static_cast<int>(from[at]), static_cast<int>(from[last] - from[at] + 1)};
}

// The row of the table whose cell widget is `w`.
int rowOf(const QTableWidget* t, const QWidget* w, int column)
{
    for (int r = 0; r < t->rowCount(); ++r)
        if (t->cellWidget(r, column) == w)
            return r;
    return -1;
}

} // namespace

FormulaEditor::FormulaEditor(DocumentModel* model, const std::string& block, QWidget* parent)
    : QGroupBox(tr("Formula"), parent), model_(model), block_(block)
{
    setObjectName("formulaEditor");
    auto* layout = new QVBoxLayout(this);
    auto* hint = new QLabel(tr("Outputs are expressions over the inputs and the other outputs: + − * / ^, log2, ln, "
                               "sqrt, ceil, floor, min, max, abs, if(c, a, b). An output that is the sum of others "
                               "draws them as its phases."),
                            this);
    hint->setWordWrap(true);
    hint->setStyleSheet("QLabel { color: #666; font-size: 8pt; }");
    layout->addWidget(hint);

    inputs_ = table({tr("Input"), tr("Unit"), tr("Default"), tr("Fit"), tr("Job"), QString()}, this);
    inputs_->setObjectName("formulaInputs");
    outputs_ = table({tr("Output"), tr("Unit"), tr("Expression"), tr("Computes"), QString()}, this);
    outputs_->setObjectName("formulaOutputs");
    outputs_->horizontalHeader()->setSectionResizeMode(kOutExpr, QHeaderView::Stretch);
    outputs_->horizontalHeader()->setSectionResizeMode(kOutStatus, QHeaderView::Interactive); // fitComputes
    layout->addWidget(inputs_);
    auto* addIn = new QPushButton(tr("Add input"), this);
    addIn->setObjectName("addFormulaInput");
    layout->addWidget(addIn, 0, Qt::AlignLeft);
    layout->addWidget(outputs_);
    auto* addOut = new QPushButton(tr("Add output"), this);
    addOut->setObjectName("addFormulaOutput");
    layout->addWidget(addOut, 0, Qt::AlignLeft);

    status_ = new QLabel(this);
    status_->setObjectName("formulaStatus");
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(status_);
    auto* buttons = new QHBoxLayout;
    apply_ = new QPushButton(tr("Apply formula"), this);
    apply_->setObjectName("applyFormula");
    revert_ = new QPushButton(tr("Revert"), this);
    revert_->setObjectName("revertFormula");
    buttons->addWidget(apply_);
    buttons->addWidget(revert_);
    buttons->addStretch(1);
    layout->addLayout(buttons);

    auto fill = [this] {
        filling_ = true;
        inputs_->setRowCount(0);
        outputs_->setRowCount(0);
        const BlockInstance* b = model_->doc().design.findBlock(block_);
        if (const FormulaBlock* f = b ? asFormula(b->block) : nullptr) {
            for (const FormulaInput& in : f->definition().inputs)
                addInput(in);
            for (const FormulaOutput& o : f->definition().outputs)
                addOutput(o);
        }
        filling_ = false;
        dirty_ = false;
        check(false);
    };
    fill();
    connect(addIn, &QPushButton::clicked, this, [this] {
        FormulaInput in;
        in.name = "x" + std::to_string(inputs_->rowCount() + 1);
        in.value.value = 1.0;
        addInput(in);
    });
    connect(addOut, &QPushButton::clicked, this, [this] {
        FormulaOutput o;
        o.name = "y" + std::to_string(outputs_->rowCount() + 1);
        o.expr = "0";
        addOutput(o);
    });
    connect(inputs_, &QTableWidget::itemChanged, this, [this] { check(); });
    connect(outputs_, &QTableWidget::itemChanged, this, [this] { check(); });
    connect(apply_, &QPushButton::clicked, this, &FormulaEditor::applyDefinition);
    connect(revert_, &QPushButton::clicked, this, fill);
}

void FormulaEditor::addRemoveButton(QTableWidget* table, int row, int column, const QString& tip)
{
    auto* remove = new QToolButton(table);
    remove->setText("×");
    remove->setToolTip(tip);
    table->setCellWidget(row, column, remove);
    connect(remove, &QToolButton::clicked, this, [this, table, remove, column] {
        table->removeRow(rowOf(table, remove, column));
        check();
    });
}

void FormulaEditor::addInput(const FormulaInput& in)
{
    const bool was = filling_;
    filling_ = true;
    const int r = inputs_->rowCount();
    inputs_->insertRow(r);
    inputs_->setItem(r, kInName, new QTableWidgetItem(q(in.name)));
    auto* unit = unitBox(in.unit, inputs_);
    inputs_->setCellWidget(r, kInUnit, unit);
    inputs_->setItem(r, kInDefault, new QTableWidgetItem(QString::number(in.value.value, 'g', 12)));
    auto* fit = new QTableWidgetItem;
    fit->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    fit->setCheckState(in.fit ? Qt::Checked : Qt::Unchecked);
    fit->setToolTip(tr("Fitted to measured runs by clusterscope-cli fit"));
    inputs_->setItem(r, kInFit, fit);
    auto* job = new QTableWidgetItem;
    job->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
    job->setCheckState(in.jobSize ? Qt::Checked : Qt::Unchecked);
    job->setToolTip(tr("Counts the job's ranks: follows the design's P, as the built-in blocks' P does"));
    inputs_->setItem(r, kInJob, job);
    addRemoveButton(inputs_, r, kInRemove, tr("Remove this input"));
    connect(unit, &QComboBox::currentIndexChanged, this, [this] { check(); });
    fitHeight(inputs_);
    filling_ = was;
    check();
}

void FormulaEditor::addOutput(const FormulaOutput& o)
{
    const bool was = filling_;
    filling_ = true;
    const int r = outputs_->rowCount();
    outputs_->insertRow(r);
    outputs_->setItem(r, kOutName, new QTableWidgetItem(q(o.name)));
    auto* unit = unitBox(o.unit, outputs_);
    outputs_->setCellWidget(r, kOutUnit, unit);
    auto* expr = new QLineEdit(q(o.expr), outputs_);
    expr->setObjectName("expr:" + q(o.name));
    expr->setMaxLength(4096);
    expr->setFrame(false);
    // No minimum width: a cell widget wider than its column covers the next
    // one, and the unit an output computes was hidden under the expression at
    // 1280x800 (issue 48, defect 6). The expression column takes the room left.
    expr->setCursorPosition(0); // the start of a long expression, not its end
    outputs_->setCellWidget(r, kOutExpr, expr);
    auto* status = new QTableWidgetItem;
    status->setFlags(Qt::ItemIsEnabled);
    outputs_->setItem(r, kOutStatus, status);
    addRemoveButton(outputs_, r, kOutRemove, tr("Remove this output"));
    connect(unit, &QComboBox::currentIndexChanged, this, [this] { check(); });
    connect(expr, &QLineEdit::textEdited, this, [this] { check(); });
    fitHeight(outputs_);
    filling_ = was;
    check();
}

FormulaDefinition FormulaEditor::definition() const
{
    FormulaDefinition def;
    const BlockInstance* b = model_->doc().design.findBlock(block_);
    const FormulaBlock* old = b ? asFormula(b->block) : nullptr;
    for (int r = 0; r < inputs_->rowCount(); ++r) {
        FormulaInput in;
        in.name = text(inputs_, r, kInName).toStdString();
        // What the table does not show (range, meaning, source) stays as it was.
        if (old)
            for (const FormulaInput& o : old->definition().inputs)
                if (o.name == in.name)
                    in = o;
        in.unit = unitOf(qobject_cast<QComboBox*>(inputs_->cellWidget(r, kInUnit)));
        bool ok = false;
        in.value.value = text(inputs_, r, kInDefault).toDouble(&ok);
        if (!ok)
            in.value.value = std::numeric_limits<double>::quiet_NaN();
        in.value.provenance = Provenance{};
        in.fit = inputs_->item(r, kInFit) && inputs_->item(r, kInFit)->checkState() == Qt::Checked;
        in.jobSize = inputs_->item(r, kInJob) && inputs_->item(r, kInJob)->checkState() == Qt::Checked;
        def.inputs.push_back(std::move(in));
    }
    for (int r = 0; r < outputs_->rowCount(); ++r) {
        FormulaOutput o;
        o.name = text(outputs_, r, kOutName).toStdString();
        if (old)
            for (const FormulaOutput& was : old->definition().outputs)
                if (was.name == o.name)
                    o = was;
        o.unit = unitOf(qobject_cast<QComboBox*>(outputs_->cellWidget(r, kOutUnit)));
        o.expr = expressionField(r)->text().toStdString();
        def.outputs.push_back(std::move(o));
    }
    return def;
}

QLineEdit* FormulaEditor::expressionField(int row) const
{
    return qobject_cast<QLineEdit*>(outputs_->cellWidget(row, kOutExpr));
}

QString FormulaEditor::outputStatus(int row) const
{
    return text(outputs_, row, kOutStatus);
}

std::pair<int, int> FormulaEditor::marked(int row) const
{
    const QLineEdit* e = expressionField(row);
    return {e->property("errorStart").toInt(), e->property("errorLength").toInt()};
}

void FormulaEditor::markError(int row, int start, int length)
{
    QLineEdit* e = expressionField(row);
    underline(e, start, length);
    e->setStyleSheet(length > 0 ? "QLineEdit { background: #fdecea; }" : QString());
}

void FormulaEditor::check(bool edited)
{
    if (filling_)
        return;
    dirty_ = dirty_ || edited;
    const FormulaDefinition def = definition();
    std::vector<std::string> names;
    std::vector<formula::Dimension> dims;
    for (const FormulaInput& in : def.inputs) {
        names.push_back(in.name);
        dims.push_back(formula::Dimension::of(in.unit));
    }
    for (const FormulaOutput& o : def.outputs) {
        names.push_back(o.name);
        dims.push_back(formula::Dimension::of(o.unit));
    }
    const QSignalBlocker block(outputs_); // status items are written below
    for (int r = 0; r < outputs_->rowCount(); ++r) {
        const FormulaOutput& o = def.outputs[static_cast<std::size_t>(r)];
        QTableWidgetItem* status = outputs_->item(r, kOutStatus);
        QString says;
        bool bad = false;
        int start = 0, length = 0;
        try {
            const formula::ExpressionTree tree = formula::parseExpression(o.expr, names);
            const std::optional<formula::Dimension> got = formula::checkUnits(tree, dims, names);
            const formula::Dimension want = formula::Dimension::of(o.unit);
            if (got && !(*got == want)) {
                says = tr("%1, declared %2").arg(q(got->text()), q(want.text()));
                bad = true;
                // The whole expression computes the other unit: all of it is marked (it was its first
                // character alone: issue 48, minor).
                std::tie(start, length) = termSpan(o.expr, std::string());
            } else {
                says = tr("= %1").arg(q((got ? *got : want).text()));
            }
        } catch (const formula::ExpressionError& e) {
            says = q(e.reason);
            bad = true;
            const std::string& s = o.expr;
            start = e.position > 0 ? static_cast<int>(e.position) - 1 : 0;
            int end = start;
            while (end < static_cast<int>(s.size()) &&
                   (std::isalnum(static_cast<unsigned char>(s[static_cast<std::size_t>(end)])) ||
                    s[static_cast<std::size_t>(end)] == '_'))
                ++end;
            length = e.position > 0 ? std::max(1, end - start) : static_cast<int>(s.size());
            if (e.position > 0)
                says = tr("at %1: %2").arg(e.position).arg(says);
        } catch (const ModelError& e) {
            says = q(e.what()); // a unit error: the term it names, else the whole expression
            bad = true;
            std::tie(start, length) = termSpan(o.expr, e.what());
        }
        markError(r, start, bad ? std::max(length, 1) : 0);
        status->setText(says);
        status->setForeground(bad ? QColor(192, 57, 43) : QColor(30, 120, 60));
        status->setToolTip(says);
    }
    // "Computes" as wide as its texts ("= s") up to kMaxComputesWidth; a longer
    // error is elided there, whole in its tooltip and under the tables.
    outputs_->resizeColumnToContents(kOutStatus);
    outputs_->setColumnWidth(kOutStatus, std::min(outputs_->columnWidth(kOutStatus), kMaxComputesWidth));
    // The block's own verdict: names, cycles, ranges and everything above.
    problem_.clear();
    try {
        FormulaBlock::build(def);
    } catch (const FormulaError& e) {
        problem_ = q(e.what());
    } catch (const ModelError& e) {
        problem_ = q(e.what());
    }
    status_->setText(problem_.isEmpty() ? (dirty_ ? tr("The formula is valid; Apply makes it the block's.")
                                                                      : QString())
                                        : problem_);
    status_->setStyleSheet(problem_.isEmpty() ? "QLabel { color: #1e783c; }" : "QLabel { color: #c0392b; }");
    apply_->setEnabled(problem_.isEmpty() && dirty_);
    revert_->setEnabled(dirty_);
}

void FormulaEditor::applyDefinition()
{
    const FormulaDefinition def = definition();
    const std::string name = block_;
    const QString error = model_->apply(tr("Edit formula of %1").arg(q(name)), edit::op::setFormula(name, def));
    if (!error.isEmpty()) {
        problem_ = error;
        status_->setText(error);
        status_->setStyleSheet("QLabel { color: #c0392b; }");
    }
}

} // namespace cs::app::inspector
