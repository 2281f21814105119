// Issue 48, defect 15: Ctrl+E (File > Export plot...) did nothing while a
// sweep range field had the focus. The field is a line edit, and with the
// X11, GNOME and KDE key schemes Ctrl+E is its "end of line" (as in Emacs): it
// claims the key before any shortcut. Qt's offscreen platform uses the
// Windows key scheme, where it does not; so the offscreen test puts that claim
// on the field itself, as those schemes make QLineEdit do (the same test under
// Xvfb with QT_QPA_PLATFORM=xcb sees the real one: tests/CMakeLists.txt).
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepAxesEditor.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QApplication>
#include <QFileDialog>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

using namespace cs::app;

namespace {

// What QLineEdit does with Ctrl+E under the X11 key schemes: it takes the key for itself (end of line).
class ClaimsCtrlE : public QObject {
protected:
    bool eventFilter(QObject* watched, QEvent* e) override
    {
        if (e->type() == QEvent::ShortcutOverride &&
            static_cast<QKeyEvent*>(e)->keyCombination() == QKeyCombination(Qt::CTRL, Qt::Key_E)) {
            e->accept();
            return true;
        }
        return QObject::eventFilter(watched, e);
    }
};

// Presses Ctrl+E in `field`; returns the title of the file dialog it opened ("" when none).
QString pressCtrlE(QLineEdit* field)
{
    field->window()->activateWindow(); // as the closed dialog leaves it
    REQUIRE(QTest::qWaitForWindowActive(field->window()));
    field->setFocus();
    // On X11 focus arrives as events from the server: until then the key would go nowhere.
    REQUIRE(QTest::qWaitFor([&] { return QApplication::focusWidget() == field; }));
    QString asked;
    QTimer::singleShot(0, [&] {
        if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
            asked = dialog->windowTitle();
            dialog->reject();
        }
    });
    QTest::keyClick(field, Qt::Key_E, Qt::ControlModifier);
    QCoreApplication::processEvents();
    return asked;
}

} // namespace

TEST_CASE("Ctrl+E exports the plot while a sweep range field has the focus (issue 48, defect 15)",
          "[gui][sweep][shortcut]")
{
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    QSignalSpy updated(w.sweepPanel(), &SweepPanel::plotsUpdated);
    REQUIRE(w.openPreset("acc-fft"));
    REQUIRE((updated.count() > 0 || updated.wait(30000)));

    sweeppanel::SweepAxesEditor* axes = w.sweepPanel()->axesEditor();
    REQUIRE(axes->rowCount() >= 1);
    QLineEdit* range = axes->specEdit(0);
    const QString before = range->text();
    range->setCursorPosition(0);

    // With this platform's own key scheme.
    CHECK(pressCtrlE(range) == "Export plot");
    // With the claim X11, GNOME and KDE key schemes make (unless this platform already makes it).
    ClaimsCtrlE claim;
    range->installEventFilter(&claim);
    CHECK(pressCtrlE(range) == "Export plot");
    range->removeEventFilter(&claim);
    CHECK(range->text() == before); // the field is left as it was
}
