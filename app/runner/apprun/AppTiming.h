#pragma once
// How a run of the user's program is timed (`run-app --time`):
//   wall          the launch's wall time less the launch overhead (the same launch of `true`, AppRun.h)
//   stdout:REGEX  the number the program prints: the first capture group of the first line of its standard
//                 output that REGEX (Perl-compatible, PCRE2 through QRegularExpression) matches, in seconds
#include <QRegularExpression>
#include <string>

namespace cs::runner::apprun {

struct Timing {
    bool wall = true;
    std::string pattern; // stdout: the REGEX as given
    QRegularExpression re;

    std::string text() const { return wall ? std::string("wall") : "stdout:" + pattern; }
};

// Parses "wall" or "stdout:REGEX". Throws std::invalid_argument naming the text: another word, a REGEX that
// does not compile (with the library's reason) or that has no capture group.
Timing parseTiming(const std::string& text);

// The seconds `output` states (stdout timing): the first capture group of the first matching line, a plain
// number ("0.25", "2.5e-3"). Lines are matched one at a time, each cut to 64 KiB. PCRE2 is used rather than
// std::regex: libstdc++'s engine recurses once per character, and a 64 KiB line overflowed the stack (SIGSEGV);
// PCRE2 keeps its backtracking on the heap under a match limit (a line that hits it counts as not matching). Throws std::invalid_argument: no line matches (quoting the pattern and the
// output's last line), or the group is not a finite number >= 0 (naming the line number and the text).
double secondsFromOutput(const Timing& timing, const std::string& output);

} // namespace cs::runner::apprun
