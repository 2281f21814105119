#include "app/gui/calibration/FitSection.h"
#include "app/document/DocumentModel.h"
#include "app/gui/calibration/OverlayDraw.h"
#include "app/gui/calibration/ReportTables.h"
#include "app/gui/widgets/ColumnFitter.h"
#include "app/gui/widgets/QtStrings.h"
#include "app/plots/RateUnit.h"
#include "model/calibration/ProgramRuns.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/formula/FormulaBlock.h"
#include "model/verification/VerifyTargets.h"

#include <QCheckBox>
#include <QColor>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent>

#include <algorithm>
#include <cmath>

namespace cs::app::calibration {

namespace {

QString secs(double v)
{
    return q(formatMeasured(v, "s"));
}

QTableWidget* makeTable(QWidget* parent, const char* name, const QStringList& headers)
{
    auto* t = new QTableWidget(parent);
    t->setObjectName(name);
    setupReadOnlyTable(t, headers);
    return t;
}

void fillRow(QTableWidget* t, int row, const QStringList& cells, int redColumn = -1)
{
    for (int c = 0; c < cells.size(); ++c) {
        auto* item = new QTableWidgetItem(cells[c]);
        if (c == redColumn)
            item->setForeground(QColor(0xb0, 0, 0));
        t->setItem(row, c, item);
    }
}

// The formula blocks with an input marked fit: what Fit can fit.
QStringList fittableBlocks(const DesignDocument& doc)
{
    QStringList names;
    for (const BlockInstance& b : doc.design.blocks())
        if (const FormulaBlock* f = asFormula(b.block))
            for (const FormulaInput& in : f->definition().inputs)
                if (in.fit) {
                    names << q(b.name);
                    break;
                }
    return names;
}

} // namespace

FitSection::FitSection(DocumentModel* model, QWidget* parent) : QWidget(parent), model_(model)
{
    block_ = new QComboBox(this);
    block_->setObjectName("fitBlock");
    block_->setToolTip(tr("The formula block whose inputs marked \"fit\" are fitted to your program's runs"));
    holdOut_ = new QLineEdit(this);
    holdOut_->setObjectName("fitHoldOut");
    holdOut_->setPlaceholderText(tr("P = 8"));
    holdOut_->setToolTip(tr("Node counts left out of the fit and predicted instead, to see how well it "
                            "extrapolates (empty: fit every run)"));
    acceptPoor_ = new QCheckBox(tr("Accept a poor fit"), this);
    acceptPoor_->setObjectName("fitAcceptPoor");
    acceptPoor_->setToolTip(tr("Apply values whose fit fails the quality limits (R², held-out error); a value "
                               "whose interval crosses zero is never applied"));
    fit_ = new QPushButton(tr("Fit"), this);
    fit_->setObjectName("fitButton");
    fit_->setToolTip(tr("Fit the inputs marked fit to the application runs in the document (run-app, or Load "
                        "results on the Verify page), by least squares weighted by their spread"));
    search_ = new QPushButton(tr("Search term"), this);
    search_->setObjectName("fitSearchButton");
    search_->setToolTip(tr("Find the compute term the formula does not have: c·P^a·log2(P)^b, one or two "
                           "terms, ranked by leave-one-out error (Extra-P's method); needs 5 node counts"));
    apply_ = new QPushButton(tr("Apply"), this);
    apply_->setObjectName("fitApplyButton");
    apply_->setEnabled(false);
    apply_->setToolTip(tr("Set the fitted values (or the found term, as the block's output T_found) in the "
                          "design: one undo step"));

    inputs_ = makeTable(this, "fitInputs", {tr("Input"), tr("Fitted"), tr("95% CI"), tr("Was"), tr("Applied")});
    points_ = makeTable(this, "fitPoints", {tr("P"), tr("Measured"), tr("Predicted"), tr("Error"), tr("Held out"),
                                            tr("Leave-one-out")});
    points_->horizontalHeaderItem(5)->setToolTip(
        tr("The prediction at this P of the fit to the other points (fitted points); for a search, the network "
           "part the calibrated blocks give"));
    hypotheses_ = makeTable(this, "fitHypotheses", {tr("Compute term"), tr("Leave-one-out SMAPE"), tr("R²")});
    hypotheses_->setVisible(false);
    summary_ = new QLabel(this);
    summary_->setObjectName("fitSummary");
    summary_->setWordWrap(true);
    summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    status_ = new QLabel(this);
    status_->setObjectName("fitStatus");
    status_->setWordWrap(true);

    // Docked in a 1280x800 window's right column (about 380 x 400 px for the page) it reads whole (issue 48,
    // cramped): three rows of controls, then the tables in a splitter, each table's columns inside it with their
    // text wrapped where they would not fit (ColumnFitter), the fitted inputs' table as tall as its rows and the
    // points' table the rest, then the summary. The page no longer scrolls (CalibrationPanel).
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Block"), this));
    row->addWidget(block_, 1);
    row->addWidget(new QLabel(tr("Hold out"), this));
    row->addWidget(holdOut_, 1);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(fit_);
    buttons->addWidget(search_);
    buttons->addWidget(apply_);
    buttons->addStretch(1);
    for (QTableWidget* t : {inputs_, hypotheses_, points_})
        connect(new ColumnFitter(t), &ColumnFitter::fitted, this, &FitSection::fitHeights);
    tables_ = new QSplitter(Qt::Vertical, this);
    tables_->setObjectName("fitTables");
    tables_->setChildrenCollapsible(false);
    tables_->addWidget(inputs_);
    tables_->addWidget(hypotheses_);
    tables_->addWidget(points_);
    tables_->setStretchFactor(0, 0);
    tables_->setStretchFactor(1, 0);
    tables_->setStretchFactor(2, 1);
    // A table shows a header and a row at least (the points two); the fitted inputs no more than their rows
    // (fitHeights).
    const int rowHeight = inputs_->verticalHeader()->defaultSectionSize();
    for (QTableWidget* t : {inputs_, hypotheses_})
        t->setMinimumHeight(rowHeight * 2 + 2 * t->frameWidth() + 4);
    points_->setMinimumHeight(rowHeight * 3 + 2 * points_->frameWidth() + 4);
    fitHeights();
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addLayout(row);
    layout->addLayout(buttons);
    // On a row of its own: beside the buttons it made the right column of a 1280x800 window wider than 384 px.
    layout->addWidget(acceptPoor_, 0, Qt::AlignLeft);
    layout->addWidget(tables_, 1);
    layout->addWidget(summary_);
    layout->addWidget(status_);

    connect(fit_, &QPushButton::clicked, this, &FitSection::fit);
    connect(search_, &QPushButton::clicked, this, &FitSection::search);
    connect(apply_, &QPushButton::clicked, this, &FitSection::apply);
    connect(&watcher_, &QFutureWatcherBase::finished, this, &FitSection::onFinished);
    connect(model_, &DocumentModel::documentReset, this, [this] {
        shown_.reset();
        apply_->setEnabled(false);
        fillBlocks();
    });
    connect(model_, &DocumentModel::designChanged, this, &FitSection::fillBlocks);
    fillBlocks();
    setStatus(tr("Runs of your program (run-app) in the document are fitted here; the Verify page compares "
                 "them with the prediction."));
}

FitSection::~FitSection()
{
    watcher_.waitForFinished();
}

QString FitSection::statusText() const
{
    return status_->text();
}

QString FitSection::summaryText() const
{
    return summary_->text();
}

void FitSection::setStatus(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #b00000" : "");
}

void FitSection::fillBlocks()
{
    const QString current = block_->currentText();
    const QStringList names = fittableBlocks(model_->doc());
    block_->clear();
    block_->addItems(names);
    if (names.contains(current))
        block_->setCurrentText(current);
    const bool any = !names.isEmpty();
    fit_->setEnabled(any && !watcher_.isRunning());
    search_->setEnabled(any && !watcher_.isRunning());
    if (!any)
        setStatus(tr("No formula block with an input marked fit: mark one in the block's inspector (the "
                     "\"fit\" column)."));
}

void FitSection::refit(QTableWidget* t)
{
    if (auto* fitter = t->findChild<ColumnFitter*>(QString(), Qt::FindDirectChildrenOnly))
        fitter->refit();
    fitHeights();
}

void FitSection::fitHeights()
{
    // The fitted inputs' (or the hypotheses') table as tall as its header and rows, five at most; the points'
    // table the rest of the splitter.
    const auto tall = [](QTableWidget* t) {
        int h = t->horizontalHeader()->sizeHint().height() + 2 * t->frameWidth() + 2;
        const int rows = std::max(1, t->rowCount());
        for (int r = 0; r < std::min(rows, 5); ++r)
            h += r < t->rowCount() ? t->rowHeight(r) : t->verticalHeader()->defaultSectionSize();
        return std::max(h, t->minimumHeight());
    };
    if (!tables_)
        return;
    const int in = tall(inputs_), hyp = tall(hypotheses_);
    inputs_->setMaximumHeight(in);
    hypotheses_->setMaximumHeight(hyp);
    const int total = tables_->height() - 2 * tables_->handleWidth();
    if (total <= 0)
        return;
    const int top = inputs_->isVisibleTo(this) ? in : hyp;
    tables_->setSizes({inputs_->isVisibleTo(this) ? in : 0, hypotheses_->isVisibleTo(this) ? hyp : 0,
                       std::max(total - top, points_->minimumHeight())});
}

void FitSection::fit()
{
    start(false);
}

void FitSection::search()
{
    start(true);
}

void FitSection::start(bool searching)
{
    if (watcher_.isRunning())
        return;
    calib::FormulaFitOptions options;
    options.block = block_->currentText().toStdString();
    options.acceptPoorFits = acceptPoor_->isChecked();
    options.format = plots::formatOptions();
    std::vector<calib::TimedPoint> points;
    std::vector<std::string> runNotes;
    try {
        const QString held = holdOut_->text().trimmed();
        if (!held.isEmpty())
            for (int P : verify::parseNodeCounts(held.toStdString(), 1))
                options.holdOut.push_back(P);
        nlohmann::json runs = nlohmann::json::array();
        if (model_->doc().measured.is_array())
            for (const nlohmann::json& r : model_->doc().measured)
                if (verify::probeOf(r) == "app.run")
                    runs.push_back(r);
        if (runs.empty()) {
            setStatus(tr("No runs of your program in the document: measure it with clusterscope-cli run-app "
                         "--into DESIGN, or load a results file on the Verify page."),
                      true);
            return;
        }
        // One program and its arguments: runs of others are left out, and said so beside the fit.
        runs = calib::runsToFit(model_->doc(), options.block, runs, runNotes);
        points = calib::timedPoints(runs);
    } catch (const ModelError& e) {
        setStatus(tr("Hold out: %1").arg(q(e.what())), true);
        return;
    }
    fit_->setEnabled(false);
    search_->setEnabled(false);
    apply_->setEnabled(false);
    setStatus(searching ? tr("Searching the compute term...") : tr("Fitting..."));
    const DesignDocument doc = model_->doc();
    watcher_.setFuture(QtConcurrent::run([doc, points, options, searching, runNotes] {
        auto out = std::make_shared<FitOutcome>();
        out->options = options;
        try {
            if (searching) {
                out->search = calib::searchFormula(doc, points, options);
            } else {
                out->fit = calib::fitFormula(doc, points, options);
            }
            out->runNotes = runNotes;
        } catch (const std::exception& e) {
            out->error = QString::fromStdString(e.what());
        }
        return out;
    }));
}

void FitSection::onFinished()
{
    shown_ = watcher_.result();
    fillBlocks();
    inputs_->setRowCount(0);
    points_->setRowCount(0);
    hypotheses_->setRowCount(0);
    summary_->clear();
    if (!shown_ || !shown_->error.isEmpty()) {
        setStatus(shown_ ? shown_->error : tr("The fit ended without a result"), true);
        shown_.reset();
        apply_->setEnabled(false);
        emit finished();
        return;
    }
    if (shown_->fit)
        fillFit(*shown_->fit);
    else if (shown_->search)
        fillSearch(*shown_->search);
    emit finished();
}

void FitSection::fillFit(const calib::FormulaFitReport& r)
{
    inputs_->setVisible(true);
    hypotheses_->setVisible(false);
    inputs_->setRowCount(static_cast<int>(r.inputs.size()));
    bool anyApplied = false;
    for (std::size_t i = 0; i < r.inputs.size(); ++i) {
        const calib::FittedInput& in = r.inputs[i];
        anyApplied = anyApplied || in.applied;
        const QString applied = in.applied ? (in.problem.empty() ? tr("yes") : tr("yes (accepted): %1").arg(q(in.problem)))
                                           : tr("no: %1").arg(q(in.problem));
        const FormatOptions format = plots::formatOptions();
        const auto value = [&](double v) { return q(formatMeasured(v, in.unit, format)); };
        fillRow(inputs_, static_cast<int>(i),
                {q(in.name), value(in.value), QString("[%1, %2]").arg(value(in.ciLow), value(in.ciHigh)),
                 value(in.before), applied},
                in.applied ? -1 : 4);
    }
    refit(inputs_);
    points_->setRowCount(static_cast<int>(r.points.size()));
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        const calib::FittedPoint& p = r.points[i];
        fillRow(points_, static_cast<int>(i),
                {QString::number(p.P), secs(p.measured), secs(p.predicted), percent(p.relError),
                 p.heldOut ? tr("held out") : QString(), p.heldOut ? QString() : secs(p.looPredicted)},
                std::abs(p.relError) > 0.15 ? 3 : -1);
    }
    refit(points_);
    QString text = tr("Fit of %1.%2 to %n run(s) (%3): R² %4, SMAPE %5, leave-one-out SMAPE %6", "", r.fitted)
                       .arg(q(r.block), q(r.output), q(r.weighting), q(formatMeasured(r.r2, "1")),
                            percent(r.smape, false),
                            std::isfinite(r.looSmape) ? percent(r.looSmape, false) : tr("- (too few points)"));
    if (!shown_->options.holdOut.empty())
        text += tr("; held out: mean |error| %1").arg(percent(r.heldOutError, false));
    text += ".";
    for (const std::string& n : r.notes)
        text += " " + tr("Note: %1.").arg(q(n));
    // Runs of other arguments: said first, where the eye starts.
    for (const std::string& n : shown_->runNotes)
        text = q(n) + ".\n" + text;
    summary_->setText(text);
    apply_->setEnabled(anyApplied);
    setStatus(anyApplied ? tr("Apply sets the fitted values in the design (one undo step).")
                         : tr("No value can be applied: see the Applied column."),
              !anyApplied);
}

