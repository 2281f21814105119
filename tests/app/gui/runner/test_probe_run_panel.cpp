// The probe run panel, driven as a user would: pick a probe, type its
// parameters, press Run, watch the progress bar and read every job's status;
// real probes run on local agents pinned to CPUs 0 and 1 (as
// tests/app/runner/LocalProbesTest.cpp does). Results land in the
// document's "measured" array as one undo step; a failed node keeps the
// other results; Cancel stops a long run.
#include "app/document/DocumentModel.h"
#include "app/gui/runner/NodePicker.h"
#include "app/gui/runner/ProbeParamTable.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/runner/ProbeSession.h"
#include "app/gui/runner/ResultsTable.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

void setNodes(DocumentModel& m, json nodes)
{
    m.apply("nodes", edit::op::setNodes(std::move(nodes)));
    m.undoStack()->clear();
}

// Types a parameter's value into the parameter table as a user would.
void typeParam(ProbeParamTable* t, const QString& name, const QString& text)
{
    const int row = t->rowOf(name);
    REQUIRE(row >= 0);
    const QModelIndex index = t->model()->index(row, 1);
    t->scrollTo(index);
    const QPoint at = t->visualRect(index).center();
    QTest::mouseClick(t->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(t->viewport(), Qt::LeftButton, {}, at);
    auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    REQUIRE(editor != nullptr);
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QApplication::processEvents();
}

QString cellText(const ResultsTable* t, int row, int column)
{
    return t->item(row, column) ? t->item(row, column)->text() : QString();
}

} // namespace

TEST_CASE("net.pingpong between two pinned local nodes runs through the panel to completion", "[g-runner]")
{
    DocumentModel m;
    setNodes(m, json::array({{{"name", "a"}, {"transport", "local"}, {"cpus", {0}}},
                             {{"name", "b"}, {"transport", "local"}, {"cpus", {1}}}}));
    ProbeRunPanel panel(&m);
    panel.resize(1100, 700);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    REQUIRE(panel.selectProbe("net.pingpong"));
    CHECK(panel.nodePicker()->checkedNames() == QStringList({"a", "b"}));

    // Parameters typed with units; a bad one is shown and stops the run.
    typeParam(panel.paramTable(), "size_max", "2KiB");
    typeParam(panel.paramTable(), "reps", "40");
    typeParam(panel.paramTable(), "warmups", "abc");
    QTest::mouseClick(panel.runButton(), Qt::LeftButton);
    CHECK_FALSE(panel.session()->isRunning());
    CHECK(panel.statusText().startsWith("warmups = 'abc'"));
    typeParam(panel.paramTable(), "warmups", "5");
    typeParam(panel.paramTable(), "size_factor", "32");

    QSignalSpy progress(panel.session(), &ProbeSession::progress);
    QSignalSpy done(&panel, &ProbeRunPanel::runFinished);
    QTest::mouseClick(panel.runButton(), Qt::LeftButton);
    CHECK(panel.session()->isRunning());
    CHECK_FALSE(panel.runButton()->isEnabled());
    CHECK(panel.cancelButton()->isEnabled());
    REQUIRE(done.wait(90000));
    CHECK(done.at(0).at(0).toInt() == 1); // one pair, ok
    CHECK(done.at(0).at(1).toInt() == 0);
    CHECK(progress.count() >= 1);
    CHECK(panel.progressBar()->value() == 1000);
    CHECK(panel.runButton()->isEnabled());

    // Stored in the document: one undo step holding the result.
    REQUIRE(m.doc().measured.size() == 1);
    const json& r = m.doc().measured[0];
    CHECK(r["probe"] == "net.pingpong");
    CHECK(r["status"] == "ok");
    CHECK(r["nodes"] == json::array({"a", "b"}));
    CHECK(r["params"]["size_max"] == 2048);
    CHECK(r["params"]["reps"] == 40);
    CHECK(r["summary"]["derived"]["latency"]["value"].get<double>() > 0);
    CHECK(r["parts"][1]["environment"]["agent"]["cpus_requested"] == json::array({1}));
    // The results table shows it with its key value.
    REQUIRE(panel.resultsTable()->rowCount() == 1);
    CHECK(cellText(panel.resultsTable(), 0, ResultsTable::Status) == "ok");
    CHECK(cellText(panel.resultsTable(), 0, ResultsTable::Nodes) == "a -> b");
    INFO(cellText(panel.resultsTable(), 0, ResultsTable::Result).toStdString());
    CHECK(cellText(panel.resultsTable(), 0, ResultsTable::Result).contains("latency = "));

    CHECK(m.undoStack()->undoText() == "Store net.pingpong result");
    m.undoStack()->undo();
    CHECK(m.doc().measured.empty());
    CHECK(panel.resultsTable()->rowCount() == 0);
    m.undoStack()->redo();
    CHECK(m.doc().measured.size() == 1);
}

