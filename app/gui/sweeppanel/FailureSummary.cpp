#include "app/gui/sweeppanel/FailureSummary.h"

#include <QObject>

#include <algorithm>
#include <cstdlib>
#include <map>

namespace cs::app {

namespace {

// The length of the number written at s[i], or 0: what the pattern
// [-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)? matches there. By hand, not with
// std::regex: a sweep may fail in millions of rows, and the regex took tens
// of microseconds a message.
std::size_t numberAt(const std::string& s, std::size_t i)
{
    auto digit = [&s](std::size_t k) { return k < s.size() && s[k] >= '0' && s[k] <= '9'; };
    std::size_t k = i;
    if (k < s.size() && (s[k] == '+' || s[k] == '-'))
        ++k;
    if (digit(k)) {
        while (digit(k))
            ++k;
        if (k < s.size() && s[k] == '.')
            for (++k; digit(k); ++k) {
            }
    } else if (k < s.size() && s[k] == '.' && digit(k + 1)) {
        for (++k; digit(k); ++k) {
        }
    } else {
        return 0;
    }
    if (k < s.size() && (s[k] == 'e' || s[k] == 'E')) {
        std::size_t e = k + 1;
        if (e < s.size() && (s[e] == '+' || s[e] == '-'))
            ++e;
        if (digit(e)) {
            while (digit(e))
                ++e;
            k = e;
        }
    }
    return k - i;
}

// Calls f(position, length) for each number of `s`, left to right.
template <class F>
void forEachNumber(const std::string& s, F f)
{
    for (std::size_t i = 0; i < s.size();) {
        if (const std::size_t n = numberAt(s, i); n > 0) {
            f(i, n);
            i += n;
        } else {
            ++i;
        }
    }
}

// The message with every number replaced by '#': the reason, without the point.
std::string reasonKey(const std::string& message)
{
    std::string out;
    std::size_t last = 0;
    forEachNumber(message, [&](std::size_t at, std::size_t n) {
        out.append(message, last, at - last);
        out += '#';
        last = at + n;
    });
    return out.append(message, last, std::string::npos);
}

// The numbers of a message, in order, as written and as values.
std::vector<std::pair<std::string, double>> numbersOf(const std::string& message)
{
    std::vector<std::pair<std::string, double>> out;
    forEachNumber(message, [&](std::size_t at, std::size_t n) {
        std::string text = message.substr(at, n);
        const double value = std::strtod(text.c_str(), nullptr);
        out.emplace_back(std::move(text), value);
    });
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
        std::string out;
        std::size_t i = 0, last = 0;
        forEachNumber(example, [&](std::size_t at, std::size_t n) {
            out += example.substr(last, at - last);
            out += i < lo.size() && lo[i].second != hi[i].second ? lo[i].first + " to " + hi[i].first
                                                                  : example.substr(at, n);
            last = at + n;
            ++i;
        });
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
                    ? QObject::tr("; %1 because %2").arg(others).arg(QString::fromStdString(reasons[1].text()))
                    : QObject::tr("; %1 for %2 other reasons, e.g. %3")
                          .arg(others)
                          .arg(reasons.size() - 1)
                          .arg(QString::fromStdString(reasons[1].text()));
    }
    return text;
}

} // namespace cs::app
