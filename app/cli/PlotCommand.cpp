// `clusterscope-cli plot`: the speedup curve and the phase breakdown, drawn
// offscreen by the same chart builders the GUI's sweep panel uses.
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/SweepCommands.h"
#include "model/document/VariantSlots.h" // before Qt: it has a member named `slots`
#include "app/plots/BreakdownChart.h"
#include "app/plots/PlotExport.h"
#include "app/plots/SpeedupChart.h"
#include "app/plots/SweepDefaults.h"
#include "app/plots/TableSlice.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/document/SweepAxis.h"
#include "model/document/AxisResolve.h"

#include <QApplication>
#include <qcustomplot.h>

#include <charconv>
#include <cmath>
#include <ostream>

namespace cs::cli {

namespace {

// QCustomPlot is a widget, so it needs a QApplication. The CLI (and its test
// program) has none: make one, offscreen unless the caller chose a platform.
// It lives until the process ends; Qt does not expect a second one.
void ensureApplication()
{
    if (qobject_cast<QApplication*>(QCoreApplication::instance()))
        return;
    if (QCoreApplication::instance())
        throw ModelError("plot needs a QApplication, but another kind of Qt application is running");
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    // Qt warns on every start without XDG_RUNTIME_DIR (usual for a batch
    // job); that line would read like an error of ours, so drop just it.
    static QtMessageHandler previous = nullptr;
    previous = qInstallMessageHandler([](QtMsgType type, const QMessageLogContext& context, const QString& text) {
        if (type == QtWarningMsg && text.contains("XDG_RUNTIME_DIR"))
            return;
        if (previous)
            previous(type, context, text);
    });
    static int argc = 1;
    static char name[] = "clusterscope-cli";
    static char* argv[] = {name, nullptr};
    new QApplication(argc, argv);
}

int pixels(const Args& args, const char* option, int fallback)
{
    const auto text = args.value(option);
    if (!text)
        return fallback;
    int v = 0;
    const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
    if (ec != std::errc() || end != text->data() + text->size() || v < 100 || v > 20000)
        throw UsageError(std::string(option) + " must be a whole number of pixels from 100 to 20000, got '" + *text +
                         "'");
    return v;
}

} // namespace

int plotCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--param", "--set", "--baseline", "--at", "--width", "--height", "-o"}, {"--log", "--stacked"});
    const auto file = args.value("-o");
    if (!file)
        throw UsageError("plot needs -o FILE.png, FILE.svg or FILE.pdf");
    const QString path = QString::fromStdString(*file);
    if (!plots::imageFormatFor(path))
        throw UsageError("cannot tell the image format of '" + *file + "': use .png, .svg or .pdf");
    const bool stacked = args.flag("--stacked");
    const int width = pixels(args, "--width", stacked ? 800 : 1400);
    const int height = pixels(args, "--height", stacked ? 1000 : 560);

    const DesignDocument doc = documentFromArgs(args, "plot");
    std::vector<SweepAxisValues> axes = axesFromArgs(doc, args);
    if (axes.empty())
        axes = resolveAxes(doc.design, plots::chartAxes(doc));
    if (axes.empty())
        throw UsageError("plot needs --param PATH=SPEC: the document has no sweep axes and no design parameter '" +
                         doc.sweep.speedupParam + "'");
    const SweepTable table = sweepWithProgress(doc, axes, err);

    plots::BreakdownChartOptions breakdown;
    breakdown.param = plots::breakdownParam(doc, table);
    breakdown.at = plots::defaultBreakdownAt(doc, table);
    breakdown.total = plots::totalQuantity(doc);
    if (auto at = args.value("--at")) {
        if (breakdown.param.empty())
            throw UsageError("--at needs a swept parameter");
        const Plan plan = doc.design.compile();
        breakdown.at = plan.inputSpecAt(writableSlot(plan, breakdown.param))->parse(*at);
    }

    ensureApplication();
    QCustomPlot speedupPlot, breakdownPlot;
    const int cellW = stacked ? width : width / 2, cellH = stacked ? height / 2 : height;
    speedupPlot.resize(cellW, cellH);
    breakdownPlot.resize(cellW, cellH);
    plots::SpeedupChartOptions speedupOptions = plots::speedupOptionsFor(doc, table, args.flag("--log"));
    speedupOptions.paper = plots::paperPointsFor(doc, presetDirectory(), speedupOptions.speedupParam);
    plots::buildSpeedupChart(&speedupPlot, table, speedupOptions);
    plots::buildBreakdownChart(&breakdownPlot, table, breakdown);
    const QString problem = plots::exportPlots({&speedupPlot, &breakdownPlot}, path, width, height,
                                               stacked ? Qt::Vertical : Qt::Horizontal);
    if (!problem.isEmpty())
        throw ModelError(problem.toStdString());
    out << "wrote " << *file << ": speedup of " << table.variants.size() << " variant"
        << (table.variants.size() == 1 ? "" : "s") << " over " << table.points << " point"
        << (table.points == 1 ? "" : "s") << ", breakdown at "
        << plots::describePoint(table, plots::breakdownPoint(table, breakdown)) << "\n";
    return 0;
}

} // namespace cs::cli
