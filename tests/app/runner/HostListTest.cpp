// Node lists as clusters write them: Slurm host lists, the allocation's
// SLURM_JOB_NODELIST and MPI hostfiles, and their mistakes.
#include "model/cluster/HostList.h"
#include "app/runner/Node.h"

#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <QTemporaryDir>

#include <fstream>
#include <map>
#include <cstdio>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

using namespace cs;
using namespace cs::runner;
using Hosts = std::vector<std::string>;

using test::fakeEnv;

TEST_CASE("host lists expand as Slurm writes them", "[nodes][hostlist]")
{
    CHECK(expandHostList("vm") == Hosts{"vm"});
    CHECK(expandHostList("a,b.example.org") == Hosts{"a", "b.example.org"});
    CHECK(expandHostList("node[1-3]") == Hosts{"node1", "node2", "node3"});
    // Zero padding is the width of the range's first number.
    CHECK(expandHostList("node[08-11]") == Hosts{"node08", "node09", "node10", "node11"});
    CHECK(expandHostList("node[8-10]") == Hosts{"node8", "node9", "node10"});
    CHECK(expandHostList("n[001-002,070]") == Hosts{"n001", "n002", "n070"});
    CHECK(expandHostList("node[01-02,5],login1,gpu[7]") == Hosts{"node01", "node02", "node5", "login1", "gpu7"});
    CHECK(expandHostList("rack[1-2]-n[3-4]") == Hosts{"rack1-n3", "rack1-n4", "rack2-n3", "rack2-n4"});
    CHECK(expandHostList("a[1-2]b[3-4]") == Hosts{"a1b3", "a1b4", "a2b3", "a2b4"});
    CHECK(expandHostList("[1-2]x") == Hosts{"1x", "2x"});
    CHECK(expandHostList("node[01-64]").size() == 64);
    CHECK(expandHostList("node[01-64]").back() == "node64");
}

TEST_CASE("host list mistakes name the text and the problem", "[nodes][hostlist]")
{
    CHECK_THROWS_WITH(expandHostList("node[5-1]"), "host list 'node[5-1]': the range 5-1 runs backwards");
    CHECK_THROWS_WITH(expandHostList("node[01-"), "host list 'node[01-': '[' without a closing ']'");
    CHECK_THROWS_WITH(expandHostList("node01]"), "host list 'node01]': ']' without an opening '['");
    CHECK_THROWS_WITH(expandHostList("node[]"), "host list 'node[]': '[]' holds no range");
    CHECK_THROWS_WITH(expandHostList("node[1,,2]"), Catch::Contains("an empty range in '[1,,2]'"));
    CHECK_THROWS_WITH(expandHostList("node[1,2,]"), Catch::Contains("an empty range"));
    CHECK_THROWS_WITH(expandHostList("node[a-b]"), "host list 'node[a-b]': 'a' is not a number");
    CHECK_THROWS_WITH(expandHostList("node[1-2-3]"), Catch::Contains("'2-3' is not a number"));
    CHECK_THROWS_WITH(expandHostList("node[[1-2]]"), Catch::Contains("brackets cannot nest"));
    CHECK_THROWS_WITH(expandHostList("a,,b"), "host list 'a,,b': an empty host name");
    CHECK_THROWS_WITH(expandHostList("a,"), Catch::Contains("an empty host name"));
    CHECK_THROWS_WITH(expandHostList(""), Catch::Contains("an empty host name"));
    CHECK_THROWS_WITH(expandHostList("no de[1-2]"), Catch::Contains("the character ' ' cannot be part of a host name"));
    CHECK_THROWS_WITH(expandHostList("n;rm[1-2]"), Catch::Contains("the character ';'"));
    CHECK_THROWS_WITH(expandHostList("n[1234567890-1234567891]"), Catch::Contains("is too long"));
    // Huge lists fail before anything is expanded.
    CHECK_THROWS_WITH(expandHostList("node[1-100000]"),
                      "host list 'node[1-100000]': it names more than 4096 hosts");
    CHECK_THROWS_WITH(expandHostList("a[1-100]b[1-100]"), Catch::Contains("more than 4096 hosts"));
    CHECK_THROWS_WITH(expandHostList("n[1-999999999]"), Catch::Contains("more than 4096 hosts"));
    CHECK_THROWS_WITH(expandHostList("a[1-3000],b[1-3000]"), Catch::Contains("more than 4096 hosts"));
    CHECK(expandHostList("n[1-10]", 10).size() == 10);
    CHECK_THROWS_WITH(expandHostList("n[1-10],x", 10), Catch::Contains("more than 10 hosts"));
}

