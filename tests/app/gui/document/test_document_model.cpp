#include "app/document/Autosave.h"
#include "app/document/DocumentModel.h"
#include "model/document/DocumentFormat.h"
#include "model/document/DocumentTopology.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"
#include "model/topology/TopologySource.h"

#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <catch2/catch.hpp>

#include <sys/stat.h>

using namespace cs;
using namespace cs::app;

namespace {
// A small design from the built-in blocks: speedup fed by a design param.
DesignDocument smallDoc()
{
    return parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "small",
      "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
      "blocks": [{"name": "s", "type": "speedup.efficiency", "values": {"T": 2}}],
      "wires": [{"from": "P", "to": "s.P"}]
    })");
}
} // namespace

TEST_CASE("edits go through the undo stack and can be undone and redone", "[gui][document]")
{
    DocumentModel m;
    m.setDocument(smallDoc(), {});
    QSignalSpy changed(&m, &DocumentModel::designChanged);
    CHECK_FALSE(m.isModified());

    CHECK(m.setValue({"s", "T_ref"}, 10.0).isEmpty());
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 10.0);
    CHECK(m.isModified());
    CHECK(changed.count() == 1);

    m.undoStack()->undo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 1.0);
    CHECK_FALSE(m.isModified());
    m.undoStack()->redo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 10.0);

    // An invalid value is refused with the model's message and changes nothing.
    const int depth = m.undoStack()->count();
    CHECK(m.setValue({"s", "T_ref"}, -1.0).toStdString() ==
          "block 's' (speedup.efficiency): input T_ref = -1 is out of range [1e-12, 1e+12] s");
    CHECK(m.undoStack()->count() == depth);

    QString name;
    CHECK(m.addBlock("speedup.efficiency", {10, 20}, &name).isEmpty());
    CHECK(name == "efficiency");
    CHECK(m.blockPosition("efficiency") == std::optional<QPointF>(QPointF(10, 20)));
    CHECK(m.connect(Source::output({"s", "S"}), {"efficiency", "P_ref"}).contains("units differ"));
    CHECK(m.connect(Source::output({"s", "E"}), {"efficiency", "T"}).contains("units differ"));
    m.undoStack()->undo(); // the add, as one step with its position
    CHECK(m.doc().design.findBlock("efficiency") == nullptr);
    CHECK_FALSE(m.blockPosition("efficiency").has_value());

    CHECK(m.removeBlocks({"s"}).isEmpty());
    CHECK(m.doc().design.wires().empty());
    m.undoStack()->undo();
    CHECK(m.doc().design.wires().size() == 1);
}

TEST_CASE("save is atomic, marks clean, and autosave writes a recovery file", "[gui][document]")
{
    QTemporaryDir dir;
    DocumentModel m;
    m.setDocument(smallDoc(), {});
    Autosave autosave(&m, 60000, dir.filePath("recovery"));
    CHECK(autosave.saveNow().isEmpty());
    CHECK_FALSE(QFile::exists(autosave.recoveryPath())); // nothing unsaved yet

    m.setValue({"s", "T"}, 3.0);
    CHECK(autosave.saveNow().isEmpty());
    REQUIRE(QFile::exists(autosave.recoveryPath()));
    // The recovery file is a loadable document holding the unsaved value.
    const DesignDocument rec = loadDocument(autosave.recoveryPath().toStdString());
    CHECK(rec.design.value({"s", "T"}).value == 3.0);

    const QString path = dir.filePath("saved.json");
    CHECK(m.save(path).isEmpty());
    CHECK_FALSE(m.isModified());
    CHECK_FALSE(QFile::exists(autosave.recoveryPath())); // saved: recovery dropped
    CHECK(loadDocument(path.toStdString()).design.value({"s", "T"}).value == 3.0);

    CHECK(m.save(dir.filePath("missing/dir/x.json")).contains("Cannot"));
}

