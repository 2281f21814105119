// Issue 44's "through Slurm and ssh nodes": run-app --record where the ranks' hosts do not share this machine's
// files. On the shared tree of 2 hosts a leaf (LiveCluster.h), each host gets a second sshd (port 2223) in a mount
// namespace of its own, with a tmpfs over the folder where run-app keeps this run's files (TMPDIR): the ranks
// that mpirun starts through them write their traces where this machine cannot read them, as on hosts with
// disks of their own. run-app must fetch them over ssh (TraceFetch.h), and leave nothing behind on the hosts.
#if __has_include("../LiveCluster.h") && defined(CS_EXAMPLE_JACOBI_EXE) && defined(CS_RECORD_LIB)
#include "../LiveCluster.h"

#include "app/cli/Cli.h"
#include "WholeTraces.h"

#include <QDir>
#include <QTemporaryDir>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace cs;
using nlohmann::json;

namespace {

constexpr int kPort = 2223;

// The sshds this test started, stopped by PID at the end whatever happens.
struct PrivateSshds {
    std::vector<int> pids;
    ~PrivateSshds()
    {
        for (int pid : pids)
            ::kill(pid, SIGTERM);
    }
};

} // namespace

TEST_CASE("run-app --record fetches the traces of ranks on hosts with files of their own over ssh, and leaves "
          "nothing there",
          "[netns][mpi][e2e][live-tree22][record]")
{
    if (!test::haveMpirun())
        return;
    const std::unique_ptr<test::LiveCluster> live = test::LiveCluster::get("tree22");
    if (live->skipped())
        return;
    const test::NetnsCluster& tree = live->cluster();
    QTemporaryDir scratch;
    REQUIRE(scratch.isValid());
    const std::string privateTmp = scratch.path().toStdString() + "/tmp"; // run-app's TMPDIR, private on the hosts
    REQUIRE(QDir().mkpath(QString::fromStdString(privateTmp)));
    PrivateSshds sshds;
    const std::vector<std::string> addrs = tree.addresses();
    const int P = 4;
    // Every host of the node's list: mpirun starts its daemon on each.
    for (int i = 0; i < static_cast<int>(addrs.size()); ++i) {
        const std::string ns = tree.host(i);
        std::string error;
        const std::string config = test::sshdConfig(ns, addrs[i], tree.dir, error, kPort);
        REQUIRE(error.empty());
        std::string out;
        // A mount namespace of its own, a tmpfs over privateTmp in it; sshd detaches and writes its PID file.
        REQUIRE(test::sh("ip netns exec " + ns + " unshare -m --propagation private sh -c 'mount -t tmpfs cs-private " +
                             privateTmp + " && exec /usr/sbin/sshd -f " + config + "'",
                         &out) == 0);
        REQUIRE(test::sshdListening(ns, addrs[i], kPort));
        std::ifstream pidFile(tree.dir + "/sshd-" + ns + "-" + std::to_string(kPort) + ".pid");
        int pid = 0;
        REQUIRE((pidFile >> pid));
        sshds.pids.push_back(pid);
        // Its view of privateTmp is the empty tmpfs, not this machine's folder.
        REQUIRE(test::sh("nsenter -t " + std::to_string(pid) + " -m findmnt -n -o FSTYPE " + privateTmp, &out) == 0);
        CHECK(out.find("tmpfs") != std::string::npos);
    }
    std::string node = live->mpiNode;
    const std::size_t port = node.find(":port=2222");
    REQUIRE(port != std::string::npos);
    node.replace(port, 10, ":port=" + std::to_string(kPort));

    const std::string runs = scratch.path().toStdString() + "/runs.json";
    const char* before = std::getenv("TMPDIR");
    const std::string saved = before ? before : "";
    setenv("TMPDIR", privateTmp.c_str(), 1);
    std::ostringstream o, e;
    const int rc = cli::run({"run-app", "--nodes", node, "--at", "P=" + std::to_string(P), "--repeat", "1", "--record",
                             "--time", "stdout:time_s ([0-9.eE+-]+)", "--quiet", "-o", runs, "--",
                             CS_EXAMPLE_JACOBI_EXE, "64", "10", "sleep"},
                            o, e);
    if (before)
        setenv("TMPDIR", saved.c_str(), 1);
    else
        unsetenv("TMPDIR");
    INFO("run-app: " << o.str() << e.str());
    REQUIRE(rc == 0);
    std::ifstream in(runs);
    const json results = json::parse(in);
    test::checkWholeTraces(results, P);
    // The hosts kept nothing: their private folder is empty again.
    for (int pid : sshds.pids) {
        std::string left;
        REQUIRE(test::sh("nsenter -t " + std::to_string(pid) + " -m ls -A " + privateTmp, &left) == 0);
        CHECK(left.empty());
    }
}
#endif
