// Copy, paste, duplicate and select all on both canvases: the copies get
// fresh names, keep their properties, values and the wires or links between
// them, land beside the originals, are selected, and go in one undo step.
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/canvas/BlockCanvas.h"
#include "app/gui/canvas/BlockNode.h"
#include "tests/app/gui/canvas/TwoBlockCanvas.h"

#include <QUndoStack>

#include <set>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;
using nlohmann::json;

namespace {

// Copies the selection of `view` (the block canvas or the topology editor) and pastes it twice: the first
// copy `first` lands at least `least` px down and right of `at`, where the original is (the topology
// editor: 40 px), and the second copy `second` as far beyond.
template <class View, class ItemAt>
void pasteTwice(View& view, ItemAt itemAt, QPointF at, const char* first, const char* second, double least = 40)
{
    REQUIRE(view.copySelected());
    REQUIRE(view.paste().isEmpty());
    REQUIRE(view.paste().isEmpty());
    REQUIRE(itemAt(first));
    REQUIRE(itemAt(second));
    const QPointF step = itemAt(first)->pos() - at;
    CHECK(step.x() == step.y());
    CHECK(step.x() >= least);
    CHECK(step.x() <= least + 60);
    CHECK(itemAt(second)->pos() == at + 2 * step);
}

} // namespace

TEST_CASE("the topology editor duplicates selected vertices with the links between them", "[gui][topology][clipboard]")
{
    DocumentModel model;
    model.setDocument(docWith(R"("topology": {
        "vertices": [{"id": "h0", "kind": "host"}, {"id": "h1", "kind": "host"},
                     {"id": "sw0", "kind": "switch", "latency": "2us"}],
        "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"},
                  {"from": "h1", "to": "sw0", "bandwidth": "1Gbit/s", "channels": 2}]})"),
                      {});
    Selection selection;
    TopologyEditor editor(&model, &selection);
    editor.resize(800, 600);
    editor.show();
    REQUIRE(editor.vertexItem("sw0"));
    const QPointF swAt = editor.vertexItem("sw0")->pos();

    // h1 and sw0 with the 2-channel link between them; h0's link stays behind.
    editor.scene()->clearSelection();
    editor.vertexItem("h1")->setSelected(true);
    editor.vertexItem("sw0")->setSelected(true);
    const int depth = model.undoStack()->count();
    REQUIRE(editor.duplicateSelected().isEmpty());
    CHECK(model.undoStack()->count() == depth + 1);
    // The copies: the first free ids, the switch's latency and the link's
    // channels kept. (They hang in the air until linked to the rest: the
    // document keeps the drawing as drawn, see TopologyEdits.h.)
    const json t = writeNetwork(model.doc().topology);
    auto vertex = [&](const std::string& id) {
        for (const json& v : t["vertices"])
            if (v["id"] == id)
                return v;
        return json();
    };
    CHECK(t["vertices"].size() == 5);
    CHECK(t["edges"].size() == 3);
    REQUIRE(vertex("h2").is_object());
    REQUIRE(vertex("sw1").is_object());
    CHECK(vertex("sw1")["kind"] == "switch");
    CHECK(vertex("sw1")["latency"] == vertex("sw0")["latency"]);
    const json& copied = t["edges"][2];
    CHECK(std::set<std::string>{copied["from"].get<std::string>(), copied["to"].get<std::string>()} ==
          std::set<std::string>{"h2", "sw1"});
    CHECK(copied["channels"] == 2);
    // Beside the original, and selected.
    REQUIRE(editor.vertexItem("sw1"));
    CHECK(editor.vertexItem("sw1")->pos() == swAt + QPointF(40, 40));
    CHECK(editor.vertexItem("sw1")->isSelected());
    CHECK_FALSE(editor.vertexItem("sw0")->isSelected());

    // Select all, copy, paste: everything twice more over.
    editor.selectAll();
    CHECK(editor.scene()->selectedItems().size() == 5 + 3);
    REQUIRE(editor.copySelected());
    REQUIRE(editor.paste().isEmpty());
    CHECK(model.doc().topology.vertices().size() == 10);
    CHECK(model.doc().topology.links().size() == 6);

    model.undoStack()->undo();
    model.undoStack()->undo();
    REQUIRE(model.topology()); // the first network again, whole
    CHECK(model.topology()->counts().hosts == 2);
    CHECK(model.topology()->counts().links == 2);
}

