#include "app/gui/mainwindow/SaveName.h"

#include <QRegularExpression>

namespace cs::app {

QString proposedSaveName(const QString& name)
{
    static const QRegularExpression bad(QStringLiteral("\\s*[:/\\\\?*\"<>|\\x00-\\x1f]+\\s*"));
    static const QRegularExpression edges(QStringLiteral("^[\\s.\\-]+|[\\s.\\-]+$"));
    QString base = name;
    if (base.endsWith(QStringLiteral(".json"), Qt::CaseInsensitive))
        base.chop(5);
    base.replace(bad, QStringLiteral(" - "));
    base.replace(edges, QString());
    base = base.simplified();
    if (base.isEmpty())
        base = QStringLiteral("untitled");
    return base + QStringLiteral(".json");
}

} // namespace cs::app
