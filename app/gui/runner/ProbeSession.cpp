#include "app/gui/runner/ProbeSession.h"
#include "app/document/DocumentModel.h"
#include "app/gui/runner/ProbeCatalog.h"
#include "app/runner/Consent.h"

#include "cs/sdk/PluginLoader.h"

#include <QApplication>
#include <QMessageBox>
#include <QPushButton>

#include <algorithm>
#include <set>
#include <stdexcept>

namespace cs::app {

namespace {

std::set<QString>& allowedCommands()
{
    static std::set<QString> allowed;
    return allowed;
}

ProbeSession::ConsentPrompt& consentPrompt()
{
    static ProbeSession::ConsentPrompt prompt;
    return prompt;
}

bool askInDialog(const QStringList& commands)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Run these commands?"),
                    QObject::tr("The nodes of this design would run these commands. A design file may come from "
                                "anyone: run them only if you trust every one of them."),
                    QMessageBox::NoButton, QApplication::activeWindow());
    box.setObjectName("consentBox");
    box.setInformativeText(commands.join("\n\n"));
    box.setTextInteractionFlags(Qt::TextSelectableByMouse);
    box.addButton(QObject::tr("Run them"), QMessageBox::AcceptRole);
    QPushButton* no = box.addButton(QObject::tr("Do not run"), QMessageBox::RejectRole);
    box.setDefaultButton(no);
    box.exec();
    return box.clickedButton() != no;
}

} // namespace

void ProbeSession::setConsentPrompt(ConsentPrompt prompt)
{
    consentPrompt() = std::move(prompt);
}

ProbeSession::ProbeSession(DocumentModel* model, QObject* parent)
    : QObject(parent), model_(model), runner_(std::make_unique<runner::Runner>(probeCatalog()))
{
    // The runner emits from its worker thread; these connections queue to
    // the GUI thread this object lives in.
    connect(runner_.get(), &runner::Runner::progress, this,
            [this](int done, int total, double fraction, const QString& message) {
                if (!running_ || totalJobs_ <= 0)
                    return;
                Q_UNUSED(total);
                const double f = (jobsBefore_ + done + std::clamp(fraction, 0.0, 1.0)) / totalJobs_;
                emit progress(std::min(f, 1.0), message);
            });
    connect(runner_.get(), &runner::Runner::jobFinished, this, [this](int index, const QString&, const QString&) {
        if (const std::optional<runner::JobResult> r = runner_->result(index))
            emit jobFinished(*r);
    });
    connect(runner_.get(), &runner::Runner::finished, this, &ProbeSession::onRunnerFinished);
    // Another document was opened: its measured array is not where these results belong.
    connect(model_, &DocumentModel::documentReset, this, [this] {
        if (running_) {
            discard_ = true;
            cancel();
        }
        emit documentReplaced();
    });
}

ProbeSession::~ProbeSession()
{
    if (runner_) {
        runner_->cancel();
        runner_->wait();
    }
}

QString ProbeSession::start(std::vector<runner::RunPlan> plans)
{
    if (running_)
        return tr("probes are already running");
    if (plans.empty())
        return tr("nothing to run: pick a probe");
    int total = 0;
    try {
        for (const runner::RunPlan& p : plans)
            total += static_cast<int>(runner::planJobs(p, probeCatalog()).size());
    } catch (const std::invalid_argument& e) {
        return QString::fromStdString(e.what());
    }
    std::vector<runner::Node> nodes;
    for (const runner::RunPlan& p : plans)
        nodes.insert(nodes.end(), p.nodes.begin(), p.nodes.end());
    QStringList unseen;
    for (const std::string& c : runner::commandsNeedingConsent(nodes, runner::defaultLaunchContext()))
        if (!allowedCommands().count(QString::fromStdString(c)) && !unseen.contains(QString::fromStdString(c)))
            unseen << QString::fromStdString(c);
    if (!unseen.isEmpty()) {
        const bool allowed = consentPrompt() ? consentPrompt()(unseen) : askInDialog(unseen);
        if (!allowed)
            return tr("not started: the nodes' commands were not allowed");
        for (const QString& c : unseen)
            allowedCommands().insert(c);
    }
    plans_ = std::move(plans);
    planIndex_ = 0;
    jobsBefore_ = 0;
    runner_->forgetDeadNodes(); // a node that was down in an earlier session may be up again
    totalJobs_ = total;
    results_.clear();
    cancelled_ = false;
    discard_ = false;
    running_ = true;
    startPlan();
    return {};
}

void ProbeSession::startPlan()
{
    try {
        runner_->wait(); // the previous plan's worker has ended its loop; let the thread exit
        if (!runner_->start(plans_[planIndex_]))
            throw std::invalid_argument("the runner is busy");
    } catch (const std::invalid_argument& e) {
        // Checked in start(); only a change made meanwhile can get here.
        runner::JobResult r;
        r.probe = plans_[planIndex_].probe;
        r.status = "failed";
        r.reason = e.what();
        results_.push_back(r);
        emit jobFinished(r);
        jobsBefore_ += 1;
        advance();
    }
}

std::vector<runner::JobResult> ProbeSession::pendingResults() const
{
    std::vector<runner::JobResult> out = results_;
    if (running_) {
        const std::vector<runner::JobResult> current = runner_->results();
        out.insert(out.end(), current.begin(), current.end());
    }
    return out;
}

void ProbeSession::cancel()
{
    if (!running_)
        return;
    cancelled_ = true;
    runner_->cancel();
}

void ProbeSession::onRunnerFinished()
{
    if (!running_)
        return;
    const std::vector<runner::JobResult> rs = runner_->results();
    results_.insert(results_.end(), rs.begin(), rs.end());
    jobsBefore_ += runner_->jobCount();
    advance();
}

void ProbeSession::advance()
{
    ++planIndex_;
    if (!cancelled_ && planIndex_ < plans_.size()) {
        startPlan();
        return;
    }
    // Plans never started because of a cancel count as cancelled jobs.
    for (; planIndex_ < plans_.size(); ++planIndex_) {
        runner::JobResult r;
        r.probe = plans_[planIndex_].probe;
        r.status = "cancelled";
        r.reason = "cancelled before it started";
        for (const runner::Node& n : plans_[planIndex_].nodes)
            r.nodes.push_back(n.name);
        results_.push_back(r);
    }
    running_ = false;
    int ok = 0, failed = 0, cancelled = 0;
    for (const runner::JobResult& r : results_)
        (r.ok() ? ok : r.status == "cancelled" ? cancelled : failed)++;
    if (store_ && !discard_ && !results_.empty()) {
        const QString text = results_.size() == 1
                                 ? tr("Store %1 result").arg(QString::fromStdString(results_.front().probe))
                                 : tr("Store %1 probe results").arg(results_.size());
        nlohmann::json stored = nlohmann::json::array();
        for (const runner::JobResult& r : results_)
            stored.push_back(runner::resultToJson(r));
        model_->apply(text, edit::op::appendMeasured(std::move(stored)));
    }
    emit finished(ok, failed, cancelled);
}

} // namespace cs::app
