// A design document must not run commands: ssh options that run or load
// something are refused, settings that a program would read as options are
// refused, "--" always ends ssh's options, and nodes that reach other
// machines or programs run only after the user has seen the commands
// (--trust-nodes in the CLI).
#include "TestSupport.h"

#include "app/cli/Cli.h"
#include "app/runner/Consent.h"
#include "app/runner/Transport.h"
#include "model/core/Printable.h"
#include "model/core/AtomicFile.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QTemporaryDir>

#include <algorithm>
#include <sstream>

using namespace cs;
using namespace cs::runner;
using nlohmann::json;

namespace {

LaunchContext context()
{
    LaunchContext c;
    c.agentPath = "/b/bin/clusterscope-agent";
    c.mpiAgentPath = "/b/bin/clusterscope-mpi-agent";
    c.workDir = "/tmp/w";
    return c;
}

std::string problemOf(const json& nodes)
{
    try {
        nodesFromJson(nodes);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(accepted)";
}

std::string designWithNodes(const QTemporaryDir& dir, const json& nodes)
{
    const json doc = {{"format", "clusterscope-design"}, {"version", 2}, {"name", "received"}, {"nodes", nodes}};
    const std::string path = dir.filePath("received.json").toStdString();
    writeFileAtomically(path, doc.dump());
    return path;
}

int runCli(const std::vector<std::string>& args, std::string& out, std::string& err)
{
    std::ostringstream o, e;
    const int code = cli::run(args, o, e);
    out = o.str();
    err = e.str();
    return code;
}

} // namespace

TEST_CASE("a document's ssh options must be harmless", "[consent]")
{
    CHECK(problemOf({{{"transport", "ssh"}, {"host", "h"}, {"sshOptions", {"ProxyCommand=touch /tmp/pwned"}}}}) ==
          "nodes[0].sshOptions[0]: 'ProxyCommand=touch /tmp/pwned' is not an ssh option a design file may set "
          "(allowed: " + harmlessSshOptionNames() + ")");
    for (const char* bad : {"LocalCommand=id", "PermitLocalCommand=yes", "proxycommand sh", "Match exec id",
                            "PKCS11Provider=/tmp/x.so", "KnownHostsCommand=id", "LocalForward=1:h:2", "Include /x",
                            "Port"})
        CHECK_THAT(problemOf({{{"transport", "ssh"}, {"host", "h"}, {"sshOptions", {bad}}}}),
                   Catch::Contains("is not an ssh option a design file may set"));
    for (const char* good : {"Port=2222", "user=root", "StrictHostKeyChecking=no", "ConnectTimeout 5",
                             "UserKnownHostsFile=/dev/null", "BatchMode=yes", "ServerAliveInterval=5"})
        CHECK(isHarmlessSshOption(good));
}

TEST_CASE("settings a program would read as options are refused", "[consent]")
{
    CHECK_THAT(problemOf({{{"transport", "ssh"}, {"host", "-oProxyCommand=touch /tmp/x"}}}),
               Catch::Contains("host '-oProxyCommand=touch /tmp/x' starts with '-'"));
    CHECK_THAT(problemOf({{{"transport", "ssh"}, {"host", "h"}, {"user", "-oProxyCommand=x"}}}),
               Catch::Contains("user '-oProxyCommand=x' starts with '-'"));
    CHECK_THAT(problemOf({{{"transport", "slurm"}, {"host", "h"}, {"partition", "--export=ALL"}}}),
               Catch::Contains("partition '--export=ALL' starts with '-'"));
    CHECK_THAT(problemOf({{{"transport", "mpi"}, {"ranks", 2}, {"hosts", {"a\nb slots=99"}}}}),
               Catch::Contains("mpi host contains a control character"));
    CHECK_THAT(problemOf({{{"transport", "mpi"}, {"ranks", 2}, {"btl", {"tcp --mca x y"}}}}),
               Catch::Contains("btl 'tcp --mca x y' is not an MPI component name"));
    CHECK_THROWS_WITH(parseNodeSpec("ssh:-F/tmp/evil"), Catch::Contains("host '-F/tmp/evil' starts with '-'"));
    CHECK_THROWS_WITH(parseNodeSpec("ssh:-q@h"), Catch::Contains("user '-q' starts with '-'"));
}

TEST_CASE("ssh ends its options with -- before the destination", "[consent]")
{
    const LaunchPlan p = planLaunch(parseNodeSpec("ssh:root@10.0.0.2:copy=1")[0], context(), "t");
    const auto& a = p.agent.args;
    const auto dashes = std::find(a.begin(), a.end(), "--");
    REQUIRE(dashes != a.end());
    CHECK(*(dashes + 1) == "root@10.0.0.2");
    CHECK(dashes + 2 == a.end() - 1); // then only the remote command
    CHECK(std::count(a.begin(), a.end(), "--") == 1);
    REQUIRE(p.deploy);
    const auto& scp = p.deploy->copy.args;
    CHECK(*(scp.end() - 3) == "--");
    for (const Command* c : {&p.deploy->check, &p.deploy->install}) {
        CHECK(std::count(c->args.begin(), c->args.end(), "--") == 1);
        CHECK(*(c->args.end() - 2) == "root@10.0.0.2");
    }
}

TEST_CASE("nodes that reach other machines or programs need consent, plain local ones do not", "[consent]")
{
    CHECK_FALSE(needsConsent(parseNodeSpec("local:cpu=0")[0]));
    CHECK_FALSE(needsConsent(parseNodeSpec("mpi:2")[0]));
    for (const char* spec : {"ssh:h", "slurm:h", "local:agent=/bin/sh", "mpi:2:hosts=a+b", "mpi:2:btl=self+tcp",
                             "local:netns=ns1", "tcp:h:9000:token-file=/etc/passwd", "mpi:2:hostfile=/h",
                             "mpi:2:launch=srun"})
        CHECK(needsConsent(parseNodeSpec(spec)[0]));
    CHECK(needsConsent(nodesFromJson(nlohmann::json::parse(R"([{"transport": "mpi", "allocation": true}])"),
                                     test::fakeEnv({{"SLURM_JOB_ID", "5"}, {"SLURM_JOB_NODELIST", "c1"}}))[0]));
    const auto lines = commandsNeedingConsent(parseNodeSpec("local:cpu=0,ssh:root@h:identity=/k,local:agent=/bin/sh:name=x"),
                                              context());
    REQUIRE(lines.size() == 2);
    CHECK_THAT(lines[0], Catch::StartsWith("h (ssh root@h): ssh -T") && Catch::Contains("-i /k -- root@h"));
    CHECK(lines[1] == "x (local): /bin/sh --stdio --token-stdin --bind 127.0.0.1");
}

TEST_CASE("copy=1 asks consent for the check, the copy and the install on the node", "[consent]")
{
    LaunchContext c = context();
    c.agentSha256 = std::string(64, 'a');
    const auto lines = commandsNeedingConsent(parseNodeSpec("ssh:root@h:copy=1"), c);
    REQUIRE(lines.size() == 4);
    CHECK_THAT(lines[0], Catch::StartsWith("h (ssh root@h): ssh ") && Catch::Contains("sha256sum"));
    CHECK_THAT(lines[1], Catch::StartsWith("h (ssh root@h): when missing: scp ") &&
                             Catch::Contains("root@h:.cache/clusterscope/agent-aaaaaaaaaaaaaaaa.part-TAG"));
    CHECK_THAT(lines[2], Catch::StartsWith("h (ssh root@h): then: ssh ") && Catch::Contains("mv -f"));
    CHECK_THAT(lines[3], Catch::Contains("exec \"$HOME\"/.cache/clusterscope/agent-aaaaaaaaaaaaaaaa --stdio"));
}

TEST_CASE("probe --design runs the document's remote nodes only with --trust-nodes", "[consent][cli-probe]")
{
    QTemporaryDir dir;
    const QString marker = dir.filePath("pwned");
    std::string out, err;

    // The attack of the report: refused whatever the flags, nothing runs.
    const std::string evil = designWithNodes(
        dir, {{{"name", "n1"}, {"transport", "ssh"}, {"host", "127.0.0.1"},
               {"sshOptions", {"ProxyCommand=touch " + marker.toStdString()}}}});
    CHECK(runCli({"probe", "--design", evil, "--probe", "cpu.sort", "--trust-nodes"}, out, err) == 2);
    CHECK_THAT(err, Catch::Contains("ProxyCommand=touch") && Catch::Contains("is not an ssh option a design file may set"));
    CHECK_FALSE(QFile::exists(marker));

    // A plausible remote node: the commands are shown, nothing runs.
    const std::string remote =
        designWithNodes(dir, {{{"name", "n1"}, {"transport", "ssh"}, {"host", "127.0.0.1"}, {"port", 1}}});
    CHECK(runCli({"probe", "--design", remote, "--probe", "cpu.sort"}, out, err) == 2);
    CHECK_THAT(err, Catch::Contains("would run these commands") && Catch::Contains("ssh -T") &&
                        Catch::Contains("-- 127.0.0.1 'exec clusterscope-agent") && Catch::Contains("--trust-nodes"));
    CHECK(out.empty());

    // Plain local nodes need no consent.
    const std::string local = designWithNodes(dir, {{{"name", "a"}, {"transport", "local"}, {"cpus", {0}}}});
    CHECK(runCli({"probe", "--design", local, "--probe", "cpu.sort", "--set", "keys=1000", "--set", "reps=2",
                  "--quiet"},
                 out, err) == 0);
    INFO(err);
    CHECK_THAT(out, Catch::Contains("cpu.sort a: ok"));
}

TEST_CASE("an address or a bind beyond loopback needs consent, and the list says so", "[consent]")
{
    const auto local = [](const json& extra) {
        json n = {{"name", "a"}, {"transport", "local"}};
        n.update(extra);
        return nodesFromJson(json::array({n}))[0];
    };
    CHECK_FALSE(needsConsent(local(json::object())));
    CHECK_FALSE(needsConsent(local({{"address", "127.0.0.1"}})));
    CHECK_FALSE(needsConsent(local({{"address", "127.0.0.5"}, {"bind", "127.0.0.5"}})));
    CHECK_FALSE(needsConsent(local({{"bind", "::1"}})));
    // The controller would connect wherever the document says.
    CHECK(needsConsent(local({{"address", "10.1.2.3"}})));
    CHECK(needsConsent(local({{"address", "127.0.0.1.example.org"}})));
    // Listening on every interface.
    CHECK(needsConsent(local({{"bind", "0.0.0.0"}})));
    CHECK(needsConsent(local({{"bind", "::"}})));
    // An mpi node's ranks listen on `bind` too.
    const auto lines = commandsNeedingConsent({local({{"address", "10.1.2.3"}, {"bind", "0.0.0.0"}})}, context());
    REQUIRE(lines.size() >= 2);
    CHECK(lines[0] == "a (local): peers and the controller connect to 10.1.2.3");
    CHECK(lines[1] == "a (local): listens on 0.0.0.0");
    CHECK(isLoopbackAddress("127.0.0.1"));
    CHECK(isLoopbackAddress("localhost"));
    CHECK_FALSE(isLoopbackAddress("127.0.0"));
    CHECK_FALSE(isLoopbackAddress("0.0.0.0"));
}

TEST_CASE("the consent list shows escape codes in a document's names, never runs them", "[consent]")
{
    // A name that would redraw the line before it as a harmless local node.
    const json nodes = {{{"name", "n1\x1b[1A\x1b[2K\rlocal0 (local): \u202e"}, {"transport", "ssh"}, {"host", "h"}}};
    const auto lines = commandsNeedingConsent(nodesFromJson(nodes), context());
    REQUIRE_FALSE(lines.empty());
    for (const std::string& l : lines) {
        INFO(l);
        CHECK(isPrintable(l));
    }
    CHECK_THAT(lines[0], Catch::StartsWith("n1\\x1b[1A\\x1b[2K\\rlocal0 (local): \\u202e (ssh h): ssh -T"));
}

TEST_CASE("probe --design asks consent for a local node's address and bind", "[consent][cli-probe]")
{
    QTemporaryDir dir;
    std::string out, err;
    const std::string path = designWithNodes(
        dir, {{{"name", "a"}, {"transport", "local"}, {"address", "192.0.2.7"}}, {{"name", "b"}, {"transport", "local"}, {"bind", "0.0.0.0"}}});
    CHECK(runCli({"probe", "--design", path, "--probe", "net.pingpong"}, out, err) == 2);
    CHECK_THAT(err, Catch::Contains("would run these commands") && Catch::Contains("connect to 192.0.2.7") &&
                        Catch::Contains("listens on 0.0.0.0"));
    CHECK(out.empty());
}

TEST_CASE("the consent list names the hosts, the hostfile and the launcher an mpi node reaches", "[consent]")
{
    // Each reaches other machines through mpirun or srun: the list shows
    // the offending value itself, not only that the node is remote.
    auto linesFor = [](const std::string& spec) {
        const auto lines = commandsNeedingConsent(parseNodeSpec(spec), context());
        std::string all;
        for (const std::string& l : lines)
            all += l + "\n";
        return all;
    };
    const std::string hosts = linesFor("mpi:2:hosts=far1.example+far2.example:name=m");
    INFO(hosts);
    CHECK_THAT(hosts, Catch::Contains("m (") && Catch::Contains("hostfile: far1.example") &&
                          Catch::Contains("far2.example"));
    const std::string hostfile = linesFor("mpi:2:hostfile=/srv/their-hosts:name=m");
    INFO(hostfile);
    CHECK_THAT(hostfile, Catch::Contains("--hostfile /srv/their-hosts"));
    const std::string srun = linesFor("mpi:2:launch=srun:name=m");
    INFO(srun);
    CHECK_THAT(srun, Catch::Contains("srun"));
}
