#include "app/gui/calibration/MeasureSection.h"
#include "app/document/DocumentModel.h"
#include "app/gui/runner/NodePicker.h"
#include "app/gui/runner/ProbeCatalog.h"
#include "app/gui/runner/ProbeSession.h"
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include "cs/sdk/PluginLoader.h"

#include <QColor>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include <set>
#include <stdexcept>

namespace cs::app::calibration {

namespace {
constexpr int kParamsRole = Qt::UserRole + 1;
constexpr int kRanksPerHostRole = Qt::UserRole + 2; // calib::ProbeRun::ranksPerHost
}

MeasureSection::MeasureSection(DocumentModel* model, QWidget* parent)
    : QWidget(parent), model_(model), session_(new ProbeSession(model, this))
{
    nodes_ = new NodePicker(model, this);
    nodes_->setObjectName("calibrationNodes");
    nodes_->setToolTip(tr("Nodes to measure on (edit them in the Nodes panel)"));
    runs_ = new QListWidget(this);
    runs_->setObjectName("calibrationRuns");
    runs_->setToolTip(tr("Probe runs that calibrate inputs of this design, with their suggested settings"));
    controls_ = new SessionControls(session_, tr("Measure"), this);
    controls_->runButton()->setObjectName("measureButton");
    controls_->runButton()->setToolTip(
        tr("Run the checked probes on the checked nodes; the results are stored in the document"));
    controls_->lockWhileRunning({runs_, nodes_});

    // One above the other: the dock is narrow (the right column of the
    // window), and side by side neither list showed a probe's whole line.
    auto* lists = new QVBoxLayout;
    auto* nodesCol = new QVBoxLayout;
    nodesCol->addWidget(new QLabel(tr("Nodes:"), this));
    nodesCol->addWidget(nodes_);
    auto* runsCol = new QVBoxLayout;
    runsCol->addWidget(new QLabel(tr("Probes for this design:"), this));
    runsCol->addWidget(runs_);
    lists->addLayout(nodesCol, 2);
    lists->addLayout(runsCol, 3);
    auto* row = new QHBoxLayout;
    row->addWidget(controls_->runButton());
    row->addWidget(controls_->cancelButton());
    row->addWidget(controls_->progressBar(), 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(lists, 1);
    layout->addLayout(row);
    layout->addWidget(controls_->statusLabel());

    connect(controls_->runButton(), &QPushButton::clicked, this, &MeasureSection::run);
    connect(model_, &DocumentModel::documentReset, this, &MeasureSection::refill);
    connect(model_, &DocumentModel::designChanged, this, &MeasureSection::refill);
    connect(controls_, &SessionControls::finished, this, &MeasureSection::runFinished);
    refill();
}

void MeasureSection::setOverrides(const QString& probe, const QVariantMap& params)
{
    overrides_[probe] = params;
}

void MeasureSection::refill()
{
    std::set<QString> unchecked;
    for (int i = 0; i < runs_->count(); ++i)
        if (runs_->item(i)->checkState() != Qt::Checked)
            unchecked.insert(runs_->item(i)->text());
    runs_->clear();
    std::vector<calib::ProbeRun> plan;
    try {
        plan = calib::calibrationPlan(model_->doc());
    } catch (const ModelError& e) {
        controls_->setStatus(QString::fromStdString(e.what()), true);
    }
    for (const calib::ProbeRun& r : plan) {
        QStringList settings, targets;
        for (auto it = r.params.begin(); it != r.params.end(); ++it)
            settings << QString::fromStdString(it.key() + "=" + formatNumber(it->get<double>()));
        for (const std::string& t : r.targets)
            targets << QString::fromStdString(t);
        const QString text =
            r.ranksPerHost > 0
                ? tr("%1 (%2 ranks on one host): sets %3").arg(QString::fromStdString(r.probe)).arg(r.ranksPerHost).arg(targets.join(", "))
                : tr("%1: sets %2").arg(QString::fromStdString(r.probe), targets.join(", "));
        auto* item = new QListWidgetItem(text, runs_);
        item->setToolTip(settings.isEmpty() ? tr("Default settings")
                                            : tr("Suggested settings: %1").arg(settings.join(", ")));
        item->setData(Qt::UserRole, QString::fromStdString(r.probe));
        item->setData(kParamsRole, QString::fromStdString(r.params.dump()));
        item->setData(kRanksPerHostRole, r.ranksPerHost);
        const bool known = probeCatalog().find(r.probe) != nullptr;
        item->setFlags(known ? Qt::ItemIsEnabled | Qt::ItemIsUserCheckable : Qt::ItemIsUserCheckable);
        item->setCheckState(known && !unchecked.count(text) ? Qt::Checked : Qt::Unchecked);
        if (!known)
            item->setToolTip(tr("No plugin provides probe %1").arg(QString::fromStdString(r.probe)));
    }
    if (plan.empty()) {
        auto* item = new QListWidgetItem(tr("No block of this design can be calibrated from probes"), runs_);
        item->setFlags(Qt::ItemIsEnabled);
        item->setForeground(QColor(120, 120, 120));
    }
}

void MeasureSection::run()
{
    if (session_->isRunning())
        return;
    std::vector<runner::Node> nodes;
    try {
        nodes = nodes_->checkedNodes();
    } catch (const std::invalid_argument& e) {
        controls_->setStatus(QString::fromStdString(e.what()), true);
        return;
    }
    if (nodes.empty()) {
        controls_->setStatus(tr("Check at least one node (add nodes in the Nodes panel)"), true);
        return;
    }
    std::vector<runner::RunPlan> plans;
    for (int i = 0; i < runs_->count(); ++i) {
        QListWidgetItem* item = runs_->item(i);
        if (item->checkState() != Qt::Checked || item->data(Qt::UserRole).toString().isEmpty())
            continue;
        runner::RunPlan p;
        p.nodes = nodes;
        p.probe = item->data(Qt::UserRole).toString().toStdString();
        p.params = nlohmann::json::parse(item->data(kParamsRole).toString().toStdString());
        p.ranksPerHost = item->data(kRanksPerHostRole).toInt();
        const QVariantMap over = overrides_.value(item->data(Qt::UserRole).toString());
        for (auto it = over.begin(); it != over.end(); ++it)
            p.params[it.key().toStdString()] = it.value().toDouble();
        p.timeout = timeout_;
        p.pairing = "first";
        plans.push_back(std::move(p));
    }
    if (plans.empty()) {
        controls_->setStatus(tr("Check at least one probe run"), true);
        return;
    }
    // MPI probes on the mpi nodes, the others on the rest (runner::placeByLauncher).
    runner::placeByLauncher(plans, nodes, probeCatalog());
    if (plans.empty()) {
        controls_->setStatus(tr("None of the checked probe runs can run on the checked nodes: an mpi node runs "
                                "only the MPI probes (mpi.loggp), the others need local, ssh, slurm or tcp nodes"),
                             true);
        return;
    }
    const QString problem = session_->start(std::move(plans));
    if (!problem.isEmpty()) {
        controls_->setStatus(problem, true);
        return;
    }
    controls_->started(tr("measuring on %1...").arg(nodes_->checkedNames().join(", ")));
}

} // namespace cs::app::calibration
