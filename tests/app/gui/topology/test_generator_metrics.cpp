// The generator dialog (placing a laid-out topology as one undo step) and
// the metrics panel (computed off the GUI thread). Expected counts and hop
// figures are derived by hand from each generator's construction
// (model/topology/generators/*.cpp, Al-Fares' k-ary fat-tree, 004 §4 Fig. 5).
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "GeneratorWait.h"
#include "app/gui/topology/HopHistogramWidget.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologyLayout.h"
#include "model/topology/generators/GeneratorRegistry.h"

#include <QComboBox>
#include <QGraphicsScene>
#include <QSpinBox>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <cmath>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;
using nlohmann::json;

namespace {

// The smallest distance between any two vertex positions of a layout.
double closestPair(const std::vector<QPointF>& p)
{
    double best = 1e300;
    for (std::size_t i = 0; i < p.size(); ++i)
        for (std::size_t j = i + 1; j < p.size(); ++j)
            best = std::min(best, std::hypot(p[i].x() - p[j].x(), p[i].y() - p[j].y()));
    return best;
}

} // namespace

TEST_CASE("the generator dialog places a laid-out star, fat-tree and segment mesh", "[gui][topology]")
{
    DocumentModel m;
    Selection sel;
    TopologyEditor ed(&m, &sel);
    ed.resize(1000, 700);
    ed.show();
    ed.showGeneratorDialog();
    GeneratorDialog* dlg = ed.generatorDialog();
    REQUIRE(dlg);
    CHECK(dlg->isVisible());

    SECTION("every registered generator is listed with an editor per parameter")
    {
        for (const Generator* g : GeneratorRegistry::builtin().all()) {
            REQUIRE(dlg->selectGenerator(QString::fromStdString(g->spec().name)));
            for (const ParamSpec& p : g->spec().params) {
                QWidget* e = dlg->findChild<QWidget*>(QString::fromStdString("param-" + p.symbol));
                REQUIRE(e);
                CHECK(e->toolTip().contains(QString::fromStdString(p.meaning).toHtmlEscaped()));
            }
            CHECK(dlg->values().size() == g->spec().params.size());
        }
        // The star's n spin box carries its range [2, 2^21].
        dlg->selectGenerator("star");
        auto* n = dlg->findChild<QSpinBox*>("param-n");
        REQUIRE(n);
        CHECK(n->minimum() == 2);
        CHECK(n->maximum() == 2097152);
    }

    SECTION("star: n hosts on one switch")
    {
        REQUIRE(dlg->selectGenerator("star"));
        REQUIRE(dlg->setParam("n", 8));
        CHECK(dlg->preview() == "Builds 8 hosts, 1 switch, 8 links.");
        cs::app::test::acceptAndWait(dlg);
        CHECK_FALSE(dlg->isVisible());
        REQUIRE(m.topology() != nullptr);
        const TopologyCounts c = m.topology()->counts();
        CHECK(c.hosts == 8);
        CHECK(c.switches == 1);
        CHECK(c.links == 8);
        CHECK(writeNetwork(m.doc().topology) == json::parse(R"({"generator": "star", "params": {"n": 8, "ports": 0,
              "switch_lat": 1e-6, "bw": 125000000.0, "lat": 0, "channels": 1, "cores": 0}})"));
        CHECK(m.undoStack()->count() == 1);
        CHECK(m.undoStack()->undoText() == "Generate star (n = 8)");
    }

    SECTION("fat-tree k = 4: k^3/4 = 16 hosts, 5k^2/4 = 20 switches, 3k^3/4 = 48 links, all placed")
    {
        REQUIRE(dlg->selectGenerator("fat-tree"));
        // k = 5 is refused with the generator's rule; nothing is placed.
        dlg->setParam("k", 5);
        CHECK(dlg->problem() == "k = 5 must be even");
        cs::app::test::acceptAndWait(dlg);
        CHECK(dlg->isVisible());
        CHECK(m.doc().topology.isNone());

        dlg->setParam("k", 4);
        CHECK(dlg->problem().isEmpty());
        cs::app::test::acceptAndWait(dlg);
        REQUIRE(m.topology() != nullptr);
        const TopologyCounts c = m.topology()->counts();
        CHECK(c.hosts == 16);    // 4^3 / 4
        CHECK(c.switches == 20); // 5 x 4^2 / 4
        CHECK(c.links == 48);    // 3 x 4^3 / 4
        // Laid out: every vertex has a stored position, and the scene shows
        // 36 vertex items and 48 link items.
        for (std::size_t v = 0; v < m.topology()->vertexCount(); ++v)
            CHECK(m.vertexPosition(m.topology()->vertex(v).id).has_value());
        CHECK(drawnItems(ed) == 36 + 48);
        // Layers: hosts below edge switches below aggregation below core.
        const double yHost = m.vertexPosition("h0_0_0")->y(), yEdge = m.vertexPosition("edge0_0")->y();
        const double yAgg = m.vertexPosition("agg0_0")->y(), yCore = m.vertexPosition("core0")->y();
        CHECK(yHost > yEdge);
        CHECK(yEdge > yAgg);
        CHECK(yAgg > yCore);
        // One undo step takes it all away.
        m.undoStack()->undo();
        CHECK(m.doc().topology.isNone());
        CHECK(drawnItems(ed) == 0);
        CHECK_FALSE(m.vertexPosition("core0").has_value());
    }

    SECTION("Beowulf segment mesh 4 x 4: 16 hosts, 4 + 4 segments, 2 x 16 links")
    {
        REQUIRE(dlg->selectGenerator("beowulf-mesh"));
        auto* routing = dlg->findChild<QComboBox*>("param-routing");
        REQUIRE(routing);
        CHECK(routing->count() == 2);
        cs::app::test::acceptAndWait(dlg);
        REQUIRE(m.topology() != nullptr);
        const TopologyCounts c = m.topology()->counts();
        CHECK(c.hosts == 16);
        CHECK(c.segments == 8);
        CHECK(c.switches == 0);
        CHECK(c.links == 32);
        // Hosts on the grid; row segment r left of row r, column segment c above column c.
        CHECK(m.vertexPosition("h1_2")->x() > m.vertexPosition("h1_1")->x());
        CHECK(m.vertexPosition("h2_1")->y() > m.vertexPosition("h1_1")->y());
        CHECK(m.vertexPosition("row1")->x() < m.vertexPosition("h1_0")->x());
        CHECK(m.vertexPosition("col2")->y() < m.vertexPosition("h0_2")->y());

        // Switch routing (Fig. 6) adds the row and column switches.
        ed.showGeneratorDialog();
        dlg->selectGenerator("beowulf-mesh");
        dlg->setParam("routing", 1);
        cs::app::test::acceptAndWait(dlg);
        REQUIRE(m.topology() != nullptr);
        CHECK(m.topology()->counts().switches == 2);
        CHECK(m.topology()->counts().links == 32 + 8);
    }
}

