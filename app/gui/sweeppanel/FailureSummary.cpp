#include "app/gui/sweeppanel/FailureSummary.h"

#include <QObject>

#include <algorithm>
#include <map>
#include <regex>

namespace cs::app {

namespace {

// The message with every number replaced by '#': the reason, without the point.
std::string reasonKey(const std::string& message)
{
    static const std::regex number(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
    return std::regex_replace(message, number, "#");
}

struct Reason {
    std::size_t rows = 0;
    std::size_t firstRow = 0;
    std::string example;
};

} // namespace

QString failureSummary(const std::vector<std::pair<std::size_t, std::string>>& errors)
{
    if (errors.empty())
        return {};
    std::map<std::string, Reason> byKey;
    for (const auto& [row, message] : errors) {
        Reason& r = byKey[reasonKey(message)];
        if (r.rows++ == 0) {
            r.firstRow = row;
            r.example = message;
        }
    }
    std::vector<Reason> reasons;
    for (auto& [key, r] : byKey)
        reasons.push_back(std::move(r));
    // Most rows first; on a tie, the reason met first in the sweep.
    std::sort(reasons.begin(), reasons.end(), [](const Reason& a, const Reason& b) {
        return a.rows != b.rows ? a.rows > b.rows : a.firstRow < b.firstRow;
    });
    const Reason& top = reasons.front();
    QString text = QObject::tr("%1 rows failed: %2 because %3")
                       .arg(errors.size())
                       .arg(top.rows)
                       .arg(QString::fromStdString(top.example));
    if (reasons.size() > 1) {
        const std::size_t others = errors.size() - top.rows;
        text += reasons.size() == 2
                    ? QObject::tr("; %1 for another reason: %2").arg(others).arg(QString::fromStdString(reasons[1].example))
                    : QObject::tr("; %1 for %2 other reasons, e.g. %3")
                          .arg(others)
                          .arg(reasons.size() - 1)
                          .arg(QString::fromStdString(reasons[1].example));
    }
    return text;
}

} // namespace cs::app
