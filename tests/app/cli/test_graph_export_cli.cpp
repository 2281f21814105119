// clusterscope-cli topo --export GRAPH.graphml|GRAPH.json, read back by a
// reader that is not ours (python3-networkx), and --export-slurm's refusal
// of a network that is not a hierarchy.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

using cs::test::cli;
using cs::test::tempPath;
using Catch::Contains;

namespace {

// Runs `python3 script args` and returns its standard output.
std::string python(const std::string& script, const std::string& args)
{
    const std::string file = tempPath("cs_graph_export_", "check.py");
    std::ofstream(file) << script;
    std::string out;
    if (std::FILE* p = ::popen(("python3 " + file + " " + args + " 2>&1").c_str(), "r")) {
        char buf[512];
        while (std::fgets(buf, sizeof buf, p))
            out += buf;
        ::pclose(p);
    }
    std::filesystem::remove(file);
    return out;
}

// Host count, diameter and mean hops between hosts (ordered pairs), by
// breadth-first search over the exported graph, passing only through
// switches, segments and forwarding hosts, as ClusterScope routes; then the
// node-link JSON read with networkx's own reader, its node and edge counts.
const char* kCheck = R"PY(
import json, sys
try:
    import networkx as nx
except ImportError:
    print("SKIP python3-networkx is not installed (apt-get install python3-networkx)")
    sys.exit(0)
G = nx.read_graphml(sys.argv[1])
hosts = [n for n, d in G.nodes(data=True) if d["kind"] == "host"]
transit = {n for n, d in G.nodes(data=True) if d["kind"] != "host" or d.get("forwards", False)}
diameter, total, pairs = 0, 0, 0
for s in hosts:
    dist, frontier = {s: 0}, [s]
    while frontier:
        nxt = []
        for u in frontier:
            if u != s and u not in transit:
                continue
            for v in G.neighbors(u):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    nxt.append(v)
        frontier = nxt
    for h in hosts:
        if h != s:
            diameter = max(diameter, dist[h])
            total += dist[h]
            pairs += 1
with open(sys.argv[2]) as f:
    data = json.load(f)
try:
    J = nx.node_link_graph(data, edges="links")
except TypeError:  # networkx before 3.4 reads "links" by default
    J = nx.node_link_graph(data)
print("OK", len(hosts), diameter, repr(total / pairs), G.number_of_nodes(), G.number_of_edges(),
      J.number_of_nodes(), J.number_of_edges())
)PY";

} // namespace

TEST_CASE("an exported dragonfly read by networkx has topo's hosts, diameter and average hops",
          "[topology][cli][export]")
{
    // 9 groups of a = 4 routers with p = 2 hosts and h = 2 global links each:
    // 72 hosts, 36 routers; links 72 host + 9 x 6 local + 9 x 8 / 2 = 36 global = 162.
    const std::string spec = "dragonfly:groups=9,a=4,p=2,h=2";
    const cs::test::CliResult j = cli({"topo", "--gen", spec, "--json"});
    REQUIRE(j.rc == 0);
    const nlohmann::json m = nlohmann::json::parse(j.out);
    REQUIRE(m["counts"]["hosts"] == 72);
    REQUIRE(m["counts"]["links"] == 162);

    const std::string graphml = tempPath("cs_graph_export_", "df.graphml");
    const std::string nodeLink = tempPath("cs_graph_export_", "df.json");
    const cs::test::CliResult g = cli({"topo", "--gen", spec, "--export", graphml});
    REQUIRE(g.rc == 0);
    CHECK(g.out == "wrote " + graphml + ": 72 hosts, 36 switches, 162 links (GraphML)\n");
    REQUIRE(cli({"topo", "--gen", spec, "--export", nodeLink}).rc == 0);

    const std::string out = python(kCheck, graphml + " " + nodeLink);
    if (out.rfind("SKIP", 0) == 0) {
        WARN("skipped: " << out);
        return;
    }
    INFO(out);
    REQUIRE(out.rfind("OK ", 0) == 0);
    int hosts = 0, diameter = 0, nodes = 0, edges = 0, jNodes = 0, jEdges = 0;
    double avg = 0;
    REQUIRE(std::sscanf(out.c_str(), "OK %d %d %lf %d %d %d %d", &hosts, &diameter, &avg, &nodes, &edges, &jNodes,
                        &jEdges) == 7);
    CHECK(hosts == m["counts"]["hosts"].get<int>());
    CHECK(diameter == m["diameter"].get<int>());
    CHECK(avg == Approx(m["avg_hops"].get<double>()).epsilon(1e-12));
    // Every vertex and link, in both formats: 72 + 36 = 108 nodes, 162 edges.
    CHECK(nodes == 108);
    CHECK(edges == 162);
    CHECK(jNodes == 108);
    CHECK(jEdges == 162);
    std::filesystem::remove(graphml);
    std::filesystem::remove(nodeLink);
}

