#include "app/gui/topology/TopologyLayout.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <numeric>

namespace cs::app {

namespace {

using Adjacency = std::vector<std::vector<int>>;

Adjacency adjacency(const ViewGraph& g)
{
    Adjacency adj(g.vertices.size());
    for (const ViewGraph::Edge& e : g.edges) {
        if (e.a == e.b)
            continue;
        adj[static_cast<std::size_t>(e.a)].push_back(e.b);
        adj[static_cast<std::size_t>(e.b)].push_back(e.a);
    }
    return adj;
}

bool isHost(const ViewGraph& g, int v)
{
    return g.vertices[static_cast<std::size_t>(v)].kind == VertexKind::Host;
}

// Host i of a k-ary n-cube (coordinates in base k, dimension 0 fastest) on
// the plane: even dimensions across, odd ones down, higher dimensions as
// blocks of the lower ones with a gap of one between them.
QPointF cubePoint(long i, long k, int dims)
{
    double x = 0, y = 0, sx = 1, sy = 1;
    for (int d = 0; d < dims; ++d, i /= k) {
        const double c = static_cast<double>(i % k);
        if (d % 2 == 0) {
            x += c * sx;
            sx *= static_cast<double>(k) + 1;
        } else {
            y += c * sy;
            sy *= static_cast<double>(k) + 1;
        }
    }
    return {x * kGridSpacing, y * kGridSpacing};
}

bool layoutCube(const ViewGraph& g, std::vector<QPointF>& pos)
{
    long k = 0;
    int dims = 0;
    if (g.generator == "torus" || g.generator == "mesh") {
        k = static_cast<long>(g.param("k", 0));
        dims = static_cast<int>(g.param("dims", 0));
    } else if (g.generator == "hypercube") {
        k = 2;
        dims = static_cast<int>(g.param("dims", 0));
    }
    if (k < 1 || dims < 1 || dims > 40)
        return false;
    const double n = std::pow(static_cast<double>(k), dims);
    if (n != static_cast<double>(g.vertices.size()))
        return false;
    if (dims == 1 && k > 2) { // a ring or a line
        const double r = std::max(1.0, k * kHostSpacing / (2 * std::numbers::pi));
        for (long i = 0; i < k; ++i) {
            const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(k);
            pos[static_cast<std::size_t>(i)] = g.generator == "mesh" ? QPointF(i * kHostSpacing, 0)
                                                                     : QPointF(r * std::cos(a), r * std::sin(a));
        }
        return true;
    }
    for (long i = 0; i < static_cast<long>(n); ++i)
        pos[static_cast<std::size_t>(i)] = cubePoint(i, k, dims);
    return true;
}

// 004 §4 Fig. 5/6: hosts on the grid, each row's bus just above its row
// and each column's bus just left of its column (the editor draws a segment
// as a bar along its taps), the row and column switches beyond them.
bool layoutSegmentMesh(const ViewGraph& g, std::vector<QPointF>& pos)
{
    if (g.generator != "beowulf-mesh")
        return false;
    const int rows = static_cast<int>(g.param("rows", 0));
    const int cols = static_cast<int>(g.param("cols", 0));
    const bool sw = g.param("routing", 0) == 1;
    const std::size_t n = static_cast<std::size_t>(rows) * cols;
    if (rows < 1 || cols < 1 || g.vertices.size() != n + rows + cols + (sw ? 2 : 0))
        return false;
    const double s = kHostSpacing * 1.6;
    const double off = s * 0.38; // bus to host
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
            pos[static_cast<std::size_t>(r * cols + c)] = {c * s, r * s};
    for (int r = 0; r < rows; ++r)
        pos[n + r] = {-0.75 * s, r * s - off};
    for (int c = 0; c < cols; ++c)
        pos[n + rows + c] = {c * s - off, -0.75 * s};
    if (sw) {
        pos[n + rows + cols] = {-2.0 * s, (rows - 1) * s / 2.0 - off};
        pos[n + rows + cols + 1] = {(cols - 1) * s / 2.0 - off, -2.0 * s};
    }
    return true;
}

// A single switch with every host on it and nothing else:
// the switch in the centre, the hosts on a circle around it, so that no
// spoke runs past another host (a star drawn in layers puts 16 hosts in a
// row under the switch, and the outer spokes are long and shallow).
bool layoutRadialStar(const ViewGraph& g, const Adjacency& adj, std::vector<QPointF>& pos)
{
    const std::size_t n = g.vertices.size();
    if (n < 4 || n > kRadialStarMaxHosts + 1)
        return false;
    int hub = -1;
    for (std::size_t v = 0; v < n; ++v)
        if (!isHost(g, static_cast<int>(v))) {
            if (hub >= 0)
                return false;
            hub = static_cast<int>(v);
        }
    // A shared segment is drawn as a bar with its hosts beside it, not as a hub.
    if (hub < 0 || g.vertices[static_cast<std::size_t>(hub)].kind != VertexKind::Switch)
        return false;
    for (std::size_t v = 0; v < n; ++v)
        if (static_cast<int>(v) != hub)
            for (int u : adj[v])
                if (u != hub)
                    return false;
    const std::size_t hosts = n - 1;
    // Neighbours on the circle 1.25 spacings apart, and never closer to the hub than two.
    const double r = std::max(2.0 * kHostSpacing, hosts * kHostSpacing * 1.25 / (2 * std::numbers::pi));
    std::size_t i = 0;
    for (std::size_t v = 0; v < n; ++v) {
        if (static_cast<int>(v) == hub) {
            pos[v] = {0, 0};
            continue;
        }
        const double a = -std::numbers::pi / 2 + 2 * std::numbers::pi * static_cast<double>(i++) / hosts;
        pos[v] = {r * std::cos(a), r * std::sin(a)};
    }
    return true;
}

void layoutHostsOnly(const ViewGraph& g, std::vector<QPointF>& pos)
{
    const std::size_t n = g.vertices.size();
    if (n <= 160) {
        const double r = std::max(kHostSpacing, n * kHostSpacing * 1.1 / (2 * std::numbers::pi));
        for (std::size_t i = 0; i < n; ++i) {
            const double a = -std::numbers::pi / 2 + 2 * std::numbers::pi * static_cast<double>(i) / n;
            pos[i] = {r * std::cos(a), r * std::sin(a)};
        }
        return;
    }
    const std::size_t cols = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(n))));
    for (std::size_t i = 0; i < n; ++i)
        pos[i] = {static_cast<double>(i % cols) * kHostSpacing, static_cast<double>(i / cols) * kHostSpacing};
}

