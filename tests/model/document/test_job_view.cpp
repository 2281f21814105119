// The job at a sweep point (issue 32, GUI: the drawing highlights the placed
// hosts for the P under the sweep chart's cursor, the metrics dock lists that
// P's figures). jobView runs the design at that point and reads the topology
// block. Golden values by hand; every link b = 1e6 B/s.
#include "model/document/DocumentFormat.h"
#include "model/document/JobView.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <set>

using namespace cs;
using nlohmann::json;

namespace {

constexpr double b = 1e6;

// Two pods of two leaves of two hosts: h0 h1 | h2 h3 || h4 h5 | h6 h7.
json treeDesign(const char* placement)
{
    json v = json::array({{{"id", "core"}, {"kind", "switch"}}}), e = json::array();
    for (int p = 0; p < 2; ++p) {
        v.push_back({{"id", "pod" + std::to_string(p)}, {"kind", "switch"}});
        e.push_back({{"from", "pod" + std::to_string(p)}, {"to", "core"}, {"bandwidth", b}});
    }
    for (int l = 0; l < 4; ++l) {
        v.push_back({{"id", "leaf" + std::to_string(l)}, {"kind", "switch"}});
        e.push_back({{"from", "leaf" + std::to_string(l)}, {"to", "pod" + std::to_string(l / 2)}, {"bandwidth", b}});
    }
    for (int i = 0; i < 8; ++i) {
        v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        e.push_back({{"from", "h" + std::to_string(i)}, {"to", "leaf" + std::to_string(i / 2)}, {"bandwidth", b}});
    }
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "job view"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"value", 8}, {"min", 1}, {"max", 64},
                             {"follows", "topology.hosts"}}}},
            {"topology", {{"vertices", v}, {"edges", e}, {"job", {{"placement", placement}, {"schedule", "pairwise"}}}}},
            {"blocks", {{{"name", "net"}, {"type", "logp.loggp"}, {"values", json::object()}}}},
            {"wires", {{{"from", "P"}, {"to", "net.P"}}, {{"from", "topology.xchg_bw"}, {"to", "net.B_net"}}}},
            {"variants", {{{"name", "net"}, {"total", "net.T_alltoall"}}}}};
}

double figure(const JobView& v, const std::string& symbol)
{
    for (const JobView::Figure& f : v.figures)
        if (f.spec.symbol == symbol)
            return f.value;
    FAIL("no figure " << symbol);
    return 0;
}

} // namespace

TEST_CASE("job view: the hosts and figures of the job at a sweep point", "[placement][document]")
{
    const DesignDocument packed = documentFromJson(treeDesign("packed"));
    // P = 2 packed: h0 h1 on leaf0; the one round's flow each way has an
    // access link to itself: xchg_bw = b; hops h0-leaf0-h1 = 2.
    const JobView two = jobView(packed, "P", 2);
    INFO(two.error);
    REQUIRE(two.error.empty());
    CHECK(two.hosts == std::vector<std::string>{"h0", "h1"});
    CHECK(two.P == 2);
    CHECK(two.placement == "packed");
    CHECK(two.schedule == "pairwise");
    CHECK_FALSE(two.sampled);
    CHECK(figure(two, "placed") == 2);
    CHECK(figure(two, "xchg_bw") == Approx(b));
    CHECK(figure(two, "avg_hops") == Approx(2.0));
    // P = 4 packed: XOR rounds 1/b + 2/b + 2/b = 5/b over 3: xchg_bw = 0.6 b;
    // fluid bound: 4 flows each way on a leaf uplink, 3 / (4/b) = 0.75 b.
    const JobView four = jobView(packed, "P", 4);
    CHECK(four.hosts == std::vector<std::string>{"h0", "h1", "h2", "h3"});
    CHECK(figure(four, "xchg_bw") == Approx(0.6 * b));
    CHECK(figure(four, "a2a_bw") == Approx(0.75 * b));

    // Spread: one host a leaf, farthest first from leaf0: leaf2, leaf1, leaf3.
    const JobView spread = jobView(documentFromJson(treeDesign("spread")), "P", 4);
    CHECK(spread.hosts == std::vector<std::string>{"h0", "h4", "h2", "h6"});
    CHECK(spread.placement == "spread");

    // Random: one of the orders the figures average over, said so.
    const JobView random = jobView(documentFromJson(treeDesign("random")), "P", 3);
    CHECK(random.sampled);
    CHECK(random.hosts.size() == 3);
}

TEST_CASE("job view: a point that cannot be shown says why", "[placement][document]")
{
    const DesignDocument d = documentFromJson(treeDesign("packed"));
    // P above the network's 8 hosts: the design refuses the point, naming P.
    const JobView big = jobView(d, "P", 16);
    CHECK_FALSE(big.error.empty());
    CHECK(big.hosts.empty());
    CHECK_THAT(jobView(d, "Q", 2).error, Catch::Matchers::Contains("no parameter 'Q'"));
    json noTopo = treeDesign("packed");
    noTopo.erase("topology");
    noTopo["parameters"][0].erase("follows");
    noTopo["wires"] = json::array({{{"from", "P"}, {"to", "net.P"}}});
    CHECK_THAT(jobView(documentFromJson(noTopo), "P", 2).error, Catch::Matchers::Contains("no topology"));
}

TEST_CASE("job view: a job whose figures are too costly still says where it runs (issue 48 defect 10)",
          "[placement][document]")
{
    // A 1059-group dragonfly (a = 2 routers of p = 1 host, h = 529 global links a router: one between every
    // pair of groups, 560,211 links): its placed figures at P = 100 exceed the evaluation's step budget, and the
    // job at P = 100 showed nowhere in the drawing. Its 100 hosts, spread one a router, are known all the same.
    json d = {{"format", "clusterscope-design"},
              {"version", 3},
              {"name", "dragonfly"},
              {"topology", {{"generator", "dragonfly"},
                            {"params", {{"groups", 1059}, {"a", 2}, {"p", 1}, {"h", 529}}},
                            {"job", {{"placement", "spread"}}}}},
              {"blocks", json::array()},
              {"wires", json::array()}};
    const JobView v = jobView(documentFromJson(d), "topology.P", 100);
    CHECK_THAT(v.error, Catch::Matchers::Contains("steps"));
    CHECK(v.hasTopology);
    CHECK(v.placement == "spread");
    REQUIRE(v.hosts.size() == 100);
    CHECK(std::set<std::string>(v.hosts.begin(), v.hosts.end()).size() == 100);
    CHECK(v.figures.empty());
}
