// Probes dock > Run my program... driven as a user would: the commands are
// shown before anything runs, a mistyped field disables Run with the reason,
// runs under the real mpirun store their results in the document as one undo
// step, and Cancel stops a long program.
#include "app/document/DocumentModel.h"
#include "app/gui/runner/RunAppDialog.h"
#include "model/document/DocumentFormat.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using Catch::Contains;

namespace {

bool haveMpirun()
{
    if (QStandardPaths::findExecutable("mpirun").isEmpty()) {
        WARN("skipped: mpirun is not installed (Debian package openmpi-bin)");
        return false;
    }
    return true;
}

// Waits (events processed) until the dialog's runs end; false after `seconds`.
bool waitDone(const RunAppDialog& d, int seconds)
{
    QElapsedTimer t;
    t.start();
    while (d.isRunning() && t.elapsed() < seconds * 1000)
        QTest::qWait(50);
    QTest::qWait(50); // the finished signal, queued
    return !d.isRunning();
}

} // namespace

TEST_CASE("Run my program: the commands are shown first, and a bad field disables Run with the reason",
          "[gui][runapp]")
{
    QSettings().remove("runMyProgram"); // no program remembered from an earlier dialog
    DocumentModel model;
    model.newDocument();
    RunAppDialog d(&model, runner::parseNodeSpec("mpi:4"), {"mpi:4"});
    CHECK_FALSE(d.runButton()->isEnabled());
    CHECK_THAT(d.problemLabel()->text().toStdString(), Contains("type the program"));
    d.programEdit()->setText("./jacobi 96 {iters}");
    CHECK_FALSE(d.runButton()->isEnabled()); // {iters} is not set: refused, named
    CHECK_THAT(d.problemLabel()->text().toStdString(), Contains("iters"));
    d.programEdit()->setText("./jacobi 96 50 {P}");
    d.atEdit()->setText("1,2,4");
    REQUIRE(d.runButton()->isEnabled());
    // One command line per P, with the program in place of the agent.
    const QString commands = d.commandsView()->toPlainText();
    CHECK(commands.count('\n') == 2);
    CHECK_THAT(commands.toStdString(), Contains("P = 4: "));
    CHECK_THAT(commands.toStdString(), Contains("mpirun -np 4 --hostfile"));
    CHECK_THAT(commands.toStdString(), Contains("./jacobi 96 50 4"));
    // More ranks than the node has: refused before anything runs.
    d.atEdit()->setText("1,8");
    CHECK_FALSE(d.runButton()->isEnabled());
    CHECK_FALSE(d.problemLabel()->text().isEmpty());
    // A regex without a group.
    d.atEdit()->setText("1");
    d.timingBox()->setCurrentIndex(1);
    d.regexEdit()->setText("time_s [0-9.]+");
    CHECK_THAT(d.problemLabel()->text().toStdString(), Contains("capture group"));
    CHECK_FALSE(d.runButton()->isEnabled());
    // No nodes checked.
    RunAppDialog none(&model, {}, {});
    none.programEdit()->setText("true");
    CHECK_THAT(none.problemLabel()->text().toStdString(), Contains("No nodes are checked"));
}

TEST_CASE("Run my program: runs under mpirun become the document's results in one undo step", "[gui][runapp][mpi]")
{
    if (!haveMpirun())
        return;
    DocumentModel model;
    model.newDocument();
    const std::size_t before = model.doc().measured.is_array() ? model.doc().measured.size() : 0;
    const int steps = model.undoStack()->count();
    RunAppDialog d(&model, runner::parseNodeSpec("mpi:2"), {"mpi:2"});
    // Prints 0.15 s at P = 1 and 0.25 s at P = 2 (the number comes through the {P} placeholder).
    d.programEdit()->setText("sh -c \"echo time_s 0.{P}5\"");
    d.atEdit()->setText("1,2");
    d.repeatBox()->setValue(2);
    d.timingBox()->setCurrentIndex(1);
    d.regexEdit()->setText("time_s ([0-9.]+)");
    REQUIRE(d.runButton()->isEnabled());
    QTest::mouseClick(d.runButton(), Qt::LeftButton);
    CHECK(d.isRunning());
    CHECK(d.cancelButton()->isEnabled());
    REQUIRE(waitDone(d, 120));
    REQUIRE(d.results().size() == 2);
    for (const runner::JobResult& r : d.results()) {
        INFO(r.reason);
        CHECK(r.ok());
    }
    CHECK(d.progressBar()->value() == d.progressBar()->maximum());
    REQUIRE(model.doc().measured.size() == before + 2);
    const nlohmann::json& last = model.doc().measured.back();
    CHECK(last["probe"] == "app.run");
    CHECK(last["params"]["P"] == 2);
    CHECK(last["summary"]["series"]["T"]["median"].get<double>() == Approx(0.25));
    CHECK(model.undoStack()->count() == steps + 1);
    CHECK_THAT(d.logView()->toPlainText().toStdString(), Contains("P = 2: T median 0.25 s"));
    if (const char* dir = std::getenv("CS_SHOT_DIR")) // scripts/screenshots.sh
        CHECK(d.grab().save(QDir(dir).filePath("run-my-program.png")));
    model.undoStack()->undo();
    CHECK((model.doc().measured.is_array() ? model.doc().measured.size() : 0) == before);
}

TEST_CASE("Run my program: Cancel stops a long program, and the run is stored as cancelled", "[gui][runapp][mpi]")
{
    if (!haveMpirun())
        return;
    DocumentModel model;
    model.newDocument();
    RunAppDialog d(&model, runner::parseNodeSpec("mpi:2"), {"mpi:2"});
    d.programEdit()->setText("sh -c \"sleep 60; echo time_s 1\"");
    d.atEdit()->setText("1");
    d.repeatBox()->setValue(1);
    d.timingBox()->setCurrentIndex(1);
    QTest::mouseClick(d.runButton(), Qt::LeftButton);
    QTest::qWait(1500);
    REQUIRE(d.isRunning());
    QTest::mouseClick(d.cancelButton(), Qt::LeftButton);
    // SIGTERM, then SIGKILL after 2 s: well before the program's 60 s.
    REQUIRE(waitDone(d, 30));
    REQUIRE(d.results().size() == 1);
    CHECK_FALSE(d.results().front().ok());
    CHECK(d.runButton()->isEnabled());
}

TEST_CASE("Run my program: local nodes are refused in the Probes dock's words, not run-app's options",
          "[gui][runapp]")
{
    QSettings().remove("runMyProgram");
    DocumentModel model;
    model.newDocument();
    const std::vector<runner::Node> nodes = runner::parseNodeSpec("local:cpu=0,local:cpu=1");
    QStringList names;
    for (const runner::Node& n : nodes)
        names << QString::fromStdString(n.name);
    RunAppDialog d(&model, nodes, names);
    d.programEdit()->setText("./jacobi 96 50");
    const std::string problem = d.problemLabel()->text().toStdString();
    INFO(problem);
    CHECK_FALSE(d.runButton()->isEnabled());
    // What to pick in the dock, and which nodes are the trouble; no command-line option.
    CHECK_THAT(problem, Contains("Add node > mpi node"));
    CHECK_THAT(problem, Contains(names.join(", ").toStdString()));
    CHECK_THAT(problem, !Contains("--nodes"));
    if (const char* dir = std::getenv("CS_SHOT_DIR"))
        CHECK(d.grab().save(QDir(dir).filePath("run-my-program-local.png")));
}