TEST_CASE("automatic layout places every vertex apart, and sizes 10,000 hosts", "[gui][topology]")
{
    for (const auto& [name, params] : std::vector<std::pair<std::string, NamedValues>>{
             {"star", {{"n", 12}}},
             {"fat-tree", {{"k", 4}}},
             {"gfat", {}},
             {"bonded", {{"n", 6}}},
             {"beowulf-mesh", {{"rows", 3}, {"cols", 5}}},
             {"torus", {{"k", 4}, {"dims", 3}}},
             {"hypercube", {{"dims", 5}}},
             {"full", {{"n", 7}}}}) {
        const ViewGraph g = ViewGraph::fromTopology(generate(name, params));
        const std::vector<QPointF> pos = autoLayout(g);
        INFO(name);
        REQUIRE(pos.size() == g.vertices.size());
        CHECK(closestPair(pos) >= 30.0); // at least half the host spacing
    }
    // A 100 x 100 torus: one position per host, on a 100 x 100 grid.
    const ViewGraph big = ViewGraph::fromTopology(generate("torus", {{"k", 100}, {"dims", 2}}));
    const std::vector<QPointF> pos = autoLayout(big);
    REQUIRE(pos.size() == 10000);
    CHECK(pos[101] == QPointF(kGridSpacing, kGridSpacing)); // host (1, 1)
    CHECK(pos[9999] == QPointF(99 * kGridSpacing, 99 * kGridSpacing));
}

