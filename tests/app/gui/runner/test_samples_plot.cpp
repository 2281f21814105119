// The raw-samples plot of the Probes dock (SamplesPlot inside ProbeRunPanel):
// results are written as JSON in the document's "measured" array in the
// form of docs/agent-protocol.md "Results" (a job with parts[], each part's
// "samples" by series, the job's summary = its primary part's summary), and
// the plot is checked against values computed by hand from those samples.
#include "app/document/DocumentModel.h"
#include "app/gui/runner/ProbeRunPanel.h"
#include "app/gui/runner/ResultsTable.h"
#include "app/gui/runner/SamplesPlot.h"
#include "app/gui/sweeppanel/ChartView.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

// Failed CHECKs print QStrings as text (as tests/app/gui/topology/TopologyTestUtil.h does).
namespace Catch {
template <>
struct StringMaker<QString> {
    static std::string convert(const QString& s) { return '"' + s.toStdString() + '"'; }
};
} // namespace Catch

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

// A net.pingpong result between a (server) and b (client). The client's
// part is the primary one: its summary is the job's. rtt@64 has the samples
// 3, 1, 2 us (median 2 us, CI 1..3 us); rtt@1024 has 5, 4 us; the summary
// also names rtt@16384, which has no samples; "empty" has an empty array;
// the server's part has samples of "server_only", which is not the job's.
json pingpongResult(const std::string& started = "2026-01-01T10:00:00Z")
{
    const json summary = json::parse(R"({
      "series": {
        "rtt@64":    {"n": 3, "median": 2e-6, "ci_lo": 1e-6, "ci_hi": 3e-6, "min": 1e-6, "p25": 1.5e-6,
                      "p75": 2.5e-6, "p99": 3e-6, "max": 3e-6, "unit": "s"},
        "rtt@1024":  {"n": 2, "median": 4.5e-6, "ci_lo": 4e-6, "ci_hi": 5e-6, "min": 4e-6, "p25": 4e-6,
                      "p75": 5e-6, "p99": 5e-6, "max": 5e-6, "unit": "s"},
        "rtt@16384": {"n": 0, "unit": "s"}},
      "derived": {"latency": {"value": 1e-6, "ci_lo": 5e-7, "ci_hi": 1.5e-6, "unit": "s"}}})");
    json r = {{"probe", "net.pingpong"},
              {"name", "Ping-pong latency"},
              {"nodes", {"a", "b"}},
              {"status", "ok"},
              {"params", json::object()},
              {"started", started},
              {"duration_s", 0.5},
              {"summary", summary},
              {"calibrates", json::array()}};
    r["parts"] = json::array(
        {{{"node", "a"}, {"role", "server"}, {"rank", 0}, {"status", "ok"},
          {"summary", {{"series", {{"server_only", {{"n", 2}, {"median", 9.0}, {"unit", "s"}}}}}}},
          {"samples", {{"server_only", {8.0, 10.0}}}}},
         {{"node", "b"}, {"role", "client"}, {"rank", 1}, {"status", "ok"}, {"summary", summary},
          {"samples", {{"rtt@64", {3e-6, 1e-6, 2e-6}}, {"rtt@1024", {5e-6, 4e-6}}, {"empty", json::array()}}}}});
    return r;
}

// A mem.copy result on one node: a rate series in B/s. Samples 100, 50,
// 150 MiB/s = 104857600, 52428800, 157286400 B/s; median 100 MiB/s.
json memcopyResult()
{
    return json::parse(R"({
      "probe": "mem.copy", "name": "Memory copy", "nodes": ["n1"], "status": "ok", "params": {},
      "started": "2026-01-01T11:00:00Z", "duration_s": 1.0, "calibrates": [],
      "summary": {"series": {"memcpy": {"n": 3, "median": 104857600, "ci_lo": 52428800,
                                         "ci_hi": 157286400, "unit": "B/s"}}},
      "parts": [{"node": "n1", "role": "self", "rank": 0, "status": "ok",
                 "summary": {"series": {"memcpy": {"n": 3, "median": 104857600, "ci_lo": 52428800,
                                                    "ci_hi": 157286400, "unit": "B/s"}}},
                 "samples": {"memcpy": [104857600, 52428800, 157286400]}}]})");
}

