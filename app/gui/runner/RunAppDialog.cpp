#include "app/gui/runner/RunAppDialog.h"
#include "app/document/DocumentModel.h"
#include "app/runner/Transport.h"
#include "app/runner/apprun/AppLaunch.h"
#include "model/core/ModelError.h"
#include "model/verification/VerifyTargets.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <stdexcept>

namespace cs::app {

namespace apprun = runner::apprun;

RunAppDialog::RunAppDialog(DocumentModel* model, std::vector<runner::Node> nodes, const QStringList& nodeNames,
                           QWidget* parent)
    : QDialog(parent), model_(model), nodes_(std::move(nodes))
{
    setObjectName("runAppDialog");
    setWindowTitle(tr("Run my program"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* where = new QLabel(nodeNames.isEmpty() ? tr("none: check nodes in the Probes dock first")
                                                 : nodeNames.join(", "),
                             this);
    where->setWordWrap(true);
    form->addRow(tr("Nodes"), where);
    program_ = new QLineEdit(this);
    program_->setObjectName("program");
    program_->setPlaceholderText(tr("/path/to/program ARGS; {P} is the rank count, e.g. ./jacobi 96 50"));
    form->addRow(tr("Program"), program_);
    at_ = new QLineEdit("1,2,4", this);
    at_->setObjectName("at");
    at_->setToolTip(tr("Rank counts, each listed: 1,2,4,8 (as verify --at takes them; a range such as 1:8 is refused)"));
    form->addRow(tr("Ranks P"), at_);
    repeat_ = new QSpinBox(this);
    repeat_->setObjectName("repeat");
    repeat_->setRange(1, 1000);
    repeat_->setValue(5);
    form->addRow(tr("Runs per P"), repeat_);
    auto* timingRow = new QHBoxLayout;
    timing_ = new QComboBox(this);
    timing_->setObjectName("timing");
    timing_->addItem(tr("wall time less the launch"), "wall");
    timing_->addItem(tr("the number it prints"), "stdout");
    regex_ = new QLineEdit("time_s ([0-9.eE+-]+)", this);
    regex_->setObjectName("regex");
    regex_->setToolTip(tr("A regular expression whose first ( ) group is the seconds the program prints"));
    timingRow->addWidget(timing_);
    timingRow->addWidget(regex_, 1);
    form->addRow(tr("Timing"), timingRow);
    timeout_ = new QSpinBox(this);
    timeout_->setRange(0, 86400);
    timeout_->setValue(600);
    timeout_->setSuffix(tr(" s a run (0: none)"));
    form->addRow(tr("Time limit"), timeout_);
    layout->addLayout(form);

    layout->addWidget(new QLabel(tr("These commands will run (check them: the nodes come from the document):"), this));
    commands_ = new QPlainTextEdit(this);
    commands_->setObjectName("commands");
    commands_->setReadOnly(true);
    commands_->setLineWrapMode(QPlainTextEdit::NoWrap);
    commands_->setMaximumHeight(90);
    layout->addWidget(commands_);
    problem_ = new QLabel(this);
    problem_->setObjectName("problem");
    problem_->setWordWrap(true);
    problem_->setStyleSheet("QLabel { color: #c0392b; }");
    layout->addWidget(problem_);
    progress_ = new QProgressBar(this);
    progress_->setObjectName("progress");
    layout->addWidget(progress_);
    log_ = new QPlainTextEdit(this);
    log_->setObjectName("log");
    log_->setReadOnly(true);
    layout->addWidget(log_, 1);

    auto* buttons = new QDialogButtonBox(this);
    run_ = buttons->addButton(tr("Run"), QDialogButtonBox::AcceptRole);
    run_->setObjectName("run");
    cancel_ = buttons->addButton(tr("Cancel run"), QDialogButtonBox::ActionRole);
    cancel_->setObjectName("cancelRun");
    cancel_->setEnabled(false);
    close_ = buttons->addButton(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    resize(720, 560);

    for (QLineEdit* e : {program_, at_, regex_})
        connect(e, &QLineEdit::textChanged, this, &RunAppDialog::refresh);
    connect(timing_, &QComboBox::currentIndexChanged, this, &RunAppDialog::refresh);
    connect(run_, &QPushButton::clicked, this, &RunAppDialog::start);
    connect(cancel_, &QPushButton::clicked, this, [this] {
        stop_ = true;
        log_->appendPlainText(tr("cancelling: the running program is stopped (SIGTERM, then SIGKILL after 2 s)"));
    });
    connect(close_, &QPushButton::clicked, this, &QDialog::reject);
    connect(&watcher_, &QFutureWatcher<std::vector<runner::JobResult>>::finished, this, &RunAppDialog::done);
    connect(this, &QDialog::finished, this, &RunAppDialog::rememberFields);
    restoreFields();
    refresh();
}

namespace {
constexpr const char* kSettings = "runMyProgram";

// Checked nodes this dialog cannot start a program on, said in the Probes dock's words (the launcher's own
// message is in run-app's: "use --nodes mpi:N"); "" when every node can.
QString unlaunchableNodes(const std::vector<runner::Node>& nodes)
{
    QStringList names;
    QString transport;
    for (const runner::Node& n : nodes)
        if (n.transport == "local" || n.transport == "tcp") {
            names << QString::fromStdString(n.name);
            transport = QString::fromStdString(n.transport);
        }
    if (names.isEmpty())
        return {};
    const QString what = transport == "local" ? QObject::tr("local agents pinned on this machine")
                                              : QObject::tr("agents that are already running (tcp)");
    return QObject::tr("The checked nodes %1 are %2, and Run my program starts your program with mpirun or srun. "
                       "In the Probes dock, choose Add node > mpi node (its Ranks column is the most P it takes), "
                       "check that node instead of %1, and open Run my program again.")
        .arg(names.join(", "), what);
}
} // namespace

void RunAppDialog::restoreFields()
{
    QSettings s;
    s.beginGroup(kSettings);
    program_->setText(s.value("program", program_->text()).toString());
    at_->setText(s.value("at", at_->text()).toString());
    repeat_->setValue(s.value("repeat", repeat_->value()).toInt());
    if (const int i = timing_->findData(s.value("timing", timing_->currentData())); i >= 0)
        timing_->setCurrentIndex(i);
    regex_->setText(s.value("regex", regex_->text()).toString());
    timeout_->setValue(s.value("timeout", timeout_->value()).toInt());
}

void RunAppDialog::rememberFields() const
{
    QSettings s;
    s.beginGroup(kSettings);
    s.setValue("program", program_->text());
    s.setValue("at", at_->text());
    s.setValue("repeat", repeat_->value());
    s.setValue("timing", timing_->currentData());
    s.setValue("regex", regex_->text());
    s.setValue("timeout", timeout_->value());
}

RunAppDialog::~RunAppDialog()
{
    stop_ = true;
    watcher_.waitForFinished();
}

QString RunAppDialog::prepare(apprun::AppRunRequest* req)
{
    if (nodes_.empty())
        return tr("No nodes are checked: check the nodes to run on in the Probes dock.");
    const QStringList words = QProcess::splitCommand(program_->text());
    if (words.isEmpty())
        return tr("Program: type the program and its arguments.");
    for (const QString& w : words)
        req->argv.push_back(w.toStdString());
    req->nodes = nodes_;
    if (const QString why = unlaunchableNodes(nodes_); !why.isEmpty())
        return why;
    try {
        req->Ps = verify::parseNodeCounts("P=" + at_->text().toStdString(), 1);
    } catch (const ModelError& e) {
        return tr("Ranks P: %1").arg(QString::fromStdString(e.what()));
    }
    req->repeat = repeat_->value();
    req->timeout = timeout_->value();
    try {
        req->timing = apprun::parseTiming(timing_->currentData().toString() == "wall"
                                              ? std::string("wall")
                                              : "stdout:" + regex_->text().toStdString());
    } catch (const std::invalid_argument& e) {
        return tr("Timing: %1").arg(QString::fromStdString(e.what()));
    }
    req->commandLine = "GUI: Run my program: " + program_->text().toStdString();
    if (!work_)
        work_ = std::make_unique<QTemporaryDir>();
    runner::LaunchContext ctx = runner::defaultLaunchContext();
    ctx.workDir = work_->path().toStdString();
    QStringList lines;
    try {
        for (int P : req->Ps) {
            const runner::LaunchPlan plan =
                apprun::planAppLaunch(req->nodes, P, apprun::substitute(req->argv, P, req->sets), ctx, "P");
            lines << QString("P = %1: %2").arg(P).arg(QString::fromStdString(plan.agent.text()));
        }
    } catch (const std::invalid_argument& e) {
        return QString::fromStdString(e.what());
    }
    commands_->setPlainText(lines.join("\n"));
    return {};
}

void RunAppDialog::refresh()
{
    regex_->setEnabled(timing_->currentData().toString() != "wall");
    if (isRunning())
        return;
    commands_->clear();
    apprun::AppRunRequest req;
    const QString problem = prepare(&req);
    problem_->setText(problem);
    problem_->setVisible(!problem.isEmpty());
    run_->setEnabled(problem.isEmpty());
}

void RunAppDialog::start()
{
    apprun::AppRunRequest req;
    if (const QString problem = prepare(&req); !problem.isEmpty()) {
        problem_->setText(problem);
        problem_->show();
        return;
    }
    runsTotal_ = 0;
    for (std::size_t i = 0; i < req.Ps.size(); ++i)
        runsTotal_ += req.repeat + (req.timing.wall ? req.overheadRuns : 0);
    runsDone_ = 0;
    rememberFields();
    progress_->setRange(0, runsTotal_);
    progress_->setValue(0);
    progress_->setFormat("%p%");
    log_->clear();
    results_.clear();
    stop_ = false;
    for (QWidget* w : std::initializer_list<QWidget*>{program_, at_, timing_, regex_, repeat_, timeout_, run_, close_})
        w->setEnabled(false);
    cancel_->setEnabled(true);
    runner::LaunchContext ctx = runner::defaultLaunchContext();
    ctx.workDir = work_->path().toStdString();
    // Progress lines come from the worker; the widgets are the GUI thread's.
    auto progress = [this](const std::string& line) {
        QMetaObject::invokeMethod(
            this,
            [this, text = QString::fromStdString(line)] {
                log_->appendPlainText(text);
                progress_->setValue(std::min(++runsDone_, runsTotal_));
            },
            Qt::QueuedConnection);
    };
    watcher_.setFuture(QtConcurrent::run([req, ctx, progress, this] {
        try {
            return apprun::runApp(req, ctx, progress, &stop_);
        } catch (const std::exception& e) {
            progress(std::string("stopped: ") + e.what());
            return std::vector<runner::JobResult>{};
        }
    }));
}

void RunAppDialog::done()
{
    results_ = watcher_.result();
    for (QWidget* w : std::initializer_list<QWidget*>{program_, at_, timing_, repeat_, timeout_, run_, close_})
        w->setEnabled(true);
    cancel_->setEnabled(false);
    refresh();
    int ok = 0, failed = 0;
    for (const runner::JobResult& r : results_) {
        if (r.ok())
            ++ok;
        else
            ++failed;
        const nlohmann::json j = runner::resultToJson(r, false);
        const nlohmann::json& s = j["summary"]["series"];
        const QString T = s.contains("T") && s["T"].contains("median") && s["T"]["median"].is_number()
                              ? QString::number(s["T"]["median"].get<double>(), 'g', 4) + " s"
                              : QString("-");
        log_->appendPlainText(tr("P = %1: T median %2, %3%4")
                                  .arg(j["params"].value("P", 0))
                                  .arg(T, QString::fromStdString(r.status),
                                       r.reason.empty() ? QString() : ": " + QString::fromStdString(r.reason)));
    }
    if (stop_) { // cancelled: the bar stays where the runs got to, and says so
        progress_->setValue(std::min(runsDone_, runsTotal_));
        progress_->setFormat(tr("cancelled after %1 of %2 runs").arg(progress_->value()).arg(runsTotal_));
    } else {
        progress_->setValue(runsTotal_);
    }
    if (!results_.empty()) {
        nlohmann::json stored = nlohmann::json::array();
        for (const runner::JobResult& r : results_)
            stored.push_back(runner::resultToJson(r));
        model_->apply(tr("Run my program (%n result(s))", nullptr, static_cast<int>(results_.size())),
                      edit::op::appendMeasured(std::move(stored)));
        log_->appendPlainText(tr("%1 result(s) added to the document's measured results (Edit > Undo takes them out).")
                                  .arg(results_.size()));
    }
    emit runsFinished(ok, failed);
}

} // namespace cs::app