double minSeparation(const ViewGraph& g, int v)
{
    return g.vertices[static_cast<std::size_t>(v)].kind == VertexKind::Segment ? kHostSpacing * 1.7
                                                                              : kHostSpacing * 1.25;
}

// Places `layer` at the desired x (NaN: no preference, goes to the right),
// without overlaps, keeping the layer centred on its wishes.
void spreadLayer(const ViewGraph& g, std::vector<int>& layer, std::vector<double>& want, double y,
                 std::vector<QPointF>& pos)
{
    if (layer.empty())
        return;
    const double inf = std::numeric_limits<double>::infinity();
    std::stable_sort(layer.begin(), layer.end(), [&](int a, int b) {
        const double wa = std::isnan(want[static_cast<std::size_t>(a)]) ? inf : want[static_cast<std::size_t>(a)];
        const double wb = std::isnan(want[static_cast<std::size_t>(b)]) ? inf : want[static_cast<std::size_t>(b)];
        return wa < wb;
    });
    std::vector<double> x(layer.size());
    double wishSum = 0, placedSum = 0;
    int wishes = 0;
    for (std::size_t i = 0; i < layer.size(); ++i) {
        const int v = layer[i];
        double w = want[static_cast<std::size_t>(v)];
        const double sep = i ? std::max(minSeparation(g, v), minSeparation(g, layer[i - 1])) : 0;
        if (std::isnan(w)) {
            w = i ? x[i - 1] + sep : 0.0;
        } else {
            wishSum += w;
            ++wishes;
        }
        x[i] = i ? std::max(w, x[i - 1] + sep) : w;
        if (!std::isnan(want[static_cast<std::size_t>(v)]))
            placedSum += x[i];
    }
    const double shift = wishes ? (wishSum - placedSum) / wishes : 0.0;
    for (std::size_t i = 0; i < layer.size(); ++i)
        pos[static_cast<std::size_t>(layer[i])] = {x[i] + shift, y};
}