json failedResult()
{
    return json::parse(R"({
      "probe": "mem.copy", "name": "Memory copy", "nodes": ["n2"], "status": "failed",
      "reason": "agent killed", "failed_nodes": ["n2"], "params": {}, "started": "2026-01-01T12:00:00Z",
      "duration_s": 0.1, "summary": {}, "calibrates": [],
      "parts": [{"node": "n2", "role": "self", "rank": 0, "status": "failed", "reason": "agent killed",
                 "summary": {}, "samples": {}}]})");
}

void setMeasured(DocumentModel& m, json measured)
{
    m.apply("results", edit::op::setMeasured(std::move(measured)));
    m.undoStack()->clear();
}

// The values of a graph as (key, value) pairs.
std::vector<std::pair<double, double>> points(const QCPGraph* g)
{
    std::vector<std::pair<double, double>> out;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        out.emplace_back(it->key, it->value);
    return out;
}

QStringList comboItems(const QComboBox* c)
{
    QStringList items;
    for (int i = 0; i < c->count(); ++i)
        items << c->itemText(i);
    return items;
}

QStringList legendNames(const QCustomPlot* plot)
{
    QStringList names;
    for (int i = 0; i < plot->legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot->legend->item(i)))
            names << item->plottable()->name();
    return names;
}

// Clicks a row of the results table as a user would (with `modifier` to extend the selection).
void clickRow(ResultsTable* t, int row, Qt::KeyboardModifiers modifier = {})
{
    const QRect cell = t->visualRect(t->model()->index(row, ResultsTable::Probe));
    QTest::mouseClick(t->viewport(), Qt::LeftButton, modifier, cell.center());
    QApplication::processEvents();
}

struct Panel {
    DocumentModel model;
    ProbeRunPanel* panel = nullptr;
    explicit Panel(json measured)
    {
        setMeasured(model, std::move(measured));
        panel = new ProbeRunPanel(&model);
        panel->resize(1400, 420);
        panel->show();
        REQUIRE(QTest::qWaitForWindowExposed(panel));
    }
    ~Panel() { delete panel; }
    SamplesPlot* plot() const { return panel->samplesPlot(); }
    ResultsTable* table() const { return panel->resultsTable(); }
};

} // namespace

