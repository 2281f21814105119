// One unit per quantity within a view (issue 15, defect 8): never 2 GB/s
// beside 8 Gbit/s beside 56.72 Mbit/s. Each view's test reads every rate it
// shows back from its text and checks that they share one unit, the one
// derived here by hand.
#include "../topology/TopologyTestUtil.h"
#include "UnitStrings.h"

#include "app/gui/Selection.h"
#include "app/gui/inspector/BlockForm.h"
#include "app/gui/inspector/ValueField.h"
#include "app/gui/topology/LinkItem.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/VertexItem.h"
#include "app/plots/RateUnit.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QTableWidget>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;
using nlohmann::json;

TEST_CASE("rateUnitFor picks one family and the largest value's prefix", "[gui][units]")
{
    using plots::RateFamily;
    // 004 §3: 10 Mbit/s Ethernet is 1.25e6 B/s; 1 Gbit/s is 1.25e8 B/s: both
    // read rounder in bits (1e7, 1e9 bit/s: 1 significant digit; 1.25e6 B/s: 3).
    CHECK(plots::rateUnitFor({1.25e6, 1.25e8}, RateFamily::Auto).name == "Gbit/s");
    CHECK(plots::rateUnitFor({1.25e6, 1.25e8}, RateFamily::Auto).format(1.25e6) == "0.01 Gbit/s");
    // 002 §2.2: Myrinet's 160 MB/s ports are 1.28e9 bit/s (3 digits) against
    // 1.6e8 B/s (2): one such rate makes the whole view bytes; the largest,
    // 160e6, is at least 1e6, so MB/s: 1.25e8 B/s = 125 MB/s.
    const plots::RateUnit mixed = plots::rateUnitFor({1.25e8, 160e6}, RateFamily::Auto);
    CHECK(mixed.name == "MB/s");
    CHECK(mixed.format(1.25e8) == "125 MB/s");
    CHECK(mixed.format(160e6) == "160 MB/s");
    // A preference wins over roundness: 160e6 B/s x 8 = 1.28e9 bit/s.
    CHECK(plots::rateUnitFor({160e6}, RateFamily::Bits).format(160e6) == "1.28 Gbit/s");
    CHECK(plots::rateUnitFor({1.25e8}, RateFamily::Bytes).format(1.25e8) == "125 MB/s");
    // A k = 100 fat-tree's pod has 2,500 links of 1 Gbit/s to the cores:
    // 2500 x 1.25e8 = 3.125e11 B/s = 2.5e12 bit/s, 2.5 Tbit/s (it read
    // "2500 Gbit/s"); in bytes 312.5 GB/s (bytes stop at G: from 1e12 B/s a
    // rate means no limit). The names are ones the parser reads back.
    CHECK(plots::rateUnitFor({3.125e11}, RateFamily::Bits).format(3.125e11) == "2.5 Tbit/s");
    CHECK(plots::rateUnitFor({3.125e11}, RateFamily::Bytes).format(3.125e11) == "312.5 GB/s");
    CHECK(parseQuantity("2.5 Tbit/s", Unit::BytesPerSecond) == Approx(3.125e11));
    CHECK(parseQuantity("1.25 TB/s", Unit::BytesPerSecond) == Approx(1.25e12));
    // An aggregate's total from 96 leaves of a leaf-spine to each spine, one
    // link of 100 Gbit/s a leaf: 96 x 12.5e9 = 1.2e12 B/s = 9.6e12 bit/s.
    // As a link rate that is "no limit" and left out (Mbit/s, nothing else to
    // go by: it read "9.6e+06 Mbit/s"); as a total it is 9.6 Tbit/s, or
    // 1.2e12 / 1e9 = 1200 GB/s.
    CHECK(plots::rateUnitFor({1.2e12}, RateFamily::Bits).name == "Mbit/s");
    CHECK(plots::rateUnitForTotals({1.2e12}, RateFamily::Bits).format(1.2e12) == "9.6 Tbit/s");
    CHECK(plots::rateUnitForTotals({1.2e12}, RateFamily::Bytes).format(1.2e12) == "1200 GB/s");
    // A rate a hair under 1 Gbit/s prints as 1 in Gbit/s (issue 34, defect 13: "1000 Mbit/s" stood beside
    // "1 Gbit/s"): 1.25e8 x (1 - 4e-5) = 124995000 B/s = 0.99996 Gbit/s, 4 significant digits "1"; in Mbit/s it
    // printed "1000". A rate that prints under 1 keeps the smaller prefix: 0.9994 Gbit/s is 999.4 Mbit/s.
    CHECK(plots::rateUnitFor({1.25e8 * (1 - 4e-5)}, RateFamily::Bits).format(1.25e8 * (1 - 4e-5)) == "1 Gbit/s");
    CHECK(plots::rateUnitFor({1.25e8 * 0.9994}, RateFamily::Bits).format(1.25e8 * 0.9994) == "999.4 Mbit/s");
    // Nothing to go by: Mbit/s; nonsense is "?".
    CHECK(plots::rateUnitFor({}, RateFamily::Auto).name == "Mbit/s");
    CHECK(plots::rateUnitFor({0.0, -1.0}, RateFamily::Auto).format(-1) == "?");
}

