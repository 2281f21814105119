// Paths a design names (a node's hostfile) are read only when they are
// regular files of a bounded size: `probe --design` waited for good on a
// FIFO hostfile before it even asked for consent. It refuses at once, with
// the node and the path.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using cs::test::cli;
using cs::test::tempPath;
using nlohmann::json;

namespace {

// acc-fft with one ssh node "n" whose hosts come from `hostfile`, written to a temporary file.
std::string designWithHostfile(const std::string& hostfile)
{
    std::ifstream in(std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json");
    json doc = json::parse(in);
    doc["nodes"] = json::array({{{"name", "n"}, {"transport", "ssh"}, {"hostfile", hostfile}}});
    const std::string path = tempPath("cs_hostile_paths_", "design.json");
    std::ofstream(path) << doc.dump();
    return path;
}

} // namespace

TEST_CASE("probe --design refuses a hostfile that is a FIFO or a device, naming the node and the path",
          "[cli][hostile][hostfile]")
{
    // A FIFO with no writer: a blocking open waits until one comes.
    const std::string fifo = tempPath("cs_hostile_paths_", "hosts");
    ::unlink(fifo.c_str());
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string design = designWithHostfile(fifo);
    auto r = cli({"probe", "--design", design, "--probe", "cpu.sort"});
    CHECK(r.rc == 2); // a node list refused before anything runs, as for ssh options a design may not set
    CHECK(r.err == "clusterscope-cli probe: the design's nodes: nodes[0] (node 'n'): the hostfile " + fifo +
                       " is a FIFO, not a regular file (see clusterscope-cli probe --help)\n");
    ::unlink(fifo.c_str());

    const std::string device = designWithHostfile("/dev/zero"); // endless: read whole, it would never end
    r = cli({"probe", "--design", device, "--probe", "cpu.sort"});
    CHECK(r.rc == 2);
    CHECK(r.err == "clusterscope-cli probe: the design's nodes: nodes[0] (node 'n'): the hostfile /dev/zero "
                   "is a device, not a regular file (see clusterscope-cli probe --help)\n");
    std::remove(design.c_str());
}
