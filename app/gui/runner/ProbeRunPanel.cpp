#include "app/gui/runner/ProbeRunPanel.h"
#include "app/document/DocumentModel.h"
#include "app/gui/runner/NodePicker.h"
#include "app/gui/runner/ProbeCatalog.h"
#include "app/gui/runner/ProbeParamTable.h"
#include "app/gui/runner/ProbeSession.h"
#include "app/gui/runner/RunAppDialog.h"
#include "app/gui/runner/ResultsTable.h"
#include "app/gui/runner/SessionControls.h"
#include "app/gui/runner/SamplesPlot.h"

#include "cs/sdk/PluginLoader.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QVBoxLayout>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

namespace cs::app {

ProbeRunPanel::ProbeRunPanel(DocumentModel* model, QWidget* parent)
    : QWidget(parent), model_(model), session_(new ProbeSession(model, this))
{
    // Three panes side by side (the dock is usually wide and short): where
    // and how to run, what to run, and what came back.
    auto* runBox = new QGroupBox(tr("Run on"), this);
    nodes_ = new NodePicker(model, runBox);
    nodes_->setToolTip(tr("The document's nodes (edit them in the Nodes panel); checked ones take part"));
    auto* form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    pairing_ = new QComboBox(runBox);
    pairing_->addItem(tr("every pair"), "all");
    pairing_->addItem(tr("chain: 1-2, 2-3, ..."), "chain");
    pairing_->addItem(tr("first serves the others"), "first");
    pairing_->setToolTip(tr("Which pairs of the checked nodes a two-node probe runs on"));
    pairingLabel_ = new QLabel(tr("Pairs:"), runBox);
    form->addRow(pairingLabel_, pairing_);
    timeout_ = new QDoubleSpinBox(runBox);
    timeout_->setRange(1, 86400);
    timeout_->setValue(120);
    timeout_->setSuffix(" s");
    timeout_->setDecimals(0);
    timeout_->setToolTip(tr("Each job's limit, including the agents' start"));
    form->addRow(tr("Timeout:"), timeout_);
    controls_ = new SessionControls(session_, tr("Run"), runBox);
    controls_->setFinishedNote(tr("; results stored in the document"));
    controls_->runButton()->setObjectName("runProbe");
    controls_->runButton()->setToolTip(tr("Run the probe on the checked nodes; the results are stored in the document"));
    QLabel* status = controls_->statusLabel();
    status->setObjectName("probeStatus");
    // Three lines, whatever the text: Run and Cancel stay where they are as
    // the status grows (the whole text is in the tooltip).
    status->setFixedHeight(3 * status->fontMetrics().lineSpacing() + 4);
    status->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(controls_->runButton());
    runRow->addWidget(controls_->cancelButton());
    runMine_ = new QPushButton(tr("Run my program..."), runBox);
    runMine_->setObjectName("runMyProgram");
    runMine_->setToolTip(tr("Your own program on P ranks of the checked nodes, timed, its runs stored as results"));
    connect(runMine_, &QPushButton::clicked, this, [this] { openRunApp(); });
    auto* runLayout = new QVBoxLayout(runBox);
    runLayout->setContentsMargins(6, 6, 6, 6);
    runLayout->addWidget(nodes_, 1);
    runLayout->addLayout(form);
    runLayout->addLayout(runRow);
    runLayout->addWidget(runMine_); // its own row: beside Run and Cancel its name was cut to "my progr"
    runLayout->addWidget(controls_->progressBar());
    runLayout->addWidget(status);

    auto* probeBox = new QGroupBox(tr("Probe"), this);
    probe_ = new QComboBox(probeBox);
    probe_->setObjectName("probeCombo");
    // By id, so that a probe is found where its name says (the catalogue
    // lists them in the order the plugins were loaded).
    std::vector<const sdk::LoadedProbe*> sorted;
    for (const sdk::LoadedProbe& p : probeCatalog().probes())
        sorted.push_back(&p);
    std::sort(sorted.begin(), sorted.end(), [](const sdk::LoadedProbe* a, const sdk::LoadedProbe* b) {
        return a->descriptor.id < b->descriptor.id;
    });
    for (const sdk::LoadedProbe* p : sorted)
        probe_->addItem(QString("%1  -  %2").arg(QString::fromStdString(p->descriptor.id),
                                                 QString::fromStdString(p->descriptor.name)),
                        QString::fromStdString(p->descriptor.id));
    // The description scrolls within three lines (the whole text is in its
    // tooltip too): on a short dock the parameter table keeps the room.
    auto* descriptionScroll = new QScrollArea(probeBox);
    descriptionScroll->setObjectName("probeDescriptionScroll");
    descriptionScroll->setFrameShape(QFrame::NoFrame);
    descriptionScroll->setWidgetResizable(true);
    descriptionScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    description_ = new QLabel(descriptionScroll);
    description_->setWordWrap(true);
    description_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    description_->setStyleSheet("color: #555");
    descriptionScroll->setWidget(description_);
    descriptionScroll->setMaximumHeight(3 * description_->fontMetrics().lineSpacing() + 2);
    params_ = new ProbeParamTable(probeBox);
    auto* probeLayout = new QVBoxLayout(probeBox);
    probeLayout->setContentsMargins(6, 6, 6, 6);
    probeLayout->addWidget(probe_);
    probeLayout->addWidget(descriptionScroll);
    probeLayout->addWidget(params_, 1);

    auto* resultsBox = new QGroupBox(tr("Results in this document"), this);
    results_ = new ResultsTable(resultsBox);
    removeResults_ = new QPushButton(tr("Remove selected"), resultsBox);
    removeResults_->setToolTip(tr("Delete the selected results from the document (undoable)"));
    auto* resultsButtons = new QHBoxLayout;
    resultsButtons->addStretch(1);
    resultsButtons->addWidget(removeResults_);
    // The table and the selected result's raw samples, side by side.
    auto* tablePane = new QWidget(resultsBox);
    auto* tableLayout = new QVBoxLayout(tablePane);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(results_, 1);
    tableLayout->addLayout(resultsButtons);
    samples_ = new SamplesPlot(resultsBox);
    auto* resultsSplit = new QSplitter(Qt::Horizontal, resultsBox);
    resultsSplit->setObjectName("resultsSplit");
    resultsSplit->addWidget(tablePane);
    resultsSplit->addWidget(samples_);
    resultsSplit->setStretchFactor(0, 1);
    resultsSplit->setStretchFactor(1, 2);
    resultsSplit->setChildrenCollapsible(false);
    tablePane->setMinimumWidth(120);
    auto* resultsLayout = new QVBoxLayout(resultsBox);
    resultsLayout->setContentsMargins(6, 6, 6, 6);
    resultsLayout->addWidget(resultsSplit, 1);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(runBox);
    split->addWidget(probeBox);
    split->addWidget(resultsBox);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setStretchFactor(2, 8);
    split->setChildrenCollapsible(false);
    // Together no wider than the bottom area of a 1280x800 window (about
    // 880 px beside the right column), so that nothing scrolls sideways.
    runBox->setMinimumWidth(150);
    probeBox->setMinimumWidth(340);
    resultsBox->setMinimumWidth(370); // the table and the samples plot at their narrowest (issue 34, defect 12)

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(probe_, &QComboBox::currentIndexChanged, this, &ProbeRunPanel::onProbeChanged);
    controls_->lockWhileRunning({probe_, params_, nodes_, runMine_});
    connect(controls_->runButton(), &QPushButton::clicked, this, &ProbeRunPanel::run);
    connect(removeResults_, &QPushButton::clicked, this, &ProbeRunPanel::removeSelectedResults);
    connect(results_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &ProbeRunPanel::updateSamplesPlot);
    connect(session_, &ProbeSession::jobFinished, this, [this] { refreshResults(); });
    connect(controls_, &SessionControls::finished, this, [this](int ok, int failed, int cancelled) {
        refreshResults();
        emit runFinished(ok, failed, cancelled);
    });
    connect(model_, &DocumentModel::documentReset, this, &ProbeRunPanel::refreshResults);
    connect(model_, &DocumentModel::resultsChanged, this, &ProbeRunPanel::refreshResults);

    if (probeCatalog().probes().empty()) {
        const QStringList problems = probeCatalog().problems();
        controls_->setIdleStatus(tr("No probe plugins were found in %1%2")
                      .arg(probeCatalog().searchPath().join(", "),
                           problems.isEmpty() ? QString() : ": " + problems.join("; ")),
                  true);
    }
    onProbeChanged();
    refreshResults();
}

bool ProbeRunPanel::selectProbe(const QString& id)
{
    const int i = probe_->findData(id);
    if (i < 0)
        return false;
    probe_->setCurrentIndex(i);
    return true;
}

void ProbeRunPanel::onProbeChanged()
{
    const sdk::LoadedProbe* p = probeCatalog().find(probe_->currentData().toString().toStdString());
    if (!p) {
        description_->clear();
        params_->setRowCount(0);
        return;
    }
    const sdk::ProbeDescriptor& d = p->descriptor;
    QString text = QString::fromStdString(d.description);
    QStringList targets;
    for (const sdk::Calibration& c : d.calibrates)
        targets << QString::fromStdString(c.target);
    if (!targets.isEmpty())
        text += "\n" + tr("Calibrates %1.").arg(targets.join(", "));
    description_->setText(text);
    description_->setToolTip(text);
    params_->setProbe(d);
    const bool pair = d.span == sdk::Span::Pair && d.launcher != "mpi";
    pairing_->setVisible(pair);
    pairingLabel_->setVisible(pair);
}

void ProbeRunPanel::run()
{
    if (session_->isRunning())
        return;
    runner::RunPlan plan;
    plan.probe = probe_->currentData().toString().toStdString();
    try {
        plan.nodes = nodes_->checkedNodes();
        plan.params = params_->values();
    } catch (const std::invalid_argument& e) {
        controls_->setStatus(QString::fromStdString(e.what()), true);
        return;
    }
    if (plan.nodes.empty()) {
        controls_->setStatus(tr("Check at least one node to run on (add nodes in the Nodes panel)"), true);
        return;
    }
    plan.timeout = timeout_->value();
    plan.pairing = pairing_->currentData().toString().toStdString();
    const QString problem = session_->start({plan});
    if (!problem.isEmpty()) {
        controls_->setStatus(problem, true);
        return;
    }
    controls_->started(tr("starting %1 on %2...").arg(QString::fromStdString(plan.probe), nodes_->checkedNames().join(", ")));
    refreshResults();
}

void ProbeRunPanel::refreshResults()
{
    // While a session runs, the jobs that ended so far follow the stored results.
    refreshing_ = true;
    const nlohmann::json& measured = model_->doc().measured;
    results_->setResults(measured,
                         session_->isRunning() ? session_->pendingResults() : std::vector<runner::JobResult>{});
    // The results selected before stay selected wherever they are now
    // (a removal or an undo moves them); removed ones drop out.
    std::set<int> reselect;
    for (const nlohmann::json& shown : shownResults_)
        for (int i = 0; i < results_->storedCount(); ++i)
            if (!reselect.count(i) && measured[static_cast<std::size_t>(i)] == shown) {
                reselect.insert(i);
                break;
            }
    for (int i : reselect)
        results_->selectionModel()->select(results_->model()->index(i, 0),
                                           QItemSelectionModel::Select | QItemSelectionModel::Rows);
    refreshing_ = false;
    removeResults_->setEnabled(results_->storedCount() > 0 && !session_->isRunning());
    updateSamplesPlot();
}

void ProbeRunPanel::updateSamplesPlot()
{
    if (refreshing_)
        return;
    const nlohmann::json& measured = model_->doc().measured;
    shownResults_.clear();
    for (int i : results_->selectedStored())
        if (measured.is_array() && i < static_cast<int>(measured.size()))
            shownResults_.push_back(measured[static_cast<std::size_t>(i)]);
    if (shownResults_.size() == 1)
        samples_->setResult(shownResults_.front());
    else if (shownResults_.empty())
        samples_->showPlaceholder(results_->storedCount() > 0 ? tr("select a result to see its raw samples")
                                                              : tr("no results stored yet"));
    else
        samples_->showPlaceholder(
            tr("%1 results are selected: select one to see its raw samples").arg(shownResults_.size()));
}

void ProbeRunPanel::removeSelectedResults()
{
    const QList<int> rows = results_->selectedStored();
    if (rows.isEmpty()) {
        controls_->setStatus(tr("Select the results to remove first"), true);
        return;
    }
    const std::set<int> drop(rows.begin(), rows.end());
    const nlohmann::json& measured = model_->doc().measured;
    nlohmann::json kept = nlohmann::json::array();
    for (std::size_t i = 0; i < measured.size(); ++i)
        if (!drop.count(static_cast<int>(i)))
            kept.push_back(measured[i]);
    model_->apply(rows.size() == 1 ? tr("Remove a probe result") : tr("Remove %1 probe results").arg(rows.size()),
                  edit::op::setMeasured(std::move(kept)));
}

RunAppDialog* ProbeRunPanel::openRunApp()
{
    auto* dialog = new RunAppDialog(model_, nodes_->checkedNodes(), nodes_->checkedNames(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &RunAppDialog::runsFinished, this, [this] { refreshResults(); });
    dialog->show();
    return dialog;
}

} // namespace cs::app
