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
    run_ = new QPushButton(tr("Measure"), this);
    run_->setObjectName("measureButton");
    run_->setToolTip(tr("Run the checked probes on the checked nodes; the results are stored in the document"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setToolTip(tr("Stop within a second; finished results are kept"));
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setFormat("%p%");
    status_ = new QLabel(this);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto* lists = new QHBoxLayout;
    auto* nodesCol = new QVBoxLayout;
    nodesCol->addWidget(new QLabel(tr("Nodes:"), this));
    nodesCol->addWidget(nodes_);
    auto* runsCol = new QVBoxLayout;
    runsCol->addWidget(new QLabel(tr("Probes for this design:"), this));
    runsCol->addWidget(runs_);
    lists->addLayout(nodesCol, 2);
    lists->addLayout(runsCol, 3);
    auto* row = new QHBoxLayout;
    row->addWidget(run_);
    row->addWidget(cancel_);
    row->addWidget(progress_, 1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(lists, 1);
    layout->addLayout(row);
    layout->addWidget(status_);

    connect(run_, &QPushButton::clicked, this, &MeasureSection::run);
    connect(cancel_, &QPushButton::clicked, this, &MeasureSection::cancel);
    connect(model_, &DocumentModel::documentReset, this, &MeasureSection::refill);
    connect(model_, &DocumentModel::designChanged, this, &MeasureSection::refill);
    connect(session_, &ProbeSession::progress, this, [this](double f, const QString& m) {
        progress_->setValue(static_cast<int>(f * 1000));
        setStatus(m);
    });
    connect(session_, &ProbeSession::finished, this, [this](int ok, int failed, int cancelled) {
        setRunning(false);
        progress_->setValue(1000);
        QString text = tr("%1 of %2 jobs succeeded").arg(ok).arg(ok + failed + cancelled);
        if (failed)
            text += tr(", %1 failed").arg(failed);
        if (cancelled)
            text += tr(", %1 cancelled").arg(cancelled);
        // Name the failures: a failed node must say why.
        for (const runner::JobResult& r : session_->results())
            if (!r.ok() && !r.reason.empty()) {
                text += "\n" + QString::fromStdString(r.probe + ": " + r.reason);
                break;
            }
        setStatus(text, failed > 0);
        emit runFinished(ok, failed, cancelled);
    });
    refill();
    setRunning(false);
}

QString MeasureSection::statusText() const
{
    return status_->text();
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
        setStatus(QString::fromStdString(e.what()), true);
    }
    for (const calib::ProbeRun& r : plan) {
        QStringList settings, targets;
        for (auto it = r.params.begin(); it != r.params.end(); ++it)
            settings << QString::fromStdString(it.key() + "=" + formatNumber(it->get<double>()));
        for (const std::string& t : r.targets)
            targets << QString::fromStdString(t);
        const QString text = tr("%1: sets %2").arg(QString::fromStdString(r.probe), targets.join(", "));
        auto* item = new QListWidgetItem(text, runs_);
        item->setToolTip(settings.isEmpty() ? tr("Default settings")
                                            : tr("Suggested settings: %1").arg(settings.join(", ")));
        item->setData(Qt::UserRole, QString::fromStdString(r.probe));
        item->setData(kParamsRole, QString::fromStdString(r.params.dump()));
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
        setStatus(QString::fromStdString(e.what()), true);
        return;
    }
    if (nodes.empty()) {
        setStatus(tr("Check at least one node (add nodes in the Nodes panel)"), true);
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
        const QVariantMap over = overrides_.value(item->data(Qt::UserRole).toString());
        for (auto it = over.begin(); it != over.end(); ++it)
            p.params[it.key().toStdString()] = it.value().toDouble();
        p.timeout = timeout_;
        p.pairing = "first";
        plans.push_back(std::move(p));
    }
    if (plans.empty()) {
        setStatus(tr("Check at least one probe run"), true);
        return;
    }
    const QString problem = session_->start(std::move(plans));
    if (!problem.isEmpty()) {
        setStatus(problem, true);
        return;
    }
    progress_->setValue(0);
    setRunning(true);
    setStatus(tr("measuring on %1...").arg(nodes_->checkedNames().join(", ")));
}

void MeasureSection::cancel()
{
    if (!session_->isRunning())
        return;
    session_->cancel();
    cancel_->setEnabled(false);
    setStatus(tr("cancelling..."));
}

void MeasureSection::setRunning(bool on)
{
    run_->setEnabled(!on);
    cancel_->setEnabled(on);
    runs_->setEnabled(!on);
    nodes_->setEnabled(!on);
}

void MeasureSection::setStatus(const QString& text, bool error)
{
    status_->setText(text);
    status_->setStyleSheet(error ? "color: #b00000" : "");
}

} // namespace cs::app::calibration