void layoutLayers(const ViewGraph& g, const Adjacency& adj, std::vector<QPointF>& pos)
{
    const int n = static_cast<int>(g.vertices.size());
    // Fabric levels: 0 for switches and segments next to a host, then BFS
    // upwards through the fabric.
    std::vector<int> level(static_cast<std::size_t>(n), -1);
    std::vector<int> queue;
    for (int v = 0; v < n; ++v) {
        if (isHost(g, v))
            continue;
        for (int u : adj[static_cast<std::size_t>(v)])
            if (isHost(g, u)) {
                level[static_cast<std::size_t>(v)] = 0;
                queue.push_back(v);
                break;
            }
    }
    for (std::size_t qi = 0; qi < queue.size(); ++qi) {
        const int v = queue[qi];
        for (int u : adj[static_cast<std::size_t>(v)])
            if (!isHost(g, u) && level[static_cast<std::size_t>(u)] < 0) {
                level[static_cast<std::size_t>(u)] = level[static_cast<std::size_t>(v)] + 1;
                queue.push_back(u);
            }
    }
    int top = 0;
    for (int v = 0; v < n; ++v) {
        if (!isHost(g, v) && level[static_cast<std::size_t>(v)] < 0)
            level[static_cast<std::size_t>(v)] = 0; // fabric with no host below it yet
        if (!isHost(g, v))
            top = std::max(top, level[static_cast<std::size_t>(v)]);
    }

    // Hosts in blocks under the first switch or segment they link to, the
    // blocks in order of their first host (generators number hosts along
    // the tree); hosts without one go last.
    std::vector<int> primary(static_cast<std::size_t>(n), -1);
    std::vector<int> groupOrder;
    std::vector<std::vector<int>> members(static_cast<std::size_t>(n) + 1);
    for (int v = 0; v < n; ++v) {
        if (!isHost(g, v))
            continue;
        int p = n; // the "no switch" group
        for (int u : adj[static_cast<std::size_t>(v)])
            if (!isHost(g, u)) {
                p = u;
                break;
            }
        if (members[static_cast<std::size_t>(p)].empty() && p != n)
            groupOrder.push_back(p);
        members[static_cast<std::size_t>(p)].push_back(v);
    }
    if (!members[static_cast<std::size_t>(n)].empty())
        groupOrder.push_back(n);
    // Each block is at most `cols` hosts wide: the width that brings the
    // whole drawing nearest a 16:10 screen.
    std::size_t largest = 1;
    for (int grp : groupOrder)
        largest = std::max(largest, members[static_cast<std::size_t>(grp)].size());
    // At least sqrt(largest) wide, so that a block is never a tall column
    // whose links run through the hosts above.
    std::size_t cols = 1;
    double bestMiss = 1e300;
    const auto narrowest = static_cast<std::size_t>(std::ceil(std::sqrt(static_cast<double>(largest))));
    for (std::size_t c = narrowest;; c = std::max(c + 1, c * 3 / 2)) {
        const std::size_t cc = std::min(c, largest);
        double width = 0;
        std::size_t rowsNeeded = 1;
        for (int grp : groupOrder) {
            const std::size_t cnt = members[static_cast<std::size_t>(grp)].size();
            width += static_cast<double>(std::min(cc, cnt)) * kHostSpacing + kHostSpacing * (cnt > cc ? 1.0 : 0.5);
            rowsNeeded = std::max(rowsNeeded, (cnt + cc - 1) / cc);
        }
        const double height = (top + 1) * kLayerSpacing + static_cast<double>(rowsNeeded) * kHostSpacing * 0.8;
        const double miss = std::fabs(std::log(width / height / 1.6));
        if (miss < bestMiss) {
            bestMiss = miss;
            cols = cc;
        }
        if (cc == largest)
            break;
    }
    double x = 0;
    const double hostY = kLayerSpacing;
    for (int grp : groupOrder) {
        const std::vector<int>& m = members[static_cast<std::size_t>(grp)];
        const std::size_t cnt = m.size();
        const std::size_t blockCols = std::min(cols, cnt);
        // Odd rows shifted by half a place: links to the back rows pass
        // between the hosts in front.
        for (std::size_t i = 0; i < cnt; ++i) {
            const std::size_t row = i / blockCols;
            pos[static_cast<std::size_t>(m[i])] = {
                x + (static_cast<double>(i % blockCols) + (row % 2 ? 0.5 : 0.0)) * kHostSpacing,
                hostY + static_cast<double>(row) * kHostSpacing * 0.8};
        }
        x += static_cast<double>(blockCols) * kHostSpacing + kHostSpacing * (cnt > blockCols ? 1.0 : 0.5);
    }

    // Fabric layers bottom-up, each over the barycentre of its neighbours
    // one level down (hosts for level 0).
    std::vector<std::vector<int>> layers(static_cast<std::size_t>(top) + 1);
    for (int v = 0; v < n; ++v)
        if (!isHost(g, v))
            layers[static_cast<std::size_t>(level[static_cast<std::size_t>(v)])].push_back(v);
    std::vector<double> want(static_cast<std::size_t>(n), std::numeric_limits<double>::quiet_NaN());
    for (int l = 0; l <= top; ++l) {
        std::vector<int> switches;
        std::vector<std::pair<double, double>> span(static_cast<std::size_t>(n)); // of a segment's taps below
        for (int v : layers[static_cast<std::size_t>(l)]) {
            double sum = 0, lo = 1e300, hi = -1e300;
            int cnt = 0;
            for (int u : adj[static_cast<std::size_t>(v)]) {
                const bool below = l == 0 ? isHost(g, u) : (!isHost(g, u) && level[static_cast<std::size_t>(u)] == l - 1);
                if (below) {
                    const double ux = pos[static_cast<std::size_t>(u)].x();
                    sum += ux;
                    lo = std::min(lo, ux);
                    hi = std::max(hi, ux);
                    ++cnt;
                }
            }
            want[static_cast<std::size_t>(v)] = cnt ? sum / cnt : std::numeric_limits<double>::quiet_NaN();
            span[static_cast<std::size_t>(v)] = {lo, hi};
            if (g.vertices[static_cast<std::size_t>(v)].kind != VertexKind::Segment)
                switches.push_back(v);
        }
        spreadLayer(g, switches, want, -l * kLayerSpacing, pos);
        // Segments are bars along their taps: stack the ones that overlap on
        // tracks just above what they serve.
        std::vector<int> segs;
        for (int v : layers[static_cast<std::size_t>(l)])
            if (g.vertices[static_cast<std::size_t>(v)].kind == VertexKind::Segment)
                segs.push_back(v);
        double spare = x; // segments with no taps go to the right
        for (int v : segs)
            if (std::isnan(want[static_cast<std::size_t>(v)])) {
                want[static_cast<std::size_t>(v)] = spare;
                span[static_cast<std::size_t>(v)] = {spare - 44, spare + 44};
                spare += kHostSpacing * 2;
            }
        std::stable_sort(segs.begin(), segs.end(), [&](int a, int b) {
            return span[static_cast<std::size_t>(a)].first < span[static_cast<std::size_t>(b)].first;
        });
        std::vector<double> trackEnd;
        const double base = l == 0 ? hostY - kLayerSpacing * 0.45 : -l * kLayerSpacing;
        for (int v : segs) {
            const auto [lo, hi] = span[static_cast<std::size_t>(v)];
            std::size_t t = 0;
            while (t < trackEnd.size() && trackEnd[t] > lo - kHostSpacing)
                ++t;
            if (t == trackEnd.size())
                trackEnd.push_back(hi);
            else
                trackEnd[t] = hi;
            pos[static_cast<std::size_t>(v)] = {want[static_cast<std::size_t>(v)], base - static_cast<double>(t) * 30.0};
        }
    }
}