TEST_CASE("a GUI save keeps the file's mode and writes through a symbolic link, as the CLI's does",
          "[gui][document][saves]")
{
    QTemporaryDir dir;
    DocumentModel m;
    m.setDocument(smallDoc(), {});
    const QString target = dir.filePath("private.json");
    const QString link = dir.filePath("link.json");
    REQUIRE(m.save(target).isEmpty());
    REQUIRE(QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner)); // 0600
    REQUIRE(QFile::link("private.json", link));
    m.setValue({"s", "T"}, 5.0);
    CHECK(m.save(link).isEmpty());
    CHECK(QFileInfo(link).isSymLink());
    struct stat st {};
    REQUIRE(::stat(target.toLocal8Bit().constData(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0600); // not reset to 0644
    CHECK(loadDocument(target.toStdString()).design.value({"s", "T"}).value == 5.0);
}

TEST_CASE("successive edits of one value are one undo step", "[gui][document][merge]")
{
    DocumentModel m;
    m.setDocument(smallDoc(), {});
    const int depth = m.undoStack()->count();
    // Typing 10, then 20, then 30 into T_ref: one step, undone to the start.
    for (double v : {10.0, 20.0, 30.0})
        REQUIRE(m.setValue({"s", "T_ref"}, v).isEmpty());
    CHECK(m.undoStack()->count() == depth + 1);
    CHECK(m.undoStack()->undoText() == "Set s.T_ref");
    m.undoStack()->undo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 1.0);
    m.undoStack()->redo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 30.0);
    // After an undo or redo, and for another action on the field (Reset
    // after Set), the next edit is a step of its own: undo goes back to 30.
    REQUIRE(m.setValue({"s", "T_ref"}, 35.0).isEmpty());
    CHECK(m.undoStack()->count() == depth + 2);
    REQUIRE(m.resetValue({"s", "T_ref"}).isEmpty());
    CHECK(m.undoStack()->count() == depth + 3);
    m.undoStack()->undo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 35.0);
    m.undoStack()->undo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 30.0);

    // Another field is another step, and so is the first field after it.
    REQUIRE(m.setDesignParam("P", 8).isEmpty());
    REQUIRE(m.setValue({"s", "T_ref"}, 40.0).isEmpty());
    CHECK(m.undoStack()->count() == depth + 3); // the two steps undone above are dropped
    // A structural edit never merges.
    QString name;
    REQUIRE(m.addBlock("speedup.efficiency", {0, 0}, &name).isEmpty());
    REQUIRE(m.addBlock("speedup.efficiency", {0, 0}, &name).isEmpty());
    CHECK(m.undoStack()->count() == depth + 5);
}

TEST_CASE("an edit that removes a sweep axis says so, and undo brings the axis back", "[gui][document][cleanup]")
{
    DocumentModel m;
    DesignDocument doc = parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "small",
      "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64}],
      "blocks": [{"name": "s", "type": "speedup.efficiency", "values": {"T": 2, "P": 4}}],
      "wires": [],
      "sweep": {"axes": [{"path": "s.P", "values": "1:8"}]}
    })");
    // s.P has a value of its own, so it stays apart from the job (unset, the reader would wire P into it).
    m.setDocument(doc, {});
    QSignalSpy told(&m, &DocumentModel::removedAlong);
    // Wiring P into s.P: the axis that swept s.P means nothing any more.
    REQUIRE(m.connect(Source::designParam("P"), {"s", "P"}).isEmpty());
    CHECK(m.doc().sweep.axes.empty());
    REQUIRE(told.count() == 1);
    const QString text = told.at(0).at(0).toString();
    CHECK(text.contains("sweep axis s.P"));
    CHECK(text.contains("Undo"));
    m.undoStack()->undo();
    REQUIRE(m.doc().sweep.axes.size() == 1);
    CHECK(m.doc().sweep.axes[0].path == "s.P");
}

