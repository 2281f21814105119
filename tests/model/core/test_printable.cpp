// printable(): the one function every place that prints a document's text
// passes it through (model/core/Printable.h).
#include "model/core/Printable.h"

#include <catch2/catch.hpp>

using namespace cs;

TEST_CASE("printable writes control, bidi and invalid bytes out visibly", "[printable]")
{
    CHECK(printable("plain name, 2 GB/s") == "plain name, 2 GB/s");
    CHECK(printable("caf\xc3\xa9 \xce\xbcs") == "caf\xc3\xa9 \xce\xbcs"); // UTF-8 letters stay
    CHECK(printable("a\tb") == "a\tb");
    CHECK(printable("\x1b[31mred") == "\\x1b[31mred");
    CHECK(printable("x\ry") == "x\\ry");
    CHECK(printable("x\ny") == "x\\ny");
    CHECK(printable("x\ny", true) == "x\ny");
    CHECK(printable(std::string("nul\0after", 9)) == "nul\\x00after");
    CHECK(printable("del\x7f") == "del\\x7f");
    CHECK(printable("c1 \xc2\x9b") == "c1 \\u009b");                 // CSI as a C1 control
    CHECK(printable("\xe2\x80\xae" "evil") == "\\u202eevil");        // right-to-left override
    CHECK(printable("\xe2\x81\xa6x\xe2\x81\xa9") == "\\u2066x\\u2069"); // isolates
    CHECK(printable("\xff\xfe") == "\\xff\\xfe");                    // not UTF-8
    CHECK(printable("\xc0\xaf") == "\\xc0\\xaf");                    // overlong '/'
    CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");           // a surrogate
    CHECK(isPrintable("ok"));
    CHECK_FALSE(isPrintable("\x1b"));
    CHECK_FALSE(isPrintable("a\nb"));
    CHECK(isPrintable("a\nb", true));
}
