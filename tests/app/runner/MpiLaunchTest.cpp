// How the mpi transport starts its ranks on a cluster: mpirun with the
// allocation's or a host list's hosts and the node's ssh options, or srun as
// a step of the current Slurm job. Command lines only; MpiTest and
// MpiSlurmTest run them.
#include "app/runner/Transport.h"

#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

using namespace cs;
using namespace cs::runner;

namespace {

using test::fakeEnv;

LaunchContext context(const std::string& slurmJob = "")
{
    LaunchContext c;
    c.agentPath = "/b/bin/clusterscope-agent";
    c.mpiAgentPath = "/b/bin/clusterscope-mpi-agent";
    c.workDir = "/tmp/w";
    c.slurmJob = slurmJob;
    return c;
}

// The value after `option` in args, or "" when it is not there.
std::string after(const std::vector<std::string>& args, const std::string& option, const std::string& value = "")
{
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
        if (args[i] == option && (value.empty() || args[i + 1] == value))
            return value.empty() ? args[i + 1] : (i + 2 < args.size() ? args[i + 2] : "");
    return {};
}

const auto kJob = fakeEnv({{"SLURM_JOB_ID", "77"}, {"SLURM_JOB_NODELIST", "cn[01-04]"}});

} // namespace

TEST_CASE("mpi:allocation: the ranks as a step of the job, srun through PMIx", "[transport][mpi]")
{
    const std::vector<Node> nodes = parseNodeSpec("mpi:allocation", kJob);
    REQUIRE(nodes.size() == 1);
    const Node& n = nodes[0];
    CHECK(n.launch == "srun");
    CHECK(n.ranks == 4); // one per allocated host
    CHECK(n.hosts == std::vector<std::string>{"cn01", "cn02", "cn03", "cn04"});
    CHECK(n.describe() == "mpi 4 ranks in the Slurm allocation on cn[01-04] via srun");
    const LaunchPlan p = planLaunch(n, context("77"), "t");
    // -u and --exact as the slurm transport; --input=0: only rank 0 reads the
    // token and frames; no -w: srun takes the job's own nodes; no hostfile.
    CHECK(p.agent.text() == "srun -n 4 --mpi=pmix -u --input=0 --exact --kill-on-bad-exit=1 --immediate=30 "
                            "--job-name=clusterscope-mpi-agent --mem=0 /b/bin/clusterscope-mpi-agent --stdio "
                            "--token-stdin");
    CHECK(p.hostfile.empty());

    const Node two = parseNodeSpec("mpi:allocation:ranks=2:btl=self+tcp", kJob)[0];
    const LaunchPlan q = planLaunch(two, context("77"), "t");
    CHECK(after(q.agent.args, "-n") == "2");
    CHECK(q.agent.env.at("OMPI_MCA_btl") == "self,tcp"); // srun has no --mca: Open MPI reads the environment
}

TEST_CASE("mpi with the allocation's hosts under mpirun: a hostfile of them, one slot each", "[transport][mpi]")
{
    const Node n = parseNodeSpec("mpi:allocation:launch=mpirun", kJob)[0];
    const LaunchPlan p = planLaunch(n, context("77"), "t");
    CHECK(p.agent.program == "mpirun");
    CHECK(after(p.agent.args, "-np") == "4");
    CHECK(p.hostfileText == "cn01 slots=1\ncn02 slots=1\ncn03 slots=1\ncn04 slots=1\n");
    CHECK_FALSE(p.hostfileText.find("localhost") != std::string::npos);

    // A host list expands the same way; 2 ranks over 4 hosts: ceil(2/4) = 1 slot each.
    const Node list = parseNodeSpec("mpi:2:hosts=node[01-04]")[0];
    CHECK(list.describe() == "mpi 2 ranks on node[01-04]");
    CHECK(planLaunch(list, context(), "t").hostfileText == "node01 slots=1\nnode02 slots=1\nnode03 slots=1\nnode04 slots=1\n");

    CHECK_THROWS_WITH(parseNodeSpec("mpi:allocation", fakeEnv({})),
                      "node 0 ('mpi:allocation'): allocation: SLURM_JOB_ID is not set (run inside salloc or sbatch)");
    CHECK_THROWS_WITH(parseNodeSpec("mpi:allocation:hosts=a", kJob),
                      "node 0 ('mpi:allocation:hosts=a'): allocation names the hosts; leave out hosts and hostfile");
}