TEST_CASE("link labels show bandwidth and channels", "[gui][topology]")
{
    CHECK(formatBandwidth(1.25e8) == "1 Gbit/s");   // 1e9 bit/s / 8
    CHECK(formatBandwidth(1.25e6) == "10 Mbit/s");  // 004 §3: 10 Mbps Ethernet
    CHECK(formatBandwidth(160e6) == "160 MB/s");    // 002 §2.2: Myrinet 160 MB/s ports
    CHECK(formatBandwidth(1.25e9) == "10 Gbit/s");
    CHECK(formatLink(1.25e8, 2) == QString::fromUtf8("1 Gbit/s \u00d72"));
    CHECK(formatLink(1.25e6, 1, false) == "10 Mbit/s half");
}

TEST_CASE("the metrics panel computes off the GUI thread and shows the model's figures", "[gui][topology]")
{
    DocumentModel m;
    MetricsPanel panel(&m);
    CHECK(panel.status().contains("No topology yet"));

    // Fat-tree k = 4, 1 Gbit/s links. From host h0_0_0, the 15 other hosts are
    // 1 at 2 hops (same edge), 2 at 4 hops (same pod), 12 at 6 hops:
    // average (1x2 + 2x4 + 12x6)/15 = 82/15 = 5.467, diameter 6.
    // Bisection: k^3/8 = 8 links x 1 Gbit/s = 8 Gbit/s (exact, generator cut).
    // All-to-all: a host link carries that host's 15 flows; an edge uplink
    // 2 hosts x 14 remote peers / 2 uplinks = 14; a core link 4 x 12 / 4 = 12:
    // the host links are the bottleneck at 15 flows of 1.25e8 B/s, so each
    // host gets 15 x 1.25e8/15 = 1.25e8 B/s = 1 Gbit/s all-to-all.
    REQUIRE(m.setTopology("fat-tree", json{{"generator", "fat-tree"}, {"params", {{"k", 4}}}}).isEmpty());
    CHECK(panel.value("hosts") == "16"); // counts at once
    CHECK(panel.value("switches") == "20");
    CHECK(panel.value("links") == "48");
    CHECK(panel.isComputing());
    CHECK(panel.value("diameter") == QString::fromUtf8("computing\u2026"));
    REQUIRE(panel.findChild<QWidget*>("metricsProgress"));
    CHECK_FALSE(panel.findChild<QWidget*>("metricsProgress")->isHidden()); // progress while it runs
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    CHECK(panel.value("hosts") == "16");
    CHECK(panel.value("segments") == "0");
    CHECK(panel.value("diameter") == "6 hops");
    CHECK(panel.value("avgHops") == "5.467");
    CHECK(panel.value("bisection") == "8 Gbit/s (exact)");
    CHECK(panel.value("maxLoad").startsWith("15 flows on link "));
    CHECK(panel.value("a2a") == "1 Gbit/s");
    // The sparse patterns: each host sends one flow (ring: to the next host;
    // transpose 4 x 4: off the diagonal; nearest neighbour: to its edge
    // mate) and receives one, so its host link carries 1 each way; an edge
    // switch's two hosts send at most 2 flows up over 2 up-links, 1 or less
    // on each. The bottleneck is a host link at 1 flow.
    CHECK(panel.value("ring").startsWith("1 flow on link ")); // one flow, in the singular (issue 34, defect 13)
    CHECK(panel.value("transpose").startsWith("1 flow on link "));
    CHECK(panel.value("neighbour").startsWith("1 flow on link "));
    CHECK(panel.findChild<QWidget*>("metricsProgress")->isHidden());
    // Histogram: 16 hosts x (1, 2, 12) ordered pairs at 2, 4, 6 hops.
    CHECK(panel.histogram()->counts() == std::vector<std::uint64_t>{0, 0, 16, 0, 32, 0, 192});
    CHECK(panel.status().isEmpty());

    // Two edits in a row while computing: the last one wins. A star of 5 on a
    // hub-like single switch: diameter 2, bisection floor(5/2) = 2 links.
    REQUIRE(m.setTopology("star 9", json{{"generator", "star"}, {"params", {{"n", 9}}}}).isEmpty());
    REQUIRE(m.setTopology("star 5", json{{"generator", "star"}, {"params", {{"n", 5}}}}).isEmpty());
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    CHECK(panel.value("hosts") == "5");
    CHECK(panel.value("diameter") == "2 hops");
    CHECK(panel.value("avgHops") == "2.000");
    CHECK(panel.value("bisection") == "2 Gbit/s (exact)");

    // An explicit star (no generator cut): the bisection is the bound from min cuts.
    REQUIRE(m.setTopology("explicit", json::parse(R"({"vertices": [{"id": "s", "kind": "switch"},
        {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
        "edges": [{"from": "a", "to": "s", "bandwidth": "100Mbit/s"}, {"from": "b", "to": "s", "bandwidth": "100Mbit/s"}]})"))
                .isEmpty());
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    CHECK(panel.value("hosts") == "2");
    CHECK(panel.value("bisection") == QString::fromUtf8("\u2264 100 Mbit/s (upper bound)"));

    // A drawing in progress: the model's reason instead of figures.
    m.undoStack()->undo();
    REQUIRE(m.setTopology("Draw", json::parse(R"({"vertices": [{"id": "h0", "kind": "host"}], "edges": []})")).isEmpty());
    CHECK(panel.status().contains("host 'h0' is disconnected"));
    CHECK(panel.value("hosts") == QString::fromUtf8("\u2013"));
    // The star's run, started by the undo, ends without overwriting that.
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    CHECK(panel.status().contains("host 'h0' is disconnected"));
    CHECK(panel.value("diameter") == QString::fromUtf8("\u2013"));
}

TEST_CASE("the metrics panel shows the host count of a topology placed by the dialog", "[gui][topology]")
{
    DocumentModel m;
    Selection sel;
    TopologyEditor ed(&m, &sel);
    MetricsPanel panel(&m);
    ed.showGeneratorDialog();
    ed.generatorDialog()->selectGenerator("torus");
    ed.generatorDialog()->setParam("k", 6);
    ed.generatorDialog()->setParam("dims", 2);
    cs::app::test::acceptAndWait(ed.generatorDialog());
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    CHECK(panel.value("hosts") == "36"); // 6^2
    CHECK(panel.value("switches") == "0");
    CHECK(panel.value("links") == "72"); // 2 dims x 36 (each host one link per dim with wrap)
    CHECK(panel.value("diameter") == "6 hops"); // 2 x floor(6/2)
}

TEST_CASE("hop histogram labels of a 100-hop network stay inside the widget and apart", "[gui][topology]")
{
    HopHistogramWidget w;
    w.resize(260, 130); // the metrics dock's width at 1280x800
    std::vector<std::uint64_t> counts(101, 0);
    for (std::size_t h = 1; h <= 100; ++h)
        counts[h] = 101 - h; // a ring-like spread: many short paths, few long ones
    w.setCounts(counts);
    const auto labels = w.labels();
    REQUIRE(labels.size() >= 2);
    CHECK(labels.back().text == "100"); // 100 bins, labelled every 10th or 20th: the last is 100
    for (std::size_t i = 0; i < labels.size(); ++i) {
        INFO(labels[i].text.toStdString());
        CHECK(QRectF(w.rect()).contains(labels[i].rect));
        if (i > 0)
            CHECK_FALSE(labels[i].rect.intersects(labels[i - 1].rect));
    }
    // A short diameter: every bin labelled.
    w.setCounts({0, 4, 8, 2});
    CHECK(w.labels().size() == 3);
}

TEST_CASE("the metrics panel writes a fraction of flows as one, and one flow in the singular", "[gui][topology]")
{
    // Issue 34, defect 13 ("1 flows", "466.667 flows"). Two hosts joined through two switches: h0 - s0 - h1
    // and h0 - s1 - h1. All-to-all is h0 -> h1 and h1 -> h0, one flow each; ECMP splits each over its two
    // equal paths, so every link carries 0.5 flow each way: the most loaded link carries "0.5 flows".
    DocumentModel m;
    MetricsPanel panel(&m);
    const json drawn = {
        {"vertices",
         {{{"id", "h0"}, {"kind", "host"}}, {{"id", "h1"}, {"kind", "host"}}, {{"id", "s0"}, {"kind", "switch"}},
          {{"id", "s1"}, {"kind", "switch"}}}},
        {"edges",
         {{{"from", "h0"}, {"to", "s0"}, {"bandwidth", 1e6}},
          {{"from", "h0"}, {"to", "s1"}, {"bandwidth", 1e6}},
          {{"from", "h1"}, {"to", "s0"}, {"bandwidth", 1e6}},
          {{"from", "h1"}, {"to", "s1"}, {"bandwidth", 1e6}}}}};
    REQUIRE(m.setTopology("two paths", drawn).isEmpty());
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    INFO(panel.value("maxLoad").toStdString());
    CHECK(panel.value("maxLoad").startsWith("0.5 flows on link "));
}
