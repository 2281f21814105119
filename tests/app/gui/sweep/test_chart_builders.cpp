// The chart builders of cs_plots (shared by the sweep panel and
// `clusterscope-cli plot`), fed a hand-made table whose every number is
// known, and the image exports.
#include "app/plots/BreakdownChart.h"
#include "app/plots/ChartHover.h"
#include "app/plots/ParetoChart.h"
#include "app/plots/PlotExport.h"
#include "app/plots/SpeedupChart.h"
#include "app/plots/SweepCsv.h"
#include "app/plots/TableSlice.h"
#include "app/plots/TornadoChart.h"
#include "model/document/DocumentFormat.h"

#include <QFile>
#include <QTemporaryDir>
#include <catch2/catch.hpp>
#include <qcustomplot.h>

#include <cmath>
#include <limits>
#include <sstream>

using namespace cs;
using namespace cs::plots;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// 2 variants x 4 values of P. Row r is point r / 2, variant r % 2.
// T = T_compute + T_trans for each row; speedup = T(P=1) / T.
SweepTable knownTable()
{
    SweepTable t;
    t.axes = {"P"};
    t.variants = {"INIC", "GigE"};
    t.columns = {"T", "speedup", "efficiency", "cost", "T_compute", "T_trans", "inic.S"};
    t.points = 4;
    t.axisValues = {1, 2, 4, 8};
    // clang-format off
    t.values = {
        // T     speedup  eff     cost   T_compute T_trans inic.S (an extra output, not a phase)
        0.8,    1.0,     1.0,    100,   0.4,      0.4,    1,    // P=1 INIC
        1.0,    1.0,     1.0,    50,    0.4,      0.6,    1,    // P=1 GigE
        0.4,    2.0,     1.0,    200,   0.2,      0.2,    1,    // P=2 INIC
        0.8,    1.25,    0.625,  100,   0.2,      0.6,    1,    // P=2 GigE
        0.2,    4.0,     1.0,    400,   0.1,      0.1,    1,    // P=4 INIC
        0.5,    2.0,     0.5,    200,   0.1,      0.4,    1,    // P=4 GigE
        0.125,  6.4,     0.8,    800,   0.05,     0.075,  1,    // P=8 INIC
        kNaN,   kNaN,    kNaN,   kNaN,  kNaN,     kNaN,   kNaN, // P=8 GigE failed
    };
    // clang-format on
    t.errors = {{7, "P = 8 is too many"}};
    return t;
}

std::vector<std::pair<double, double>> graphData(const QCPGraph* g)
{
    std::vector<std::pair<double, double>> d;
    for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
        d.emplace_back(it->key, it->value);
    return d;
}

QByteArray head(const QString& path, int n)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return f.read(n);
}

} // namespace

TEST_CASE("table slices: phase columns, levels, nearest point", "[plots]")
{
    const SweepTable t = knownTable();
    // Columns 4 and 5 are phases; "inic.S" is an extra output path.
    CHECK(phaseColumns(t) == std::vector<int>{4, 5});
    CHECK(axisIndex(t, "P") == 0);
    CHECK(axisIndex(t, "rows") == -1);
    CHECK(axisLevels(t, 0) == std::vector<double>{1, 2, 4, 8});
    CHECK(pointNear(t, 0, 5) == 2);  // |4-5| = 1 < |8-5| = 3
    CHECK(pointNear(t, 0, 3) == 1);  // a tie between 2 and 4 goes to the smaller
    CHECK(pointNear(t, 0, 100) == 3);
    CHECK(describePoint(t, 2) == "P = 4");
    CHECK(describePoint(t, 2, 0).empty());
}