TEST_CASE("topo --export writes link rates, channels and latency, of a drawn network too", "[topology][cli][export]")
{
    const std::string design = tempPath("cs_graph_export_", "drawn.json");
    std::ofstream(design) << R"({"topology": {"vertices": [
        {"id": "a&b", "kind": "host"}, {"id": "h1", "kind": "host"},
        {"id": "hub", "kind": "segment", "bandwidth": "10Mbit/s", "latency": "2us"},
        {"id": "sw", "kind": "switch", "ports": 8, "latency": "1us"}],
      "edges": [{"from": "a&b", "to": "sw", "bandwidth": "1Gbit/s", "channels": 2, "latency": "5us"},
                {"from": "sw", "to": "hub", "bandwidth": "1Gbit/s"},
                {"from": "h1", "to": "hub", "bandwidth": "10Mbit/s"}]}})";
    const std::string file = tempPath("cs_graph_export_", "drawn.json.out.json");
    const cs::test::CliResult r = cli({"topo", design, "--export", file});
    REQUIRE(r.rc == 0);
    std::ifstream in(file);
    const nlohmann::json j = nlohmann::json::parse(in);
    REQUIRE(j["nodes"].size() == 4);
    CHECK(j["nodes"][0]["id"] == "a&b");
    CHECK(j["nodes"][2]["kind"] == "segment");
    CHECK(j["nodes"][2]["bandwidth"] == 1.25e6); // 10 Mbit/s = 10e6 / 8 B/s
    CHECK(j["nodes"][3]["ports"] == 8);
    REQUIRE(j["links"].size() == 3);
    CHECK(j["links"][0]["source"] == "a&b");
    CHECK(j["links"][0]["bandwidth"] == 125e6); // 1 Gbit/s per channel
    CHECK(j["links"][0]["channels"] == 2);
    CHECK(j["links"][0]["capacity"] == 250e6);
    CHECK(j["links"][0]["latency"] == Approx(5e-6));
    CHECK(j["multigraph"] == false);

    const std::string xml = tempPath("cs_graph_export_", "drawn.GraphML");
    REQUIRE(cli({"topo", design, "--export", xml}).rc == 0);
    std::ifstream x(xml);
    const std::string text((std::istreambuf_iterator<char>(x)), std::istreambuf_iterator<char>());
    CHECK_THAT(text, Contains("<node id=\"a&amp;b\"><data key=\"kind\">host</data>"));
    // Numbers as formatNumber writes them (%g at the shortest round-trip precision).
    CHECK_THAT(text, Contains("<edge id=\"e0\" source=\"a&amp;b\" target=\"sw\"><data key=\"bandwidth\">1.25e+08</data>"
                              "<data key=\"channels\">2</data><data key=\"capacity\">2.5e+08</data>"
                              "<data key=\"latency\">"));
    for (const std::string& f : {design, file, xml})
        std::filesystem::remove(f);
}

TEST_CASE("topo --export refuses an unknown extension, and --export-slurm a network that is not a hierarchy",
          "[topology][cli][export]")
{
    cs::test::CliResult r = cli({"topo", "--gen", "torus:k=4,dims=2", "--export", "net.dot"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("--export net.dot: the format comes from the file's extension, .graphml (GraphML) or "
                               ".json (node-link JSON)"));
    // A torus's hosts link to hosts: no switch hierarchy for topology.conf.
    r = cli({"topo", "--gen", "torus:k=4,dims=2", "--export-slurm"});
    CHECK(r.rc == 1);
    CHECK_THAT(r.err, Contains("--export-slurm: this network is not a hierarchy of switches ("));
    CHECK_THAT(r.err, Contains("--export GRAPH.graphml or GRAPH.json writes any network as a graph"));
    CHECK(r.out.empty());
}
