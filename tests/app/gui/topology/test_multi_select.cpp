// A rubber band over several links, then one value typed in the inspector:
// every selected link changes, in one undo step, and the form says so.
#include "TopologyTestUtil.h"

#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"

#include <QLabel>
#include <QLineEdit>
#include <QPainterPath>
#include <QUndoStack>

using namespace cs;
using namespace cs::app;
using namespace cs::app::testutil;

namespace {

// A star of 8 hosts at 1 Gbit/s on one switch.
const char* kStar = R"("topology": {"generator": "star", "params": {"n": 8, "bw": 125000000}})";

// The texts of the inspector's form (its header says what an edit applies to).
QString formText(const Inspector& inspector)
{
    QString all;
    for (QLabel* l : inspector.form()->findChildren<QLabel*>())
        all += l->text() + "\n";
    return all;
}

} // namespace

TEST_CASE("a rubber band over five links and one bandwidth typed changes all five, in one undo step",
          "[gui][topology][inspector][selection]")
{
    DocumentModel model;
    Selection selection;
    model.setDocument(docWith(kStar), {});
    TopologyEditor editor(&model, &selection);
    Inspector inspector(&model, &selection);
    editor.resize(900, 700);
    editor.show();
    inspector.resize(420, 800);
    inspector.show();
    REQUIRE(editor.linkItem(7));

    // What the rubber band does: select what its area touches; here a small
    // square on the middle of links 0 to 4, away from every vertex.
    QPainterPath band;
    for (int i = 0; i < 5; ++i) {
        const QPointF mid = editor.linkItem(i)->mapToScene(editor.linkItem(i)->boundingRect().center());
        band.addRect(QRectF(mid - QPointF(2, 2), QSizeF(4, 4)));
    }
    editor.scene()->setSelectionArea(band); // intersecting the shape, replacing the selection
    REQUIRE(selection.kind() == Selection::Kind::Link);
    REQUIRE(selection.keys().size() == 5);
    CHECK(formText(inspector).contains("5 links selected"));

    QLineEdit* bw = inspector.form()->findChild<QLineEdit*>("edit:bandwidth");
    REQUIRE(bw);
    const int depth = model.undoStack()->count();
    bw->setFocus();
    bw->selectAll();
    QTest::keyClicks(bw, "2 Gbit/s");
    QTest::keyClick(bw, Qt::Key_Return);

    REQUIRE(model.topology());
    for (const QString& k : selection.keys())
        CHECK(model.topology()->link(k.toULongLong()).bandwidth == Approx(2.5e8)); // 2e9 bit/s / 8
    int changed = 0;
    for (std::size_t e = 0; e < model.topology()->edgeCount(); ++e)
        changed += model.topology()->link(e).bandwidth == Approx(2.5e8) ? 1 : 0;
    CHECK(changed == 5); // the other three keep 1 Gbit/s
    CHECK(model.undoStack()->count() == depth + 1);

    model.undoStack()->undo();
    for (std::size_t e = 0; e < model.topology()->edgeCount(); ++e)
        CHECK(model.topology()->link(e).bandwidth == Approx(1.25e8));
}

TEST_CASE("a refused rate is quoted as the user typed it, not in B/s", "[gui][inspector][units]")
{
    DocumentModel model;
    Selection selection;
    model.setDocument(docWith(kStar), {});
    Inspector inspector(&model, &selection);
    inspector.resize(420, 800);
    inspector.show();
    selection.select(Selection::Kind::Link, "0");
    QLineEdit* bw = inspector.form()->findChild<QLineEdit*>("edit:bandwidth");
    REQUIRE(bw);
    bw->setFocus();
    bw->selectAll();
    QTest::keyClicks(bw, "-5 Gbit/s");
    QTest::keyClick(bw, Qt::Key_Return);
    auto* err = inspector.form()->findChild<QLabel*>("error:bandwidth");
    REQUIRE(err);
    INFO(err->text().toStdString());
    CHECK(err->text().contains("-5 Gbit/s"));
    CHECK_FALSE(err->text().contains("6.25e+08"));
    CHECK(model.topology()->link(0).bandwidth == Approx(1.25e8));
}
