// Fit shows every link, those drawn as bridges above the core of a fat-tree
// included, and a fitted view is fitted again after an undo.
#include "TopologyTestUtil.h"

#include "app/gui/topology/TopologyView.h"

#include <QUndoStack>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;

namespace {
// Every link item's drawing lies inside the viewport.
bool allLinksVisible(const TopologyEditor& ed)
{
    const QRect vp = ed.view()->viewport()->rect();
    for (int i = 0; ed.linkItem(i); ++i) {
        const QRect r = ed.view()->mapFromScene(ed.linkItem(i)->sceneBoundingRect()).boundingRect();
        if (!vp.adjusted(-1, -1, 1, 1).contains(r)) {
            UNSCOPED_INFO("link " << i << " at " << r.x() << "," << r.y() << " " << r.width() << "x" << r.height());
            return false;
        }
    }
    return true;
}
} // namespace

TEST_CASE("Fit shows every link of a fat-tree, bridges above the core included", "[gui][topology][fit]")
{
    DocumentModel model;
    model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/inic-fattree.json"), {});
    TopologyEditor editor(&model, nullptr);
    editor.resize(860, 420); // the topology tab of a 1280x800 window
    editor.show();
    REQUIRE(QTest::qWaitForWindowExposed(&editor));
    editor.zoomToFit();
    CHECK(allLinksVisible(editor));
}

TEST_CASE("a fitted view is fitted again after an undo", "[gui][topology][fit]")
{
    DocumentModel model;
    model.setDocument(docWith(R"("topology": {"generator": "star", "params": {"n": 4, "bw": 125000000}})"), {});
    TopologyEditor editor(&model, nullptr);
    editor.resize(860, 420);
    editor.show();
    REQUIRE(QTest::qWaitForWindowExposed(&editor));
    editor.zoomToFit();
    // A bigger network, then undo: back to 4 hosts, and the view fits them again.
    REQUIRE(model.setValue({"topology", "n"}, 48).isEmpty());
    editor.zoomToFit();
    const double zoomedOut = editor.view()->transform().m11();
    model.undoStack()->undo();
    QCoreApplication::processEvents();
    CHECK(editor.view()->transform().m11() > zoomedOut);
    CHECK(allLinksVisible(editor));
}

TEST_CASE("after Fit the legend covers no vertex and no label", "[gui][topology][fit]")
{
    // The segment mesh has a switch at the left edge, level with the legend's corner;
    // the fat-tree fills the width.
    for (const char* preset : {"mesh-4x4-switch", "inic-fattree", "beowulf-gen2"}) {
        INFO(preset);
        DocumentModel model;
        model.setDocument(loadDocument(std::string(CS_SOURCE_DIR) + "/presets/" + preset + ".json"), {});
        TopologyEditor editor(&model, nullptr);
        editor.resize(860, 300); // the topology tab of a 1280x800 window
        editor.show();
        REQUIRE(QTest::qWaitForWindowExposed(&editor));
        editor.zoomToFit();
        auto* view = static_cast<TopologyView*>(editor.view());
        const QRectF legend = view->legendRect();
        REQUIRE_FALSE(legend.isEmpty());
        for (int i = 0; editor.vertexItem(i); ++i) {
            const VertexItem* v = editor.vertexItem(i);
            const QRectF body = view->mapFromScene(v->mapRectToScene(v->body())).boundingRect();
            const QRectF label = view->mapFromScene(v->labelSceneRect()).boundingRect();
            INFO(v->id());
            CHECK_FALSE(legend.intersects(body));
            CHECK_FALSE(legend.intersects(label));
        }
    }
}
