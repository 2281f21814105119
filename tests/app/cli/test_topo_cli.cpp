// clusterscope-cli topo and list generators, driven in-process.
#include "CliTestSupport.h"
#include "app/cli/Cli.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <unistd.h>

using cs::test::cli;

namespace {

std::string tempFile(const std::string& name, const std::string& text)
{
    const auto p = std::filesystem::temp_directory_path() / ("cs_topo_" + std::to_string(::getpid()) + "_" + name);
    std::ofstream(p) << text;
    return p.string();
}

// Equal JSON, numbers to 1e-9 relative.
bool sameJson(const nlohmann::json& a, const nlohmann::json& b)
{
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        return std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y));
    }
    if (a.type() != b.type() || a.size() != b.size())
        return false;
    if (a.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it)
            if (!b.contains(it.key()) || !sameJson(*it, b[it.key()])) {
                UNSCOPED_INFO("differs at " << it.key());
                return false;
            }
        return true;
    }
    if (a.is_array()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            if (!sameJson(a[i], b[i]))
                return false;
        return true;
    }
    return a == b;
}

bool oneLine(const std::string& s)
{
    return std::count(s.begin(), s.end(), '\n') == 1 && s.back() == '\n';
}

} // namespace

TEST_CASE("topo --gen prints counts, hops, histogram, bisection and load", "[topology][cli]")
{
    const cs::test::CliResult r = cli({"topo", "--gen", "fat-tree:k=4"});
    REQUIRE(r.rc == 0);
    CHECK(r.err.empty());
    // k=4: 16 hosts, 20 switches, 48 links; histogram 16 / 32 / 192 (see the model tests).
    CHECK_THAT(r.out, Catch::Contains("hosts 16, switches 20, segments 0, links 48"));
    CHECK_THAT(r.out, Catch::Contains("diameter 6 hops"));
    CHECK_THAT(r.out, Catch::Contains("hop histogram over 240 ordered host pairs"));
    CHECK_THAT(r.out, Catch::Contains("   2 hops: 16\n"));
    CHECK_THAT(r.out, Catch::Contains("   4 hops: 32\n"));
    CHECK_THAT(r.out, Catch::Contains("   6 hops: 192\n"));
    // 8 links x 125 MB/s, exact.
    CHECK_THAT(r.out, Catch::Contains("bisection bandwidth: 1000 MB/s (exact: "));
    CHECK_THAT(r.out, Catch::Contains("all-to-all:               15 flows on link"));

    // Units and choice names in --gen values; a bound for the segment mesh.
    const cs::test::CliResult m = cli({"topo", "--gen", "beowulf-mesh:rows=4, cols=4, routing=switch, bw=10Mbit/s"});
    REQUIRE(m.rc == 0);
    CHECK_THAT(m.out, Catch::Contains("hosts 16, switches 2, segments 8, links 40"));
    CHECK_THAT(m.out, Catch::Contains("(upper bound: "));
}

TEST_CASE("topo --json is machine-readable", "[topology][cli]")
{
    const cs::test::CliResult r = cli({"topo", "--gen", "hypercube:dims=3", "--json"});
    REQUIRE(r.rc == 0);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["counts"]["hosts"] == 8);
    CHECK(j["counts"]["links"] == 12);
    CHECK(j["diameter"] == 3);
    // From each of 8 hosts: 3 at 1 hop, 3 at 2, 1 at 3.
    CHECK(j["hop_histogram"] == nlohmann::json::parse(
                                   R"([{"hops":1,"pairs":24},{"hops":2,"pairs":24},{"hops":3,"pairs":8}])"));
    CHECK(j["bisection"]["exact"] == true);
    CHECK(j["bisection"]["bandwidth"].get<double>() == Approx(4 * 125e6));
    CHECK(j["all_to_all"]["max_link_load"].get<double>() == Approx(4));
}

TEST_CASE("topo reads a topology file, bare or inside a document", "[topology][cli]")
{
    const std::string bare = tempFile("bare.json", R"({"vertices": [
        {"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}, {"id": "c", "kind": "host"},
        {"id": "bus", "kind": "segment", "bandwidth": "10Mbit/s"}],
      "edges": [{"from": "a", "to": "bus", "bandwidth": "10Mbit/s"},
                {"from": "b", "to": "bus", "bandwidth": "10Mbit/s"},
                {"from": "c", "to": "bus", "bandwidth": "10Mbit/s"}]})");
    const cs::test::CliResult r = cli({"topo", bare});
    REQUIRE(r.rc == 0);
    CHECK_THAT(r.out, Catch::Contains("hosts 3, switches 0, segments 1, links 3"));
    CHECK_THAT(r.out, Catch::Contains("   2 hops: 6\n")); // 3 x 2 ordered pairs
    // The only split of 3 hosts (1 vs 2) crosses the 1.25 MB/s bus: a bound.
    CHECK_THAT(r.out, Catch::Contains("bisection bandwidth: 1.25 MB/s (upper bound: "));
    // All 6 flows cross the bus.
    CHECK_THAT(r.out, Catch::Contains("all-to-all:               6 flows on segment bus"));

    const std::string doc =
        tempFile("doc.json", R"({"version": 1, "topology": {"generator": "star", "params": {"n": 4}}})");
    const cs::test::CliResult d = cli({"topo", doc, "--json"});
    REQUIRE(d.rc == 0);
    CHECK(nlohmann::json::parse(d.out)["counts"]["hosts"] == 4);
    std::filesystem::remove(bare);
    std::filesystem::remove(doc);
}