TEST_CASE("the block canvas duplicates selected blocks with their values and the wires between them",
          "[gui][canvas][clipboard]")
{
    DocumentModel model;
    model.setDocument(parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "fft",
      "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
      "blocks": [{"name": "net", "type": "logp.loggp", "values": {"L": 2e-05}},
                 {"name": "fft", "type": "fftw.transpose", "values": {"rows": 2048}}],
      "wires": [{"from": "P", "to": "fft.P"}, {"from": "net.L_out", "to": "fft.L"}]
    })"),
                      {});
    Selection selection;
    BlockCanvas canvas(&model, &selection);
    canvas.resize(900, 600);
    canvas.show();
    QCoreApplication::processEvents();
    REQUIRE(canvas.node("net"));
    REQUIRE(canvas.node("fft"));
    canvas.node("net")->setSelected(true);
    canvas.node("fft")->setSelected(true);
    const int depth = model.undoStack()->count();
    REQUIRE(canvas.duplicateSelected().isEmpty());
    CHECK(model.undoStack()->count() == depth + 1);

    const Design& d = model.doc().design;
    REQUIRE(d.findBlock("loggp"));
    REQUIRE(d.findBlock("transpose"));
    CHECK(d.value({"loggp", "L"}).value == Approx(20e-6));
    CHECK(d.value({"transpose", "rows"}).value == 2048);
    // P feeds the copy too; the copy's L comes from the copied network, not the original.
    CHECK(d.wireInto({"transpose", "P"}));
    REQUIRE(d.wireInto({"transpose", "L"}));
    CHECK(d.wireInto({"transpose", "L"})->from.block == "loggp");
    CHECK(canvas.node("loggp"));
    CHECK(canvas.node("loggp")->isSelected());

    model.undoStack()->undo();
    CHECK_FALSE(model.doc().design.findBlock("loggp"));
}

TEST_CASE("a paste lands beside what was copied, and the next paste beside that, on both canvases (issue 34, defect "
          "10)",
          "[gui][canvas][clipboard]")
{
    // Blocks laid out automatically have no position in the document: their copies used to be laid out anew,
    // on top of the originals.
    test::TwoBlockCanvas two(900, 600);
    DocumentModel& model = two.model;
    Selection& selection = two.selection;
    BlockCanvas& canvas = two.canvas;
    REQUIRE(canvas.node("net"));
    REQUIRE_FALSE(model.blockPosition("net").has_value());
    const QPointF netAt = canvas.node("net")->pos();
    canvas.node("net")->setSelected(true);
    // A block's copy lands a block's height and more away (issue 48, defect 10: 40 px put it almost on top).
    pasteTwice(canvas, [&](const char* n) { return canvas.node(n); }, netAt, "loggp", "loggp2",
               canvas.node("net")->size().height());
    CHECK(canvas.node("net")->pos() == netAt);

    // The topology editor: the second paste of one copy is beside the first.
    DocumentModel topo;
    topo.setDocument(docWith(R"("topology": {"vertices": [{"id": "h0", "kind": "host"}, {"id": "sw0", "kind": "switch"}],
        "edges": [{"from": "h0", "to": "sw0", "bandwidth": "1Gbit/s"}]})"),
                     {});
    TopologyEditor editor(&topo, &selection);
    editor.resize(800, 600);
    editor.show();
    REQUIRE(editor.vertexItem("sw0"));
    const QPointF swAt = editor.vertexItem("sw0")->pos();
    editor.scene()->clearSelection();
    editor.vertexItem("sw0")->setSelected(true);
    pasteTwice(editor, [&](const char* id) { return editor.vertexItem(id); }, swAt, "sw1", "sw2");
    CHECK(editor.vertexItem("sw1")->pos() == swAt + QPointF(40, 40));
}
