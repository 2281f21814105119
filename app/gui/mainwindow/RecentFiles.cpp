#include "app/gui/mainwindow/RecentFiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace cs::app {

namespace {

// One spelling per file, so that a file opened by a relative path, through a
// link or with ".." is listed once: its canonical path, or the clean absolute
// path of a file that is not there now.
QString canonical(const QString& path)
{
    const QFileInfo info(path);
    const QString c = info.canonicalFilePath();
    return c.isEmpty() ? QDir::cleanPath(info.absoluteFilePath()) : c;
}

// The stored list in that spelling, each file once (an older session stored the paths as given).
QStringList stored()
{
    QStringList out;
    for (const QString& p : QSettings().value("recentFiles").toStringList())
        if (const QString c = canonical(p); !out.contains(c))
            out << c;
    return out;
}

} // namespace

QStringList RecentFiles::list()
{
    QStringList out;
    for (const QString& p : stored())
        if (QFileInfo::exists(p))
            out << p;
    return out;
}

void RecentFiles::add(const QString& path)
{
    QStringList l = stored();
    const QString c = canonical(path);
    l.removeAll(c);
    l.prepend(c);
    while (l.size() > kMax)
        l.removeLast();
    QSettings().setValue("recentFiles", l);
}

void RecentFiles::remove(const QString& path)
{
    QStringList l = stored();
    l.removeAll(canonical(path));
    QSettings().setValue("recentFiles", l);
}

} // namespace cs::app
