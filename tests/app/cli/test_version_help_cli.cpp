// clusterscope-cli --version and --help, which the manual page is made from (packaging/, help2man): the
// version is the project's and the commit the source tree's, as git itself names it; the help lists every
// command the program runs.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <memory>
#include <string>

using cs::test::cli;

namespace {

// What `git rev-parse --short HEAD` says of the source tree, or "unknown" where git cannot tell (a tarball):
// the commit the build recorded (cmake/VersionInfo.cmake), found here without the program.
std::string gitCommit()
{
    const std::string command = "git -C '" + std::string(CS_SOURCE_DIR) + "' rev-parse --short HEAD 2>/dev/null";
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(::popen(command.c_str(), "r"), ::pclose);
    std::string text;
    std::array<char, 128> buffer{};
    while (pipe && std::fgets(buffer.data(), buffer.size(), pipe.get()))
        text += buffer.data();
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
        text.pop_back();
    return text.empty() ? "unknown" : text;
}

} // namespace

TEST_CASE("the CLI's --version prints the project's version and the commit it was built from", "[cli][version]")
{
    const auto r = cli({"--version"});
    CHECK(r.rc == 0);
    CHECK(r.err.empty());
    // help2man reads the first line as PROGRAM (PACKAGE) VERSION.
    CHECK(r.out == "clusterscope-cli (ClusterScope) " CS_PROJECT_VERSION " (commit " + gitCommit() + ")\n");
}

TEST_CASE("the top-level --help lists every command, and each is one the program runs", "[cli][version]")
{
    const auto r = cli({"--help"});
    REQUIRE(r.rc == 0);
    // The fourteen commands of app/cli/Cli.h, by hand.
    for (const char* command : {"list", "eval", "sweep", "pareto", "sensitivity", "plot", "simulate", "validate",
                                "topo", "probe", "calibrate", "verify", "run-app", "replay"}) {
        INFO(command);
        CHECK(r.out.find(std::string("\n  ") + command + " ") != std::string::npos);
        const auto run = cli({command, "--no-such-option"});
        CHECK(run.err.find("unknown command") == std::string::npos);
    }
    CHECK(r.out.find("--version") != std::string::npos);
    // Each command's summary once: the manual page lists every command once.
    CHECK(r.out.find("\n  topo --gen") == r.out.rfind("\n  topo --gen"));
}
