// Issue 47: an edit of a 100,000-host drawing holds the GUI thread under
// 50 ms, and its undo step is under 1 KB: the editing layer changes the
// network in place and records the items it touched (edit::Patch), never a
// copy of the network or of its positions.
//
// A star of 100,000 hosts is drawn (every vertex placed), and each edit goes
// through DocumentModel as the editor hands it in (its apply: the layer's
// operation, the undo step, the signals, the network the views read), on the
// GUI thread with no view attached (the views' share is bench_gui_topology's).
// Each edit is timed as it is done, undone and done again; the undo step's
// size is that of the same operation through the layer's undoEntry, which
// DocumentModel keeps. Baseline in the same run: the same edits on a
// 1,000-host star, so that the ratio says whether an edit grows with the
// drawing. Prints wall and CPU medians (wall swings with other work on this
// machine; CPU much less) and exits 1 when an edit's CPU median passes 50 ms
// or an undo step 1 KB.
#include "app/document/DocumentModel.h"
#include "bench/BenchSupport.h"
#include "model/document/DocumentEdits.h"
#include "model/document/EditOps.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <QCoreApplication>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

constexpr double kTargetMs = 50.0;
constexpr std::size_t kTargetBytes = 1024;
constexpr int kRuns = 9;

// A star as the editor draws one: sw0, then hosts h0..h(n-1), link i joining host i.
Network star(int n)
{
    json t{{"vertices", json::array({{{"id", "sw0"}, {"kind", "switch"}}})}, {"edges", json::array()}};
    for (int i = 0; i < n; ++i) {
        t["vertices"].push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        t["edges"].push_back({{"from", "h" + std::to_string(i)}, {"to", "sw0"}, {"bandwidth", 1.25e8}});
    }
    return readNetwork(t);
}

std::map<std::string, QPointF> placed(const Network& n)
{
    std::map<std::string, QPointF> at;
    for (std::size_t v = 0; v < n.vertices().size(); ++v)
        at.emplace(n.vertices()[v].id, QPointF(static_cast<double>(v % 400) * 40.0, static_cast<double>(v / 400) * 40.0));
    return at;
}

struct Figures {
    double doWall = 0, doCpu = 0, undoWall = 0, undoCpu = 0, redoWall = 0, redoCpu = 0;
    std::size_t bytes = 0;
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// One kind of edit: `op(run)` is its operation for run `run` (each run edits other items).
Figures measure(DocumentModel& model, const std::function<edit::Op(int)>& op)
{
    std::vector<double> dw, dc, uw, uc, rw, rc;
    Figures f;
    for (int run = 0; run < kRuns; ++run) {
        const edit::Op o = op(run);
        { // the undo step the model keeps, made by the same functions on a copy
            DesignDocument copy = model.doc();
            edit::Outcome outcome = o(copy);
            if (!outcome.ok()) {
                std::fprintf(stderr, "refused: %s\n", outcome.message().c_str());
                return f;
            }
            f.bytes = std::max(f.bytes, edit::undoEntry(copy, std::move(outcome)).bytes());
        }
        bench::Time t = bench::timedBoth([&] {
            if (const QString err = model.apply("bench", o); !err.isEmpty())
                std::fprintf(stderr, "refused: %s\n", qPrintable(err));
        });
        dw.push_back(t.wall), dc.push_back(t.cpu);
        t = bench::timedBoth([&] { model.undoStack()->undo(); });
        uw.push_back(t.wall), uc.push_back(t.cpu);
        t = bench::timedBoth([&] { model.undoStack()->redo(); });
        rw.push_back(t.wall), rc.push_back(t.cpu);
        model.undoStack()->undo(); // each run starts from the drawing as placed
    }
    f.doWall = median(dw) * 1e3, f.doCpu = median(dc) * 1e3;
    f.undoWall = median(uw) * 1e3, f.undoCpu = median(uc) * 1e3;
    f.redoWall = median(rw) * 1e3, f.redoCpu = median(rc) * 1e3;
    return f;
}

struct Case {
    const char* label;
    std::function<edit::Op(int)> op;
};

std::vector<Case> cases(int hosts)
{
    const auto host = [hosts](int run) { return "h" + std::to_string(hosts / 2 + run * 7); };
    return {
        {"remove a host (and its link, its position)",
         [=](int run) { return edit::op::removeTopologyItems({host(run)}, {}); }},
        {"add a host, link it, place it (the palette's drop)",
         [=](int run) {
             const std::string id = "new" + std::to_string(run);
             return edit::op::addVertex(id, VertexKind::Host)
                 .then(edit::op::addLink(id, "sw0", 1.25e8, 1))
                 .then(edit::op::moveVertices({{id, {1.0, 2.0}}}));
         }},
        {"set the rate of 3 links (a selection in the inspector)",
         [=](int run) {
             const auto l = static_cast<std::uint32_t>(hosts / 3 + run);
             return edit::op::setLinkProperty({LinkId{l}, LinkId{l + 1}, LinkId{l + 2}}, "bandwidth", 1.25e9);
         }},
        {"move a host (a drag)", [=](int run) { return edit::op::moveVertices({{host(run), {5.0 * run, 7.0}}}); }},
    };
}

} // namespace

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    std::printf("bench_gui_topology_edit: edits of a drawn star through DocumentModel, median of %d runs; "
                "load average %s\n",
                kRuns, bench::loadAverage().c_str());
    bool ok = true;
    std::vector<std::vector<Figures>> all;
    for (int hosts : {1000, 100000}) {
        DocumentModel model;
        const double t0 = bench::now();
        const Network drawing = star(hosts);
        if (const QString err = model.setTopology("star", drawing, placed(drawing)); !err.isEmpty()) {
            std::fprintf(stderr, "%s\n", qPrintable(err));
            return 1;
        }
        model.undoStack()->clear();
        std::printf("\n%d hosts (%zu vertices, %zu links; drawn and placed in %.2f s)\n", hosts,
                    model.doc().topology.vertices().size(), model.doc().topology.links().size(), bench::now() - t0);
        std::printf("  %-52s %17s %17s %17s %10s\n", "", "edit wall/cpu ms", "undo wall/cpu ms", "redo wall/cpu ms",
                    "undo step");
        std::vector<Figures> row;
        for (const Case& c : cases(hosts)) {
            const Figures f = measure(model, c.op);
            row.push_back(f);
            std::printf("  %-52s %8.2f %8.2f %8.2f %8.2f %8.2f %8.2f %8zu B\n", c.label, f.doWall, f.doCpu, f.undoWall,
                        f.undoCpu, f.redoWall, f.redoCpu, f.bytes);
            if (hosts == 100000 && (f.doCpu > kTargetMs || f.undoCpu > kTargetMs || f.redoCpu > kTargetMs ||
                                    f.bytes > kTargetBytes || f.bytes == 0))
                ok = false;
        }
        all.push_back(std::move(row));
    }
    std::printf("\n100,000 against 1,000 hosts (CPU medians): ");
    const std::vector<Case> names = cases(1000);
    for (std::size_t i = 0; i < names.size(); ++i)
        std::printf("%s%.1fx", i ? ", " : "", all[1][i].doCpu / std::max(all[0][i].doCpu, 1e-3));
    std::printf("\n%s (targets: an edit, its undo and redo under %.0f ms of CPU; an undo step under %zu bytes)\n",
                ok ? "ok" : "FAILED", kTargetMs, kTargetBytes);
    return ok ? 0 : 1;
}
