// Issue 48, defect 13: File > Open Recent and the start page listed a file
// twice, once as a relative path and once as an absolute one. Each file is
// listed once, under one spelling, however it was opened.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QListWidget>
#include <QMenu>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <catch2/catch.hpp>

using namespace cs::app;

namespace {

// What File > Open Recent shows when it opens: the entries' paths (their tool tips).
QStringList recentMenu(MainWindow& w)
{
    QMenu* recent = nullptr;
    for (QMenu* m : w.findChildren<QMenu*>())
        if (m->title() == QObject::tr("Open &Recent"))
            recent = m;
    REQUIRE(recent);
    recent->popup(w.mapToGlobal(QPoint(10, 10)));
    QCoreApplication::processEvents();
    QStringList out;
    for (QAction* a : recent->actions())
        if (a->isEnabled())
            out << a->toolTip();
    recent->hide();
    return out;
}

// What the start page's Recent files list shows.
QStringList startPageList(MainWindow& w)
{
    w.showStartPage();
    auto* list = w.findChild<QListWidget*>("recentList");
    REQUIRE(list);
    QStringList out;
    for (int i = 0; i < list->count(); ++i)
        out << list->item(i)->data(Qt::UserRole).toString();
    w.showDesign();
    return out;
}

} // namespace

TEST_CASE("a file opened by several paths is listed once in Open Recent and on the start page (issue 48, defect 13)",
          "[gui][recent]")
{
    QTemporaryDir dir;
    REQUIRE(QDir(dir.path()).mkpath("designs"));
    const QString real = QDir(dir.path()).filePath("designs/mine.json");
    {
        QFile f(real);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "clusterscope-design", "version": 3, "name": "mine"})");
    }
    // A link to the folder: the same file under another absolute path.
    const QString link = QDir(dir.path()).filePath("link");
    REQUIRE(QFile::link(QDir(dir.path()).filePath("designs"), link));
    const QString canonical = QFileInfo(real).canonicalFilePath();

    // What an earlier session left: the file under a relative path.
    const QString cwd = QDir::currentPath();
    REQUIRE(QDir::setCurrent(dir.path()));
    QSettings().setValue("recentFiles", QStringList{"designs/mine.json"});

    MainWindow w;
    w.resize(1280, 800);
    w.show();
    REQUIRE(w.openFile(real));
    REQUIRE(w.openFile(QDir(link).filePath("mine.json")));
    REQUIRE(w.openFile("designs/../designs/mine.json"));

    const QStringList menu = recentMenu(w);
    const QStringList start = startPageList(w);
    QDir::setCurrent(cwd);
    QSettings().remove("recentFiles");
    CHECK(menu.join(", ").toStdString() == canonical.toStdString());
    CHECK(start.join(", ").toStdString() == canonical.toStdString());
}
