#include "app/gui/mainwindow/RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace cs::app {

QStringList RecentFiles::list()
{
    QStringList out;
    for (const QString& p : QSettings().value("recentFiles").toStringList())
        if (QFileInfo::exists(p))
            out << p;
    return out;
}

void RecentFiles::add(const QString& path)
{
    QStringList l = QSettings().value("recentFiles").toStringList();
    l.removeAll(path);
    l.prepend(path);
    while (l.size() > kMax)
        l.removeLast();
    QSettings().setValue("recentFiles", l);
}

void RecentFiles::remove(const QString& path)
{
    QStringList l = QSettings().value("recentFiles").toStringList();
    l.removeAll(path);
    QSettings().setValue("recentFiles", l);
}

} // namespace cs::app
