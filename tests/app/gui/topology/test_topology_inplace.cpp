// The topology editor keeps the items of what an edit did not touch: an
// unrelated design value, a link drawn, an item moved, a Change's items, a
// vertex removed; and a selected link follows its ends through other networks.
#include "EditorFixture.h"

#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "model/document/EditOps.h"

#include <QGraphicsScene>
#include <QSignalSpy>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace cs::app::testutil; // and what EditorFixture.h names: cs, cs::app, json, Fixture

TEST_CASE("the topology editor keeps its items when an unrelated design value changes", "[gui][topology][inplace]")
{
    Fixture f;
    f.model.loadPreset("acc-fft");
    REQUIRE(f.model.topology() != nullptr);
    // The 16-host star of 000 §5: 17 vertices, 16 links.
    std::vector<VertexItem*> vertices;
    for (int i = 0; f.editor.vertexItem(i); ++i)
        vertices.push_back(f.editor.vertexItem(i));
    std::vector<LinkItem*> links;
    for (int i = 0; f.editor.linkItem(i); ++i)
        links.push_back(f.editor.linkItem(i));
    REQUIRE(vertices.size() == 17);
    REQUIRE(links.size() == 16);
    QSignalSpy topo(&f.model, &DocumentModel::topologyChanged);

    // The matrix size is no part of the network.
    REQUIRE(f.model.setDesignParam("rows", 2048).isEmpty());
    f.model.undoStack()->undo();
    f.model.undoStack()->redo();
    CHECK(topo.count() == 0);
    for (std::size_t i = 0; i < vertices.size(); ++i)
        CHECK(f.editor.vertexItem(static_cast<int>(i)) == vertices[i]);
    for (std::size_t i = 0; i < links.size(); ++i)
        CHECK(f.editor.linkItem(static_cast<int>(i)) == links[i]);

    // A generator parameter is: the star is regenerated with 8 hosts.
    REQUIRE(f.model.setValue({"topology", "n"}, 8).isEmpty());
    CHECK(topo.count() == 1);
    int n = 0;
    while (f.editor.vertexItem(n))
        ++n;
    CHECK(n == 9);
}