TEST_CASE("a failed node shows its reason and the other node's result is kept", "[g-runner]")
{
    DocumentModel m;
    setNodes(m, json::array({{{"name", "good"}, {"transport", "local"}, {"cpus", {0}}},
                             {{"name", "broken"}, {"transport", "local"}, {"agent", "/nonexistent/clusterscope-agent"}}}));
    ProbeRunPanel panel(&m);
    panel.resize(1100, 700);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    // Another program as the agent: the user is shown the command first.
    QStringList asked;
    ProbeSession::setConsentPrompt([&](const QStringList& commands) {
        asked = commands;
        return true;
    });
    REQUIRE(panel.selectProbe("mem.copy"));
    typeParam(panel.paramTable(), "array_bytes", "8MiB");
    typeParam(panel.paramTable(), "reps", "3");
    typeParam(panel.paramTable(), "warmups", "1");

    QSignalSpy done(&panel, &ProbeRunPanel::runFinished);
    QTest::mouseClick(panel.runButton(), Qt::LeftButton);
    REQUIRE(done.wait(90000));
    ProbeSession::setConsentPrompt([](const QStringList&) { return false; });
    REQUIRE(asked.size() == 1);
    CHECK(asked[0].startsWith("broken (local): /nonexistent/clusterscope-agent --stdio"));
    CHECK(done.at(0).at(0).toInt() == 1);
    CHECK(done.at(0).at(1).toInt() == 1);

    REQUIRE(m.doc().measured.size() == 2);
    const json& ok = m.doc().measured[0];
    const json& bad = m.doc().measured[1];
    CHECK(ok["status"] == "ok");
    CHECK(ok["nodes"] == json::array({"good"}));
    CHECK(ok["summary"]["derived"]["memcpy"]["value"].get<double>() > 1e8);
    CHECK(bad["status"] == "failed");
    INFO(bad["reason"].get<std::string>());
    CHECK(bad["reason"].get<std::string>().find("broken") != std::string::npos);
    CHECK(panel.statusText().contains("1 failed"));
    REQUIRE(panel.resultsTable()->rowCount() == 2);
    CHECK(cellText(panel.resultsTable(), 1, ResultsTable::Status) == "failed");
    CHECK(cellText(panel.resultsTable(), 1, ResultsTable::Result).contains("broken"));

    // Unchecking the broken node runs only the good one.
    panel.nodePicker()->setChecked("broken", false);
    CHECK(panel.nodePicker()->checkedNames() == QStringList({"good"}));
}

TEST_CASE("Cancel stops a long probe run promptly and keeps what finished", "[g-runner]")
{
    DocumentModel m;
    setNodes(m, json::array({{{"name", "a"}, {"transport", "local"}, {"cpus", {0}}},
                             {{"name", "b"}, {"transport", "local"}, {"cpus", {1}}}}));
    ProbeRunPanel panel(&m);
    panel.resize(1100, 700);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    REQUIRE(panel.selectProbe("net.stream"));
    // About a minute of streaming if it were not cancelled.
    typeParam(panel.paramTable(), "duration", "10s");
    typeParam(panel.paramTable(), "reps", "5");
    typeParam(panel.paramTable(), "warmups", "1");

    QSignalSpy progress(panel.session(), &ProbeSession::progress);
    QSignalSpy done(&panel, &ProbeRunPanel::runFinished);
    QTest::mouseClick(panel.runButton(), Qt::LeftButton);
    REQUIRE(panel.session()->isRunning());
    // Wait until the agents are up and streaming, then press Cancel.
    REQUIRE(progress.wait(30000));
    QTest::qWait(500);
    REQUIRE(done.isEmpty());
    QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
    CHECK_FALSE(panel.cancelButton()->isEnabled());
    // The issue asks for "within a second"; allow slack for a loaded machine
    // (this is a hang guard, not a timing measurement).
    REQUIRE(done.wait(10000));
    CHECK(done.at(0).at(2).toInt() == 1);
    REQUIRE(m.doc().measured.size() == 1);
    CHECK(m.doc().measured[0]["status"] == "cancelled");
    CHECK(panel.statusText().contains("1 cancelled"));
    // The bar stays where the run stopped, not at 100% (issue 15, defect 8):
    // one of two jobs was cancelled, so at most about half was done.
    CHECK(panel.progressBar()->value() < panel.progressBar()->maximum());
    CHECK(panel.runButton()->isEnabled());
}

TEST_CASE("the probe list is sorted by probe id", "[gui][g-runner]")
{
    DocumentModel model;
    ProbeRunPanel panel(&model);
    QComboBox* probes = panel.probeCombo();
    REQUIRE(probes->count() > 3);
    for (int i = 1; i < probes->count(); ++i)
        CHECK(probes->itemData(i - 1).toString() < probes->itemData(i).toString());
}

TEST_CASE("Run and Cancel stay in place as the status text grows", "[gui][g-runner]")
{
    DocumentModel model;
    ProbeRunPanel panel(&model);
    panel.resize(1000, 330);
    panel.show();
    QApplication::processEvents();
    auto* status = panel.findChild<QLabel*>("probeStatus");
    REQUIRE(status);
    status->setText("one line");
    QApplication::processEvents();
    const QPoint run = panel.runButton()->mapTo(&panel, QPoint(0, 0));
    const QPoint cancel = panel.cancelButton()->mapTo(&panel, QPoint(0, 0));
    status->setText(QString("job 3 of 12 on node-%1 failed: connection refused; ").repeated(12).arg(7));
    QApplication::processEvents();
    CHECK(panel.runButton()->mapTo(&panel, QPoint(0, 0)) == run);
    CHECK(panel.cancelButton()->mapTo(&panel, QPoint(0, 0)) == cancel);
}

TEST_CASE("a choice parameter shows and takes names, not codes", "[gui][g-runner]")
{
    DocumentModel model;
    ProbeRunPanel panel(&model);
    panel.resize(1000, 400);
    panel.show();
    REQUIRE(panel.selectProbe("net.pingpong"));
    ProbeParamTable* t = panel.paramTable();
    const int row = t->rowOf("transport");
    REQUIRE(row >= 0);
    CHECK(t->item(row, 1)->text() == "TCP"); // 0 = TCP (TCP_NODELAY), 1 = UDP
    t->item(row, 1)->setText("udp"); // as typed into the cell
    CHECK(t->values().value("transport", -1.0) == 1.0);
    t->item(row, 1)->setText("sctp");
    CHECK(t->problem().contains("expected one of TCP, UDP"));
}
