// clusterscope-cli COMMAND --help: every command prints its own usage.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using cs::test::cli;

namespace {

// The commands Cli.h declares, written out here so that a command dropped
// from the list (or its help) fails.
const std::vector<std::string> kCommands = {"list",     "eval",     "sweep",     "pareto", "sensitivity",
                                            "plot",     "simulate", "validate",  "topo",   "probe",
                                            "calibrate", "verify",   "run-app", "replay"};

} // namespace

TEST_CASE("each command's --help prints that command's usage and exits 0", "[cli][help]")
{
    const cs::test::CliResult all = cli({"--help"});
    REQUIRE(all.rc == 0);
    for (const std::string& c : kCommands) {
        INFO(c);
        // The top-level help still lists every command (a man page is made from it).
        CHECK_THAT(all.out, Catch::Contains("\n  " + c + " "));
        for (const char* flag : {"--help", "-h"}) {
            const cs::test::CliResult r = cli({c, flag});
            CHECK(r.rc == 0);
            CHECK(r.err.empty());
            CHECK(r.out.rfind("usage: clusterscope-cli " + c + " ", 0) == 0);
            // Only this command's lines: no other command's usage line.
            for (const std::string& other : kCommands)
                if (other != c)
                    CHECK_THAT(r.out, !Catch::Contains("\n  " + other + " "));
        }
        const cs::test::CliResult h = cli({"help", c});
        CHECK(h.rc == 0);
        CHECK(h.out == cli({c, "--help"}).out);
    }
}

TEST_CASE("a command's --help wins over the command's other words, even wrong ones", "[cli][help]")
{
    // Without --help these are a usage error and a model error.
    CHECK(cli({"topo", "--no-such-option"}).rc == 2);
    const cs::test::CliResult r = cli({"topo", "--gen", "fat-tree:k=5", "--no-such-option", "--help"});
    CHECK(r.rc == 0);
    CHECK_THAT(r.out, Catch::Contains("topo --gen NAME:key=value"));
    CHECK_THAT(r.out, Catch::Contains("--export GRAPH.graphml|GRAPH.json"));
    CHECK(r.err.empty());
}

TEST_CASE("a usage error points at the command's own help, and help of an unknown command is refused", "[cli][help]")
{
    const cs::test::CliResult r = cli({"topo", "--no-such-option"});
    CHECK(r.rc == 2);
    CHECK(r.err == "clusterscope-cli topo: unknown option '--no-such-option' (see clusterscope-cli topo --help)\n");
    const cs::test::CliResult u = cli({"help", "nosuch"});
    CHECK(u.rc == 2);
    CHECK(u.out.empty());
    CHECK(u.err == "clusterscope-cli help: unknown command 'nosuch' (see clusterscope-cli --help)\n");
}