void FitSection::fillSearch(const calib::FormulaSearchReport& r)
{
    inputs_->setVisible(false);
    hypotheses_->setVisible(true);
    hypotheses_->setRowCount(static_cast<int>(r.found.size()));
    for (std::size_t i = 0; i < r.found.size(); ++i) {
        const calib::ScalingHypothesis& h = r.found[i];
        fillRow(hypotheses_, static_cast<int>(i),
                {(i == 0 ? QString::fromUtf8("→ ") : QString("   ")) + q(h.formula()), percent(h.cvSmape, false),
                 q(formatMeasured(h.r2, "1"))});
    }
    refit(hypotheses_);
    points_->setRowCount(static_cast<int>(r.points.size()));
    for (std::size_t i = 0; i < r.points.size(); ++i) {
        const calib::SearchedPoint& p = r.points[i];
        fillRow(points_, static_cast<int>(i),
                {QString::number(p.P), secs(p.measured), secs(p.predicted), percent(p.relError),
                 p.heldOut ? tr("held out") : QString(), tr("network %1").arg(secs(p.network))},
                std::abs(p.relError) > 0.15 ? 3 : -1);
    }
    refit(points_);
    summary_->setText(tr("Compute term of %1.%2 found in %n run(s) after the network part the calibrated blocks "
                         "give; ranked by leave-one-out error, best first.", "", r.searched)
                          .arg(q(r.block), q(r.output)));
    apply_->setEnabled(true);
    setStatus(tr("Apply adds the best term to %1 as its output T_found, its coefficients inputs marked fit (one "
                 "undo step); then Fit fits them.")
                  .arg(q(r.block)));
}

void FitSection::apply()
{
    if (!shown_ || (!shown_->fit && !shown_->search))
        return;
    const std::shared_ptr<FitOutcome> shown = shown_;
    QString err;
    if (shown->fit) {
        err = model_->apply(tr("Apply fitted values"), edit::op::setValues(calib::fittedValues(*shown->fit)));
    } else {
        try {
            std::string block;
            FormulaDefinition def =
                calib::foundTermDefinition(model_->doc(), shown->options, shown->search->found.front(), block);
            err = model_->apply(tr("Apply the found term"), edit::op::setFormula(block, std::move(def)));
        } catch (const ModelError& e) {
            err = QString::fromStdString(e.what());
        }
    }
    if (!err.isEmpty()) {
        setStatus(tr("Cannot apply: %1").arg(err), true);
        return;
    }
    apply_->setEnabled(false);
    setStatus(shown->fit ? tr("Applied: the sweep chart draws the fitted design; the Verify page its band and the "
                              "measured points. Edit > Undo takes it back.")
                         : tr("Applied: %1 has T_found; Fit now fits its coefficients.")
                               .arg(q(shown->search->block)));
}

} // namespace cs::app::calibration
