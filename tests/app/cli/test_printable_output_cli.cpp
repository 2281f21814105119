// Everything clusterscope-cli prints passes through one filter
// (app/cli/PrintableStream.h): escape codes, carriage returns and bidi
// overrides from any input reach the terminal written out, whichever path
// prints them; the program's own progress carriage return still works.
#include "CliTestSupport.h"

#include "app/cli/PrintableStream.h"

#include <catch2/catch.hpp>

#include <sstream>

using cs::test::cli;

TEST_CASE("the output filter writes control characters out and keeps newlines, tabs and UTF-8", "[cli][printable]")
{
    std::ostringstream target;
    {
        cs::cli::PrintableStreamBuf buf(target);
        std::ostream s(&buf);
        // A fake consent line drawn over the real one: erase the line, go back, recolour.
        s << "n1 (ssh root@10.0.0.9)\x1b[2K\r" << "n1 (local)\x1b[31m\n";
        s << "tab\there, bidi \u202eevil\n";
        // "µs" with its two bytes in two writes: one character, not two invalid bytes.
        s << "12 \xc2";
        s.flush();
        s << "\xb5s, then a stray \xff byte\n";
        s << "DEL\x7f and C1 \xc2\x9b" << std::flush;
        s << "\n";
        cs::cli::startLine(s); // the program's own carriage return passes
        s << "sweep: 50%";
    }
    CHECK(target.str() == "n1 (ssh root@10.0.0.9)\\x1b[2K\\rn1 (local)\\x1b[31m\n"
                          "tab\there, bidi \\u202eevil\n"
                          "12 \xc2\xb5s, then a stray \\xff byte\n"
                          "DEL\\x7f and C1 \\u009b\n"
                          "\rsweep: 50%");
}

TEST_CASE("a path that quotes its input unescaped still prints no escape code", "[cli][printable]")
{
    // The unknown-command message quotes the argument as it is; the filter
    // writes its escape codes out.
    const auto r = cli({"ev\x1b]0;owned\x07\x1b[2Jal"});
    CHECK(r.rc == 2);
    CHECK(r.err.find('\x1b') == std::string::npos);
    CHECK(r.err.find('\x07') == std::string::npos);
    CHECK_THAT(r.err, Catch::Contains("unknown command 'ev\\x1b]0;owned\\x07\\x1b[2Jal'"));
}
