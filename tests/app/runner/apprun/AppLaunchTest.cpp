// run-app's launches: placeholders, the command each node spec gives, and --record's preload into the ranks
// (never into the launcher itself). No process runs here (RecordTest.cpp runs the recordings).
#include "app/runner/apprun/AppLaunch.h"
#include "app/runner/apprun/AppRecord.h"

#include <catch2/catch.hpp>

#include <cstdlib>

using namespace cs::runner;
using namespace cs::runner::apprun;
using Catch::Contains;

namespace {

LaunchContext context()
{
    LaunchContext c;
    c.workDir = "/tmp/w";
    c.root = true;
    c.cpus = 2;
    return c;
}

bool has(const std::vector<std::string>& v, const std::vector<std::string>& run)
{
    return std::search(v.begin(), v.end(), run.begin(), run.end()) != v.end();
}

} // namespace

TEST_CASE("run-app: {P} and {NAME} are replaced in every word, other braces kept", "[runapp]")
{
    const Settings sets = {{"N", "96"}, {"iters", "50"}, {"N", "128"}}; // the last --set of a name wins
    const auto out = substitute({"./stencil", "-n", "{N}", "--ranks={P}", "{iters}x{P}", "{}", "{1,2}", "{ N}", "a{"},
                                4, sets);
    CHECK(out == std::vector<std::string>{"./stencil", "-n", "128", "--ranks=4", "50x4", "{}", "{1,2}", "{ N}", "a{"});
    CHECK_THROWS_WITH(substitute({"-n", "{Nx}"}, 2, sets),
                      "'{Nx}' uses {Nx}, which is neither {P} nor set (--set Nx=VALUE)");
}

TEST_CASE("run-app: an mpi node launches mpirun -np P with the agent's flags, the program in place of the agent",
          "[runapp]")
{
    const auto nodes = parseNodeSpec("mpi:4");
    const LaunchPlan p = planAppLaunch(nodes, 2, {"./app", "2"}, context(), "t");
    CHECK(p.agent.program == "mpirun");
    CHECK(has(p.agent.args, {"-np", "2", "--hostfile", "/tmp/w/hostfile-t", "--oversubscribe", "--allow-run-as-root"}));
    // The program and its arguments come last, as given.
    REQUIRE(p.agent.args.size() >= 2);
    CHECK(std::vector<std::string>(p.agent.args.end() - 2, p.agent.args.end()) ==
          std::vector<std::string>{"./app", "2"});
    CHECK(p.agent.env.at("OMPI_ALLOW_RUN_AS_ROOT") == "1");
    // One host, localhost, with ceil(2 / 1) = 2 slots.
    CHECK(p.hostfileText == "localhost slots=2\n");
    // P = 1 is allowed (the serial run); above the spec's 4 ranks is refused.
    CHECK(planAppLaunch(nodes, 1, {"./app"}, context(), "t").agent.args[1] == "1");
    CHECK_THROWS_WITH(planAppLaunch(nodes, 8, {"./app"}, context(), "t"), Contains("P = 8 is more than the 4 ranks"));
}

TEST_CASE("run-app: an emulated cluster's mpi spec keeps its namespace, hosts and ssh settings", "[runapp]")
{
    const auto nodes = parseNodeSpec("mpi:4:hosts=10.9.0.1+10.9.0.2:netns=c-h0:port=2222:btl=tcp+self");
    const LaunchPlan p = planAppLaunch(nodes, 4, {"/opt/jacobi"}, context(), "t");
    CHECK(p.agent.program == "ip");
    CHECK(has(p.agent.args, {"netns", "exec", "c-h0", "mpirun"}));
    CHECK(has(p.agent.args, {"--mca", "btl", "tcp,self"}));
    CHECK_THAT(p.agent.text(), Contains("-p 2222"));
    CHECK(p.hostfileText == "10.9.0.1 slots=2\n10.9.0.2 slots=2\n"); // ceil(4 / 2) = 2 each
    CHECK(p.agent.args.back() == "/opt/jacobi");
}

TEST_CASE("run-app: slurm nodes launch srun -n P --mpi=pmix over their hosts", "[runapp]")
{
    const auto nodes = parseNodeSpec("slurm:node[1-3]");
    const LaunchPlan p = planAppLaunch(nodes, 2, {"./app"}, context(), "t");
    CHECK(p.agent.program == "srun");
    CHECK(has(p.agent.args, {"-n", "2", "--mpi=pmix"}));
    CHECK(has(p.agent.args, {"-N", "2", "-w", "node1,node2"})); // as many nodes as ranks, at most
    CHECK(has(p.agent.args, {"--job-name=clusterscope-run-app"}));
    CHECK(p.agent.args.back() == "./app");
    // Four ranks on three nodes: all three named, srun places the fourth.
    CHECK(has(planAppLaunch(nodes, 4, {"./app"}, context(), "t").agent.args, {"-N", "3", "-w", "node1,node2,node3"}));
}