TEST_CASE("speedup chart: one graph per variant plus the ideal line, data equal to the table", "[plots]")
{
    QCustomPlot plot;
    plot.resize(600, 400);
    const SweepTable t = knownTable();
    SpeedupChartOptions o; // P, baseline 1
    const ChartHover hover = buildSpeedupChart(&plot, t, o);

    REQUIRE(plot.graphCount() == 3); // INIC, GigE, ideal
    CHECK(plot.graph(0)->name() == "INIC");
    CHECK(plot.graph(1)->name() == "GigE");
    CHECK(plot.graph(2)->name().startsWith("ideal"));
    using P = std::vector<std::pair<double, double>>;
    CHECK(graphData(plot.graph(0)) == P{{1, 1.0}, {2, 2.0}, {4, 4.0}, {8, 6.4}});
    // GigE failed at P = 8: the point is left out, not drawn as 0.
    CHECK(graphData(plot.graph(1)) == P{{1, 1.0}, {2, 1.25}, {4, 2.0}});
    // Ideal speedup P / 1 at the swept values.
    CHECK(graphData(plot.graph(2)) == P{{1, 1.0}, {2, 2.0}, {4, 4.0}, {8, 8.0}});
    CHECK(plot.graph(0)->pen().color() == variantColor(0));
    CHECK(plot.graph(1)->pen().color() == variantColor(1));
    CHECK(plot.legend->visible());
    CHECK(plot.legend->itemCount() == 3);
    CHECK(plot.xAxis->label() == "P");
    CHECK(plot.yAxis->label().contains("speedup"));
    CHECK(plot.xAxis->scaleType() == QCPAxis::stLinear);
    CHECK(hover.size() == 7); // 4 + 3 points evaluated

    // A baseline of 2 halves the ideal line; log axes switch both scales.
    o.baseline = 2;
    o.log = true;
    buildSpeedupChart(&plot, t, o);
    REQUIRE(plot.graphCount() == 3); // rebuilding replaces, never adds
    CHECK(graphData(plot.graph(2)) == P{{1, 0.5}, {2, 1.0}, {4, 2.0}, {8, 4.0}});
    CHECK(plot.xAxis->scaleType() == QCPAxis::stLogarithmic);
    CHECK(plot.yAxis->scaleType() == QCPAxis::stLogarithmic);
    CHECK(plot.xAxis->range().lower > 0);
}

TEST_CASE("speedup chart: a second swept axis gives one curve per value", "[plots]")
{
    SweepTable t;
    t.axes = {"rows", "P"};
    t.variants = {"A"};
    t.columns = {"T", "speedup", "efficiency", "cost"};
    t.points = 4; // rows 512 x P 1, 2; rows 1024 x P 1, 2 (last axis fastest)
    t.axisValues = {512, 1, 512, 2, 1024, 1, 1024, 2};
    t.values = {1, 1, 1, 0, /**/ 0.6, 1.0 / 0.6, 0.83, 0, /**/ 2, 1, 1, 0, /**/ 1.1, 2 / 1.1, 0.9, 0};
    QCustomPlot plot;
    buildSpeedupChart(&plot, t, {});
    REQUIRE(plot.graphCount() == 3); // A at rows 512, A at rows 1024, ideal
    CHECK(graphData(plot.graph(1)) == std::vector<std::pair<double, double>>{{1, 1}, {2, 2 / 1.1}});
    // Told apart by shade, light for the smaller rows (512 -> f = 0, 1024 -> f = 1: linear, under a decade apart).
    CHECK(plot.graph(0)->pen().color() == curveShade(variantColor(0), 0));
    CHECK(plot.graph(1)->pen().color() == curveShade(variantColor(0), 1));
    CHECK(plot.graph(0)->pen().color() != plot.graph(1)->pen().color());
    // One legend entry for the variant, not one a curve.
    CHECK(plot.legend->itemCount() == 2); // A, ideal
}

namespace {
QCPColorScale* shadeScale(QCustomPlot& plot)
{
    for (QCPLayoutElement* e : plot.plotLayout()->elements(true)) // under the axis rect, in one cell with it
        if (auto* s = qobject_cast<QCPColorScale*>(e))
            return s;
    return nullptr;
}
} // namespace

