// Drawings that show what the network is (issue 15, defect 7): a torus's
// wrap-around links and a hypercube's higher dimensions run beside the grid,
// never through its hosts; a k = 24 fat-tree is not a flat line at "fit";
// the legend covers no vertex after "fit".
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "GeneratorWait.h"
#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/TopologyView.h"
#include "app/gui/topology/VertexItem.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/topology/generators/GeneratorRegistry.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;

namespace {

struct Editor {
    DocumentModel model;
    Selection selection;
    TopologyEditor editor{&model, &selection};
    explicit Editor(const char* generator, const std::vector<std::pair<const char*, double>>& params)
    {
        editor.resize(1000, 700);
        editor.show();
        REQUIRE(QTest::qWaitForWindowExposed(&editor));
        editor.showGeneratorDialog();
        GeneratorDialog* dlg = editor.generatorDialog();
        REQUIRE(dlg->selectGenerator(generator));
        for (const auto& [k, v] : params)
            REQUIRE(dlg->setParam(k, v));
        cs::app::test::acceptAndWait(dlg);
        REQUIRE(model.topology() != nullptr);
        editor.zoomToFit();
    }
    std::vector<LinkItem*> links() const
    {
        std::vector<LinkItem*> out;
        for (int i = 0; editor.linkItem(i); ++i)
            out.push_back(editor.linkItem(i));
        return out;
    }
};

// The least distance from a vertex other than the link's ends to the path drawn.
double nearestOtherVertex(const TopologyEditor& ed, const LinkItem* l)
{
    const QPainterPath path = l->path();
    double best = 1e300;
    for (int i = 0; ed.vertexItem(i); ++i) {
        const VertexItem* v = ed.vertexItem(i);
        if (v == l->from() || v == l->to())
            continue;
        for (int s = 0; s <= 200; ++s) {
            const QPointF p = path.pointAtPercent(s / 200.0);
            best = std::min(best, std::hypot(p.x() - v->pos().x(), p.y() - v->pos().y()));
        }
    }
    return best;
}

} // namespace

TEST_CASE("a 4x4 torus's wrap-around links run outside the grid, not through its hosts", "[gui][topology][drawing]")
{
    Editor e("torus", {{"k", 4}, {"dims", 2}});
    // 16 hosts, 2 links each way per host: 32 links, of which the 4 row
    // wraps (x 0 -- 3) and the 4 column wraps (y 0 -- 3) span three spacings.
    const auto links = e.links();
    REQUIRE(links.size() == 32);
    int wraps = 0;
    for (const LinkItem* l : links) {
        const QLineF centres(l->from()->pos(), l->to()->pos());
        const bool wrap = centres.length() > 2.5 * kGridSpacing;
        INFO(l->toolTipText().toStdString());
        if (!wrap) {
            CHECK(l->detour() == 0.0);
            continue;
        }
        ++wraps;
        CHECK(l->detour() != 0.0);
        // The drawn path keeps clear of the hosts it passes (a host's body is
        // about 28 px: its centre is at least half a body away).
        CHECK(nearestOtherVertex(e.editor, l) >= 20.0);
        // Outward: the wrap of the top row (y = 0) bows above it, of the bottom row below.
        const double y = l->from()->pos().y();
        if (std::fabs(centres.dy()) < 1e-6 && y == 0.0)
            CHECK(l->path().boundingRect().top() < -10.0);
        if (std::fabs(centres.dy()) < 1e-6 && y == 3 * kGridSpacing)
            CHECK(l->path().boundingRect().bottom() > 3 * kGridSpacing + 10.0);
    }
    CHECK(wraps == 8);
}

TEST_CASE("a 3-cube's third dimension is drawn beside the first, in lanes that do not overlap", "[gui][topology][drawing]")
{
    Editor e("hypercube", {{"dims", 3}});
    // Hosts at x = 0, 1, 3, 4 spacings (dimension 2 as blocks of dimension 0)
    // and y = 0, 1: the dimension-2 links 0 -- 3 and 1 -- 4 in each row pass
    // a host and overlap each other on [1, 3].
    const auto links = e.links();
    REQUIRE(links.size() == 12); // 8 hosts x 3 / 2
    std::vector<const LinkItem*> bent;
    for (const LinkItem* l : links)
        if (l->detour() != 0.0) {
            bent.push_back(l);
            CHECK(nearestOtherVertex(e.editor, l) >= 20.0);
        }
    REQUIRE(bent.size() == 4);
    // In one row the two bridges are at different distances.
    for (const LinkItem* a : bent)
        for (const LinkItem* b : bent)
            if (a != b && a->from()->pos().y() == b->from()->pos().y())
                CHECK(a->detour() != b->detour());
}

