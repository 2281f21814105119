// The generator dialog's undo text formats numbers in their display units,
// and generating over a drawing asks first; Undo brings the drawing back
// (issue 15, defect 8).
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "GeneratorWait.h"
#include "app/gui/topology/TopologyEditor.h"

#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("generator undo text shows display units and replacing a drawing asks first", "[gui][topology]")
{
    DocumentModel m;
    Selection sel;
    TopologyEditor ed(&m, &sel);
    ed.resize(900, 600);
    ed.show();
    ed.showGeneratorDialog();
    GeneratorDialog* dlg = ed.generatorDialog();
    REQUIRE(dlg);

    // 100 us typed in a microsecond box is 100 * 1e-6 = 9.999999999999999e-05 s
    // in binary floating point: the label says "100 us" (the spec's display
    // unit, model/topology/generators/CommonParams.cpp), not the raw double.
    REQUIRE(dlg->selectGenerator("beowulf-mesh"));
    REQUIRE(dlg->setParam("rows", 2));
    REQUIRE(dlg->setParam("forward_cost", 100.0 * 1e-6 + 0.5e-6)); // 100.5 us
    INFO(dlg->editText().toStdString());
    CHECK(dlg->editText() == "Generate beowulf-mesh (rows = 2, forward_cost = 100.5 us)");
    int asked = 0;
    GeneratorDialog::setReplacePrompt([&](const QString&) {
        ++asked;
        return true;
    });
    cs::app::test::acceptAndWait(dlg);
    CHECK(asked == 0); // nothing drawn yet: nothing to ask about
    REQUIRE(m.topology() != nullptr);
    CHECK(m.undoStack()->undoText() == "Generate beowulf-mesh (rows = 2, forward_cost = 100.5 us)");
    const std::size_t meshHosts = m.topology()->counts().hosts; // 2 x 4 = 8
    CHECK(meshHosts == 8);

    // Over the drawing: asked; "no" leaves the drawing and the dialog open.
    ed.showGeneratorDialog();
    dlg = ed.generatorDialog();
    REQUIRE(dlg->selectGenerator("star"));
    REQUIRE(dlg->setParam("n", 3));
    QString described;
    GeneratorDialog::setReplacePrompt([&](const QString& what) {
        ++asked;
        described = what;
        return false;
    });
    cs::app::test::acceptAndWait(dlg);
    CHECK(asked == 1);
    CHECK(described.startsWith("8 hosts"));
    CHECK(m.topology()->counts().hosts == meshHosts);
    CHECK(dlg->isVisible());

    // "Yes" replaces it, as one undo step that brings the mesh back.
    GeneratorDialog::setReplacePrompt([&](const QString&) {
        ++asked;
        return true;
    });
    cs::app::test::acceptAndWait(dlg);
    CHECK(asked == 2);
    CHECK(m.topology()->counts().hosts == 3);
    m.undoStack()->undo();
    CHECK(m.topology()->counts().hosts == meshHosts);
    GeneratorDialog::setReplacePrompt([](const QString&) { return true; });
}
