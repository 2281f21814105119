// Issue 47's count of the items an edit touches, at a size where a rebuild
// would show: removing a host of a 1,000-host star touches that host's item
// and its link's, its undo and redo those again, and every other item is the
// one drawn before (a rebuild, scene_->clear(), would make them all anew).
#include "TopologyTestUtil.h"

#include "model/document/EditOps.h"

#include <QUndoStack>
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;
using nlohmann::json;

namespace {

constexpr int kHosts = 1000;

// Every item by what it stands for: a vertex by its id, a link by its host
// (link e of the star joins h<e> and sw0).
struct Drawn {
    std::map<std::string, VertexItem*> vertices;
    std::map<std::string, LinkItem*> links;
};

Drawn drawn(const TopologyEditor& ed)
{
    Drawn d;
    for (int v = 0;; ++v) {
        VertexItem* item = ed.vertexItem(v);
        if (!item)
            break;
        d.vertices[item->id()] = item;
    }
    for (int e = 0;; ++e) {
        LinkItem* item = ed.linkItem(e);
        if (!item)
            break;
        const std::string host = item->from()->id() == "sw0" ? item->to()->id() : item->from()->id();
        d.links[host] = item;
    }
    return d;
}

// The items of `now` are those of `before` but for `host`'s vertex and link,
// which are absent (`gone`) or new items.
void sameBut(const Drawn& before, const Drawn& now, const std::string& host, bool gone)
{
    CHECK(now.vertices.size() == before.vertices.size() - (gone ? 1 : 0));
    CHECK(now.links.size() == before.links.size() - (gone ? 1 : 0));
    int others = 0;
    for (const auto& [id, item] : before.vertices) {
        if (id == host)
            continue;
        auto it = now.vertices.find(id);
        REQUIRE(it != now.vertices.end());
        others += it->second == item ? 1 : 0;
    }
    for (const auto& [id, item] : before.links) {
        if (id == host)
            continue;
        auto it = now.links.find(id);
        REQUIRE(it != now.links.end());
        others += it->second == item ? 1 : 0;
    }
    // Every vertex and link but `host`'s (on the whole star: sw0, 999 hosts
    // and 999 links) is the item drawn before.
    CHECK(others == static_cast<int>(before.vertices.size() + before.links.size() - 2));
    CHECK(now.vertices.count(host) == (gone ? 0u : 1u));
    CHECK(now.links.count(host) == (gone ? 0u : 1u));
}

} // namespace

TEST_CASE("removing a host of a 1,000-host star touches its item and its link's, and its undo and redo those again, "
          "and nothing is rebuilt (issue 47)",
          "[gui][topology][inplace]")
{
    ShownEditor f(1000, 700);
    std::map<std::string, QPointF> pos{{"sw0", {0, 0}}};
    for (int i = 0; i < kHosts; ++i)
        pos["h" + std::to_string(i)] = {40.0 * (i % 40), 100.0 + 40.0 * (i / 40)};
    REQUIRE(f.model.setTopology("star", json{{"generator", "star"}, {"params", {{"n", kHosts}}}}, pos).isEmpty());
    const Drawn start = drawn(f.editor);
    REQUIRE(start.vertices.size() == kHosts + 1u);
    REQUIRE(start.links.size() == std::size_t(kHosts));

    // The generated star's h500 goes: the network becomes a drawing of the rest, its items kept.
    REQUIRE(f.model.apply("Delete", edit::op::removeTopologyItems({"h500"}, {})).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 2);
    sameBut(start, drawn(f.editor), "h500", true);

    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 2);
    const Drawn undone = drawn(f.editor);
    sameBut(start, undone, "h500", false);

    f.model.undoStack()->redo();
    CHECK(f.editor.lastItemsTouched() == 2);
    sameBut(undone, drawn(f.editor), "h500", true);

    // On the drawing the first removal left: h10 and its link, and back.
    const Drawn drawing = drawn(f.editor);
    REQUIRE(f.model.apply("Delete", edit::op::removeTopologyItems({"h10"}, {})).isEmpty());
    CHECK(f.editor.lastItemsTouched() == 2);
    f.model.undoStack()->undo();
    CHECK(f.editor.lastItemsTouched() == 2);
    sameBut(drawing, drawn(f.editor), "h10", false);
}