TEST_CASE("a segment mesh's taps stay straight", "[gui][topology][drawing]")
{
    // Each host taps its row bus and its column bus, drawn as bars beside it:
    // no tap needs a bridge (004 §4 Fig. 5: 4 x 4 hosts, 8 segments, 32 taps).
    Editor e("beowulf-mesh", {{"rows", 4}, {"cols", 4}});
    const auto links = e.links();
    REQUIRE(links.size() == 32);
    for (const LinkItem* l : links)
        CHECK(l->detour() == 0.0);
}

TEST_CASE("a k = 24 fat-tree is laid out with room between its layers", "[gui][topology][drawing]")
{
    const ViewGraph g = ViewGraph::fromTopology(generate("fat-tree", {{"k", 24}}));
    const std::vector<QPointF> pos = autoLayout(g);
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (const QPointF& p : pos) {
        x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x());
        y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
    }
    // 288 edge switches at least 80 px apart make it > 23,000 px wide; at
    // kLayerSpacing = 130 its four levels would be < 600 px tall (a 40:1
    // line). Stretched, it is about 2:1.
    INFO((x1 - x0) << " x " << (y1 - y0));
    CHECK((x1 - x0) / (y1 - y0) <= 2.5);
    // Layers keep their order: core above aggregation above edge above hosts.
    double coreY = 0, hostY = 0;
    for (std::size_t i = 0; i < g.vertices.size(); ++i) {
        if (g.vertices[i].id.rfind("core", 0) == 0)
            coreY = pos[i].y();
        if (g.vertices[i].kind == VertexKind::Host)
            hostY = std::max(hostY, pos[i].y());
    }
    CHECK(coreY < hostY);
}

TEST_CASE("after fit the legend covers no vertex", "[gui][topology][drawing]")
{
    for (const auto& [gen, params] : std::vector<std::pair<const char*, std::vector<std::pair<const char*, double>>>>{
             {"star", {{"n", 16}}}, {"fat-tree", {{"k", 4}}}, {"torus", {{"k", 4}, {"dims", 2}}},
             {"beowulf-mesh", {{"rows", 4}, {"cols", 4}}}}) {
        Editor e(gen, params);
        const QRectF legend = static_cast<TopologyView*>(e.editor.view())->legendRect();
        INFO(gen);
        REQUIRE_FALSE(legend.isEmpty());
        for (int i = 0; e.editor.vertexItem(i); ++i) {
            const VertexItem* v = e.editor.vertexItem(i);
            const QRectF onScreen = e.editor.view()->mapFromScene(v->sceneBoundingRect()).boundingRect();
            INFO(v->id());
            CHECK_FALSE(onScreen.intersects(legend));
        }
    }
}

