#pragma once
// The topology editor on show in a 1000 x 700 window, driven as a user would: palette drops, mouse drags
// (test_topology_editor.cpp, test_topology_inplace.cpp).
#include "TopologyTestUtil.h"
#include "app/gui/topology/PaletteButton.h"

#include <QApplication>
#include <QDropEvent>
#include <QMimeData>
#include <QTest>

#include <catch2/catch.hpp>

#include <memory>

namespace cs::app::testutil {

struct EditorFixture : ShownEditor {
    EditorFixture() : ShownEditor(1000, 700) {}
    QWidget* viewport() { return editor.view()->viewport(); }
    std::size_t vertexCount() const
    {
        const nlohmann::json t = writeNetwork(model.doc().topology);
        return t.is_object() && t.contains("vertices") ? t["vertices"].size() : 0;
    }
    // Drops a palette payload of `kind` at a view position: enter, move,
    // drop, as the platform's drag loop delivers them.
    void drop(VertexKind kind, QPoint at)
    {
        std::unique_ptr<QMimeData> mime(vertexMimeData(kind));
        QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &enter);
        REQUIRE(enter.isAccepted());
        QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &move);
        REQUIRE(move.isAccepted());
        QDropEvent dropEv(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(viewport(), &dropEv);
        REQUIRE(dropEv.isAccepted());
    }
    void dragMouse(QPoint from, QPoint to, Qt::KeyboardModifiers mods = Qt::NoModifier,
                   Qt::MouseButton button = Qt::LeftButton)
    {
        QTest::mousePress(viewport(), button, mods, from);
        for (int i = 1; i <= 5; ++i)
            QTest::mouseMove(viewport(), from + (to - from) * i / 5);
        QTest::mouseRelease(viewport(), button, mods, to);
    }
};

// A star of n hosts placed through the model as the generator dialog does.
inline void placeStar(DocumentModel& m, int n)
{
    std::map<std::string, QPointF> pos{{"sw0", {0, 0}}};
    for (int i = 0; i < n; ++i)
        pos["h" + std::to_string(i)] = {-150.0 + 100.0 * i, 150.0};
    REQUIRE(m.setTopology("star", nlohmann::json{{"generator", "star"}, {"params", {{"n", n}}}}, pos).isEmpty());
}

// What the editor's tests name unqualified (a test file says `using namespace cs::app::testutil;`).
using namespace cs;
using namespace cs::app;
using nlohmann::json;
using Fixture = EditorFixture;

} // namespace cs::app::testutil
