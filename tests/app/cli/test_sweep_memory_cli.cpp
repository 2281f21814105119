// Sweeps in bounded memory: `sweep` streams its rows in every format (text,
// CSV, JSON) instead of holding the table, a command that holds one refuses
// up front with its estimate, and under an address-space limit nothing ends
// in std::bad_alloc's SIGABRT: it runs, or it is refused in one line.
#include "CliTestSupport.h"
#include "app/cli/TableOutput.h"
#include "app/cli/DocumentInput.h"
#include "model/sweep/Sweep.h"
#include "model/document/SweepAxis.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>
#include <sys/wait.h>

using cs::test::cli;
using nlohmann::json;

namespace {

struct Run {
    int status = -1; // exit status, or 128 + signal
    std::string err;
};

// The CLI under `prlimit --as=BYTES` (its stdout thrown away), as a shell would run it.
Run limited(const std::string& bytes, const std::string& args)
{
    const std::string errFile = cs::test::tempPath("cs_sweep_memory_", "err.txt");
    const std::string command = "prlimit --as=" + bytes + " -- " + CS_CLI_EXE + " " + args + " >/dev/null 2>" + errFile;
    const int raw = std::system(command.c_str());
    Run r;
    if (WIFEXITED(raw))
        r.status = WEXITSTATUS(raw); // a shell reports a signal as 128 + its number
    std::FILE* f = std::fopen(errFile.c_str(), "r");
    if (f) {
        char buf[4096];
        std::size_t n = 0;
        while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
            r.err.append(buf, n);
        std::fclose(f);
    }
    std::remove(errFile.c_str());
    return r;
}

} // namespace

TEST_CASE("sweep --json streams the document the held table gives", "[cli][sweep-memory]")
{
    const auto streamed = cli({"sweep", "acc-fft", "--param", "P=1:64:log2", "--json"});
    REQUIRE(streamed.rc == 0);
    const cs::DesignDocument doc = cs::cli::openDocument("acc-fft");
    const cs::SweepTable held = cs::runSweep(doc, {{"P", cs::parseAxisValues("1:64:log2")}});
    CHECK(json::parse(streamed.out) == cs::cli::tableToJson(held));
    // Text streams too, one line a row after the header.
    const auto text = cli({"sweep", "acc-fft", "--param", "P=1:64:log2"});
    REQUIRE(text.rc == 0);
    CHECK(std::count(text.out.begin(), text.out.end(), '\n') == 1 + static_cast<long>(held.rows()));
}

TEST_CASE("under an address-space limit a sweep runs streamed or is refused, never SIGABRT", "[cli][sweep-memory]")
{
    // 1 GiB of address space: the program and its threads need a few
    // hundred MB of it. Before streaming, P=1:3000000 --json died here with
    // an uncaught std::bad_alloc (status 134).
    SECTION("sweep streams: 300,000 points x 5 variants as JSON in bounded memory")
    {
        const Run r = limited("1073741824", "sweep acc-fft --param P=1:300000 --json");
        INFO(r.err);
        CHECK(r.status == 0);
    }
    SECTION("pareto holds its table: refused up front with the estimate")
    {
        // 3,000,000 points x (1 axis value + 5 variants x 10 columns) x 8 B = 1.224e9 B,
        // printed to 3 digits: 1.22 GB, more than 1 GiB of address space leaves.
        const Run r = limited("1073741824", "pareto acc-fft --param P=1:3000000");
        INFO(r.err);
        CHECK(r.status == 1);
        CHECK_THAT(r.err, Catch::StartsWith("clusterscope-cli pareto: error: the sweep needs about 1.22 GB for its table (3000000 points x 5 variants x 10 columns)"));
    }
}

TEST_CASE("at every address-space limit from the least the program starts with, a sweep runs or is refused in words",
          "[cli][sweep-memory]")
{
    // Where an allocation fails depends on the limit: the sweep's threads
    // (each takes a malloc arena of address space), its blocks of rows, the
    // output's buffer. Whichever fails, the command ends with status 1 and
    // one line, or it runs (status 0); never a signal (134 is SIGABRT, an
    // uncaught std::bad_alloc or an exception leaving a thread; 139 SIGSEGV).
    // The least limit the program loads its libraries under (status 127
    // below it) is found first, in steps of 16 MiB, then 8 limits above it (20,000 points: two of the sweep's blocks of 16,384).
    const long MiB = 1024 * 1024;
    long start = 0;
    for (long mb = 48; mb <= 1024 && start == 0; mb += 16)
        if (limited(std::to_string(mb * MiB), "list generators").status == 0)
            start = mb;
    REQUIRE(start > 0);
    for (long mb = start; mb < start + 8 * 16; mb += 16) {
        for (const char* format : {"--csv", "--json"}) {
            const Run r = limited(std::to_string(mb * MiB), std::string("sweep acc-fft --param P=1:20000 ") + format);
            INFO(mb << " MiB " << format << ": status " << r.status << ": " << r.err.substr(r.err.size() > 300 ? r.err.size() - 300 : 0));
            CHECK((r.status == 0 || r.status == 1));
            if (r.status == 1) {
                const bool words = r.err.find("clusterscope-cli sweep: error: out of memory (the input needs more") !=
                                       std::string::npos ||
                                   r.err.find("clusterscope-cli sweep: error: the sweep needs about") != std::string::npos;
                CHECK(words);
                // The message is a line of its own, not appended to the progress line.
                CHECK(r.err.find("\rclusterscope-cli") == std::string::npos);
                CHECK(r.err.find(")clusterscope-cli") == std::string::npos);
            }
        }
    }
}