TEST_CASE("the topology editor writes every rate, its legend and its new-link choices in one unit",
          "[gui][units][topology]")
{
    DocumentModel m;
    Selection sel;
    TopologyEditor ed(&m, &sel);
    ed.resize(1000, 700);
    ed.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ed));
    // A switch with a 1 Gbit/s host, a 160 MB/s (Myrinet) host and a 10 Mbit/s
    // segment: before, "1 Gbit/s", "160 MB/s" and "shared 10 Mbit/s" stood
    // side by side. 160 MB/s makes the view bytes (see above) and the largest
    // rate, 1.6e8 B/s, makes it MB/s: 125 MB/s, 160 MB/s, 1.25 MB/s.
    // (The tap c - seg is 10 Mbit/s too.)
    REQUIRE(m.setTopology("mixed", json::parse(R"({"vertices": [
        {"id": "s", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"},
        {"id": "seg", "kind": "segment", "bandwidth": "10Mbit/s"}, {"id": "c", "kind": "host"}],
        "edges": [{"from": "a", "to": "s", "bandwidth": "1Gbit/s"}, {"from": "b", "to": "s", "bandwidth": "160MB/s"},
                  {"from": "c", "to": "seg", "bandwidth": "10Mbit/s"}, {"from": "seg", "to": "s", "bandwidth": "10Mbit/s"}]})"))
                .isEmpty());
    REQUIRE(ed.linkItem(0));
    CHECK(ed.rateUnit().name == "MB/s");
    QStringList texts;
    for (int i = 0; ed.linkItem(i); ++i)
        texts << ed.linkItem(i)->labelText() << ed.linkItem(i)->toolTipText();
    for (int i = 0; ed.vertexItem(i); ++i)
        texts << ed.vertexItem(i)->infoText();
    const QString all = texts.join(" | ");
    INFO(all.toStdString());
    CHECK(rateUnits(all) == QSet<QString>{"MB/s"});
    // The choices for new links are bytes too, each with the prefix that reads best (issue 48, defect 14):
    // 1.25e6 B/s is 1.25 MB/s, 1.25e10 B/s is 12.5 GB/s.
    auto* combo = ed.findChild<QComboBox*>("linkBandwidth");
    REQUIRE(combo);
    QStringList choices;
    for (int i = 0; i < combo->count(); ++i)
        choices << combo->itemText(i);
    CHECK(rateUnits(choices.join(" | ")) == QSet<QString>{"MB/s", "GB/s"});
    CHECK(choices.contains("12.5 GB/s"));
    CHECK(all.contains("125 MB/s"));
    CHECK(all.contains("160 MB/s"));
    CHECK(all.contains("shared 1.25 MB/s"));
}

