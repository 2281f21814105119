// The node list editor, driven as a user would: add nodes with the button
// and from a --nodes SPEC, edit cells by typing into them, pick a transport
// from the drop-down, remove rows; every edit is one undo step, and a bad
// value is refused with a message naming the node, the field and the value.
#include "app/document/DocumentModel.h"
#include "app/gui/runner/NodeListEditor.h"
#include "app/gui/runner/NodeTableModel.h"
#include "model/cluster/NodeFields.h"

#include <QComboBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <catch2/catch.hpp>

#include <algorithm>

using namespace cs;
using namespace cs::app;
using nlohmann::json;

namespace {

// Double-clicks a cell, selects what its editor holds, types `text` and presses Enter.
void typeInto(QTableView* view, int row, int column, const QString& text)
{
    const QModelIndex index = view->model()->index(row, column);
    view->scrollTo(index);
    const QPoint at = view->visualRect(index).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
    auto* editor = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    REQUIRE(editor != nullptr);
    editor->selectAll();
    QTest::keyClick(editor, Qt::Key_Backspace);
    QTest::keyClicks(editor, text);
    QTest::keyClick(editor, Qt::Key_Return);
    QApplication::processEvents();
}

} // namespace

TEST_CASE("nodes are added, edited and removed in the table, each edit undoable", "[g-runner]")
{
    DocumentModel m;
    NodeListEditor ed(&m);
    ed.resize(1000, 400);
    ed.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ed));
    QUndoStack* undo = m.undoStack();

    // The button adds a local node with a unique name.
    QTest::mouseClick(ed.addButton(), Qt::LeftButton);
    REQUIRE(m.doc().nodes.size() == 1);
    CHECK(m.doc().nodes[0] == json({{"name", "local0"}, {"transport", "local"}}));
    CHECK(undo->count() == 1);

    // A --nodes SPEC adds two pinned nodes; the clashing default name is renamed.
    QTest::keyClicks(ed.specEdit(), "local:cpu=0,local:cpu=1");
    QTest::keyClick(ed.specEdit(), Qt::Key_Return);
    REQUIRE(m.doc().nodes.size() == 3);
    CHECK(m.doc().nodes[1]["name"] == "local1");
    CHECK(m.doc().nodes[1]["cpus"] == json::array({0}));
    CHECK(m.doc().nodes[2]["name"] == "local2");
    CHECK(m.doc().nodes[2]["cpus"] == json::array({1}));
    CHECK(undo->count() == 2); // the spec's nodes are one step
    CHECK(ed.specEdit()->text().isEmpty());

    // Typing CPUs into a cell: "2, 3" and the range form "4-5".
    typeInto(ed.view(), 1, NodeTableModel::Cpus, "2, 3");
    CHECK(m.doc().nodes[1]["cpus"] == json::array({2, 3}));
    typeInto(ed.view(), 2, NodeTableModel::Cpus, "4-5");
    CHECK(m.doc().nodes[2]["cpus"] == json::array({4, 5}));
    CHECK(undo->count() == 4);
    CHECK(undo->undoText() == "Set cpus of node local2");
    undo->undo();
    CHECK(m.doc().nodes[2]["cpus"] == json::array({1}));
    undo->redo();
    CHECK(m.doc().nodes[2]["cpus"] == json::array({4, 5}));

    // Renaming, and clearing a cell back to its default removes the key.
    typeInto(ed.view(), 0, NodeTableModel::Name, "head");
    CHECK(m.doc().nodes[0]["name"] == "head");
    typeInto(ed.view(), 1, NodeTableModel::Cpus, "");
    CHECK_FALSE(m.doc().nodes[1].contains("cpus"));
    undo->undo();
    CHECK(m.doc().nodes[1]["cpus"] == json::array({2, 3}));
}

