// The GUI's last line of defence: an exception that escapes an event handler
// is reported, a recovery copy of unsaved work is offered, and the program
// goes on.
#include "app/document/Autosave.h"
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/GuiApplication.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "model/document/DocumentEdits.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

#include <stdexcept>

using namespace cs;
using namespace cs::app;

namespace {

// An object whose event handler throws, as a bug in a slot would.
class Thrower : public QObject {
public:
    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::User)
            throw std::runtime_error("measured[0].status: type must be string, but is number");
        return QObject::event(e);
    }
};

GuiApplication& guiApp()
{
    auto* app = qobject_cast<GuiApplication*>(QCoreApplication::instance());
    REQUIRE(app);
    return *app;
}

} // namespace

TEST_CASE("an exception escaping an event handler is reported and the program goes on", "[gui][crash]")
{
    GuiApplication& app = guiApp();
    QStringList reported;
    app.setErrorHandler([&](const QString& what) { reported << what; });
    const int before = app.caught();
    Thrower t;
    QEvent sent(QEvent::User);
    CHECK_FALSE(QCoreApplication::sendEvent(&t, &sent));
    // A posted event (a queued slot) goes through the same door.
    QCoreApplication::postEvent(&t, new QEvent(QEvent::User));
    QCoreApplication::processEvents();
    CHECK(app.caught() == before + 2);
    REQUIRE(reported.size() == 2);
    CHECK(reported[0].contains("measured[0].status: type must be string"));
    app.setErrorHandler({});
}

TEST_CASE("the main window reports an internal error and saves a recovery copy of unsaved work", "[gui][crash]")
{
    MainWindow w;
    w.model()->newDocument();
    REQUIRE(w.model()->addBlock("inic.fft2d", QPointF(0, 0)).isEmpty()); // unsaved work
    REQUIRE(w.model()->isModified());
    const QString recovery = w.autosave()->recoveryPath();
    QFile::remove(recovery);

    GuiApplication& app = guiApp();
    app.setErrorHandler([&w](const QString& what) { w.reportInternalError(what); });
    QString shown;
    // The dialog is modal: answer it as the user would, by saving a copy.
    QTimer::singleShot(0, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        REQUIRE(box);
        shown = box->text();
        for (QAbstractButton* b : box->buttons())
            if (b->text().contains("recovery copy"))
                b->click();
    });
    Thrower t;
    QEvent e(QEvent::User);
    QCoreApplication::sendEvent(&t, &e);
    app.setErrorHandler({});

    CHECK(shown.contains("did not expect"));
    CHECK(shown.contains("measured[0].status"));
    // The unsaved work is in the recovery file (offered at the next start).
    QFile copy(recovery);
    REQUIRE(copy.open(QIODevice::ReadOnly));
    CHECK(copy.readAll().contains("inic.fft2d"));
    copy.close();
    QFile::remove(recovery);
}

TEST_CASE("recovered work stays unsaved through undo, and its recovery file stays until it is saved",
          "[gui][crash][recovery]")
{
    MainWindow w;
    // What a crashed session left: a preset with one value changed.
    w.model()->loadPreset("acc-fft");
    REQUIRE(w.model()->setValue({"net", "L"}, 7e-6).isEmpty());
    REQUIRE(w.autosave()->saveNow().isEmpty());
    const QString left = QDir(w.autosave()->folder()).filePath("session-999999.recovery.json");
    QFile::remove(left);
    REQUIRE(QFile::rename(w.autosave()->recoveryPath(), left));
    w.model()->newDocument();

    // Accept recovery as the user would.
    QTimer::singleShot(0, [] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        REQUIRE(box);
        box->button(QMessageBox::Yes)->click();
    });
    REQUIRE(w.offerRecovery());
    CHECK(w.model()->doc().design.value({"net", "L"}).value == 7e-6);
    CHECK(w.model()->isModified());
    CHECK(QFile::exists(left));

    // Ctrl+Z (the undo stack's undo) must not make it look saved.
    w.model()->undoStack()->undo();
    CHECK(w.model()->doc().design.value({"net", "L"}).value == 7e-6);
    CHECK(w.model()->isModified());
    CHECK(QFile::exists(left)); // still safe: quitting now asks, and the file is there

    // An edit and its undo do not make it clean either.
    REQUIRE(w.model()->setValue({"net", "L"}, 8e-6).isEmpty());
    w.model()->undoStack()->undo();
    CHECK(w.model()->isModified());

    // Saving it is what makes it safe; then the recovery file goes.
    QTemporaryDir dir;
    REQUIRE(w.model()->save(dir.filePath("recovered.json")).isEmpty());
    CHECK_FALSE(w.model()->isModified());
    CHECK_FALSE(QFile::exists(left));
}

TEST_CASE("logarithmic axes are kept with the work and restored after a crash (issue 34, defect 11)",
          "[gui][crash][recovery]")
{
    MainWindow w;
    w.model()->loadPreset("acc-fft");
    QCheckBox* log = w.sweepPanel()->logToggle();
    REQUIRE_FALSE(log->isChecked());
    log->click(); // as the user ticks it: one undo step, kept in the document's layout
    CHECK(cs::edit::logAxes(w.model()->doc()));
    CHECK(w.model()->isModified());
    w.model()->undoStack()->undo();
    CHECK_FALSE(log->isChecked()); // the box follows the document
    w.model()->undoStack()->redo();
    CHECK(log->isChecked());

    // What a crashed session left, with the axes logarithmic; a new document has them linear.
    REQUIRE(w.autosave()->saveNow().isEmpty());
    const QString left = QDir(w.autosave()->folder()).filePath("session-999998.recovery.json");
    QFile::remove(left);
    REQUIRE(QFile::rename(w.autosave()->recoveryPath(), left));
    w.model()->newDocument();
    CHECK_FALSE(log->isChecked());
    QTimer::singleShot(0, [] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        REQUIRE(box);
        box->button(QMessageBox::Yes)->click();
    });
    REQUIRE(w.offerRecovery());
    CHECK(log->isChecked());
    QFile::remove(left);
}