TEST_CASE("a result's samples are drawn against their repetition in the median's display unit", "[g-samples]")
{
    SamplesPlot plot;
    plot.resize(700, 320);
    plot.show();
    REQUIRE(QTest::qWaitForWindowExposed(&plot));
    plot.setResult(pingpongResult());

    // Only the client's (primary) part's series with samples, in numeric
    // order: not rtt@16384 (no samples), "empty" ([]), nor the server's series.
    CHECK(comboItems(plot.seriesCombo()) == QStringList({"rtt@64", "rtt@1024"}));
    CHECK(plot.currentSeries() == "rtt@64");
    CHECK(plot.placeholderText().isEmpty());

    // Median 2e-6 s reads best in us (1e-6 s): scale 1e-6.
    CHECK(plot.displayUnit() == "us");
    CHECK(plot.displayScale() == Approx(1e-6));
    REQUIRE(plot.samplesGraph() != nullptr);
    // Samples 3e-6, 1e-6, 2e-6 s at repetitions 1, 2, 3 -> 3, 1, 2 us.
    const auto s = points(plot.samplesGraph());
    REQUIRE(s.size() == 3);
    CHECK(s[0].first == 1);
    CHECK(s[0].second == Approx(3));
    CHECK(s[1].first == 2);
    CHECK(s[1].second == Approx(1));
    CHECK(s[2].first == 3);
    CHECK(s[2].second == Approx(2));
    CHECK(plot.samplesGraph()->lineStyle() == QCPGraph::lsNone);
    // Median 2e-6 s = 2 us, a horizontal line across all repetitions.
    REQUIRE(plot.medianGraph() != nullptr);
    for (const auto& [x, y] : points(plot.medianGraph()))
        CHECK(y == Approx(2));
    CHECK(points(plot.medianGraph()).front().first <= 1);
    CHECK(points(plot.medianGraph()).back().first >= 3);
    // The band: ci_lo 1e-6 s = 1 us up to ci_hi 3e-6 s = 3 us, filled between.
    REQUIRE(plot.ciLowGraph() != nullptr);
    REQUIRE(plot.ciHighGraph() != nullptr);
    for (const auto& [x, y] : points(plot.ciLowGraph()))
        CHECK(y == Approx(1));
    for (const auto& [x, y] : points(plot.ciHighGraph()))
        CHECK(y == Approx(3));
    CHECK(plot.ciHighGraph()->channelFillGraph() == plot.ciLowGraph());
    CHECK(plot.ciHighGraph()->brush().style() != Qt::NoBrush);

    QCustomPlot* chart = plot.plot();
    CHECK(chart->yAxis->label() == "rtt@64 (us)");
    CHECK(chart->xAxis->label() == "repetition");
    CHECK(chart->yAxis->tickLabels());
    // All three points and the band are inside the visible range.
    CHECK(chart->xAxis->range().contains(1));
    CHECK(chart->xAxis->range().contains(3));
    CHECK(chart->yAxis->range().lower < 1);
    CHECK(chart->yAxis->range().upper > 3);
    const QStringList legend = legendNames(chart);
    CHECK(legend.contains("median"));
    CHECK(legend.contains("95% CI of the median"));
    CHECK(legend.contains("samples"));
    CHECK(legend.size() == 3); // the band's lower edge has no entry of its own
    // The median and its band are drawn above the dots (issue 15, defect 8):
    // later in their layer's drawing order.
    const QList<QCPLayerable*> order = plot.samplesGraph()->layer()->children();
    CHECK(plot.medianGraph()->layer() == plot.samplesGraph()->layer());
    CHECK(order.indexOf(plot.medianGraph()) > order.indexOf(plot.samplesGraph()));
    CHECK(order.indexOf(plot.ciHighGraph()) > order.indexOf(plot.samplesGraph()));

    // Hovering over the second point tells its repetition and value.
    const QPointF at(chart->xAxis->coordToPixel(2), chart->yAxis->coordToPixel(1));
    const QString tip = plot.plot()->tooltipAt(at);
    INFO(tip.toStdString());
    CHECK(tip.contains("repetition 2 of 3"));
    CHECK(tip.contains("1 us"));

    // Choosing the other series in the combo draws it: 5e-6, 4e-6 s -> 5, 4 us,
    // median 4.5 us.
    plot.seriesCombo()->setCurrentIndex(1);
    REQUIRE(plot.samplesGraph() != nullptr);
    const auto t = points(plot.samplesGraph());
    REQUIRE(t.size() == 2);
    CHECK(t[0].first == 1);
    CHECK(t[0].second == Approx(5));
    CHECK(t[1].second == Approx(4));
    CHECK(points(plot.medianGraph()).front().second == Approx(4.5));
    CHECK(chart->yAxis->label() == "rtt@1024 (us)");
}

TEST_CASE("rates are shown in MiB/s, and the primary part falls back to any part with samples", "[g-samples]")
{
    SamplesPlot plot;
    plot.resize(700, 320);
    plot.setResult(memcopyResult());
    // Median 104857600 B/s = 100 * 1048576 B/s -> MiB/s (1048576 B/s).
    CHECK(plot.displayUnit() == "MiB/s");
    CHECK(plot.displayScale() == Approx(1048576.0));
    const auto s = points(plot.samplesGraph());
    REQUIRE(s.size() == 3);
    CHECK(s[0].second == Approx(100)); // 104857600 / 1048576
    CHECK(s[1].second == Approx(50));  // 52428800 / 1048576
    CHECK(s[2].second == Approx(150)); // 157286400 / 1048576
    CHECK(points(plot.medianGraph()).front().second == Approx(100));
    CHECK(plot.plot()->yAxis->label() == "memcpy (MiB/s)");

    // A job whose summary matches no part: the first part with samples
    // (the server's here) is shown rather than nothing.
    json r = pingpongResult();
    r["summary"] = json::object();
    plot.setResult(r);
    CHECK(comboItems(plot.seriesCombo()) == QStringList({"server_only"}));
    CHECK(points(plot.samplesGraph()).size() == 2);

    // A result without any samples says so.
    json bare = pingpongResult();
    for (json& p : bare["parts"])
        p.erase("samples");
    plot.setResult(bare);
    CHECK(plot.placeholderText() == "no raw samples in this result");
    CHECK(plot.samplesGraph() == nullptr);
    CHECK(plot.seriesCombo()->count() == 0);
    CHECK(plot.plot()->graphCount() == 0);
    plot.setResult(json());
    CHECK(plot.placeholderText() == "no raw samples in this result");
}