TEST_CASE("topo --gen of a torus or hypercube answers without building, with the built network's figures",
          "[topology][cli]")
{
    // --gen takes CubeMetrics (the generator's metrics()); a file with the
    // generator form builds the network and runs computeMetrics. Every
    // figure printed is the same; only the method line says which ran.
    const std::pair<const char*, const char*> cases[] = {
        {"hypercube:dims=7,lat=2us,forward_cost=0.5us", R"({"generator": "hypercube", "params": {"dims": 7,
            "lat": 2e-6, "forward_cost": 5e-7}})"},
        {"torus:k=6,dims=3,channels=2", R"({"generator": "torus", "params": {"k": 6, "dims": 3, "channels": 2}})"},
    };
    for (const auto& [spec, file] : cases) {
        INFO(spec);
        const std::string path = tempFile("cube.json", file);
        const cs::test::CliResult unbuilt = cli({"topo", "--gen", spec});
        const cs::test::CliResult built = cli({"topo", path});
        REQUIRE(unbuilt.rc == 0);
        REQUIRE(built.rc == 0);
        CHECK(unbuilt.out == built.out);
        auto a = nlohmann::json::parse(cli({"topo", "--gen", spec, "--json"}).out);
        auto b = nlohmann::json::parse(cli({"topo", path, "--json"}).out);
        CHECK_THAT(a["method"].get<std::string>(), Catch::Contains("without building"));
        CHECK_THAT(b["method"].get<std::string>(), Catch::Contains("automorphism"));
        a.erase("method");
        b.erase("method");
        // Loads agree to rounding: the built network's sums run in another order.
        CHECK(sameJson(a, b));
        std::filesystem::remove(path);
    }
}

TEST_CASE("topo errors are one line with a non-zero exit", "[topology][cli]")
{
    cs::test::CliResult r = cli({"topo", "--gen", "nope:k=4"});
    CHECK(r.rc == 1);
    CHECK(oneLine(r.err));
    CHECK_THAT(r.err, Catch::StartsWith("clusterscope-cli topo: error: unknown generator 'nope' (known: star, "));

    r = cli({"topo", "--gen", "fat-tree:k=5"});
    CHECK(r.rc == 1);
    CHECK(r.err == "clusterscope-cli topo: error: generator fat-tree: k = 5 must be even\n");

    r = cli({"topo", "--gen", "fat-tree:kk=4"});
    CHECK(r.rc == 1);
    CHECK(oneLine(r.err));
    CHECK_THAT(r.err, Catch::Contains("generator fat-tree has no parameter 'kk'"));

    r = cli({"topo", "--gen", "star:bw=fast"});
    CHECK(r.rc == 1);
    CHECK(oneLine(r.err));
    CHECK_THAT(r.err, Catch::StartsWith("clusterscope-cli topo: error: generator star: bw: "));

    r = cli({"topo", "--gen", "fat-tree:k"});
    CHECK(r.rc == 2);
    CHECK(oneLine(r.err));
    CHECK_THAT(r.err, Catch::Contains("expects NAME=VALUE, got 'k'"));

    r = cli({"topo"});
    CHECK(r.rc == 2);
    CHECK(oneLine(r.err));

    r = cli({"topo", "/nonexistent/x.json"});
    CHECK(r.rc == 1);
    CHECK(r.err == "clusterscope-cli topo: error: cannot open '/nonexistent/x.json'\n");

    const std::string bad = tempFile("bad.json", R"({"vertices": [{"id": "a", "kind": "host"}, {"id": "b", "kind": "host"}],
        "edges": [{"from": "a", "to": "b", "bandwidth": -5}]})");
    r = cli({"topo", bad});
    CHECK(r.rc == 1);
    CHECK(r.err == "clusterscope-cli topo: error: " + bad + ": topology.edges[0].bandwidth: must be > 0, got -5\n");
    const std::string broken = tempFile("broken.json", "{\"vertices\": [");
    r = cli({"topo", broken});
    CHECK(r.rc == 1);
    CHECK(oneLine(r.err));
    std::filesystem::remove(bad);
    std::filesystem::remove(broken);
}

TEST_CASE("list generators, as text and JSON", "[topology][cli]")
{
    const cs::test::CliResult r = cli({"list", "generators"});
    REQUIRE(r.rc == 0);
    for (const char* name : {"star", "bus", "hub", "bonded", "beowulf-mesh", "fat-tree", "gfat", "torus", "mesh",
                             "hypercube", "full", "leaf-spine", "dragonfly", "hyperx"})
        CHECK_THAT(r.out, Catch::Contains(std::string("\n") + name + " ") || Catch::StartsWith(std::string(name) + " "));
    CHECK_THAT(r.out, Catch::Contains("002_5a9fca780898fb85.txt §2.2"));

    const cs::test::CliResult j = cli({"list", "generators", "--json"});
    REQUIRE(j.rc == 0);
    const auto arr = nlohmann::json::parse(j.out);
    REQUIRE(arr.size() == 14);
    const auto& gfat = arr[6];
    CHECK(gfat["name"] == "gfat");
    CHECK(gfat["params"][0]["symbol"] == "radix");
    CHECK(gfat["params"][0]["default"] == 8);
    CHECK_FALSE(gfat["params"][0]["source"].get<std::string>().empty());
}
