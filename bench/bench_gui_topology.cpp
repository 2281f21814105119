// Issue 5 "Quality": a generated 10,000-host topology opens and renders in
// the topology editor, and dragging an item stays responsive.
//
// Runs offscreen. For each topology it times: placing it (the generator
// dialog's path: generate, lay out, DocumentModel::setTopology, which
// rebuilds the scene), the first full render of the fitted view into an
// image, and a drag of one host over 50 mouse steps, with a full render
// after each step (worst case) and with the incremental repaint Qt does
// (the dirty region only), at the fitted zoom and at zoom 1.
// Baselines measured in the same run: the same view empty, and a 100-host
// topology of the same family. Prints figures and ratios; asserts nothing.
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/topology/MetricsPanel.h"
#include "app/gui/topology/TopologyEditor.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyLayout.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <QApplication>
#include <QElapsedTimer>
#include <QGraphicsView>
#include <QImage>
#include <QPainter>
#include <QMouseEvent>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::app;

namespace {

constexpr int kSteps = 50;
const QSize kViewSize(1280, 800);

// Mouse events as the window system delivers them (the bench links the GUI
// library only, not Qt Test).
void mouse(QEvent::Type type, QWidget* w, QPoint at, Qt::MouseButtons buttons)
{
    QMouseEvent e(type, QPointF(at), w->mapToGlobal(QPointF(at)),
                  type == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(w, &e);
}

double msSince(const QElapsedTimer& t)
{
    return static_cast<double>(t.nsecsElapsed()) / 1e6;
}

struct Stats {
    double median = 0, mean = 0, max = 0;
};

Stats stats(std::vector<double> v)
{
    Stats s;
    if (v.empty())
        return s;
    std::sort(v.begin(), v.end());
    s.median = v[v.size() / 2];
    s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
    s.max = v.back();
    return s;
}

// A full render of the view's viewport into an image (what grab() does).
double renderFull(QGraphicsView* view)
{
    QImage img(view->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    QElapsedTimer t;
    t.start();
    img.fill(Qt::white);
    QPainter p(&img);
    view->render(&p, QRectF(), view->viewport()->rect());
    p.end();
    return msSince(t);
}

struct Case {
    std::string label;
    std::string generator;
    NamedValues params;
};

struct Result {
    std::string label;
    std::size_t hosts = 0, vertices = 0, links = 0;
    double place = 0, firstRender = 0, metrics = 0;
    double placePrep = 0, placeModel = 0; // generate + layout; DocumentModel::setTopology alone
    Stats dragFullFit, dragIncFit, dragFull1, dragInc1;
};

// Drags the host nearest the view centre by `steps` mouse moves of a few
// pixels, timing each frame: the move plus either a full render or Qt's own
// repaint of the dirty region.
std::pair<Stats, Stats> drag(TopologyEditor& ed)
{
    QGraphicsView* view = ed.view();
    QWidget* vp = view->viewport();
    const QPointF centre = view->mapToScene(vp->rect().center());
    VertexItem* item = nullptr;
    double best = 1e300;
    for (int v = 0; ed.vertexItem(v); ++v) {
        VertexItem* it = ed.vertexItem(v);
        const QPointF d = it->pos() - centre;
        const double dist = d.x() * d.x() + d.y() * d.y();
        if (it->kind() == VertexKind::Host && dist < best) {
            best = dist;
            item = it;
        }
    }
    if (!item)
        return {};
    std::vector<double> full, inc;
    for (int pass = 0; pass < 2; ++pass) {
        QPoint at = view->mapFromScene(item->pos());
        mouse(QEvent::MouseButtonPress, vp, at, Qt::LeftButton);
        QApplication::processEvents();
        for (int i = 0; i < kSteps; ++i) {
            at += QPoint(i % 2 ? 3 : 4, i % 3 ? 2 : -1);
            QElapsedTimer t;
            t.start();
            mouse(QEvent::MouseMove, vp, at, Qt::LeftButton);
            if (pass == 0) {
                renderFull(view);
                full.push_back(msSince(t));
            } else {
                // The dirty region only, as the event loop paints it.
                for (int k = 0; k < 3; ++k)
                    QApplication::processEvents();
                inc.push_back(msSince(t));
            }
        }
        mouse(QEvent::MouseButtonRelease, vp, at, Qt::NoButton);
        QApplication::processEvents();
    }
    return {stats(full), stats(inc)};
}

Result run(const Case& c, bool withMetrics)
{
    Result r;
    r.label = c.label;
    DocumentModel model;
    Selection selection;
    TopologyEditor ed(&model, &selection);
    ed.resize(kViewSize);
    ed.show();
    QApplication::processEvents();
    MetricsPanel* panel = withMetrics ? new MetricsPanel(&model) : nullptr;

    if (!c.generator.empty()) {
        QElapsedTimer t;
        t.start();
        // What GeneratorDialog::accept does.
        const Generator& gen = GeneratorRegistry::builtin().get(c.generator);
        const std::vector<double> p = generatorParams(gen, c.params);
        const Topology topo = generate(gen, p.data());
        const ViewGraph g = ViewGraph::fromTopology(topo);
        const std::vector<QPointF> pos = autoLayout(g);
        std::map<std::string, QPointF> positions;
        for (std::size_t i = 0; i < g.vertices.size(); ++i)
            positions.emplace(g.vertices[i].id, pos[i]);
        nlohmann::json params = nlohmann::json::object();
        for (std::size_t i = 0; i < p.size(); ++i)
            params[gen.spec().params[i].symbol] = p[i];
        const double prep = msSince(t);
        const QString err = model.setTopology("bench", {{"generator", c.generator}, {"params", params}}, positions);
        ed.zoomToFit();
        r.place = msSince(t);
        { // the same edit on a document no view watches: the model's share
            DocumentModel alone;
            QElapsedTimer a;
            a.start();
            alone.setTopology("bench", {{"generator", c.generator}, {"params", params}}, positions);
            r.placeModel = msSince(a);
            r.placePrep = prep;
        }
        if (!err.isEmpty()) {
            std::fprintf(stderr, "%s: %s\n", c.label.c_str(), qPrintable(err));
            return r;
        }
        r.hosts = topo.counts().hosts;
        r.vertices = topo.vertexCount();
        r.links = topo.edgeCount();
        if (panel) {
            QElapsedTimer m;
            m.start();
            while (panel->isComputing()) {
                QApplication::processEvents(QEventLoop::AllEvents, 5);
                QThread::msleep(2);
            }
            r.metrics = msSince(m);
        }
    }
    r.firstRender = renderFull(ed.view());
    if (c.generator.empty()) { // the baseline: a steady figure, not a first one
        std::vector<double> v;
        for (int i = 0; i < 10; ++i)
            v.push_back(renderFull(ed.view()));
        r.firstRender = stats(v).median;
    }
    std::tie(r.dragFullFit, r.dragIncFit) = drag(ed);
    // Zoom 1 (labels drawn), centred on the middle of the topology.
    ed.view()->resetTransform();
    ed.view()->centerOn(ed.contentRect().center());
    QApplication::processEvents();
    if (!c.generator.empty())
        std::tie(r.dragFull1, r.dragInc1) = drag(ed);
    delete panel;
    return r;
}

void print(const Result& r, const Result& empty, const Result& small)
{
    std::printf("\n%s: %zu hosts, %zu vertices, %zu links\n", r.label.c_str(), r.hosts, r.vertices, r.links);
    if (r.hosts) {
        std::printf("  place (generate + layout + setTopology + scene): %9.1f ms\n", r.place);
        std::printf("    of which generate + layout %.1f ms, the document model %.1f ms, the editor's scene %.1f ms\n",
                    r.placePrep, r.placeModel, r.place - r.placePrep - r.placeModel);
        if (r.metrics > 0)
            std::printf("  metrics panel ready after (background):        %9.1f ms\n", r.metrics);
    }
    std::printf("  first full render, fitted view:                 %9.2f ms   (%.1fx empty view, %.1fx 100-host)\n",
                r.firstRender, r.firstRender / empty.firstRender, r.firstRender / small.firstRender);
    auto row = [&](const char* what, const Stats& s, const Result& e, const Stats& sm) {
        if (s.median <= 0)
            return;
        std::printf("  %-46s median %7.2f  mean %7.2f  max %7.2f ms   (median %.1fx empty render, %.1fx 100-host)\n",
                    what, s.median, s.mean, s.max, s.median / e.firstRender, sm.median > 0 ? s.median / sm.median : 0.0);
    };
    row("drag frame, full render, fitted:", r.dragFullFit, empty, small.dragFullFit);
    row("drag frame, incremental repaint, fitted:", r.dragIncFit, empty, small.dragIncFit);
    row("drag frame, full render, zoom 1:", r.dragFull1, empty, small.dragFull1);
    row("drag frame, incremental repaint, zoom 1:", r.dragInc1, empty, small.dragInc1);
}

} // namespace

int main(int argc, char** argv)
{
    // The offscreen platform's chatter would break up the table.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext&, const QString& msg) {
        if (type != QtDebugMsg && type != QtInfoMsg && !msg.contains(QLatin1String("propagateSizeHints")))
            std::fprintf(stderr, "%s\n", qPrintable(msg));
    });
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    std::printf("bench_gui_topology: view %dx%d, %d drag steps per pass, platform %s\n", kViewSize.width(),
                kViewSize.height(), kSteps, qPrintable(QGuiApplication::platformName()));

    const Result empty = run({"empty view (baseline)", "", {}}, false);
    print(empty, empty, empty);
    const std::vector<std::pair<Case, Case>> families{
        {{"torus 10 x 10 (baseline)", "torus", {{"k", 10}, {"dims", 2}}},
         {"torus 100 x 100", "torus", {{"k", 100}, {"dims", 2}}}},
        {{"fat-tree k = 8 (baseline, 128 hosts)", "fat-tree", {{"k", 8}}},
         {"fat-tree k = 34", "fat-tree", {{"k", 34}}}},
        {{"star n = 100 (baseline)", "star", {{"n", 100}}}, {"star n = 10000", "star", {{"n", 10000}}}},
    };
    // An optional argument picks the families whose name contains it
    // ("torus", "fat-tree", "star").
    const QString only = argc > 1 ? QString::fromLocal8Bit(argv[1]) : QString();
    for (const auto& [smallCase, bigCase] : families) {
        if (!only.isEmpty() && !QString::fromStdString(bigCase.label).contains(only))
            continue;
        const Result small = run(smallCase, false);
        print(small, empty, small);
        const Result big = run(bigCase, true);
        print(big, empty, small);
    }
    return 0;
}
