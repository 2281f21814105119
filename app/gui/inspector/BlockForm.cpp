#include "app/gui/inspector/BlockForm.h"
#include "app/document/DocumentModel.h"
#include "app/gui/inspector/Evaluation.h"
#include "app/gui/inspector/FormulaEditor.h"
#include "app/gui/widgets/InspectorText.h"
#include "app/gui/inspector/ParamGrid.h"
#include "app/gui/widgets/ElidedLabel.h"
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

#include <QAbstractButton>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <climits>
#include <optional>

namespace cs::app::inspector {

namespace {


int phaseDepth(const BlockSpec& s, const OutputSpec& o)
{
    int depth = 0;
    const OutputSpec* cur = &o;
    while (!cur->phaseOf.empty() && depth < 8) {
        const int i = s.outputIndex(cur->phaseOf);
        if (i < 0)
            break;
        cur = &s.outputs[static_cast<std::size_t>(i)];
        ++depth;
    }
    return depth;
}

} // namespace

BlockForm::BlockForm(DocumentModel* model, const std::string& blockName, QWidget* parent)
    : QWidget(parent), model_(model), block_(blockName)
{
    setObjectName("blockForm");
    const Design& d = model->doc().design;
    const BlockInstance& b = d.block(blockName);
    const BlockSpec& s = b.spec();
    const Evaluation eval(d);
    const int step = eval.stepOf(blockName);
    std::vector<double> rates;
    for (const ParamSpec& p : s.inputs)
        if (p.unit == Unit::BytesPerSecond)
            rates.push_back(d.value({b.name, p.symbol}).value);
    for (const OutputSpec& o : s.outputs)
        if (o.unit == Unit::BytesPerSecond)
            if (const std::optional<double> v = eval.value(b.name + "." + o.symbol, true, step))
                rates.push_back(*v);
    rate_ = plots::rateUnitFor(rates);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->setSpacing(4);

    // The block's name, type and category on one line, its description and source on one more, elided, whole in
    // the tooltip (issue 48, cramped at 1280x800: the four to six wrapped lines pushed the inputs down).
    auto* header = new QLabel(this);
    header->setObjectName("header");
    header->setWordWrap(true);
    header->setTextFormat(Qt::RichText);
    header->setTextInteractionFlags(Qt::TextSelectableByMouse);
    header->setText(tr("<span style='font-size:11pt'><b>%1</b></span> %2 <span style='color:#777'><code>%3</code>"
                       " · %4</span>")
                        .arg(q(b.name).toHtmlEscaped(), q(s.name).toHtmlEscaped(), q(s.id),
                             q(s.category).toHtmlEscaped()));
    const QString about = tr("<b>%1</b> (<code>%2</code>)<br>%3<br><i>%4</i>")
                              .arg(q(s.name).toHtmlEscaped(), q(s.id), q(s.description).toHtmlEscaped(),
                                   q(s.source).toHtmlEscaped());
    header->setToolTip(about);
    layout->addWidget(header);
    auto* description = new ElidedLabel(this);
    description->setObjectName("description");
    description->setText(q(s.description) + QString::fromUtf8(" \u00b7 ") + q(s.source));
    description->setToolTip(about);
    description->setDetailStyle(QColor(0x44, 0x44, 0x44));
    layout->addWidget(description);

    // Calibrated against drawn (docs/calibration.md): where the last applied
    // calibration found the drawn network overriding a calibrated value of
    // this block, say so here too, with the input that decides.
    if (const nlohmann::json& cal = model->doc().calibration; cal.is_array() && !cal.empty()) {
        QStringList texts;
        try {
            for (const calib::Disagreement& g : calib::reportFromJson(cal.back()).disagreements)
                if (g.block == blockName)
                    texts << q(g.text) + " " + tr("%1 below decides which one stands (an undoable edit).").arg(q(g.choice));
        } catch (const ModelError&) {
            // an unreadable record: the Calibration dock says so
        }
        if (!texts.isEmpty()) {
            auto* note = new QLabel(texts.join("\n"), this);
            note->setObjectName("calibratedAgainstDrawn");
            note->setWordWrap(true);
            note->setTextInteractionFlags(Qt::TextSelectableByMouse);
            note->setStyleSheet("QLabel { color: #b05000; }");
            layout->addWidget(note);
        }
    }

    // Inputs.
    auto* inBox = new QGroupBox(tr("Inputs"), this);
    auto* inLayout = new QVBoxLayout(inBox);
    inLayout->setContentsMargins(4, 4, 4, 4);
    auto* grid = new ParamGrid(inBox);
    for (const ParamSpec& p : s.inputs) {
        const Endpoint e{b.name, p.symbol};
        ParamRow row;
        row.spec = p;
        if (p.unit == Unit::BytesPerSecond)
            row.spec.displayUnit = rate_.name.toStdString();
        row.value = d.value(e);
        if (row.value.provenance.kind == ProvenanceKind::Wired)
            row.incoming = eval.value(e.str(), false, step);
        row.apply = [model, e](double v) { return model->setValue(e, v); };
        row.reset = [model, e] { return model->resetValue(e); };
        const Wire* w = d.wireInto(e);
        if (w && w->from.block == kTopologyBlock)
            row.override = [model, e] { return model->disconnect(e); };
        else if (!w && !p.topology.empty() && d.topology() && b.name != kTopologyBlock)
            row.useTopology = [model, e, src = p.topology] {
                return model->connect(Source{kTopologyBlock, src}, e);
            };
        grid->addRow(row);
    }
    inLayout->addWidget(grid);
    layout->addWidget(inBox);

    // Outputs, as the design evaluates now.
    auto* outBox = new QGroupBox(tr("Outputs"), this);
    auto* outLayout = new QVBoxLayout(outBox);
    evalError_ = new QLabel(outBox);
    evalError_->setObjectName("evaluationError");
    evalError_->setWordWrap(true);
    evalError_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    evalError_->setStyleSheet("QLabel { color: #c0392b; }");
    outLayout->addWidget(evalError_);

    outputs_ = new QTableWidget(static_cast<int>(s.outputs.size()), 3, outBox);
    outputs_->setObjectName("outputs");
    outputs_->setHorizontalHeaderLabels({tr("Output"), tr("Value"), tr("Meaning")});
    outputs_->verticalHeader()->hide();
    outputs_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    outputs_->setSelectionMode(QAbstractItemView::NoSelection);
    outputs_->setWordWrap(false);
    outputs_->setAlternatingRowColors(true);
    outputs_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    fillOutputs();
    outputs_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    outputs_->setTextElideMode(Qt::ElideRight); // the full meaning is in the tooltip
    outputs_->resizeColumnsToContents();
    outputs_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    outputs_->resizeRowsToContents();
    int h = outputs_->horizontalHeader()->height() + 2 * outputs_->frameWidth() + 2;
    for (int i = 0; i < outputs_->rowCount(); ++i)
        h += outputs_->rowHeight(i);
    outputs_->setFixedHeight(h);
    outLayout->addWidget(outputs_);
    layout->addWidget(outBox);
    // A formula block's definition is the document's: edited here.
    if (asFormula(b.block))
        layout->addWidget(new FormulaEditor(model, blockName, this));
    layout->addStretch(1);
}

void BlockForm::fillOutputs()
{
    const Design& d = model_->doc().design;
    const BlockInstance& b = d.block(block_);
    const BlockSpec& s = b.spec();
    const Evaluation eval(d);
    const int step = eval.stepOf(block_);
    evalError_->setText(eval.error.isEmpty() ? QString() : tr("The design does not evaluate: %1").arg(eval.error));
    evalError_->setVisible(!eval.error.isEmpty());
    for (int i = 0; i < static_cast<int>(s.outputs.size()); ++i) {
        const OutputSpec& o = s.outputs[static_cast<std::size_t>(i)];
        const QString indent(phaseDepth(s, o) * 3, QChar(' '));
        auto* sym = new QTableWidgetItem(indent + q(o.symbol));
        QFont f = sym->font();
        f.setBold(o.phaseOf.empty());
        sym->setFont(f);
        const std::optional<double> v = eval.value(b.name + "." + o.symbol, true, step);
        const std::string unit = o.unit == Unit::BytesPerSecond ? rate_.name.toStdString() : o.displayUnit;
        auto* val = new QTableWidgetItem(v ? displayValue(*v, unit, o.unit) : QString("—"));
        val->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        auto* meaning = new QTableWidgetItem(q(o.meaning));
        const QString tip = tr("<b>%1</b> — %2%3<br><i>%4</i>")
                                .arg(q(o.symbol).toHtmlEscaped(), q(o.meaning).toHtmlEscaped(),
                                     o.phaseOf.empty() ? QString() : tr("<br>a phase of %1").arg(q(o.phaseOf)),
                                     q(o.source).toHtmlEscaped());
        for (QTableWidgetItem* it : {sym, val, meaning})
            it->setToolTip(tip);
        meaning->setForeground(QColor(90, 90, 90));
        outputs_->setItem(i, 0, sym);
        outputs_->setItem(i, 1, val);
        outputs_->setItem(i, 2, meaning);
    }
}

void BlockForm::refreshValues()
{
    const Design& d = model_->doc().design;
    const BlockInstance* b = d.findBlock(block_);
    if (!b)
        return;
    for (const ParamSpec& p : b->spec().inputs) {
        const QString sym = q(p.symbol);
        const ParamValue v = d.value({block_, p.symbol});
        if (auto* prov = findChild<QLabel*>("provenance:" + sym)) {
            const bool wired = v.provenance.kind == ProvenanceKind::Wired;
            prov->setText(wired ? tr("wired") : provenanceLabel(v.provenance));
            prov->setToolTip(provenanceDetail(v.provenance, p));
            const QColor c = provenanceColor(v.provenance.kind);
            prov->setStyleSheet(QString("QLabel { color: %1; border: 1px solid %1; border-radius: 3px;"
                                        " padding: 0px 4px; font-size: 8pt; }")
                                    .arg(c.name()));
        }
        if (auto* field = findChild<ValueField*>("field:" + sym); field && v.provenance.kind != ProvenanceKind::Wired)
            field->showValue(v.value);
        if (auto* reset = findChild<QAbstractButton*>("reset:" + sym))
            reset->setEnabled(v.provenance.kind != ProvenanceKind::Default || v.value != p.defaultValue);
    }
    fillOutputs();
}

QString BlockForm::evaluationError() const
{
    return evalError_->isHidden() ? QString() : evalError_->text();
}

} // namespace cs::app::inspector
