// P above the hosts of the topology is refused in P's own field, with the
// bound's value (the sweep's status line giving the span of the failing P
// values is checked in test_sweep_failures.cpp).
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/topology/TopologyEditor.h"
#include "model/document/DocumentFormat.h"

#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <memory>

using namespace cs;
using namespace cs::app;

namespace {

// Types `text` into P's field of the inspector showing P and presses Return, as a user does; returns P's
// error label ("" when none shows).
QString typeP(Inspector& inspector, const char* text)
{
    auto* edit = inspector.form()->findChild<QLineEdit*>("edit:P");
    REQUIRE(edit);
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, text);
    QTest::keyClick(edit, Qt::Key_Return);
    QCoreApplication::processEvents();
    auto* err = inspector.form()->findChild<QLabel*>("error:P");
    return err && !err->isHidden() ? err->text() : QString();
}

// An inspector showing design parameter P.
std::unique_ptr<Inspector> inspectP(DocumentModel& model, Selection& selection)
{
    auto inspector = std::make_unique<Inspector>(&model, &selection);
    inspector->resize(480, 900);
    inspector->show();
    selection.select(Selection::Kind::DesignParam, "P");
    QCoreApplication::processEvents();
    return inspector;
}

} // namespace

TEST_CASE("P larger than the hosts is refused in P's field with the number of hosts", "[gui][inspector][bound]")
{
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    // A star of 4 hosts; P follows topology.hosts and is pinned at 4.
    REQUIRE(model.setValue({"topology", "n"}, 4).isEmpty());
    REQUIRE(model.doc().design.findDesignParam("P")->follows == "topology.hosts");
    REQUIRE(model.setDesignParam("P", 4).isEmpty());
    Selection selection;
    const std::unique_ptr<Inspector> inspector = inspectP(model, selection);
    const int depth = model.undoStack()->count();
    CHECK(typeP(*inspector, "16").toStdString() ==
          "P = 16 exceeds topology.hosts = 4: pick at most 4, or enlarge the topology");
    CHECK(model.undoStack()->count() == depth);
    CHECK(model.doc().design.findDesignParam("P")->value.value == 4);

    // At the bound it is taken.
    CHECK(typeP(*inspector, "3").isEmpty());
    CHECK(model.doc().design.findDesignParam("P")->value.value == 3);
}

TEST_CASE("P already above the hosts: another value above them is still refused, and the network says so (issue 34, "
          "defect 1)",
          "[gui][inspector][bound]")
{
    // acc-fft at P = 8, then a star of 4 hosts: P is out of range before anything is typed. The bound used to
    // be read from an evaluation that stopped at P itself, so there was no bound, and 16 was taken.
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    REQUIRE(model.setDesignParam("P", 8).isEmpty());
    Selection selection;
    TopologyEditor editor(&model, &selection);
    REQUIRE(model.setValue({"topology", "n"}, 4).isEmpty());
    // The network's change is told where it was made.
    CHECK(editor.message().toStdString() ==
          "design parameter P = 8 exceeds topology.hosts = 4: lower it in the inspector, or let it follow the network");
    if (const QString shots = qEnvironmentVariable("CS_SHOT_DIR"); !shots.isEmpty()) {
        editor.resize(900, 500);
        editor.show();
        QCoreApplication::processEvents();
        editor.grab().save(shots + "/p_above_hosts.png");
    }

    const std::unique_ptr<Inspector> inspector = inspectP(model, selection);
    const int depth = model.undoStack()->count();
    CHECK(typeP(*inspector, "16").toStdString() ==
          "P = 16 exceeds topology.hosts = 4: pick at most 4, or enlarge the topology");
    CHECK(model.undoStack()->count() == depth);
    CHECK(model.doc().design.findDesignParam("P")->value.value == 8);

    // Within the bound it is taken.
    CHECK(typeP(*inspector, "4").isEmpty());
    CHECK(model.doc().design.findDesignParam("P")->value.value == 4);
}
