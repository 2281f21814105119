// Jobs that share no node and no link run at the same time; jobs on one
// machine never do; a node whose agent does not start costs one timeout.
// Overlap is read from the order of the runner's start and end events, never
// from clocks.
#include "TestSupport.h"

#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>

#include <mutex>

using namespace cs;
using nlohmann::json;

namespace {

const json kQuickPing = {{"size_max", 64}, {"reps", 200}, {"warmups", 5}};

// "start 0", "end 1", ... in the order the runner reported them.
std::vector<std::string> runAndLog(runner::Runner& r, const runner::RunPlan& plan)
{
    std::mutex m;
    std::vector<std::string> log;
    QObject::connect(
        &r, &runner::Runner::jobStarted, &r,
        [&](int index, const QString&) {
            std::lock_guard lock(m);
            log.push_back("start " + std::to_string(index));
        },
        Qt::DirectConnection);
    QObject::connect(
        &r, &runner::Runner::jobFinished, &r,
        [&](int index, const QString&, const QString&) {
            std::lock_guard lock(m);
            log.push_back("end " + std::to_string(index));
        },
        Qt::DirectConnection);
    r.start(plan);
    REQUIRE(r.wait(120000));
    QObject::disconnect(&r, nullptr, &r, nullptr);
    return log;
}

// Two jobs overlap when both started before either ended.
bool overlapped(const std::vector<std::string>& log)
{
    return log.size() == 4 && log[0].rfind("start", 0) == 0 && log[1].rfind("start", 0) == 0;
}

std::string netnsNode(const std::string& ns, const std::string& addr, const std::string& name)
{
    return "local:netns=" + ns + ":address=" + addr + ":bind=" + addr + ":name=" + name;
}

} // namespace

TEST_CASE("two pairs on disjoint links run at the same time, within the cap", "[parallel][netns]")
{
    test::NetnsPair one("1gbit"), two("1gbit");
    if (!one.ok() || !two.ok()) {
        WARN("skipped: " << one.error() << two.error());
        return;
    }
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec(netnsNode(one.nsA(), one.addrA(), "a1") + "," +
                                       netnsNode(one.nsB(), one.addrB(), "b1") + "," +
                                       netnsNode(two.nsA(), two.addrA(), "a2") + "," +
                                       netnsNode(two.nsB(), two.addrB(), "b2"));
    plan.probe = "net.pingpong";
    plan.params = kQuickPing;
    plan.pairing = "paths";
    plan.pairs = {{0, 1, "veth one", false}, {2, 3, "veth two", false}};
    plan.timeout = 60;

    runner::Runner r(test::plugins());
    const auto together = runAndLog(r, plan);
    std::string events;
    for (const std::string& e : together)
        events += e + "; ";
    INFO(events);
    CHECK(overlapped(together));
    auto results = r.results();
    REQUIRE(results.size() == 2);
    INFO(results[0].reason << " / " << results[1].reason);
    CHECK(results[0].ok());
    CHECK(results[1].ok());
    // Results stay in plan order whichever job ended first.
    CHECK(results[0].nodes == std::vector<std::string>{"a1", "b1"});
    CHECK(results[1].nodes == std::vector<std::string>{"a2", "b2"});

    // A cap of one: the second starts after the first has ended.
    plan.parallel = 1;
    CHECK(runAndLog(r, plan) == std::vector<std::string>{"start 0", "end 0", "start 1", "end 1"});
}

TEST_CASE("jobs on one machine, or sharing a node, never overlap", "[parallel]")
{
    runner::RunPlan plan;
    // Four local nodes without namespaces: one machine, so no two jobs overlap.
    plan.nodes = runner::parseNodeSpec("local:cpu=0,local:cpu=1,local:cpu=0,local:cpu=1");
    plan.probe = "net.pingpong";
    plan.params = kQuickPing;
    plan.pairing = "paths";
    plan.pairs = {{0, 1, "one", false}, {2, 3, "two", false}};
    const auto jobs = runner::planJobs(plan, test::plugins());
    CHECK(jobs[0].uses == std::vector<std::string>{"node:this machine", "node:this machine"});
    CHECK(runner::planRounds(jobs, 8) == std::vector<std::vector<std::size_t>>{{0}, {1}});

    runner::Runner r(test::plugins());
    CHECK(runAndLog(r, plan) == std::vector<std::string>{"start 0", "end 0", "start 1", "end 1"});
    for (const runner::JobResult& x : r.results())
        CHECK(x.ok());

    // Namespaces are machines of their own; pairs sharing one do not overlap.
    plan.nodes = runner::parseNodeSpec("local:netns=x:name=x,local:netns=y:name=y,local:netns=z:name=z");
    plan.pairs = {{0, 1, "xy", false}, {1, 2, "yz", false}, {0, 2, "xz", false}};
    CHECK(runner::planRounds(runner::planJobs(plan, test::plugins()), 8) ==
          std::vector<std::vector<std::size_t>>{{0}, {1}, {2}});

    // A single-node probe on a namespace runs alone among the local nodes: they share this machine's CPUs.
    // Its jobs take every local machine of the plan, so they neither overlap each other nor a pair.
    runner::RunPlan cpu = plan;
    cpu.nodes = runner::parseNodeSpec("local:netns=x:name=x,local:netns=y:name=y,local:netns=z:name=z");
    cpu.probe = "cpu.fft";
    cpu.pairing = "all";
    cpu.pairs.clear();
    cpu.params.clear();
    const auto cpuJobs = runner::planJobs(cpu, test::plugins());
    REQUIRE(cpuJobs.size() == 3);
    CHECK(cpuJobs[1].uses == std::vector<std::string>{"node:netns y", "node:netns x", "node:netns z"});
    CHECK(runner::planRounds(cpuJobs, 8) == std::vector<std::vector<std::size_t>>{{0}, {1}, {2}});

    plan.parallel = 0;
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), "parallel 0: the jobs run at once must be 1 to 1024");
}