TEST_CASE("mpi passes the node's ssh options to mpirun's ssh (plm_rsh_args)", "[transport][mpi]")
{
    const Node n =
        parseNodeSpec("mpi:2:hosts=n1+n2:opt=ConnectTimeout=2:opt=StrictHostKeyChecking=no:port=2222:identity=/k")[0];
    const LaunchPlan p = planLaunch(n, context(), "t");
    // The node's options first: ssh keeps the first value of an option, so
    // ConnectTimeout=2 wins over the default 10.
    CHECK(after(p.agent.args, "--mca", "plm_rsh_args") ==
          "-o ConnectTimeout=2 -o StrictHostKeyChecking=no -o BatchMode=yes -o ConnectTimeout=10 "
          "-o ServerAliveInterval=5 -o ServerAliveCountMax=3 -p 2222 -i /k");
    // The ssh transport uses the same options in the same order.
    const LaunchPlan s = planLaunch(parseNodeSpec("ssh:h:opt=ConnectTimeout=2")[0], context(), "t");
    CHECK(s.agent.text().find("-o ConnectTimeout=2 -o BatchMode=yes -o ConnectTimeout=10") != std::string::npos);

    // Only this machine: mpirun starts no ssh, nothing to pass.
    CHECK(after(planLaunch(parseNodeSpec("mpi:2")[0], context(), "t").agent.args, "--mca", "plm_rsh_args").empty());
}

TEST_CASE("mpi launch settings that cannot work are refused, naming the node and value", "[transport][mpi]")
{
    CHECK_THROWS_WITH(parseNodeSpec("mpi:2:launch=ssh"), "node mpi0: launch = 'ssh' must be mpirun or srun");
    CHECK_THROWS_WITH(parseNodeSpec("slurm:n1:launch=srun"), "node n1: launch = 'srun' is for the mpi transport");
    CHECK_THROWS_WITH(parseNodeSpec("mpi:allocation:opt=ConnectTimeout=2", kJob),
                      "node mpi0: ssh options, identity and port are for mpirun's ssh; srun starts the ranks itself");
    CHECK_THROWS_WITH(parseNodeSpec("mpi:2:hosts=a+b:identity=/my keys/id"),
                      "node mpi0: identity '/my keys/id' contains a space, which mpirun's ssh arguments "
                      "(plm_rsh_args) cannot carry");
    CHECK_THROWS_WITH(parseNodeSpec("mpi:2:launch=srun:hostfile=/h"),
                      Catch::Contains("a hostfile is for mpirun"));
}

TEST_CASE("a design's mpi node in the allocation survives a save and a load", "[transport][mpi]")
{
    const std::vector<Node> nodes = nodesFromJson(nlohmann::json::parse(R"([{"transport": "mpi", "allocation": true,
                                                                             "ranks": 2}])"),
                                                  kJob);
    REQUIRE(nodes.size() == 1);
    CHECK(nodes[0].launch == "srun");
    CHECK(nodes[0].ranks == 2);
    const nlohmann::json saved = nodesToJson(nodes);
    CHECK_FALSE(saved[0].contains("hosts")); // read from the next job's allocation, not this one's
    const std::vector<Node> again = nodesFromJson(saved, fakeEnv({{"SLURM_JOB_ID", "78"}, {"SLURM_JOB_NODELIST", "x[1-3]"}}));
    CHECK(again[0].hosts == std::vector<std::string>{"x1", "x2", "x3"});
    CHECK(again[0].ranks == 2);
}
