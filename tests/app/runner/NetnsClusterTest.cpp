// The simulated cluster of scripts/netns-cluster.sh: 16 namespaces under a
// three-level bridge tree, calibrated through the CLI as a user would, with
// the design the script writes and calibrate's defaults (pairs by path
// class, rounds of link-disjoint pairs). Needs root; skips otherwise.
#include "LiveMeasure.h"
#include "TestSupport.h"

#include "app/cli/Cli.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace cs;
using nlohmann::json;

namespace {

struct Cluster {
    std::string prefix, dir, error;
    // n hosts, 2 a leaf and 2 leaves a pod; shaped at `rate` (e.g. "78mbit") when it is not empty.
    Cluster(const std::string& folder, int n, const std::string& rate = {})
        : prefix(test::uniquePrefix()), dir(folder)
    {
        error = test::namespacesUnavailable();
        std::string out;
        if (error.empty() &&
            test::sh("CS_CLUSTER_DIR=" + dir + " " + test::scriptsDir() + "/netns-cluster.sh up " + prefix + " " +
                         std::to_string(n) + (rate.empty() ? "" : " 2 2 " + rate),
                     &out) != 0)
            error = "netns-cluster.sh failed: " + out;
    }
    ~Cluster() { test::sh(test::scriptsDir() + "/netns-cluster.sh down " + prefix); }
    std::string nodes() const
    {
        std::ifstream f(dir + "/" + prefix + ".nodes");
        std::string line;
        std::getline(f, line);
        return line;
    }
};

// What host namespace `ns` says: its eth0's largest GSO packet and its sockets' small-queue limit, as "GSO LIMIT".
std::string packetsOf(const std::string& ns)
{
    std::string out;
    test::sh("ip -d -n " + ns + " link show eth0 | grep -o 'gso_max_size [0-9]*' | cut -d' ' -f2 | tr '\\n' ' '; "
             "ip netns exec " + ns + " sysctl -n net.ipv4.tcp_limit_output_bytes",
             &out);
    return out.substr(0, out.find_last_not_of(" \n") + 1);
}

int namespacesNamed(const std::string& prefix)
{
    std::string out;
    test::sh("ip netns list | awk '{print $1}' | grep -c '^" + prefix + "-' || true", &out);
    return std::stoi(out);
}

} // namespace

TEST_CASE("LogGP calibration of a 16-host namespace cluster with calibrate's defaults", "[netns][cluster]")
{
    QTemporaryDir dir;
    std::string prefix;
    {
        Cluster c(dir.path().toStdString(), 16);
        if (!c.error.empty()) {
            WARN("skipped: " << c.error);
            return;
        }
        prefix = c.prefix;
        // 16 hosts and the switch namespace.
        CHECK(namespacesNamed(c.prefix) == 17);
        // Someone else's namespace under the same prefix is left alone by down.
        test::sh("ip netns add " + c.prefix + "-hx");
        const std::string design = c.dir + "/" + c.prefix + ".design.json";
        const std::string out = c.dir + "/calibrated.json";

        // The plan, by hand: 2 hosts per leaf and 2 leaves per pod give three
        // classes, h0 -> h1 (2 hops), a 4-hop and a 6-hop pair that share no
        // host or link with it, all three in round 1 with the random checks
        // that fit; every pair would be 16 x 15 / 2 = 120 per probe.
        std::ostringstream planOut, planErr;
        REQUIRE(cli::run({"calibrate", design, "--nodes", c.nodes(), "--dry-run"}, planOut, planErr) == 0);
        INFO(planOut.str());
        CHECK_THAT(planOut.str(), Catch::Contains("net.loggp: 5 jobs (one pair per path class and 2 random checks; "
                                                  "every pair would be 120)"));
        CHECK_THAT(planOut.str(), Catch::Contains("  round 1: 4 jobs at once\n    net.loggp h0 -> h1 (2 hops: "));

        // The probe runs through the store of measurements (LiveMeasure.h), the fit from them.
        std::ifstream designFile(design);
        const test::LiveWhere where{json::parse(designFile).at("topology"), {{c.dir, "$DIR"}, {c.prefix, "$NS"}}};
        const std::string probes = c.dir + "/probes.json";
        const std::string said = test::measureProbes(where, design, c.nodes(), probes);
        CHECK_THAT(said, !Catch::Contains("did not succeed"));
        const test::Calibrated fit = test::calibrateFromProbes(design, probes, out, /*json=*/true);
        INFO(fit.err);
        REQUIRE(fit.rc == 0);
        std::ifstream f(out);
        const json doc = json::parse(f);
        // The pair probes' 5 + 5 jobs; the design's 2D FFT (netns-cluster.sh writes it wired to the tree)
        // adds its per-node CPU probes.
        std::size_t pairJobs = 0;
        for (const json& r : doc["measured"]) {
            CHECK(r["status"] == "ok");
            pairJobs += r.value("probe", "").rfind("net.", 0) == 0;
        }
        CHECK(pairJobs == 10);
        const json report = json::parse(fit.out);
        bool haveG = false;
        for (const json& p : report["params"])
            haveG = haveG || (p["param"] == "G" && p["value"].get<double>() > 0);
        CHECK(haveG);
    }
    // down removed exactly what up made.
    CHECK(namespacesNamed(prefix) == 1);
    test::sh("ip netns del " + prefix + "-hx");
}

// scripts/netns-cluster.sh, "The hosts' packets": a shaped cluster's hosts send packets of 1 ms at the rate (at least
// 3000 B) and let a socket keep two of them below TCP (net.ipv4.tcp_limit_output_bytes), set by up and again by rate.
TEST_CASE("netns-cluster.sh sets the hosts' packets and their sockets' small-queue limit from the rate, at up and "
          "at rate",
          "[netns][cluster]")
{
    QTemporaryDir dir;
    Cluster c(dir.path().toStdString(), 2, "78mbit");
    if (!c.error.empty()) {
        WARN("skipped: " << c.error);
        return;
    }
    // 78 Mbit/s is 9,750,000 B/s: 9750 B a millisecond, and two of them 19,500 B.
    CHECK(packetsOf(c.prefix + "-h0") == "9750 19500");
    CHECK(packetsOf(c.prefix + "-h1") == "9750 19500");
    const auto rate = [&](const std::string& r) {
        return test::sh("CS_CLUSTER_DIR=" + c.dir + " " + test::scriptsDir() + "/netns-cluster.sh rate " + c.prefix +
                        " " + r);
    };
    // 180 Mbit/s: 22,500 B a millisecond, 45,000 B two.
    REQUIRE(rate("180mbit") == 0);
    CHECK(packetsOf(c.prefix + "-h1") == "22500 45000");
    // 20 Mbit/s: 2500 B a millisecond, below two full frames, so the floor of 3000 B; 6000 B two.
    REQUIRE(rate("20mbit") == 0);
    CHECK(packetsOf(c.prefix + "-h0") == "3000 6000");
}
