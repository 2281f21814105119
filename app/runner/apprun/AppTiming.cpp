#include "app/runner/apprun/AppTiming.h"

#include <cmath>
#include <cstdlib>
#include <stdexcept>

namespace cs::runner::apprun {

namespace {

constexpr std::size_t kMaxLine = 64 * 1024;

std::string clipped(const std::string& s, std::size_t n = 80)
{
    return s.size() <= n ? s : s.substr(0, n) + "...";
}

std::string lastLine(const std::string& output)
{
    std::size_t end = output.find_last_not_of("\r\n");
    if (end == std::string::npos)
        return "";
    std::size_t start = output.rfind('\n', end);
    start = start == std::string::npos ? 0 : start + 1;
    return output.substr(start, end - start + 1);
}

} // namespace

Timing parseTiming(const std::string& text)
{
    Timing t;
    if (text == "wall")
        return t;
    const std::string prefix = "stdout:";
    if (text.rfind(prefix, 0) != 0)
        throw std::invalid_argument("--time '" + clipped(text) + "': expected wall or stdout:REGEX");
    t.wall = false;
    t.pattern = text.substr(prefix.size());
    if (t.pattern.empty())
        throw std::invalid_argument("--time stdout: needs a REGEX with a capture group, e.g. 'time: ([0-9.eE+-]+)'");
    t.re = QRegularExpression(QString::fromStdString(t.pattern));
    if (!t.re.isValid())
        throw std::invalid_argument("--time stdout:" + clipped(t.pattern) + ": not a regular expression (" +
                                    t.re.errorString().toStdString() + " at offset " +
                                    std::to_string(t.re.patternErrorOffset()) + ")");
    t.re.optimize();
    if (t.re.captureCount() < 1)
        throw std::invalid_argument("--time stdout:" + clipped(t.pattern) +
                                    ": has no capture group; put the number in ( ), e.g. 'time: ([0-9.eE+-]+)'");
    return t;
}

double secondsFromOutput(const Timing& timing, const std::string& output)
{
    std::size_t start = 0;
    int lineNo = 0;
    while (start < output.size()) {
        std::size_t end = output.find('\n', start);
        if (end == std::string::npos)
            end = output.size();
        ++lineNo;
        std::string line = output.substr(start, std::min(end - start, kMaxLine));
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        const QRegularExpressionMatch m = timing.re.match(QString::fromStdString(line));
        if (m.hasMatch()) {
            const std::string group = m.captured(1).toStdString();
            const char* b = group.c_str();
            char* e = nullptr;
            const double v = std::strtod(b, &e);
            if (group.empty() || e == b || *e != '\0' || !std::isfinite(v) || v < 0)
                throw std::invalid_argument("output line " + std::to_string(lineNo) + " '" + clipped(line) +
                                            "': the capture group gives '" + clipped(group) +
                                            "', not a number of seconds >= 0");
            return v;
        }
        start = end + 1;
    }
    throw std::invalid_argument("no line of the program's output matches stdout:" + clipped(timing.pattern) +
                                (output.empty() ? std::string(" (the output is empty)")
                                                : " (its last line: '" + clipped(lastLine(output)) + "')"));
}

} // namespace cs::runner::apprun