namespace {

// What a drawing must never do: a label over another label or over another
// vertex, a link drawn through a vertex's label, an item outside the scene.
void checkGeometry(const Editor& e)
{
    const TopologyEditor& ed = e.editor;
    std::vector<const VertexItem*> vs;
    for (int i = 0; ed.vertexItem(i); ++i)
        vs.push_back(ed.vertexItem(i));
    // Shown link labels against each other and against every vertex.
    std::vector<std::pair<QRectF, std::string>> linkLabels;
    for (const LinkItem* l : e.links())
        if (l->labelMode() != LinkItem::Label::Hidden)
            linkLabels.push_back({l->shownLabelBox(), l->toolTipText().toStdString()});
    for (std::size_t i = 0; i < linkLabels.size(); ++i) {
        for (std::size_t j = i + 1; j < linkLabels.size(); ++j) {
            INFO(linkLabels[i].second << " label vs " << linkLabels[j].second << " label");
            CHECK_FALSE(linkLabels[i].first.intersects(linkLabels[j].first));
        }
        for (const VertexItem* v : vs) {
            INFO(linkLabels[i].second << " label vs " << v->id());
            CHECK_FALSE(linkLabels[i].first.intersects(v->labelSceneRect()));
            CHECK_FALSE(linkLabels[i].first.intersects(v->mapRectToScene(v->body())));
        }
    }
    // Labels against labels (vertex names and shown link labels).
    for (std::size_t i = 0; i < vs.size(); ++i)
        for (std::size_t j = i + 1; j < vs.size(); ++j) {
            INFO(vs[i]->id() << " label vs " << vs[j]->id() << " label");
            CHECK_FALSE(vs[i]->labelSceneRect().intersects(vs[j]->labelSceneRect()));
        }
    // A label over another vertex's body.
    for (const VertexItem* a : vs)
        for (const VertexItem* b : vs)
            if (a != b) {
                INFO(a->id() << " label vs " << b->id() << " body");
                CHECK_FALSE(a->labelSceneRect().intersects(b->mapRectToScene(b->body())));
            }
    // A link through a label: sample the drawn path (not its last few pixels
    // at either end, where it meets its own vertices).
    for (const LinkItem* l : e.links()) {
        const QPainterPath path = l->path();
        for (const VertexItem* v : vs) {
            const QRectF r = v->labelSceneRect().adjusted(1, 1, -1, -1);
            bool crosses = false;
            for (int s = 1; s < 100 && !crosses; ++s) {
                const QPointF p = path.pointAtPercent(s / 100.0);
                crosses = r.contains(p) && (v == l->from() || v == l->to()
                                                ? QLineF(p, v->pos()).length() > 40.0
                                                : true);
            }
            INFO(l->toolTipText().toStdString() << " through the label of " << v->id());
            CHECK_FALSE(crosses);
        }
    }
    // Every item inside the scene rect.
    const QRectF scene = ed.scene()->sceneRect();
    for (QGraphicsItem* it : ed.scene()->items()) {
        if (!it->isVisible())
            continue;
        INFO("item of type " << it->type() << " at " << it->sceneBoundingRect().x() << ","
                             << it->sceneBoundingRect().y());
        CHECK(scene.contains(it->sceneBoundingRect()));
    }
}

} // namespace

TEST_CASE("labels overlap no label or vertex, links cross no label, and every item is in the scene",
          "[gui][topology][drawing][geometry]")
{
    for (const auto& [gen, params] : std::vector<std::pair<const char*, std::vector<std::pair<const char*, double>>>>{
             {"torus", {{"k", 4}, {"dims", 2}}},
             {"hypercube", {{"dims", 3}}},
             {"hypercube", {{"dims", 4}}},
             {"beowulf-mesh", {{"rows", 4}, {"cols", 4}}},
             {"beowulf-mesh", {{"rows", 4}, {"cols", 4}, {"routing", 1}}},
             {"fat-tree", {{"k", 4}}},
             {"star", {{"n", 16}}}}) {
        INFO(gen);
        Editor e(gen, params);
        checkGeometry(e);
    }
}

TEST_CASE("a single-switch star is drawn radially: the switch in the centre, the hosts on a circle",
          "[gui][topology][drawing]")
{
    Editor e("star", {{"n", 16}});
    const VertexItem* hub = nullptr;
    std::vector<const VertexItem*> hosts;
    for (int i = 0; e.editor.vertexItem(i); ++i) {
        const VertexItem* v = e.editor.vertexItem(i);
        if (v->kind() == VertexKind::Switch)
            hub = v;
        else
            hosts.push_back(v);
    }
    REQUIRE(hub);
    REQUIRE(hosts.size() == 16);
    // 16 hosts 1.25 spacings apart on the circle: r = 16 x 1.25 x 64 / (2 pi)
    // = 1280 / 6.2832 = 203.7 px, above the 2-spacing floor of 128 px.
    const double r = 16 * 1.25 * kHostSpacing / (2 * 3.14159265358979);
    for (const VertexItem* h : hosts)
        CHECK(QLineF(hub->pos(), h->pos()).length() == Approx(r).epsilon(1e-9));
    // No spoke passes another host: each is a straight line from the centre.
    for (const LinkItem* l : e.links())
        CHECK(nearestOtherVertex(e.editor, l) >= 20.0);
}
