#pragma once
#include <QStringList>

namespace cs::app {

// The recently opened files, most recent first, kept in QSettings: each once,
// by its canonical path (links and ".." resolved).
class RecentFiles {
public:
    static QStringList list();
    static void add(const QString& path);
    static void remove(const QString& path);
    static constexpr int kMax = 10;
};

} // namespace cs::app
