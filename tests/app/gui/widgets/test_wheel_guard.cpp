// The scroll wheel over a field without focus scrolls the form, never changes
// the value (issue 15, defect 2): driven with real wheel events on the
// inspector of a block with a choice input (topology.metrics' kind).
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/Inspector.h"
#include "app/gui/widgets/WheelGuard.h"
#include "model/document/DocumentFormat.h"

#include <QApplication>
#include <QComboBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

const char* kDoc = R"({
  "format": "clusterscope-design", "version": 3, "name": "metrics",
  "blocks": [{"name": "metrics", "type": "topology.metrics"}]
})";

// One notch of the wheel (downwards) at the centre of `w`, delivered the way
// QApplication delivers it: to the widget under the pointer.
void wheelDown(QWidget* w)
{
    const QPointF local(w->width() / 2.0, w->height() / 2.0);
    QWheelEvent e(local, w->mapToGlobal(local), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                  Qt::NoScrollPhase, false);
    QApplication::sendEvent(w, &e);
}

} // namespace

TEST_CASE("the wheel over an inspector combo box without focus makes no edit", "[gui][wheel]")
{
    WheelGuard::install(QCoreApplication::instance());
    DocumentModel model;
    Selection selection;
    Inspector inspector(&model, &selection);
    model.setDocument(parseDocument(kDoc), {});
    inspector.resize(400, 200); // smaller than the form: it scrolls
    inspector.show();
    selection.select(Selection::Kind::Block, "metrics");
    QCoreApplication::processEvents();

    auto* kind = inspector.form()->findChild<QComboBox*>("edit:kind");
    REQUIRE(kind);
    const int before = kind->currentIndex();
    CHECK(kind->focusPolicy() == Qt::StrongFocus);
    wheelDown(kind);
    wheelDown(kind);
    QCoreApplication::processEvents();
    // Unchanged: no value and no undoable edit.
    CHECK(kind->currentIndex() == before);
    CHECK(model.undoStack()->count() == 0);

    // With the focus (clicked or tabbed to), the wheel changes it as usual.
    kind->setFocus();
    QCoreApplication::processEvents();
    if (kind->hasFocus()) {
        wheelDown(kind);
        CHECK(kind->currentIndex() == before + 1);
        CHECK(model.undoStack()->count() == 1);
    }
}

TEST_CASE("the wheel over a spin box without focus scrolls the form around it", "[gui][wheel]")
{
    WheelGuard::install(QCoreApplication::instance());
    QScrollArea area;
    auto* form = new QWidget;
    auto* layout = new QVBoxLayout(form);
    auto* first = new QSpinBox; // takes the focus when the window shows
    layout->addWidget(first);
    auto* spin = new QSpinBox;
    spin->setRange(0, 100);
    spin->setValue(50);
    layout->addWidget(spin);
    layout->addSpacing(2000); // taller than the area
    area.setWidget(form);
    area.resize(200, 200);
    area.show();
    QCoreApplication::processEvents();

    first->setFocus();
    QCoreApplication::processEvents();
    REQUIRE_FALSE(spin->hasFocus());
    REQUIRE(area.verticalScrollBar()->value() == 0);
    wheelDown(spin);
    CHECK(spin->value() == 50);
    CHECK(area.verticalScrollBar()->value() > 0);
}