TEST_CASE("value edits, their undo and redo never copy the measured samples", "[gui][document][shared]")
{
    DocumentModel m;
    m.setDocument(smallDoc(), {});
    nlohmann::json samples = nlohmann::json::array();
    for (int i = 0; i < 1000; ++i)
        samples.push_back(1e8);
    nlohmann::json measured = nlohmann::json::array({nlohmann::json::parse(R"({
      "probe": "mem.copy", "name": "Memory copy", "nodes": ["n1"], "status": "ok", "params": {},
      "started": "2026-01-01T11:00:00Z", "duration_s": 1.0, "calibrates": [],
      "summary": {"series": {"memcpy": {"n": 3, "median": 1e8, "ci_lo": 1e8, "ci_hi": 1e8, "unit": "B/s"}}},
      "parts": [{"node": "n1", "role": "self", "rank": 0, "status": "ok", "summary": {}, "samples": {}}]})")});
    measured[0]["parts"][0]["samples"]["memcpy"] = samples;
    REQUIRE(m.apply("results", edit::op::setMeasured(std::move(measured))).isEmpty());
    const nlohmann::json* first = &m.doc().measured[0]["parts"][0]["samples"]["memcpy"][0];
    REQUIRE(m.setValue({"s", "T_ref"}, 10.0).isEmpty());
    REQUIRE(m.setDesignParam("P", 8).isEmpty());
    m.undoStack()->undo();
    m.undoStack()->undo();
    m.undoStack()->redo();
    CHECK(m.doc().design.value({"s", "T_ref"}).value == 10.0);
    CHECK(&m.doc().measured[0]["parts"][0]["samples"]["memcpy"][0] == first);
    // A refused edit neither.
    CHECK_FALSE(m.setValue({"s", "T_ref"}, -1.0).isEmpty());
    CHECK(&m.doc().measured[0]["parts"][0]["samples"]["memcpy"][0] == first);
}

TEST_CASE("undo and redo of a topology edit give back the network built before, shared, not rebuilt",
          "[gui][document][shared]")
{
    DocumentModel m;
    m.setDocument(smallDoc(), {});
    using nlohmann::json;
    const json star4{{"generator", "star"}, {"params", {{"n", 4}}}};
    const json star8{{"generator", "star"}, {"params", {{"n", 8}}}};
    // A network built elsewhere (the generator dialog's worker) is taken as it is.
    auto built = std::make_shared<const Topology>(generate("star", {{"n", 4}}));
    REQUIRE(m.setTopology("star 4", readNetwork(star4), {}, built).isEmpty());
    CHECK(m.topology() == built);
    const std::shared_ptr<const Topology> four = m.topology();
    REQUIRE(m.setTopology("star 8", star8).isEmpty());
    const std::shared_ptr<const Topology> eight = m.topology();
    REQUIRE(eight);
    CHECK(eight->counts().hosts == 8);
    // A view that kept the old pointer still reads the old network.
    CHECK(four->counts().hosts == 4);

    m.undoStack()->undo();
    CHECK(m.topology() == four); // the same object: nothing was built again
    m.undoStack()->redo();
    CHECK(m.topology() == eight);
    m.undoStack()->undo();
    m.undoStack()->undo();
    CHECK(m.topology() == nullptr); // smallDoc has no network
    m.undoStack()->redo();
    CHECK(m.topology() == four);

    // Another document: its networks are its own.
    m.setDocument(smallDoc(), {});
    CHECK(m.topology() == nullptr);
    REQUIRE(m.setTopology("star 4 again", star4).isEmpty());
    CHECK(m.topology() != four);
    CHECK(m.topology()->counts().hosts == 4);
}

TEST_CASE("a drawn network is the design's own: opening or editing a drawing builds it once, off the view's path",
          "[gui][document][shared]")
{
    using nlohmann::json;
    // The design reads a drawing when the document is read (off the GUI thread, for an open) and when it is
    // edited; the model shows that network instead of building it again from the JSON on the GUI thread.
    const auto drawnOf = [](const DocumentModel& m) {
        const BlockInstance* b = m.doc().design.topology();
        const auto* source = b ? dynamic_cast<const TopologySource*>(b->block) : nullptr;
        return source ? source->drawn() : nullptr;
    };
    DesignDocument doc = smallDoc();
    doc.topology = networkOf(generate("star", {{"n", 4}}));
    attachTopology(doc);
    DocumentModel m;
    m.setDocument(std::move(doc), {});
    REQUIRE(m.topology());
    CHECK(m.topology()->counts().hosts == 4);
    CHECK(m.topology().get() == drawnOf(m));
    const std::shared_ptr<const Topology> four = m.topology();

    // A drawing edited to 8 hosts: the design's new network.
    REQUIRE(m.setTopology("star 8", topologyToJson(generate("star", {{"n", 8}}), TopologyJsonForm::Explicit)).isEmpty());
    CHECK(m.topology()->counts().hosts == 8);
    CHECK(m.topology().get() == drawnOf(m));
    // Undo gives back the design that held the first network, and so the same network.
    m.undoStack()->undo();
    CHECK(m.topology() == four);

    // An unfinished drawing (a host not linked) is no network: drawing() is what the design read, the error
    // names the problem.
    json loose = topologyToJson(generate("star", {{"n", 4}}), TopologyJsonForm::Explicit);
    loose["vertices"].push_back({{"id", "lonely"}, {"kind", "host"}});
    REQUIRE(m.setTopology("a loose host", loose).isEmpty());
    CHECK(m.topology() == nullptr);
    REQUIRE(m.drawing());
    CHECK(m.drawing()->counts().hosts == 5);
    CHECK_FALSE(m.topologyError().isEmpty());
}
