// run-app's --time: the spec, and the seconds a program prints.
#include "app/runner/apprun/AppTiming.h"

#include <catch2/catch.hpp>

using namespace cs::runner::apprun;
using Catch::Contains;

TEST_CASE("run-app: --time stdout:REGEX takes the first capture group of the first matching line", "[runapp]")
{
    const Timing t = parseTiming("stdout:time: ([0-9.eE+-]+) s");
    CHECK_FALSE(t.wall);
    CHECK(t.text() == "stdout:time: ([0-9.eE+-]+) s");
    CHECK(secondsFromOutput(t, "starting\ntime: 0.25 s\ntime: 9 s\n") == 0.25);
    CHECK(secondsFromOutput(t, "time: 2.5e-3 s\r\n") == 0.0025);
    CHECK(parseTiming("wall").wall);
}

TEST_CASE("run-app: a --time that is not wall or a usable regex is refused naming it", "[runapp]")
{
    CHECK_THROWS_WITH(parseTiming("cpu"), Contains("--time 'cpu': expected wall or stdout:REGEX"));
    CHECK_THROWS_WITH(parseTiming("stdout:time: [0-9"), Contains("not a regular expression"));
    CHECK_THROWS_WITH(parseTiming("stdout:time: [0-9.]+"), Contains("has no capture group"));
    CHECK_THROWS_WITH(parseTiming("stdout:"), Contains("needs a REGEX"));
}

TEST_CASE("run-app: output without the time, or with a group that is not seconds, names the line", "[runapp]")
{
    const Timing t = parseTiming("stdout:time: (\\S+)");
    CHECK_THROWS_WITH(secondsFromOutput(t, "hello\nbye\n"),
                      "no line of the program's output matches stdout:time: (\\S+) (its last line: 'bye')");
    CHECK_THROWS_WITH(secondsFromOutput(t, ""), Contains("(the output is empty)"));
    CHECK_THROWS_WITH(secondsFromOutput(t, "x\ntime: fast\n"),
                      "output line 2 'time: fast': the capture group gives 'fast', not a number of seconds >= 0");
    CHECK_THROWS_WITH(secondsFromOutput(t, "time: -1\n"), Contains("not a number of seconds >= 0"));
    CHECK_THROWS_WITH(secondsFromOutput(t, "time: nan\n"), Contains("not a number of seconds >= 0"));
    // A line longer than 64 KiB is matched on its first 64 KiB, without exhausting the regex engine.
    CHECK_THROWS(secondsFromOutput(parseTiming("stdout:(a+)b"), std::string(1 << 20, 'a')));
}
