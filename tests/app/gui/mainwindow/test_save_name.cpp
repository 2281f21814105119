// The Save dialog's proposed file name holds no colon or other character a
// file name cannot hold (issue 15, defect 8).
#include "app/gui/mainwindow/SaveName.h"

#include <catch2/catch.hpp>

using cs::app::proposedSaveName;

TEST_CASE("the proposed save name has no colon or path separator", "[gui][save]")
{
    CHECK(proposedSaveName("INIC: fat-tree, k = 4") == "INIC - fat-tree, k = 4.json");
    CHECK(proposedSaveName("a/b\\c") == "a - b - c.json");
    CHECK(proposedSaveName("mesh 4x4.json") == "mesh 4x4.json");
    CHECK(proposedSaveName("  ..what?  ") == "what.json");
    CHECK(proposedSaveName(":::") == "untitled.json");
    CHECK(proposedSaveName("") == "untitled.json");
}