TEST_CASE("the allocation's node list", "[nodes][hostlist]")
{
    CHECK(allocationHosts(fakeEnv({{"SLURM_JOB_NODELIST", "c[1-2]"}})) == Hosts{"c1", "c2"});
    CHECK(allocationHosts(fakeEnv({{"SLURM_NODELIST", "vm"}})) == Hosts{"vm"});
    CHECK(allocationHosts(fakeEnv({{"SLURM_JOB_NODELIST", "a"}, {"SLURM_NODELIST", "b"}})) == Hosts{"a"});
    CHECK_THROWS_WITH(allocationHosts(fakeEnv({})), Catch::Contains("not inside a Slurm allocation"));
    CHECK_THROWS_WITH(allocationHosts(fakeEnv({{"SLURM_JOB_NODELIST", "c[2-1]"}})),
                      Catch::StartsWith("SLURM_JOB_NODELIST: host list 'c[2-1]'"));
}

TEST_CASE("MPI hostfiles: Open MPI and MPICH lines, comments", "[nodes][hostfile]")
{
    const auto e = parseHostfile("# the rack\n"
                                 "node01 slots=4 max_slots=8\n"
                                 "\n"
                                 "   node02   # a comment\n"
                                 "node03:2\n"
                                 "node04 max-slots=2 slots=1\n",
                                 "hosts");
    REQUIRE(e.size() == 4);
    CHECK(e[0].host == "node01");
    CHECK(e[0].slotCount == 4);
    CHECK(e[1].host == "node02");
    CHECK(e[1].slotCount == 1);
    CHECK(e[2].host == "node03");
    CHECK(e[2].slotCount == 2);
    CHECK(e[3].slotCount == 1);
    CHECK_THROWS_WITH(parseHostfile("a\nb slots=x\n", "h"), "h line 2: slots 'x' must be a whole number in [1, 4096]");
    CHECK_THROWS_WITH(parseHostfile("a cpus=2\n", "h"),
                      "h line 1: unknown setting 'cpus=2' (expected slots=N or max_slots=N)");
    CHECK_THROWS_WITH(parseHostfile("a:0\n", "h"), Catch::Contains("h line 1: the slot count '0'"));
    CHECK_THROWS_WITH(parseHostfile("a$b\n", "h"), Catch::Contains("h line 1: the character '$'"));
    CHECK_THROWS_WITH(parseHostfile("# nothing\n\n", "h"), "h: the hostfile names no host");
    CHECK_THROWS_WITH(readHostfile("/nonexistent/hosts"), Catch::StartsWith("cannot read the hostfile /nonexistent/hosts"));
}