TEST_CASE("with the design's topology, pairs whose routes share a link never overlap", "[parallel]")
{
    // Two leaf switches joined by one uplink; four namespaces (never entered:
    // only the plan is made), one per host.
    auto t = std::make_shared<Topology>(topologyFromJson(json::parse(R"({"vertices": [{"id": "s1", "kind": "switch"},
        {"id": "s2", "kind": "switch"}, {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"},
        {"id": "c", "kind": "host"}, {"id": "d", "kind": "host"}],
        "edges": [{"from": "a", "to": "s1", "bandwidth": 1}, {"from": "b", "to": "s1", "bandwidth": 1},
                  {"from": "c", "to": "s2", "bandwidth": 1}, {"from": "d", "to": "s2", "bandwidth": 1},
                  {"from": "s1", "to": "s2", "bandwidth": 1}]})")));
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("local:netns=na:name=a,local:netns=nb:name=b,local:netns=nc:name=c,"
                                       "local:netns=nd:name=d");
    plan.probe = "net.pingpong";
    plan.pairing = "paths";
    // a-c and b-d share no node but both cross the uplink s1-s2 (edge 4).
    plan.pairs = {{0, 2, "across", false}, {1, 3, "across", true}, {0, 1, "under s1", false}};
    plan.topology = t;
    plan.hosts = {"a", "b", "c", "d"};
    const auto jobs = runner::planJobs(plan, test::plugins());
    // a to c: edges 2 (c-s2), 4 (s1-s2), 0 (a-s1), from c back to a.
    CHECK(jobs[0].uses == std::vector<std::string>{"node:netns na", "node:netns nc", linkKey(LinkId{2}), linkKey(LinkId{4}),
                                                  linkKey(LinkId{0})});
    // By hand: a-c opens round 0; b-d shares link 4 with it, so opens round 1;
    // a-b shares a with round 0 and b with round 1, so opens round 2.
    CHECK(runner::planRounds(jobs, 8) == std::vector<std::vector<std::size_t>>{{0}, {1}, {2}});
    // Without the topology, a-c and b-d are node-disjoint and run together.
    plan.topology.reset();
    CHECK(runner::planRounds(runner::planJobs(plan, test::plugins()), 8) ==
          std::vector<std::vector<std::size_t>>{{0, 1}, {2}});

    plan.topology = t;
    plan.hosts = {"a", "b", "c", "x"};
    CHECK_THROWS_WITH(runner::planJobs(plan, test::plugins()), "node d: the design's topology has no host 'x'");
}

TEST_CASE("a node whose agent does not start costs one timeout, its other jobs are skipped, naming it",
          "[parallel][failures]")
{
    QTemporaryDir dir;
    // An "agent" that never answers, like a node that accepts the launch and hangs.
    const std::string mute = test::writeScript(dir, "mute.sh", "exec sleep 30");
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("local:cpu=0:name=x,local:agent=" + mute + ":name=dead,local:cpu=1:name=y");
    plan.probe = "net.pingpong";
    plan.params = kQuickPing;
    plan.pairing = "all"; // x-dead, x-y, dead-y
    plan.timeout = 3;
    runner::Runner r(test::plugins());
    r.start(plan);
    REQUIRE(r.wait(120000));
    auto results = r.results();
    REQUIRE(results.size() == 3);
    CHECK(results[0].status == "failed");
    CHECK_THAT(results[0].reason, Catch::StartsWith("node dead: timed out after 3 s while starting its agent"));
    CHECK(results[1].ok());
    CHECK(results[2].status == "skipped");
    CHECK(results[2].reason ==
          "skipped: node dead did not start its agent in an earlier job, so it is not tried again in this run");
    CHECK(results[2].failedNodes == std::vector<std::string>{"dead"});
    CHECK(results[2].duration == 0.0); // never launched: no second timeout

    // The runner remembers: the next plan skips the node's jobs at once.
    plan.pairing = "first"; // x-dead, x-y
    plan.nodes = {plan.nodes[0], plan.nodes[1], plan.nodes[2]};
    r.start(plan);
    REQUIRE(r.wait(120000));
    results = r.results();
    REQUIRE(results.size() == 2);
    CHECK(results[0].status == "skipped");
    CHECK(results[1].ok());

    // Until it is told to forget: then the node is tried (and times out) again.
    r.forgetDeadNodes();
    r.start(plan);
    REQUIRE(r.wait(120000));
    results = r.results();
    REQUIRE(results.size() == 2);
    CHECK_THAT(results[0].reason, Catch::StartsWith("node dead: timed out after 3 s while starting its agent"));
}