// A layered drawing much wider than tall (a k = 24 fat-tree has 288 switches
// in a layer) is a flat line when fitted to a window: its layers move apart
// until it is about twice as wide as tall.
void stretchFlat(std::vector<QPointF>& pos)
{
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    for (const QPointF& p : pos) {
        x0 = std::min(x0, p.x()), x1 = std::max(x1, p.x());
        y0 = std::min(y0, p.y()), y1 = std::max(y1, p.y());
    }
    const double w = x1 - x0, h = std::max(y1 - y0, 1.0);
    if (w <= kFlatAspect * h)
        return;
    const double s = w / (2.0 * h);
    for (QPointF& p : pos)
        p.setY(y0 + (p.y() - y0) * s);
}

} // namespace

std::vector<QPointF> autoLayout(const ViewGraph& g)
{
    std::vector<QPointF> pos(g.vertices.size());
    if (g.vertices.empty())
        return pos;
    if (layoutCube(g, pos) || layoutSegmentMesh(g, pos))
        return pos;
    const bool anyFabric =
        std::any_of(g.vertices.begin(), g.vertices.end(), [](const auto& v) { return v.kind != VertexKind::Host; });
    if (!anyFabric) {
        layoutHostsOnly(g, pos);
        return pos;
    }
    const Adjacency adj = adjacency(g);
    if (layoutRadialStar(g, adj, pos))
        return pos;
    layoutLayers(g, adj, pos);
    stretchFlat(pos);
    return pos;
}

} // namespace cs::app
