// Issue 48, defect 8: the Run my program dialog forgot the program, the P
// values, the runs per P and the timing regex each time it opened, and after
// Cancel its bar showed 100%. Opened from the Probes dock's button as a user
// opens it: what was typed is there the next time (in this window and in the
// next session), and a cancelled run's bar says how far it got.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/runner/RunAppDialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// Probes dock > Run my program...: the dialog it opens.
RunAppDialog* openDialog(MainWindow& w)
{
    auto* button = w.probePanel()->findChild<QPushButton*>("runMyProgram");
    REQUIRE(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QCoreApplication::processEvents();
    RunAppDialog* d = w.probePanel()->findChild<RunAppDialog*>("runAppDialog");
    REQUIRE(d);
    return d;
}

void replaceText(QLineEdit* e, const QString& text)
{
    e->setFocus();
    e->selectAll();
    QTest::keyClicks(e, text);
}

// Closes the dialog with its Close button; it is deleted on close.
void closeDialog(RunAppDialog* d)
{
    QPushButton* close = nullptr;
    for (QPushButton* b : d->findChildren<QPushButton*>())
        if (b->text().remove('&') == "Close")
            close = b;
    REQUIRE(close);
    QTest::mouseClick(close, Qt::LeftButton);
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
}

} // namespace

TEST_CASE("Run my program remembers what was typed, in this window and the next session (issue 48, defect 8)",
          "[gui][runapp]")
{
    QSettings().remove("runMyProgram");
    {
        MainWindow w;
        RunAppDialog* d = openDialog(w);
        replaceText(d->programEdit(), "./jacobi 96 50");
        replaceText(d->atEdit(), "1,2,4,8");
        d->repeatBox()->setValue(3);
        d->timingBox()->setCurrentIndex(1); // the number it prints
        replaceText(d->regexEdit(), "took ([0-9.]+) s");
        closeDialog(d);
        REQUIRE_FALSE(w.probePanel()->findChild<RunAppDialog*>("runAppDialog"));

        d = openDialog(w);
        CHECK(d->programEdit()->text() == "./jacobi 96 50");
        CHECK(d->atEdit()->text() == "1,2,4,8");
        CHECK(d->repeatBox()->value() == 3);
        CHECK(d->timingBox()->currentData().toString() == "stdout");
        CHECK(d->regexEdit()->text() == "took ([0-9.]+) s");
        closeDialog(d);
    }
    MainWindow next; // the next session reads the same settings
    RunAppDialog* d = openDialog(next);
    CHECK(d->programEdit()->text() == "./jacobi 96 50");
    CHECK(d->atEdit()->text() == "1,2,4,8");
    CHECK(d->regexEdit()->text() == "took ([0-9.]+) s");
    closeDialog(d);
    QSettings().remove("runMyProgram");
}

TEST_CASE("Run my program: after Cancel the bar shows the runs done, not 100% (issue 48, defect 8)",
          "[gui][runapp][mpi]")
{
    if (QStandardPaths::findExecutable("mpirun").isEmpty()) {
        WARN("skipped: mpirun is not installed (Debian package openmpi-bin)");
        return;
    }
    DocumentModel model;
    model.newDocument();
    RunAppDialog d(&model, runner::parseNodeSpec("mpi:2"), {"mpi:2"});
    d.show();
    d.programEdit()->setText("sh -c \"sleep 60; echo time_s 1\"");
    d.atEdit()->setText("1,2");
    d.repeatBox()->setValue(2);
    d.timingBox()->setCurrentIndex(1);
    QTest::mouseClick(d.runButton(), Qt::LeftButton);
    REQUIRE(d.isRunning());
    QTest::mouseClick(d.cancelButton(), Qt::LeftButton);
    const QDeadlineTimer deadline(60000); // only stops a hung test
    while (d.isRunning() && !deadline.hasExpired())
        QTest::qWait(20);
    QTest::qWait(20); // the finished signal, queued
    REQUIRE_FALSE(d.isRunning());
    QProgressBar* bar = d.progressBar();
    CHECK(bar->maximum() == 4);
    CHECK(bar->value() < bar->maximum());
    CHECK(bar->text().contains("cancelled"));
    QSettings().remove("runMyProgram"); // Run kept the fields: the next test starts without them
}