TEST_CASE("the metrics panel writes the bisection and all-to-all rates in the drawing's unit", "[gui][units][topology]")
{
    DocumentModel m;
    MetricsPanel panel(&m);
    // A star of 16 hosts on 160 MB/s links (Myrinet, 002 §2.2). Bisection:
    // 8 hosts on one side, 8 links cut, 8 x 160e6 = 1.28e9 B/s. All-to-all:
    // a host link carries its host's 15 flows, so 15 x 160e6/15 = 160e6 B/s.
    // The drawing writes its links in MB/s (160 MB/s reads rounder than 1.28 Gbit/s, prefix from 160e6), and so
    // does the panel: 1.28e9 / 1e6 = 1280 MB/s, 160 MB/s. Issue 15 had it write "1.28 GB/s" and "0.16 GB/s", one
    // unit for the panel, but beside the links' "160 MB/s" (issue 34, defect 13: GB/s beside MB/s).
    REQUIRE(m.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 16}, {"bw", 160e6}}}}).isEmpty());
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    const QString all = panel.value("bisection") + " | " + panel.value("a2a");
    INFO(all.toStdString());
    CHECK(rateUnits(all) == QSet<QString>{"MB/s"});
    CHECK(panel.value("bisection") == "1280 MB/s (exact)");
    CHECK(panel.value("a2a") == "160 MB/s");
}

TEST_CASE("the inspector writes a block's rates, inputs and outputs, in one unit", "[gui][units][inspector]")
{
    DocumentModel m;
    m.setDocument(parseDocument(R"({"format": "clusterscope-design", "version": 2, "name": "bond",
        "blocks": [{"name": "bond", "type": "bonding.throughput"}], "wires": []})"),
                  {});
    // bonding.throughput's defaults (003 §3): r = 1 Gbit/s = 1.25e8 B/s,
    // declared in Gbit/s; B_copy = 1.3 GB/s = 1.3e9 B/s, declared in GB/s; the
    // outputs declared in MB/s. 1.3e9 B/s is 1.04e10 bit/s (3 significant
    // digits against 2), so the form is in bytes, and its largest rate, 1.3e9
    // (R_nom = 8 x 1.25e8 = 1e9 is less), gives GB/s: r reads 0.125 GB/s.
    inspector::BlockForm form(&m, "bond");
    QStringList texts;
    for (auto* f : form.findChildren<inspector::ValueField*>())
        if (f->lineEdit())
            texts << f->lineEdit()->text();
    for (int r = 0; r < form.outputs()->rowCount(); ++r)
        texts << form.outputs()->item(r, 1)->text();
    const QString all = texts.join(" | ");
    INFO(all.toStdString());
    CHECK(rateUnits(all) == QSet<QString>{"GB/s"});
    CHECK(all.contains("0.125 GB/s"));
    CHECK(all.contains("1.3 GB/s"));
}

TEST_CASE("the metrics panel writes rates in the family of the drawing's links", "[gui][units][topology]")
{
    DocumentModel m;
    MetricsPanel panel(&m);
    // A star of 4 hosts on 8 Mbit/s links (1e6 B/s): the drawing writes
    // Mbit/s. Bisection: 2 hosts a side, 2 links cut, 2e6 B/s = 16 Mbit/s;
    // alone it would read rounder as 2 MB/s, beside links written in Mbit/s.
    REQUIRE(m.setTopology("star", json{{"generator", "star"}, {"params", {{"n", 4}, {"bw", 1e6}}}}).isEmpty());
    REQUIRE(waitFor([&] { return !panel.isComputing(); }));
    INFO(panel.value("bisection").toStdString());
    CHECK(panel.value("bisection") == "16 Mbit/s (exact)");
}