TEST_CASE("the Probes dock plots the result selected in its table", "[g-samples]")
{
    Panel p(json::array({pingpongResult(), memcopyResult(), failedResult()}));
    REQUIRE(p.table()->rowCount() == 3);
    // Nothing selected yet: a placeholder, no graphs.
    CHECK(p.plot()->samplesGraph() == nullptr);
    CHECK(p.plot()->placeholderText().contains("select a result"));

    // A click on the first row shows the ping-pong's samples (3, 1, 2 us).
    clickRow(p.table(), 0);
    REQUIRE(p.table()->selectedStored() == QList<int>({0}));
    REQUIRE(p.plot()->samplesGraph() != nullptr);
    CHECK(p.plot()->displayUnit() == "us");
    CHECK(points(p.plot()->samplesGraph()).size() == 3);
    CHECK(points(p.plot()->samplesGraph())[1].second == Approx(1));

    // Selecting the second row through the selection model (as the view
    // does for a keyboard move) shows the memory copy in MiB/s.
    p.table()->selectionModel()->select(p.table()->model()->index(1, 0),
                                        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    CHECK(p.plot()->currentSeries() == "memcpy");
    CHECK(points(p.plot()->samplesGraph())[2].second == Approx(150));

    // The failed result shows its reason instead of a plot.
    clickRow(p.table(), 2);
    CHECK(p.plot()->placeholderText().contains("agent killed"));
    CHECK(p.plot()->samplesGraph() == nullptr);
    CHECK(p.plot()->plot()->graphCount() == 0);
    CHECK_FALSE(p.plot()->seriesCombo()->isEnabled());
    CHECK_FALSE(p.plot()->plot()->yAxis->tickLabels()); // no made-up scale behind the message

    // Two rows selected: one plot cannot show both.
    clickRow(p.table(), 0);
    clickRow(p.table(), 1, Qt::ControlModifier);
    REQUIRE(p.table()->selectedStored() == QList<int>({0, 1}));
    CHECK(p.plot()->samplesGraph() == nullptr);
    CHECK(p.plot()->placeholderText().contains("2 results are selected"));

    // No selection: the placeholder again, not the last plot.
    clickRow(p.table(), 0);
    CHECK(p.plot()->samplesGraph() != nullptr);
    p.table()->selectionModel()->clearSelection();
    CHECK(p.plot()->samplesGraph() == nullptr);
    CHECK(p.plot()->placeholderText().contains("select a result"));
}

TEST_CASE("refreshed results keep the selected result plotted, removing it shows the placeholder", "[g-samples]")
{
    Panel p(json::array({memcopyResult(), pingpongResult()}));
    clickRow(p.table(), 1);
    REQUIRE(p.plot()->currentSeries() == "rtt@64");
    // The user picks the second series.
    p.plot()->seriesCombo()->setCurrentIndex(1);
    REQUIRE(p.plot()->currentSeries() == "rtt@1024");

    // A new result is stored (as a run does): the table is rebuilt, the
    // selected result stays selected and plotted, with the same series.
    p.model.apply("Store", edit::op::appendMeasured(failedResult()));
    REQUIRE(p.table()->rowCount() == 3);
    CHECK(p.table()->selectedStored() == QList<int>({1}));
    CHECK(p.plot()->currentSeries() == "rtt@1024");
    CHECK(points(p.plot()->samplesGraph()).size() == 2);

    // The memory copy (row 0) is removed: the ping-pong moves to row 0 and stays selected.
    {
        json rest = p.model.doc().measured;
        rest.erase(rest.begin());
        p.model.apply("Remove", edit::op::setMeasured(std::move(rest)));
    }
    CHECK(p.table()->selectedStored() == QList<int>({0}));
    CHECK(p.plot()->samplesGraph() != nullptr);
    // Undo puts it back at row 1, still selected.
    p.model.undoStack()->undo();
    CHECK(p.table()->selectedStored() == QList<int>({1}));
    CHECK(p.plot()->currentSeries() == "rtt@1024");

    // "Remove selected" deletes the shown result: the placeholder replaces it.
    QPushButton* remove = nullptr;
    for (QPushButton* b : p.panel->findChildren<QPushButton*>())
        if (b->text() == "Remove selected")
            remove = b;
    REQUIRE(remove != nullptr);
    QTest::mouseClick(remove, Qt::LeftButton);
    REQUIRE(p.model.doc().measured.size() == 2);
    CHECK(p.model.doc().measured[1]["status"] == "failed"); // the ping-pong is gone
    CHECK(p.table()->selectedStored().isEmpty());
    CHECK(p.plot()->samplesGraph() == nullptr);
    CHECK(p.plot()->placeholderText().contains("select a result"));
}

TEST_CASE("the samples plot exports to PNG, SVG and PDF through the shared exporter", "[g-samples]")
{
    SamplesPlot plot;
    plot.resize(700, 320);
    plot.show();
    REQUIRE(QTest::qWaitForWindowExposed(&plot));
    plot.setResult(pingpongResult());
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    for (const char* name : {"samples.png", "samples.svg", "samples.pdf"}) {
        const QString path = dir.filePath(name);
        INFO(name);
        CHECK(plot.exportTo(path).isEmpty());
        CHECK(QFileInfo(path).size() > 0);
    }
    // A PNG at the default export size (at least 800 x 500) and at a given size.
    QImage image(dir.filePath("samples.png"));
    CHECK(image.width() == 800);
    CHECK(image.height() == 500);
    CHECK(plot.exportTo(dir.filePath("small.png"), 400, 300).isEmpty());
    CHECK(QImage(dir.filePath("small.png")).size() == QSize(400, 300));
    // An unknown extension is refused with the reason.
    CHECK(plot.exportTo(dir.filePath("samples.bmp")).contains("use .png, .svg or .pdf"));
}

namespace {

// A realistic ping-pong: 50 round trips around 20 us with a slow drift,
// jitter and two outliers (repetitions 12 and 37). Median and CI from the
// sorted samples (order statistics 18 and 33 of 50 bound the median's 95% CI).
json realisticPingpong()
{
    json r = pingpongResult("2026-01-01T13:00:00Z");
    std::vector<double> v;
    for (int i = 1; i <= 50; ++i)
        v.push_back(20e-6 + 0.6e-6 * std::sin(i * 1.7) + 0.3e-6 * std::cos(i * 0.37) + 0.015e-6 * i);
    v[11] = 41e-6;
    v[36] = 33e-6;
    std::vector<double> sorted = v;
    std::sort(sorted.begin(), sorted.end());
    const json series = {{"n", 50},         {"median", (sorted[24] + sorted[25]) / 2},
                         {"ci_lo", sorted[17]}, {"ci_hi", sorted[32]},
                         {"min", sorted.front()}, {"max", sorted.back()}, {"unit", "s"}};
    r["summary"]["series"] = {{"rtt@64", series}};
    r["summary"]["derived"]["latency"]["value"] = series["median"].get<double>() / 2;
    r["parts"][1]["summary"] = r["summary"];
    r["parts"][1]["samples"] = {{"rtt@64", v}, {"rtt@1024", {5e-6, 4e-6}}};
    return r;
}

} // namespace

// Not run by default: renders the dock and the exported plot for a look.
TEST_CASE("render the Probes dock with a ping-pong's samples", "[.][g-samples-look]")
{
    Panel p(json::array({memcopyResult(), failedResult(), realisticPingpong()}));
    clickRow(p.table(), 2);
    QTest::qWait(50);
    QDir().mkpath("/tmp/g-samples");
    CHECK(p.panel->grab().save("/tmp/g-samples/panel.png"));
    CHECK(p.plot()->grab().save("/tmp/g-samples/plot-widget.png"));
    CHECK(p.plot()->exportTo("/tmp/g-samples/plot-export.png").isEmpty());
    CHECK(p.plot()->exportTo("/tmp/g-samples/plot-export.svg").isEmpty());
    clickRow(p.table(), 1);
    CHECK(p.panel->grab().save("/tmp/g-samples/panel-failed.png"));
    // At the dock's narrowest: the plot squeezed but readable.
    clickRow(p.table(), 2);
    p.panel->resize(p.panel->minimumSizeHint().width(), 300);
    QTest::qWait(50);
    CHECK(p.panel->grab().save("/tmp/g-samples/panel-narrow.png"));
}
