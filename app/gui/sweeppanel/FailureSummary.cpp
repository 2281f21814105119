#include "app/gui/sweeppanel/FailureSummary.h"

#include <QObject>

#include <algorithm>
#include <cstdlib>
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

// The numbers of a message, in order, as written and as values.
std::vector<std::pair<std::string, double>> numbersOf(const std::string& message)
{
    static const std::regex number(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
    std::vector<std::pair<std::string, double>> out;
    for (auto it = std::sregex_iterator(message.begin(), message.end(), number); it != std::sregex_iterator(); ++it)
        out.emplace_back(it->str(), std::strtod(it->str().c_str(), nullptr));
    return out;
}

struct Reason {
    std::size_t rows = 0;
    std::size_t firstRow = 0;
    std::string example;
    // Per number of the message: the smallest and the largest met, as written.
    std::vector<std::pair<std::string, double>> lo, hi;

    void add(std::size_t row, const std::string& message)
    {
        const auto nums = numbersOf(message);
        if (rows++ == 0) {
            firstRow = row;
            example = message;
            lo = hi = nums;
            return;
        }
        for (std::size_t i = 0; i < nums.size() && i < lo.size(); ++i) {
            if (nums[i].second < lo[i].second)
                lo[i] = nums[i];
            if (nums[i].second > hi[i].second)
                hi[i] = nums[i];
        }
    }
    // The example with each number that differs between the rows written as
    // its span ("P = 5 to 16 exceeds topology.hosts = 4"), so that one row's
    // value is never blamed for all of them.
    std::string text() const
    {
        static const std::regex number(R"([-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?)");
        std::string out;
        std::size_t i = 0, last = 0;
        for (auto it = std::sregex_iterator(example.begin(), example.end(), number); it != std::sregex_iterator();
             ++it, ++i) {
            out += example.substr(last, static_cast<std::size_t>(it->position()) - last);
            out += i < lo.size() && lo[i].second != hi[i].second ? lo[i].first + " to " + hi[i].first : it->str();
            last = static_cast<std::size_t>(it->position() + it->length());
        }
        return out + example.substr(last);
    }
};

} // namespace

QString failureSummary(const std::vector<std::pair<std::size_t, std::string>>& errors)
{
    if (errors.empty())
        return {};
    std::map<std::string, Reason> byKey;
    for (const auto& [row, message] : errors) {
        byKey[reasonKey(message)].add(row, message);
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
                       .arg(QString::fromStdString(top.text()));
    if (reasons.size() > 1) {
        const std::size_t others = errors.size() - top.rows;
        text += reasons.size() == 2
                    ? QObject::tr("; %1 for another reason: %2").arg(others).arg(QString::fromStdString(reasons[1].text()))
                    : QObject::tr("; %1 for %2 other reasons, e.g. %3")
                          .arg(others)
                          .arg(reasons.size() - 1)
                          .arg(QString::fromStdString(reasons[1].text()));
    }
    return text;
}

} // namespace cs::app
