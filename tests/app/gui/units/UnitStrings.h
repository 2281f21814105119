#pragma once
// The units a view writes its rates and times in, read back from its text.
#include <QRegularExpression>
#include <QSet>
#include <QString>

namespace cs::app::testutil {

// Every rate unit in `text` ("1 Gbit/s, 160 MB/s" -> {"Gbit/s", "MB/s"}).
inline QSet<QString> rateUnits(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("\\d\\s*((?:[kKMGT]?bit|[KMGT]?i?B)/s)\\b"));
    QSet<QString> out;
    for (auto it = re.globalMatch(text); it.hasNext();)
        out.insert(it.next().captured(1));
    return out;
}

} // namespace cs::app::testutil