TEST_CASE("a 2-axis sweep keeps the plot: a legend entry a variant and the other axis in a colour scale",
          "[plots]")
{
    // Issue 34, defect 2: three variants x 5 values of rows x 4 of P gave a
    // legend entry per curve (15 and the ideal line), which squeezed the plot
    // of a sweep dock to a sliver.
    const std::vector<std::string> variants = {"INIC (Fig. 9)", "Gigabit Ethernet", "Fast Ethernet"};
    const std::vector<double> rows = {256, 512, 1024, 2048, 4096}, ps = {1, 2, 4, 8};
    SweepTable t;
    t.axes = {"rows", "P"};
    t.variants = variants;
    t.columns = {"T", "speedup", "efficiency", "cost"};
    for (double r : rows)
        for (double p : ps) {
            t.axisValues.push_back(r);
            t.axisValues.push_back(p);
            ++t.points;
            for (std::size_t v = 0; v < variants.size(); ++v) {
                const double s = p / (1 + 0.1 * static_cast<double>(v) * p * 256 / r);
                t.values.insert(t.values.end(), {1 / s, s, s / p, 0});
            }
        }
    QCustomPlot plot;
    plot.resize(700, 300); // the sweep dock of a 1280x800 window
    buildSpeedupChart(&plot, t, {});
    plot.replot();
    REQUIRE(plot.graphCount() == 3 * 5 + 1);
    CHECK(plot.legend->itemCount() == 4); // three variants and the ideal line
    INFO("axis rect " << plot.axisRect()->width() << "x" << plot.axisRect()->height());
    CHECK(plot.axisRect()->height() >= 300 / 3);
    CHECK(plot.rect().contains(plot.legend->outerRect()));
    // The scale says what the shades mean: rows 256 to 4096, on a log scale
    // (a 16x span), so 512, 1024, 2048 sit at a quarter, half, three quarters.
    QCPColorScale* scale = shadeScale(plot);
    REQUIRE(scale);
    CHECK(scale->axis()->label() == "curve shade: rows");
    CHECK(scale->dataRange().lower == Approx(256));
    CHECK(scale->dataRange().upper == Approx(4096));
    CHECK(scale->dataScaleType() == QCPAxis::stLogarithmic);
    for (std::size_t g = 0; g < 5; ++g)
        CHECK(plot.graph(static_cast<int>(5 + g))->pen().color() ==
              curveShade(variantColor(1), static_cast<double>(g) / 4));
    // Rebuilding a 1-axis chart takes the scale away.
    buildSpeedupChart(&plot, knownTable(), {});
    CHECK_FALSE(shadeScale(plot));
}

TEST_CASE("speedup chart without the speedup parameter plots T against the first axis", "[plots]")
{
    SweepTable t;
    t.axes = {"rows"};
    t.variants = {"A"};
    t.columns = {"T", "speedup", "efficiency", "cost"};
    t.points = 2;
    t.axisValues = {512, 1024};
    t.values = {0.002, 1, 1, 0, 0.008, 1, 1, 0};
    QCustomPlot plot;
    buildSpeedupChart(&plot, t, {});
    REQUIRE(plot.graphCount() == 1); // no ideal line
    // 8 ms at most: shown in ms.
    CHECK(graphData(plot.graph(0)) == std::vector<std::pair<double, double>>{{512, 2.0}, {1024, 8.0}});
    CHECK(plot.yAxis->label() == "T (ms)");
}

TEST_CASE("a time chart's title says in words what it plots, not the paths (issue 34, defect 13)", "[plots]")
{
    // The walkthrough's berkeley-now chart was titled "T against mpi.k". Its variants' totals are five outputs
    // of one LogGP block (T_oneway, T_rtt, ...), so the total is T; k's meaning is "message size (bytes); ...".
    DesignDocument doc = loadDocument(std::string(CS_SOURCE_DIR) + "/presets/berkeley-now.json");
    SweepTable t;
    t.axes = {"mpi.k"};
    t.variants = {"only"};
    t.columns = {"T", "speedup", "efficiency", "cost"};
    t.points = 2;
    t.axisValues = {1, 1024};
    t.values = {1e-5, 1, 1, 0, 2e-5, 1, 1, 0};
    auto title = [](QCustomPlot& plot) { return qobject_cast<QCPTextElement*>(plot.plotLayout()->element(0, 0))->text(); };
    QCustomPlot plot;
    buildSpeedupChart(&plot, t, speedupOptionsFor(doc, t));
    CHECK(title(plot) == "T against message size (k)");

    // One total for every variant: its meaning names it ("one-way time of a k-byte message, o_s + ...").
    doc.variants.resize(1);
    doc.variants[0].total = "mpi.T_oneway";
    buildSpeedupChart(&plot, t, speedupOptionsFor(doc, t));
    CHECK(title(plot) == "one-way time of a k-byte message (T_oneway) against message size (k)");

    // A path the document does not know is named whole.
    t.axes = {"nowhere.x"};
    buildSpeedupChart(&plot, t, speedupOptionsFor(doc, t));
    CHECK(title(plot) == "one-way time of a k-byte message (T_oneway) against nowhere.x");
}

