// P above the hosts of the topology is refused in P's own field, with the
// bound's value (the sweep's status line giving the span of the failing P
// values is checked in test_sweep_failures.cpp).
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"
#include "model/document/DocumentFormat.h"

#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("P larger than the hosts is refused in P's field with the number of hosts", "[gui][inspector][bound]")
{
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json"), {});
    // A star of 4 hosts; P follows topology.hosts and is pinned at 4.
    REQUIRE(model.setValue({"topology", "n"}, 4).isEmpty());
    REQUIRE(model.doc().design.findDesignParam("P")->follows == "topology.hosts");
    REQUIRE(model.setDesignParam("P", 4).isEmpty());
    Selection selection;
    Inspector inspector(&model, &selection);
    inspector.resize(480, 900);
    inspector.show();
    selection.select(Selection::Kind::DesignParam, "P");
    QCoreApplication::processEvents();

    auto* edit = inspector.form()->findChild<QLineEdit*>("edit:P");
    REQUIRE(edit);
    const int depth = model.undoStack()->count();
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, "16");
    QTest::keyClick(edit, Qt::Key_Return);
    QCoreApplication::processEvents();

    auto* err = inspector.form()->findChild<QLabel*>("error:P");
    REQUIRE(err);
    CHECK_FALSE(err->isHidden());
    CHECK(err->text().toStdString() == "P = 16 exceeds topology.hosts = 4: pick at most 4, or enlarge the topology");
    CHECK(model.undoStack()->count() == depth);
    CHECK(model.doc().design.findDesignParam("P")->value.value == 4);

    // At the bound it is taken.
    edit = inspector.form()->findChild<QLineEdit*>("edit:P");
    edit->setFocus();
    edit->selectAll();
    QTest::keyClicks(edit, "3");
    QTest::keyClick(edit, Qt::Key_Return);
    CHECK(model.doc().design.findDesignParam("P")->value.value == 3);
}
