// The command lines each transport starts its agent with.
#include "app/runner/Transport.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace cs::runner;

namespace {

LaunchContext context(bool root = false)
{
    LaunchContext c;
    c.agentPath = "/b/bin/clusterscope-agent";
    c.mpiAgentPath = "/b/bin/clusterscope-mpi-agent";
    c.pluginDir = "/b/lib/clusterscope/probes";
    c.workDir = "/tmp/w";
    c.root = root;
    return c;
}

bool has(const std::vector<std::string>& v, const std::string& s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

TEST_CASE("local: the agent pins itself and reads the token from stdin", "[transport]")
{
    const LaunchPlan p = planLaunch(parseNodeSpec("local:cpu=1")[0], context(), "t");
    CHECK(p.agent.text() == "/b/bin/clusterscope-agent --stdio --token-stdin --bind 127.0.0.1 --cpus 1");
    CHECK(p.setup.empty());
    // Never the token in argv or the environment.
    CHECK(p.agent.env.empty());
    const LaunchPlan ns = planLaunch(parseNodeSpec("local:netns=cs1-a:bind=10.1.1.1")[0], context(), "t");
    CHECK(ns.agent.text() == "ip netns exec cs1-a /b/bin/clusterscope-agent --stdio --token-stdin --bind 10.1.1.1");
}

TEST_CASE("ssh: OpenSSH client in batch mode, agent on the remote PATH", "[transport]")
{
    const LaunchPlan p =
        planLaunch(parseNodeSpec("ssh:root@10.0.0.2:port=2222:identity=/k:cpu=0")[0], context(), "t");
    CHECK(p.agent.program == "ssh");
    CHECK(has(p.agent.args, "BatchMode=yes"));
    CHECK(has(p.agent.args, "-p"));
    CHECK(has(p.agent.args, "2222"));
    CHECK(has(p.agent.args, "/k"));
    CHECK(has(p.agent.args, "root@10.0.0.2"));
    CHECK(p.agent.args.back() == "exec clusterscope-agent --stdio --token-stdin --bind 10.0.0.2 --cpus 0");
}

TEST_CASE("ssh with copyAgent: one file, named by its SHA-256, kept in the node's cache", "[transport]")
{
    LaunchContext c = context();
    c.agentSha256 = std::string("0123456789abcdef") + std::string(48, 'e');
    const LaunchPlan p = planLaunch(parseNodeSpec("ssh:u@h:port=2222:copy=1")[0], c, "tag1");
    CHECK(p.setup.empty()); // the deployer decides whether to copy
    REQUIRE(p.deploy);
    const DeployPlan& d = *p.deploy;
    CHECK(d.node == "u@h:2222");
    CHECK(d.remotePath == ".cache/clusterscope/agent-0123456789abcdef");
    // The check compares the full digest on the node, not just the name.
    CHECK(d.check.program == "ssh");
    CHECK_THAT(d.check.args.back(), Catch::Contains("sha256sum") && Catch::Contains(c.agentSha256) &&
                                        Catch::Contains("echo present") && Catch::Contains("echo missing"));
    // One file, no plugins or libraries beside it, to a part file that install renames.
    CHECK(d.copy.program == "scp");
    CHECK_FALSE(has(d.copy.args, "-r"));
    CHECK(has(d.copy.args, "-P"));
    CHECK(*(d.copy.args.end() - 3) == "--");
    CHECK(*(d.copy.args.end() - 2) == "/b/bin/clusterscope-agent");
    CHECK(d.copy.args.back() == "u@h:.cache/clusterscope/agent-0123456789abcdef.part-tag1");
    CHECK_THAT(d.install.args.back(), Catch::Contains("mv -f \"$p\" .cache/clusterscope/agent-0123456789abcdef") &&
                                          Catch::Contains(c.agentSha256));
    // The agent runs from the cache, without LD_LIBRARY_PATH or a plugin path, and stays there.
    CHECK(p.agent.args.back() ==
          "exec \"$HOME\"/.cache/clusterscope/agent-0123456789abcdef --stdio --token-stdin --bind h");
}

TEST_CASE("mpi: mpirun with a hostfile, root needs to say so", "[transport]")
{
    const LaunchPlan p = planLaunch(parseNodeSpec("mpi:2")[0], context(true), "t");
    CHECK(p.agent.program == "mpirun");
    CHECK(p.hostfile == "/tmp/w/hostfile-t");
    CHECK(p.hostfileText == "localhost slots=2\n");
    CHECK(has(p.agent.args, "--allow-run-as-root"));
    CHECK(p.agent.env.at("OMPI_ALLOW_RUN_AS_ROOT") == "1");
    CHECK(p.agent.env.at("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM") == "1");
    CHECK(has(p.agent.args, "/b/bin/clusterscope-mpi-agent"));
    const LaunchPlan user = planLaunch(parseNodeSpec("mpi:4:hosts=a+b:btl=self+tcp")[0], context(false), "t");
    CHECK_FALSE(has(user.agent.args, "--allow-run-as-root"));
    CHECK(user.hostfileText == "a slots=2\nb slots=2\n");
    CHECK(has(user.agent.args, "self,tcp"));
    // More local ranks than CPUs: the ranks yield while they wait; as many as the CPUs, or on other hosts
    // (whose CPUs this machine does not know): Open MPI's default.
    LaunchContext two = context(true);
    two.cpus = 2;
    CHECK(planLaunch(parseNodeSpec("mpi:4")[0], two, "t").agent.env.at("OMPI_MCA_mpi_yield_when_idle") == "1");
    CHECK(planLaunch(parseNodeSpec("mpi:2")[0], two, "t").agent.env.count("OMPI_MCA_mpi_yield_when_idle") == 0);
    CHECK(planLaunch(parseNodeSpec("mpi:4:hosts=a+b")[0], two, "t").agent.env.count("OMPI_MCA_mpi_yield_when_idle") ==
          0);
    // Hosts that are namespaces of this machine share its CPUs, and so does their network work: they yield
    // whatever the rank count.
    CHECK(planLaunch(parseNodeSpec("mpi:4:hosts=a+b:netns=x-h0")[0], two, "t").agent.env.at(
              "OMPI_MCA_mpi_yield_when_idle") == "1");
    CHECK(planLaunch(parseNodeSpec("mpi:2:hosts=a+b:netns=x-h0")[0], two, "t").agent.env.at(
              "OMPI_MCA_mpi_yield_when_idle") == "1");
}

TEST_CASE("mpi in a namespace: mpirun runs there and reaches the other hosts with ssh", "[transport]")
{
    const LaunchPlan p =
        planLaunch(parseNodeSpec("mpi:2:hosts=10.240.0.1+10.240.0.2:netns=c-h0:port=2222:btl=tcp+self")[0],
                   context(true), "t");
    // ip netns exec c-h0 mpirun -np 2 --hostfile ... : the first host's namespace, mpirun's whole command line.
    REQUIRE(p.agent.args.size() > 4);
    CHECK(p.agent.program == "ip");
    CHECK(std::vector<std::string>(p.agent.args.begin(), p.agent.args.begin() + 5) ==
          std::vector<std::string>{"netns", "exec", "c-h0", "mpirun", "-np"});
    CHECK(p.hostfileText == "10.240.0.1 slots=1\n10.240.0.2 slots=1\n");
    CHECK(has(p.agent.args, "plm_rsh_args"));
    CHECK(has(p.agent.args, "tcp,self"));
    CHECK(p.agent.env.at("OMPI_ALLOW_RUN_AS_ROOT") == "1");
}

TEST_CASE("slurm: srun one unbuffered task on the named node, CPUs chosen by Slurm", "[transport]")
{
    const LaunchPlan p = planLaunch(parseNodeSpec("slurm:node07:partition=debug:cpu=3")[0], context(), "t");
    // -u: frames carry no newline; --exact: a same-node pair's second step
    // is not blocked by the first; --immediate: a busy node fails with
    // srun's reason; no --quiet (it hides that reason) and no map_cpu (it
    // fails when Slurm allocated another CPU): the agent pins itself inside
    // its allocation.
    CHECK(p.agent.text() == "srun -N1 -n1 --cpus-per-task=1 --exact -u --immediate=30 --job-name=clusterscope-agent "
                            "-w node07 -p debug /b/bin/clusterscope-agent --stdio --token-stdin --bind node07 --cpus 3 "
                            "--cpus-in-allocation");
    CHECK_FALSE(has(p.agent.args, "--quiet"));
    // Inside an allocation a step's memory stays within the job's without reserving all of it.
    LaunchContext inJob = context();
    inJob.slurmJob = "42";
    const LaunchPlan s = planLaunch(parseNodeSpec("slurm:n1:cpus=0-1:immediate=5")[0], inJob, "t");
    CHECK(has(s.agent.args, "--mem=0"));
    CHECK(has(s.agent.args, "--cpus-per-task=2"));
    CHECK(has(s.agent.args, "--immediate=5"));
    CHECK_FALSE(has(p.agent.args, "--mem=0"));
    // No CPU asked for: Slurm's choice, no pinning by the agent.
    const LaunchPlan any = planLaunch(parseNodeSpec("slurm:n1")[0], context(), "t");
    CHECK_FALSE(has(any.agent.args, "--cpus-in-allocation"));
}

TEST_CASE("mpi: a hostfile of the user's goes to mpirun as it is", "[transport]")
{
    Node n = parseNodeSpec("mpi:4")[0];
    n.hostfile = "/home/u/hosts";
    const LaunchPlan p = planLaunch(n, context(true), "t");
    CHECK(p.hostfile.empty()); // nothing to write
    const auto it = std::find(p.agent.args.begin(), p.agent.args.end(), "--hostfile");
    REQUIRE(it != p.agent.args.end());
    CHECK(*(it + 1) == "/home/u/hosts");
}

TEST_CASE("shell quoting survives spaces and quotes", "[transport]")
{
    CHECK(shellQuote("plain/path-1") == "plain/path-1");
    CHECK(shellQuote("a b") == "'a b'");
    CHECK(shellQuote("it's") == "'it'\\''s'");
    CHECK(shellQuote("") == "''");
}

TEST_CASE("mpi with slots: R ranks a host, a host filled before the next, and the results' rank hosts say so",
          "[transport][slots]")
{
    // 8 ranks on 4 hosts at 2 a host: each host's line says 2 slots; 3 ranks fill a and the first of b.
    const Node n = parseNodeSpec("mpi:8:hosts=a+b+c+d:slots=2")[0];
    CHECK(n.slotsPerHost == 2);
    CHECK(n.describe() == "mpi 8 ranks, 2 a host on a,b,c,d");
    CHECK(planLaunch(n, context(), "t").hostfileText == "a slots=2\nb slots=2\nc slots=2\nd slots=2\n");
    // srun's step: 4 ranks at 2 a host take 2 of the named nodes, 2 tasks each.
    Node s = parseNodeSpec("mpi:4:hosts=a+b+c+d:slots=2:launch=srun")[0];
    const LaunchPlan sp = planLaunch(s, context(), "t");
    CHECK(has(sp.agent.args, "--ntasks-per-node"));
    const auto w = std::find(sp.agent.args.begin(), sp.agent.args.end(), "-w");
    REQUIRE(w != sp.agent.args.end());
    CHECK(*(w + 1) == "a,b");
    // Round trip through the document's nodes array.
    const nlohmann::json j = nodesToJson({n});
    CHECK(j[0]["slots"] == 2);
    CHECK(nodesFromJson(j)[0].slotsPerHost == 2);
}

TEST_CASE("mpi slots: a value out of range, on another transport or beside a hostfile, refused naming it",
          "[transport][slots]")
{
    CHECK_THROWS_WITH(parseNodeSpec("mpi:4:slots=0"), Catch::Contains("slots = 0 is out of range [1, 4096]"));
    CHECK_THROWS_WITH(parseNodeSpec("local:slots=2"), Catch::Contains("slots = 2 is for the mpi transport"));
    CHECK_THROWS_WITH(parseNodeSpec("mpi:4:hostfile=/tmp/hf:slots=2"),
                      Catch::Contains("slots = 2 and a hostfile: the hostfile's own slots= say it"));
    CHECK_THROWS_WITH(nodesFromJson(nlohmann::json::parse(R"([{"transport": "mpi", "ranks": 4, "slots": 2.5}])")),
                      Catch::Contains("slots = 2.5 must be a whole number in [1, 4096]"));
}