TEST_CASE("breakdown chart: stacked phase bars per variant at the chosen P", "[plots]")
{
    QCustomPlot plot;
    plot.resize(600, 400);
    const SweepTable t = knownTable();
    BreakdownChartOptions o;
    o.at = 4;
    CHECK(breakdownPoint(t, o) == 2);
    const ChartHover hover = buildBreakdownChart(&plot, t, o);
    REQUIRE(plot.plottableCount() == 2); // T_compute, T_trans
    auto* compute = qobject_cast<QCPBars*>(plot.plottable(0));
    auto* trans = qobject_cast<QCPBars*>(plot.plottable(1));
    REQUIRE(compute);
    REQUIRE(trans);
    CHECK(compute->name() == "T_compute");
    CHECK(trans->name() == "T_trans");
    CHECK(trans->barBelow() == compute); // stacked
    // At P = 4 the largest total is 0.5 s, so the unit is ms: INIC 100 + 100, GigE 100 + 400.
    REQUIRE(compute->data()->size() == 2);
    CHECK(compute->data()->at(0)->key == 1);
    CHECK(compute->data()->at(0)->value == Approx(100));
    CHECK(compute->data()->at(1)->value == Approx(100));
    CHECK(trans->data()->at(0)->value == Approx(100));
    CHECK(trans->data()->at(1)->value == Approx(400));
    CHECK(plot.yAxis->label() == "time (ms)");
    CHECK(hover.size() == 4);
    // Tooltip over GigE's T_trans segment (key 2, from 100 to 500 ms).
    plot.replot();
    const QPointF px(plot.xAxis->coordToPixel(2), plot.yAxis->coordToPixel(300));
    CHECK(hover.textAt(&plot, px).contains("T_trans = 400 ms (80% of T)"));

    // NaN picks the largest P; GigE failed there: no bar, an "error" label with the reason.
    o.at = kNaN;
    CHECK(breakdownPoint(t, o) == 3);
    buildBreakdownChart(&plot, t, o);
    compute = qobject_cast<QCPBars*>(plot.plottable(0));
    CHECK(compute->data()->at(1)->value == 0.0);
    bool errorLabel = false;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* text = qobject_cast<QCPItemText*>(plot.item(i)))
            errorLabel = errorLabel || text->text() == "error: P = 8 is too many";
    CHECK(errorLabel);
    if (const QString shots = qEnvironmentVariable("CS_SHOT_DIR"); !shots.isEmpty()) {
        plot.resize(600, 400);
        plot.replot();
        plot.toPixmap(600, 400).save(shots + "/breakdown_error.png");
    }
}

TEST_CASE("pareto chart: every row as a point, the front highlighted", "[plots]")
{
    QCustomPlot plot;
    const SweepTable t = knownTable();
    buildParetoChart(&plot, t);
    REQUIRE(plot.graphCount() == 3); // INIC, GigE, front
    CHECK(plot.graph(0)->data()->size() == 4);
    CHECK(plot.graph(1)->data()->size() == 3); // the failed row is skipped
    // Rows (T s, cost USD): INIC (0.8,100) (0.4,200) (0.2,400) (0.125,800);
    // GigE (1,50) (0.8,100) (0.5,200). GigE (0.5,200) is dominated by INIC
    // (0.4,200). The front, by time: 0.125/800, 0.2/400, 0.4/200, 0.8/100, 1.0/50
    // (paretoFront keeps one of the two identical 0.8/100 designs).
    const auto front = graphData(plot.graph(2));
    // The slowest run is 1 s: the unit is s.
    REQUIRE(front.size() == 5);
    CHECK(front.front().first == Approx(0.125));
    CHECK(front.front().second == 800);
    CHECK(front[3].first == Approx(0.8));
    CHECK(front[3].second == 100);
    CHECK(front.back().first == Approx(1.0));
    CHECK(front.back().second == 50);
    CHECK(plot.graph(2)->name() == "Pareto front");
    CHECK(plot.xAxis->label() == "run time T (s)");
    CHECK(plot.yAxis->label() == "cost (USD)");
}

