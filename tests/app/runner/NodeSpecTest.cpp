// The node list: the command line's SPEC and the design document's "nodes".
#include "app/runner/Node.h"
#include "model/document/SectionShapes.h"

#include <catch2/catch.hpp>

using namespace cs::runner;

TEST_CASE("SPEC: local nodes pinned to CPUs", "[nodes]")
{
    const auto n = parseNodeSpec("local:cpu=0,local:cpu=1");
    REQUIRE(n.size() == 2);
    CHECK(n[0].transport == "local");
    CHECK(n[0].name == "local0");
    CHECK(n[0].cpus == std::vector<int>{0});
    CHECK(n[1].name == "local1");
    CHECK(n[1].cpus == std::vector<int>{1});
    CHECK(n[0].dataAddress() == "127.0.0.1");
    CHECK(n[0].bindAddress() == "127.0.0.1"); // loopback unless told otherwise
    CHECK(parseNodeSpec("local:cpus=0-2+5")[0].cpus == std::vector<int>{0, 1, 2, 5});
}

TEST_CASE("SPEC: ssh, mpi, slurm and tcp nodes", "[nodes]")
{
    const auto s = parseNodeSpec("ssh:root@10.0.0.2:port=2222:identity=/k:opt=StrictHostKeyChecking=no:copy=1");
    REQUIRE(s.size() == 1);
    CHECK(s[0].user == "root");
    CHECK(s[0].host == "10.0.0.2");
    CHECK(s[0].port == 2222);
    CHECK(s[0].identity == "/k");
    CHECK(s[0].sshOptions == std::vector<std::string>{"StrictHostKeyChecking=no"});
    CHECK(s[0].copyAgent);
    CHECK(s[0].name == "10.0.0.2");
    CHECK(s[0].bindAddress() == "10.0.0.2"); // a remote node's probes bind its own address

    const auto m = parseNodeSpec("mpi:4:hosts=a+b:btl=self+tcp");
    CHECK(m[0].ranks == 4);
    CHECK(m[0].hosts == std::vector<std::string>{"a", "b"});
    CHECK(m[0].btl == std::vector<std::string>{"self", "tcp"});

    CHECK(parseNodeSpec("slurm:node07:partition=debug")[0].partition == "debug");
    const auto t = parseNodeSpec("tcp:127.0.0.1:4000:token-file=/t");
    CHECK(t[0].port == 4000);
    CHECK(t[0].tokenFile == "/t");
    // Two entries for one host get distinct names.
    const auto two = parseNodeSpec("ssh:h,ssh:h");
    CHECK(two[0].name != two[1].name);
}

TEST_CASE("SPEC: mistakes name the entry", "[nodes]")
{
    CHECK_THROWS_WITH(parseNodeSpec("lokal:cpu=0"), Catch::Contains("unknown transport 'lokal'"));
    CHECK_THROWS_WITH(parseNodeSpec("local:cpu=x"), Catch::Contains("node 0 ('local:cpu=x'): cpus = 'x' must be a whole number in [0, 4095]"));
    CHECK_THROWS_WITH(parseNodeSpec("local:cpu=5000"), Catch::Contains("[0, 4095]"));
    CHECK_THROWS_WITH(parseNodeSpec("mpi:1"), Catch::Contains("node 0 ('mpi:1'): ranks = 1 is out of range [2, 4096]"));
    CHECK_THROWS_WITH(parseNodeSpec("ssh"), Catch::Contains("needs a host"));
    CHECK_THROWS_WITH(parseNodeSpec("local:colour=red"), Catch::Contains("unknown setting 'colour'"));
    CHECK_THROWS_WITH(parseNodeSpec("tcp:h:4000"), Catch::Contains("token-file"));
    CHECK_THROWS_WITH(parseNodeSpec(""), Catch::Contains("empty node list"));
}

TEST_CASE("the document's nodes array round-trips", "[nodes]")
{
    const auto nodes = parseNodeSpec("local:cpu=0:name=a,ssh:root@h:port=22:copy=1:name=b,mpi:2:name=c");
    const auto back = nodesFromJson(nodesToJson(nodes));
    REQUIRE(back.size() == 3);
    CHECK(back[0].cpus == nodes[0].cpus);
    CHECK(back[1].user == "root");
    CHECK(back[1].copyAgent);
    CHECK(back[2].ranks == 2);
    CHECK(nodesToJson(back) == nodesToJson(nodes));
}

TEST_CASE("the document's nodes array is checked", "[nodes]")
{
    using nlohmann::json;
    CHECK(nodesFromJson(json()).empty());
    CHECK_THROWS_WITH(nodesFromJson(json::object()), "nodes must be an array");
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"name":"a"},{"name":"a"}])")), "two nodes are named a");
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"name":"a","cpus":[-1]}])")),
                      "nodes[0]: cpus = -1 is out of range [0, 4095]");
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"name":"a","transport":"ssh"}])")),
                      Catch::Contains("node a: the ssh transport needs a host"));
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"name":"a","port":"22"}])")), Catch::Contains("nodes[0]"));
}

// The command line, the runner's reader of a document and the document's own
// check take a node's fields from one table (model/cluster/NodeFields.h).
// They disagreed before it: a text spec refused port 0 and a document took
// it, although no program can connect to port 0. Each now names the entry
// in its own way, then says the same thing about the field and its value.
TEST_CASE("port 0 is refused alike by a text spec and by a document's nodes", "[nodes]")
{
    using nlohmann::json;
    const std::string same = ": port = 0 is out of range [1, 65535]";
    CHECK_THROWS_WITH(parseNodeSpec("ssh:h:port=0"), "node 0 ('ssh:h:port=0')" + same);
    CHECK_THROWS_WITH(parseNodeSpec("tcp:h:0:token-file=t"), "node 0 ('tcp:h:0:token-file=t')" + same);
    const json doc = json::parse(R"([{"transport": "ssh", "host": "h", "port": 0}])");
    CHECK_THROWS_WITH(nodesFromJson(doc), "nodes[0]" + same);
    std::vector<std::string> problems;
    cs::checkSectionEntries("nodes", doc, problems);
    CHECK(problems == std::vector<std::string>{"nodes[0]" + same});

    // The ends of the range are ports; one past is not.
    CHECK(parseNodeSpec("ssh:h:port=1")[0].port == 1);
    CHECK(nodesFromJson(json::parse(R"([{"transport": "ssh", "host": "h", "port": 65535}])"))[0].port == 65535);
    CHECK_THROWS_WITH(parseNodeSpec("ssh:h:port=65536"), "node 0 ('ssh:h:port=65536'): port = 65536 is out of range [1, 65535]");
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"transport": "ssh", "host": "h", "port": 65536}])")),
                      "nodes[0]: port = 65536 is out of range [1, 65535]");
    // Left out, the port is the transport's default (22 for ssh): nothing to refuse.
    CHECK(nodesFromJson(json::parse(R"([{"transport": "ssh", "host": "h"}])"))[0].port == 0);
}
