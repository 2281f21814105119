// Issue 48, defect 11: the Generate dialog's message went stale while the user
// typed (it quoted "the other 32 groups" after groups = 1059) and Place stayed
// disabled until Tab; and the canvas behind the open dialog went blank.
// Driven at 1280x800 from the topology editor's Generate... button.
#include "../mainwindow/WindowAt1280.h"
#include "app/gui/topology/GeneratorDialog.h"
#include "app/gui/topology/TopologyEditor.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QToolButton>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

// The pixels of an image that are not the background's colour (its top left pixel).
int drawnPixels(const QImage& image)
{
    const QRgb background = image.pixel(0, 0);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixel(x, y) != background;
    return n;
}

QString shownError(const GeneratorDialog* dialog)
{
    const auto* error = dialog->findChild<QLabel*>("generatorError");
    return error && error->isVisible() ? error->text() : QString();
}

} // namespace

TEST_CASE("the Generate dialog checks every keystroke, and the canvas stays drawn behind it (issue 48, defect 11)",
          "[gui][topology]")
{
    MainWindow w;
    test::showAt1280x800(w);
    REQUIRE(w.openPreset("acc-fft"));
    w.showTab(0);
    QTest::qWait(200);
    QGraphicsView* view = w.topologyEditor()->view();
    const int before = drawnPixels(view->viewport()->grab().toImage());
    REQUIRE(before > 1000); // the 16-host star

    QToolButton* generate = nullptr;
    for (QToolButton* b : w.topologyEditor()->findChildren<QToolButton*>())
        if (b->text().startsWith("Generate"))
            generate = b;
    REQUIRE(generate);
    QTest::mouseClick(generate, Qt::LeftButton);
    QCoreApplication::processEvents();
    auto* dialog = w.findChild<GeneratorDialog*>();
    REQUIRE(dialog);
    REQUIRE(dialog->isVisible());
    QTest::qWait(200);
    QDir().mkpath("/tmp/cs-gui-shots");
    w.grab().save("/tmp/cs-gui-shots/generate_behind.png");
    // The drawing behind the dialog is still there.
    CHECK(drawnPixels(view->viewport()->grab().toImage()) > before / 2);

    // Dragonfly, from the list as a user picks it.
    auto* list = dialog->findChild<QListWidget*>();
    REQUIRE(list);
    QListWidgetItem* dragonfly = nullptr;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->data(Qt::UserRole).toString() == "dragonfly")
            dragonfly = list->item(i);
    REQUIRE(dragonfly);
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(dragonfly).center());
    QCoreApplication::processEvents();
    QPushButton* place = dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    auto* groups = dialog->findChild<QSpinBox*>("param-groups");
    REQUIRE(groups);
    // The defaults (groups 9, a 4, h 2) build: a x h = 8 global links spread over the other 8 groups.
    CHECK(place->isEnabled());

    // Keystrokes, no Tab. groups = 5: 8 links over the other 4 groups, 2 each: valid.
    groups->setFocus();
    groups->selectAll();
    QTest::keyClicks(groups, "5");
    CHECK(place->isEnabled());
    CHECK(shownError(dialog).isEmpty());
    // groups = 7: 8 links do not spread over the other 6 groups; said at once, Place disabled.
    groups->selectAll();
    QTest::keyClicks(groups, "7");
    CHECK(shownError(dialog).contains("the other 6 groups"));
    CHECK_FALSE(place->isEnabled());
    // groups = 3: 8 links over the other 2 groups, 4 each: valid again, Place enabled without Tab.
    groups->selectAll();
    QTest::keyClicks(groups, "3");
    CHECK(shownError(dialog).isEmpty());
    CHECK(place->isEnabled());
    // groups = 33 > a x h + 1 = 9; the "3" before it was valid, the second "3" is not.
    QTest::keyClicks(groups, "3");
    CHECK(shownError(dialog).contains("groups = 33 exceeds"));
    CHECK_FALSE(place->isEnabled());
    // An emptied field builds nothing.
    groups->selectAll();
    QTest::keyClick(groups, Qt::Key_Backspace);
    CHECK_FALSE(place->isEnabled());
    dialog->reject();
}