TEST_CASE("tornado chart: bars around the base, largest swing on top", "[plots]")
{
    SensitivityResult r;
    r.output = "inic.T";
    r.baseOutput = 0.010;
    // swings: a 4 ms, b 1 ms, c 0 (left out)
    r.bars = {{"b", 10, 9, 11, 0.0095, 0.0105}, {"a", 2, 1.8, 2.2, 0.012, 0.008}, {"c", 1, 0.9, 1.1, 0.01, 0.01}};
    QCustomPlot plot;
    TornadoChartOptions o;
    o.variant = "INIC";
    const ChartHover hover = buildTornadoChart(&plot, r, o);
    REQUIRE(plot.plottableCount() == 2);
    auto* low = qobject_cast<QCPBars*>(plot.plottable(0));
    auto* high = qobject_cast<QCPBars*>(plot.plottable(1));
    REQUIRE(low);
    REQUIRE(high);
    CHECK(low->keyAxis() == plot.yAxis); // horizontal bars
    CHECK(low->baseValue() == Approx(10)); // ms
    REQUIRE(low->data()->size() == 2);
    // Key 2 (top) is "a": 12 ms at -10% (+2 ms), 8 ms at +10% (-2 ms).
    CHECK(low->data()->at(1)->key == 2);
    CHECK(low->data()->at(1)->value == Approx(2.0));
    CHECK(high->data()->at(1)->value == Approx(-2.0));
    // Key 1 is "b": 9.5 and 10.5 ms.
    CHECK(low->data()->at(0)->value == Approx(-0.5));
    CHECK(high->data()->at(0)->value == Approx(0.5));
    auto ticker = plot.yAxis->ticker().dynamicCast<QCPAxisTickerText>();
    REQUIRE(ticker);
    CHECK(ticker->ticks().value(2) == "a");
    CHECK(ticker->ticks().value(1) == "b");
    CHECK(hover.size() == 4);
}

TEST_CASE("an empty table draws a message, not a broken chart", "[plots]")
{
    SweepTable t;
    t.variants = {"A"};
    t.columns = {"T", "speedup", "efficiency", "cost"};
    QCustomPlot plot;
    buildSpeedupChart(&plot, t, {});
    CHECK(plot.graphCount() == 0);
    CHECK(plot.itemCount() == 1);
    buildBreakdownChart(&plot, t, {});
    CHECK(plot.plottableCount() == 0);
    buildParetoChart(&plot, t);
    CHECK(plot.plottableCount() == 0);
}

TEST_CASE("exports write PNG, SVG and PDF files with their magic bytes", "[plots]")
{
    QTemporaryDir dir;
    QCustomPlot a, b;
    const SweepTable t = knownTable();
    buildSpeedupChart(&a, t, {});
    buildBreakdownChart(&b, t, {});

    const QString png = dir.filePath("s.png"), svg = dir.filePath("s.svg"), pdf = dir.filePath("s.PDF");
    CHECK(exportPlots({&a, &b}, png, 900, 400).isEmpty());
    CHECK(exportPlots({&a, &b}, svg, 900, 400, Qt::Vertical).isEmpty());
    CHECK(exportPlot(&a, pdf, 500, 400).isEmpty());
    CHECK(head(png, 8) == QByteArray("\x89PNG\r\n\x1a\n", 8));
    CHECK(head(svg, 200).contains("<svg"));
    CHECK(head(pdf, 5) == "%PDF-");
    CHECK(QFile(png).size() > 1000);
    CHECK(QFile(pdf).size() > 1000);
    QImage image(png);
    CHECK(image.size() == QSize(900, 400));
    // Both plots were drawn: neither half of the image is blank white.
    auto blank = [&](int x0, int x1) {
        for (int y = 0; y < image.height(); y += 3)
            for (int x = x0; x < x1; x += 3)
                if (image.pixelColor(x, y) != QColor(Qt::white))
                    return false;
        return true;
    };
    CHECK_FALSE(blank(0, 450));
    CHECK_FALSE(blank(450, 900));

    CHECK(exportPlot(&a, dir.filePath("s.gif"), 100, 100).contains("use .png, .svg or .pdf"));
    CHECK(exportPlot(&a, dir.filePath("no/such/dir/s.png"), 100, 100).startsWith("cannot write"));
    CHECK(exportPlot(&a, dir.filePath("t.png"), 5, 5).contains("between 16 and 20000"));
    CHECK(imageFormatFor("x.Svg") == ImageFormat::Svg);
    CHECK_FALSE(imageFormatFor("x").has_value());
}

TEST_CASE("the shared CSV writer: axes, variant, columns, error", "[plots]")
{
    const SweepTable t = knownTable();
    std::ostringstream s;
    writeSweepCsv(t, s);
    const std::string csv = s.str();
    CHECK(csv.rfind("P,variant,T,speedup,efficiency,cost,T_compute,T_trans,inic.S,error\n", 0) == 0);
    CHECK_THAT(csv, Catch::Contains("\n2,GigE,0.8,1.25,0.625,100,0.2,0.6,1,\n"));
    // The failed row: empty numbers and the message.
    CHECK_THAT(csv, Catch::Contains("\n8,GigE,,,,,,,,P = 8 is too many\n"));
}