// The editor keeps the items of what an edit did not remove. (The first link
// of a drawing gives it a unit for its rates, and the second makes it a
// network the models read: both used to rebuild the scene.)
TEST_CASE("drawing a link and moving an item keep every item drawn, on both canvases",
          "[gui][topology][inplace]")
{
    Fixture f;
    BlockCanvas canvas(&f.model, &f.selection);
    f.drop(VertexKind::Host, QPoint(250, 400));
    f.drop(VertexKind::Switch, QPoint(500, 200));
    f.drop(VertexKind::Host, QPoint(750, 400));
    REQUIRE(f.vertexCount() == 3);
    std::vector<VertexItem*> vertices{f.editor.vertexItem(0), f.editor.vertexItem(1), f.editor.vertexItem(2)};
    auto* topologyNode = canvas.node("topology");
    REQUIRE(topologyNode);
    QSignalSpy topo(&f.model, &DocumentModel::topologyChanged);
    // (A mark only these items carry: a rebuilt item may reuse an address.)
    for (int i = 0; i < 3; ++i)
        vertices[static_cast<std::size_t>(i)]->setData(0, i);
    canvas::BlockNode* topologyItem = topologyNode;
    topologyItem->setData(0, "kept");
    auto sameVertices = [&] {
        for (int i = 0; i < 3; ++i) {
            CHECK(f.editor.vertexItem(i) == vertices[static_cast<std::size_t>(i)]);
            CHECK(f.editor.vertexItem(i)->data(0) == QVariant(i));
        }
        CHECK(canvas.node("topology")->data(0).toString() == "kept");
    };

    // Two links drawn with the mouse: the network changed, the items did not.
    f.dragMouse(viewPos(f.editor, "h0"), viewPos(f.editor, "sw0"), Qt::ShiftModifier);
    REQUIRE(writeNetwork(f.model.doc().topology)["edges"].size() == 1);
    sameVertices();
    LinkItem* first = f.editor.linkItem(0);
    REQUIRE(first);
    CHECK(first->labelText() == "1 Gbit/s"); // the default 125 MB/s, in the drawing's new unit
    f.dragMouse(viewPos(f.editor, "h1"), viewPos(f.editor, "sw0"), Qt::ShiftModifier);
    REQUIRE(writeNetwork(f.model.doc().topology)["edges"].size() == 2);
    CHECK(topo.count() == 2);
    REQUIRE(f.model.topology() != nullptr); // now a network the models read
    sameVertices();
    CHECK(f.editor.linkItem(0) == first);
    REQUIRE(f.editor.linkItem(1));
    CHECK((f.editor.linkItem(1)->from() == vertices[2] || f.editor.linkItem(1)->to() == vertices[2]));
    CHECK(vertices[1]->links().size() == 2); // the switch knows both
    CHECK(canvas.node("topology") == topologyNode);

    // A move: positions only.
    const QPoint from = viewPos(f.editor, "sw0");
    f.dragMouse(from, from + QPoint(60, -30));
    sameVertices();
    CHECK(f.editor.linkItem(0) == first);
    CHECK(canvas.node("topology") == topologyNode);

    // Undo of the move and the second link: the link's item goes, the rest stays.
    f.model.undoStack()->undo();
    f.model.undoStack()->undo();
    CHECK(writeNetwork(f.model.doc().topology)["edges"].size() == 1);
    CHECK(f.editor.linkItem(1) == nullptr);
    sameVertices();
    CHECK(f.editor.linkItem(0) == first);
    CHECK(vertices[1]->links().size() == 1);
    CHECK(vertices[2]->links().empty());
    CHECK(canvas.node("topology") == topologyNode);

    // Deleting h0 takes its link; the switch and h1 keep their items, now
    // first and second, and the link item is gone from the switch too.
    f.model.undoStack()->redo(); // the second link again: a new item for it
    REQUIRE(f.editor.linkItem(1));
    LinkItem* second = f.editor.linkItem(1);
    f.editor.scene()->clearSelection();
    vertices[0]->setSelected(true);
    f.editor.deleteSelected();
    REQUIRE(writeNetwork(f.model.doc().topology)["vertices"].size() == 2);
    CHECK(f.editor.vertexItem(0) == vertices[1]);
    CHECK(f.editor.vertexItem(1) == vertices[2]);
    CHECK(vertices[1]->index() == 0);
    REQUIRE(f.editor.linkItem(0) == second);
    CHECK(second->index() == 0);
    CHECK(f.editor.linkItem(1) == nullptr);
    CHECK(vertices[1]->links() == std::vector<LinkItem*>{second});
    CHECK(canvas.node("topology") == topologyNode);
    // Undo brings h0 back (a new item) with its link; the others stay.
    f.model.undoStack()->undo();
    CHECK(f.editor.vertexItem("h0") != nullptr);
    CHECK(f.editor.vertexItem("sw0") == vertices[1]);
    CHECK(f.editor.vertexItem("h1") == vertices[2]);
    CHECK(f.editor.linkItem(1) == second);
    CHECK(vertices[1]->links().size() == 2);
    CHECK(canvas.node("topology") == topologyNode);
}

TEST_CASE("a selected link is followed by its ends when the network changes, not by its index (issue 34, defect 8)",
          "[gui][topology]")
{
    DocumentModel model;
    model.setDocument(docWith(R"("topology": {
        "vertices": [{"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"}, {"id": "h2", "kind": "host"},
                     {"id": "sw0", "kind": "switch"}],
        "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"}, {"from": "h1", "to": "sw0", "bandwidth": "1Gbit/s"},
                  {"from": "h2", "to": "sw0", "bandwidth": "1Gbit/s"}]})"),
                      {});
    Selection selection;
    TopologyEditor editor(&model, &selection);
    selection.select(Selection::Kind::Link, "2"); // h2 - sw0
    // The link before it goes (the drawing's link 0): h2 - sw0 is now link 1, and the selection says so.
    REQUIRE(model.apply("remove a link", edit::op::removeTopologyItems({}, {LinkId{0}})).isEmpty());
    CHECK(selection.kind() == Selection::Kind::Link);
    INFO("selected: " << selection.key().toStdString());
    CHECK(selection.key() == "1");
    // Undo: link 2 again.
    model.undoStack()->undo();
    CHECK(selection.key() == "2");
    // A network without that link: the selection goes, so that no edit lands on another link.
    REQUIRE(model.setTopology("other", json::parse(R"({"vertices": [{"id": "h0", "kind": "host"},
        {"id": "h1", "kind": "host"}, {"id": "sw0", "kind": "switch"}, {"id": "h9", "kind": "host"}],
        "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"}, {"from": "h1", "to": "sw0", "bandwidth": "1Gbit/s"},
                  {"from": "h9", "to": "sw0", "bandwidth": "1Gbit/s"}]})"))
                .isEmpty());
    CHECK(selection.kind() == Selection::Kind::None);
}