TEST_CASE("SPEC: host lists, the allocation and hostfiles make one node per host", "[nodes][hostlist]")
{
    const auto env = fakeEnv({{"SLURM_JOB_NODELIST", "cn[07-08]"}});
    const auto n = parseNodeSpec("slurm:node[01-03,70]:partition=debug", env);
    REQUIRE(n.size() == 4);
    CHECK(n[0].host == "node01");
    CHECK(n[0].name == "node01");
    CHECK(n[3].host == "node70");
    CHECK(n[3].partition == "debug");
    // The brackets' commas do not split the node list.
    const auto mixed = parseNodeSpec("local:cpu=0,ssh:root@n[1-2]:port=2222,local:cpu=1", env);
    REQUIRE(mixed.size() == 4);
    CHECK(mixed[1].user == "root");
    CHECK(mixed[2].host == "n2");
    CHECK(mixed[2].port == 2222);
    CHECK(mixed[3].name == "local2");

    const auto a = parseNodeSpec("slurm:allocation:cpu=1", env);
    REQUIRE(a.size() == 2);
    CHECK(a[0].host == "cn07");
    CHECK(a[1].name == "cn08");
    CHECK(a[1].cpus == std::vector<int>{1});
    // A one-node allocation twice: a same-node pair with distinct names.
    const auto pair = parseNodeSpec("slurm:allocation,slurm:allocation", fakeEnv({{"SLURM_NODELIST", "vm"}}));
    REQUIRE(pair.size() == 2);
    CHECK(pair[0].name != pair[1].name);
    CHECK_THROWS_WITH(parseNodeSpec("slurm:allocation", fakeEnv({})),
                      Catch::Contains("node 0 ('slurm:allocation'): not inside a Slurm allocation"));

    const auto m = parseNodeSpec("mpi:4:hosts=allocation+login[1-2]", env);
    CHECK(m[0].hosts == std::vector<std::string>{"cn07", "cn08", "login1", "login2"});

    QTemporaryDir dir;
    const std::string path = dir.filePath("hosts").toStdString();
    std::ofstream(path) << "# two nodes\nh1 slots=2\nh2 slots=2\n";
    const auto h = parseNodeSpec("hostfile:" + path + ":transport=slurm:cpu=0", env);
    REQUIRE(h.size() == 2);
    CHECK(h[0].transport == "slurm");
    CHECK(h[1].host == "h2");
    CHECK(h[1].cpus == std::vector<int>{0});
    CHECK(parseNodeSpec("hostfile:" + path, env)[0].transport == "ssh");
    CHECK(parseNodeSpec("ssh:hostfile=" + path, env).size() == 2);
    CHECK(parseNodeSpec("mpi:4:hostfile=" + path, env)[0].hostfile == path);
}

TEST_CASE("SPEC: node list mistakes name the entry", "[nodes][hostlist]")
{
    const auto env = fakeEnv({});
    CHECK_THROWS_WITH(parseNodeSpec("slurm:node[5-1]", env),
                      "node 0 ('slurm:node[5-1]'): host list 'node[5-1]': the range 5-1 runs backwards");
    CHECK_THROWS_WITH(parseNodeSpec("local:cpu=0,slurm:node[01-", env),
                      Catch::Contains("node 1 ('slurm:node[01-'): host list 'node[01-': '[' without a closing ']'"));
    CHECK_THROWS_WITH(parseNodeSpec("slurm:n[1-100000]", env), Catch::Contains("more than 4096 hosts"));
    CHECK_THROWS_WITH(parseNodeSpec("slurm:n[1-2]:name=x", env),
                      Catch::Contains("name 'x' would name 2 nodes; leave it out"));
    CHECK_THROWS_WITH(parseNodeSpec("tcp:h[1-2]:4000:token-file=/t", env),
                      Catch::Contains("the tcp transport takes one host, not a list"));
    CHECK_THROWS_WITH(parseNodeSpec("hostfile", env), Catch::Contains("give the hostfile's path"));
    CHECK_THROWS_WITH(parseNodeSpec("hostfile:/h:transport=tcp", env),
                      Catch::Contains("a hostfile's nodes use ssh or slurm, not 'tcp'"));
    CHECK_THROWS_WITH(parseNodeSpec("ssh:h:hostfile=/h", env), Catch::Contains("give a host or a hostfile, not both"));
    CHECK_THROWS_WITH(parseNodeSpec("slurm:n:immediate=0", env), "node 0 ('slurm:n:immediate=0'): immediate = 0 is out of range [1, 3600] s");
}