TEST_CASE("run-app: ssh nodes launch mpirun over their hosts with their ssh settings", "[runapp]")
{
    const auto nodes = parseNodeSpec("ssh:alice@h1:port=2200,ssh:alice@h2:port=2200");
    const LaunchPlan p = planAppLaunch(nodes, 3, {"./app"}, context(), "t");
    CHECK(p.agent.program == "mpirun");
    CHECK(p.hostfileText == "h1 slots=2\nh2 slots=2\n");
    CHECK_THAT(p.agent.text(), Contains("User=alice"));
    CHECK_THAT(p.agent.text(), Contains("-p 2200"));
    CHECK_THROWS_WITH(planAppLaunch(parseNodeSpec("ssh:alice@h1,ssh:bob@h2"), 2, {"./app"}, context(), "t"),
                      Contains("differ in user, port, identity or ssh options"));
}

TEST_CASE("run-app: local, tcp and mixed node lists are refused with what to use instead", "[runapp]")
{
    CHECK_THROWS_WITH(launchNode(parseNodeSpec("local:cpu=0,local:cpu=1"), 2), Contains("use --nodes mpi:N"));
    CHECK_THROWS_WITH(launchNode(parseNodeSpec("ssh:h1,slurm:h2"), 2), Contains("use different transports"));
    CHECK_THROWS_WITH(planAppLaunch(parseNodeSpec("mpi:2"), 2, {}, context(), "t"), Contains("no program"));
}

TEST_CASE("run-app --record: mpirun exports the preload and the trace folder to the ranks with -x", "[runapp][record]")
{
    ::unsetenv("LD_PRELOAD");
    ::unsetenv("CS_RECORD_LIMIT");
    LaunchPlan p = planAppLaunch(parseNodeSpec("mpi:4"), 2, {"./app", "2"}, context(), "t");
    addRecording(p, "/opt/cs/libcsrecord.so", "/tmp/w/rec");
    CHECK(p.agent.program == "mpirun");
    // Right after mpirun, before its other options; the program and its arguments still last, and mpirun's own
    // environment without the preload.
    CHECK(std::vector<std::string>(p.agent.args.begin(), p.agent.args.begin() + 4) ==
          std::vector<std::string>{"-x", "LD_PRELOAD=/opt/cs/libcsrecord.so", "-x", "CS_RECORD_DIR=/tmp/w/rec"});
    CHECK(std::vector<std::string>(p.agent.args.end() - 2, p.agent.args.end()) ==
          std::vector<std::string>{"./app", "2"});
    CHECK(p.agent.env.count("LD_PRELOAD") == 0);

    // A preload of the user's is kept after ours; CS_RECORD_LIMIT goes along when set.
    ::setenv("LD_PRELOAD", "/usr/lib/libmine.so", 1);
    ::setenv("CS_RECORD_LIMIT", "1M", 1);
    LaunchPlan q = planAppLaunch(parseNodeSpec("mpi:4"), 2, {"./app"}, context(), "t");
    addRecording(q, "/opt/cs/libcsrecord.so", "/tmp/w/rec");
    ::unsetenv("LD_PRELOAD");
    ::unsetenv("CS_RECORD_LIMIT");
    CHECK(has(q.agent.args, {"-x", "LD_PRELOAD=/opt/cs/libcsrecord.so:/usr/lib/libmine.so"}));
    CHECK(has(q.agent.args, {"-x", "CS_RECORD_LIMIT=1M"}));
}

TEST_CASE("run-app --record: an emulated cluster's mpirun in its namespace, and srun with --export", "[runapp][record]")
{
    ::unsetenv("LD_PRELOAD");
    ::unsetenv("CS_RECORD_LIMIT");
    LaunchPlan ns = planAppLaunch(parseNodeSpec("mpi:4:hosts=10.9.0.1+10.9.0.2:netns=c-h0"), 4, {"/opt/jacobi"},
                                  context(), "t");
    addRecording(ns, "/l/libcsrecord.so", "/tmp/w/rec");
    CHECK(ns.agent.program == "ip");
    CHECK(has(ns.agent.args, {"netns", "exec", "c-h0", "mpirun", "-x", "LD_PRELOAD=/l/libcsrecord.so", "-x",
                              "CS_RECORD_DIR=/tmp/w/rec"}));

    LaunchPlan s = planAppLaunch(parseNodeSpec("slurm:n[1-2]"), 2, {"./app"}, context(), "t");
    addRecording(s, "/l/libcsrecord.so", "/tmp/w/rec");
    CHECK(s.agent.program == "srun");
    CHECK(s.agent.args.front() == "--export=ALL,LD_PRELOAD=/l/libcsrecord.so,CS_RECORD_DIR=/tmp/w/rec");
    // srun's --export splits at commas: a path with one cannot be passed, and says so.
    LaunchPlan bad = planAppLaunch(parseNodeSpec("slurm:n[1-2]"), 2, {"./app"}, context(), "t");
    CHECK_THROWS_WITH(addRecording(bad, "/l/libcsrecord.so", "/tmp/a,b"), Contains("a comma in it"));
}