TEST_CASE("a selected link is followed through a regenerate by its ends, not its index (issue 34, defect 8)",
          "[gui][topology]")
{
    // The walkthrough: after regenerating, "Link 10" was another link and an edit changed the wrong one.
    DocumentModel model;
    Selection selection;
    TopologyEditor editor(&model, &selection);
    placeStar(model, 8); // sw0, then h0..h7; link e joins h<e> and sw0
    selection.select(Selection::Kind::Link, "5");
    // The same generator with more hosts: h5 - sw0 is link 5 still, and stays selected.
    placeStar(model, 12);
    CHECK(selection.kind() == Selection::Kind::Link);
    CHECK(selection.key() == "5");
    // A fat-tree of k = 4: its link 5 joins two other vertices, and no link joins h5 and sw0. The selection
    // goes rather than land on that link.
    REQUIRE(model.setTopology("fat-tree", json{{"generator", "fat-tree"}, {"params", {{"k", 4}}}}).isEmpty());
    REQUIRE(model.drawing());
    REQUIRE(model.drawing()->edgeCount() > 5);
    CHECK(selection.kind() == Selection::Kind::None);
}

TEST_CASE("a topology edit updates the items its Change names, not every item", "[gui][topology][inplace]")
{
    // Issue 34: the editor followed an edit by matching every item of the
    // network against the new one. A property set, a vertex or a link added
    // at the end, and a removal now touch those items alone; the undo of a
    // removal (an insertion in the middle) still goes through the match.
    Fixture f;
    placeStar(f.model, 8);
    REQUIRE(f.editor.linkItem(7));
    std::vector<LinkItem*> links;
    for (int e = 0; e < 8; ++e)
        links.push_back(f.editor.linkItem(e));
    VertexItem* sw = f.editor.vertexItem("sw0");
    REQUIRE(sw);

    // (Not a second channel: the star's switch has a port a host.)
    REQUIRE(f.model.apply("Set", edit::op::setLinkProperty({LinkId{3}}, "duplex", false)).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK_FALSE(f.editor.graph().edges[3].duplex);
    CHECK(f.editor.linkItem(3) == links[3]);
    CHECK(f.editor.linkItem(3)->labelText().contains("half"));
    REQUIRE(f.model.apply("Set", edit::op::setVertexProperty({"h2", "h5"}, "forwards", true)).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.graph().vertices[static_cast<std::size_t>(f.editor.vertexItem("h5")->index())].forwards);

    REQUIRE(f.model.apply("Set", edit::op::setVertexProperty({"sw0"}, "ports", 16)).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.vertexItem("sw0") == sw);

    // A host dropped and linked: one item each.
    std::string id;
    REQUIRE(f.editor.addVertex(VertexKind::Host, QPointF(400, 300), &id).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    VertexItem* added = f.editor.vertexItem(id);
    REQUIRE(added);
    CHECK(added->pos() == QPointF(400, 300));
    REQUIRE(f.editor.addLink(added->index(), sw->index()).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    REQUIRE(f.editor.linkItem(8));
    CHECK(sw->links().size() == 9);
    for (int e = 0; e < 8; ++e)
        CHECK(f.editor.linkItem(e) == links[static_cast<std::size_t>(e)]);
    CHECK(f.editor.vertexItem("sw0") == sw);

    // Undoing the link removes it: that item alone, and the rest stays.
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.linkItem(8) == nullptr);
    CHECK(sw->links().size() == 8);
    // Redone, it is added at the end again from the Change.
    f.model.undoStack()->redo();
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(sw->links().size() == 9);

    // A rate outside the drawing's unit: every label is written in the new unit.
    REQUIRE(f.model.apply("Set", edit::op::setLinkProperty({LinkId{0}}, "bandwidth", 12.5e6)).isEmpty()); // 100 Mbit/s
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.rateUnit() == f.editor.graph().rateUnit());
    CHECK(f.editor.linkItem(1)->labelText() == f.editor.rateUnit().format(1.25e8));
    CHECK(f.editor.linkItem(1) == links[1]);
}

TEST_CASE("removing a vertex deletes its item and its links' items, and the others take their new indices",
          "[gui][topology][inplace]")
{
    Fixture f;
    placeStar(f.model, 8); // h0..h7, then sw0; link e joins h<e> and sw0
    std::vector<LinkItem*> links;
    for (int e = 0; e < 8; ++e)
        links.push_back(f.editor.linkItem(e));
    VertexItem* sw = f.editor.vertexItem("sw0");
    VertexItem* h3 = f.editor.vertexItem("h3");
    REQUIRE(sw);
    REQUIRE(h3);
    const int h3Before = h3->index();
    // Every item's index, and its ends', agree with the network the document now has.
    auto consistent = [&] {
        const std::shared_ptr<const Topology> net = f.model.drawing();
        REQUIRE(net);
        REQUIRE(f.editor.graph().vertices.size() == net->vertexCount());
        REQUIRE(f.editor.graph().edges.size() == net->edgeCount());
        for (std::size_t v = 0; v < net->vertexCount(); ++v) {
            VertexItem* item = f.editor.vertexItem(net->vertex(v).id);
            REQUIRE(item);
            CHECK(item->index() == static_cast<int>(v));
        }
        for (std::size_t e = 0; e < net->edgeCount(); ++e) {
            LinkItem* l = f.editor.linkItem(static_cast<int>(e));
            REQUIRE(l);
            CHECK(l->index() == static_cast<int>(e));
            CHECK(l->from()->index() == f.editor.graph().edges[e].a);
            CHECK(l->to()->index() == f.editor.graph().edges[e].b);
        }
    };

    // h2 goes, and with it link 2: two items.
    REQUIRE(f.model.apply("Delete", edit::op::removeTopologyItems({"h2"}, {})).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.vertexItem("h2") == nullptr);
    CHECK(f.editor.vertexItem("sw0") == sw);
    CHECK(f.editor.vertexItem("h3") == h3);
    CHECK(h3->index() == h3Before - 1);
    CHECK(sw->links().size() == 7);
    CHECK(f.editor.linkItem(2) == links[3]); // h3's link is link 2 now
    CHECK(f.editor.linkItem(6) == links[7]);
    CHECK(f.editor.linkItem(7) == nullptr);
    consistent();

    // One link alone (h5's, id 5, now link 4): one item; its host stays, unlinked.
    REQUIRE(f.model.apply("Delete", edit::op::removeTopologyItems({}, {LinkId{5}})).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.linkItem(4) == links[6]);
    CHECK(f.editor.vertexItem("h5")->links().empty());
    CHECK(sw->links().size() == 6);
    consistent();

    // Undo puts them back in the middle from the undo's Change: the link alone (one item), then h2 and its
    // link (two), the kept items the same and every index after them shifted back.
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 1);
    CHECK(f.editor.linkItem(3) == links[4]);
    REQUIRE(f.editor.linkItem(4)); // a new item for the link that came back, h5's
    CHECK((f.editor.linkItem(4)->from()->id() == "h5" || f.editor.linkItem(4)->to()->id() == "h5"));
    CHECK(f.editor.linkItem(5) == links[6]);
    CHECK(f.editor.vertexItem("h5")->links().size() == 1);
    consistent();
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.vertexItem("sw0") == sw);
    CHECK(f.editor.vertexItem("h3") == h3);
    CHECK(h3->index() == h3Before);
    REQUIRE(f.editor.vertexItem("h2"));
    CHECK(f.editor.vertexItem("h2")->links().size() == 1);
    CHECK(f.editor.linkItem(3) == links[3]);
    CHECK(f.editor.linkItem(7) == links[7]);
    CHECK(sw->links().size() == 8);
    consistent();

    // Redo removes them again from the Change, as the first time.
    f.model.undoStack()->redo();
    CHECK(f.editor.lastItemsTouched() == 2);
    CHECK(f.editor.vertexItem("h2") == nullptr);
    consistent();
}
