#pragma once
// Helpers for the topology editor tests: documents from JSON, waiting for
// background work, and the view position of a scene item.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/topology/TopologyItems.h"
#include "model/document/DocumentFormat.h"
#include "model/topology/io/TopologyJson.h"

#include <QElapsedTimer>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QTest>

#include <catch2/catch.hpp>

#include <functional>

// Failed CHECKs print QStrings as text.
namespace Catch {
template <>
struct StringMaker<QString> {
    static std::string convert(const QString& s) { return '"' + s.toStdString() + '"'; }
};
} // namespace Catch

namespace cs::app::testutil {

// A topology editor on show at width x height over a model and selection of its own.
struct ShownEditor {
    DocumentModel model;
    Selection selection;
    TopologyEditor editor{&model, &selection};
    ShownEditor(int width, int height)
    {
        editor.resize(width, height);
        editor.show();
        REQUIRE(QTest::qWaitForWindowExposed(&editor));
    }
};

// Spins the event loop until pred() or the timeout (no wall-clock asserts:
// the caller CHECKs pred() afterwards).
inline bool waitFor(const std::function<bool()>& pred, int timeoutMs = 30000)
{
    QElapsedTimer t;
    t.start();
    while (!pred() && t.elapsed() < timeoutMs)
        QTest::qWait(10);
    return pred();
}

// Vertex and link items on the scene (not the editor's helper items).
inline int drawnItems(const TopologyEditor& ed)
{
    int n = 0;
    for (QGraphicsItem* it : ed.scene()->items())
        n += (qgraphicsitem_cast<VertexItem*>(it) || qgraphicsitem_cast<LinkItem*>(it)) ? 1 : 0;
    return n;
}

inline QPoint viewPos(const TopologyEditor& ed, QPointF scenePos)
{
    return ed.view()->mapFromScene(scenePos);
}

inline QPoint viewPos(const TopologyEditor& ed, const std::string& id)
{
    return viewPos(ed, ed.vertexItem(id)->pos());
}

// A document with a design of one block and the given topology/layout JSON.
inline DesignDocument docWith(const std::string& topologyAndLayout)
{
    return parseDocument(R"({"format": "clusterscope-design", "version": 2, "name": "topo",
                             "blocks": [], "wires": [], )" +
                         topologyAndLayout + "}");
}

} // namespace cs::app::testutil