TEST_CASE("a bad node value is refused with its message and changes nothing", "[g-runner]")
{
    DocumentModel m;
    m.apply("nodes", edit::op::setNodes(json::array({{{"name", "n1"}, {"transport", "local"}},
                                                     {{"name", "n2"}, {"transport", "local"}}})));
    NodeListEditor ed(&m);
    ed.resize(1000, 400);
    ed.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ed));
    const json before = m.doc().nodes;
    const int depth = m.undoStack()->count();

    typeInto(ed.view(), 0, NodeTableModel::Port, "abc");
    CHECK(ed.message().toStdString() == "node n1: port = 'abc' must be a whole number in [1, 65535] (empty: the default)");
    CHECK(m.doc().nodes == before);
    CHECK(m.undoStack()->count() == depth);

    typeInto(ed.view(), 1, NodeTableModel::Cpus, "0, x");
    CHECK(ed.message().toStdString() ==
          "node n2: cpus = '0, x' must list CPU numbers from 0 to 4095, e.g. 0 or 0, 1 or 0-3 (empty: not pinned)");
    typeInto(ed.view(), 1, NodeTableModel::Cpus, "9999");
    CHECK(ed.message().contains("cpus = '9999'"));

    typeInto(ed.view(), 1, NodeTableModel::Name, "n1");
    CHECK(ed.message().toStdString() == "node n2: name = 'n1' is already the name of node 1");
    typeInto(ed.view(), 1, NodeTableModel::Name, "two words");
    CHECK(ed.message().contains("name = 'two words' is not a valid name"));

    typeInto(ed.view(), 0, NodeTableModel::Ranks, "1");
    CHECK(ed.message().toStdString() == "node n1: ranks = 1 is out of range [2, 4096] (empty: the default)");
    typeInto(ed.view(), 0, NodeTableModel::User, "root@host");
    CHECK(ed.message().contains("user = 'root@host' must not contain @"));

    CHECK(m.doc().nodes == before);
    CHECK(m.undoStack()->count() == depth);

    // A good edit clears the refusal.
    typeInto(ed.view(), 0, NodeTableModel::Port, "2222");
    CHECK(m.doc().nodes[0]["port"] == 2222);
    CHECK(ed.message().isEmpty());
}

TEST_CASE("the transport drop-down, an incomplete ssh node and removing rows", "[g-runner]")
{
    DocumentModel m;
    m.apply("nodes", edit::op::setNodes(json::array({{{"name", "n1"}, {"transport", "local"}},
                                                     {{"name", "n2"}, {"transport", "local"}}})));
    NodeListEditor ed(&m);
    ed.resize(1000, 400);
    ed.show();
    REQUIRE(QTest::qWaitForWindowExposed(&ed));

    // Pick "ssh" from the drop-down as a user would (keyboard in the open box).
    const QModelIndex cell = ed.view()->model()->index(1, NodeTableModel::Transport);
    QTest::mouseClick(ed.view()->viewport(), Qt::LeftButton, {}, ed.view()->visualRect(cell).center());
    QTest::mouseDClick(ed.view()->viewport(), Qt::LeftButton, {}, ed.view()->visualRect(cell).center());
    auto* box = ed.view()->viewport()->findChild<QComboBox*>();
    REQUIRE(box != nullptr);
    box->setCurrentText("ssh");
    emit box->activated(box->currentIndex());
    QApplication::processEvents();
    CHECK(m.doc().nodes[1]["transport"] == "ssh");
    // Accepted, but not complete: the editor says what is missing.
    CHECK(ed.message().toStdString() == "Not ready to run: node n2: the ssh transport needs a host");
    typeInto(ed.view(), 1, NodeTableModel::Host, "10.0.0.2");
    CHECK(m.doc().nodes[1]["host"] == "10.0.0.2");
    CHECK(ed.message().isEmpty());

    // Remove the first row: one undo step; undo brings it back in place.
    QTest::mouseClick(ed.view()->viewport(), Qt::LeftButton, {},
                      ed.view()->visualRect(ed.view()->model()->index(0, NodeTableModel::Name)).center());
    QTest::mouseClick(ed.removeButton(), Qt::LeftButton);
    REQUIRE(m.doc().nodes.size() == 1);
    CHECK(m.doc().nodes[0]["name"] == "n2");
    CHECK(m.undoStack()->undoText() == "Remove node n1");
    m.undoStack()->undo();
    REQUIRE(m.doc().nodes.size() == 2);
    CHECK(m.doc().nodes[0]["name"] == "n1");
}

// The table edits the node fields the document defines, no other: every
// column is a key of the one node table (model/cluster/NodeFields.h).
TEST_CASE("every column of the node table is a key a document's node takes", "[gui][nodes]")
{
    for (int c = 0; c < NodeTableModel::ColumnCount; ++c) {
        INFO(NodeTableModel::key(c));
        CHECK(std::find(kNodeKeys.begin(), kNodeKeys.end(), NodeTableModel::key(c)) != kNodeKeys.end());
    }
}