TEST_CASE("the document's nodes accept host lists, the allocation and hostfiles", "[nodes][hostlist]")
{
    using nlohmann::json;
    const auto env = fakeEnv({{"SLURM_JOB_NODELIST", "cn[1-2]"}});
    const auto n = nodesFromJson(json::parse(R"([{"transport":"slurm","host":"node[01-02]","cpus":[0]},
                                                 {"transport":"slurm","host":"allocation","immediate":5},
                                                 {"name":"w","transport":"mpi","ranks":2,"hosts":["allocation"]}])"),
                                 env);
    REQUIRE(n.size() == 5);
    CHECK(n[0].name == "node01");
    CHECK(n[1].cpus == std::vector<int>{0});
    CHECK(n[2].host == "cn1");
    CHECK(n[3].immediate == 5);
    CHECK(n[4].hosts == std::vector<std::string>{"cn1", "cn2"});
    CHECK(nodesToJson({n[3]})[0]["immediate"] == 5);
    CHECK_FALSE(nodesToJson({n[0]})[0].contains("immediate"));
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"transport":"slurm","host":"n[2-1]"}])"), env),
                      "nodes[0]: host list 'n[2-1]': the range 2-1 runs backwards");
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"transport":"slurm","host":"allocation"}])"), fakeEnv({})),
                      Catch::Contains("nodes[0]: not inside a Slurm allocation"));
    CHECK_THROWS_WITH(nodesFromJson(json::parse(R"([{"transport":"slurm","host":"a","immediate":0}])"), env),
                      "nodes[0]: immediate = 0 is out of range [1, 3600] s");
}

TEST_CASE("a hostfile that is a FIFO, a device or a folder is refused by its type, without waiting", "[nodes][hostfile]")
{
    // A FIFO with no writer: a blocking open would wait forever.
    const std::string dir = "/tmp/cs-hostilerun-" + std::to_string(::getpid());
    REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
    const std::string fifo = dir + "/hosts";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK_THROWS_WITH(readHostfile(fifo), "the hostfile " + fifo + " is a FIFO, not a regular file");
    CHECK_THROWS_WITH(readHostfile("/dev/zero"), "the hostfile /dev/zero is a device, not a regular file");
    CHECK_THROWS_WITH(readHostfile(dir), "the hostfile " + dir + " is a folder, not a file");
    // The same through a document's node list.
    const nlohmann::json nodes = {{{"name", "n"}, {"transport", "ssh"}, {"hostfile", fifo}}};
    CHECK_THROWS_WITH(runner::nodesFromJson(nodes),
                      "nodes[0] (node 'n'): the hostfile " + fifo + " is a FIFO, not a regular file");
    // A socket is refused by its type as well (connect would not block, but it is no list of hosts).
    const std::string socketPath = dir + "/sock";
    const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
    REQUIRE(sock >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socketPath.c_str());
    REQUIRE(::bind(sock, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    CHECK_THROWS_WITH(readHostfile(socketPath), "the hostfile " + socketPath + " is a socket, not a regular file");
    ::close(sock);
    ::unlink(socketPath.c_str());
    // More than 1 MiB (1,048,576 bytes) is refused by its size, before it is read.
    const std::string big = dir + "/big";
    {
        std::ofstream out(big);
        out << std::string(1048577, '#');
    }
    CHECK_THROWS_WITH(readHostfile(big), "the hostfile " + big + " is larger than 1048576 bytes");
    const nlohmann::json bigNodes = {{{"name", "m"}, {"transport", "slurm"}, {"hostfile", big}}};
    CHECK_THROWS_WITH(runner::nodesFromJson(bigNodes),
                      "nodes[0] (node 'm'): the hostfile " + big + " is larger than 1048576 bytes");
    ::unlink(big.c_str());
    ::unlink(fifo.c_str());
    ::rmdir(dir.c_str());
}
