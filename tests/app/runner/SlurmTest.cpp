// The Slurm transport against a real Slurm: each test brings up a private
// single-machine cluster from Debian's packages (scripts/slurm-local.sh:
// munged, slurmctld and slurmd with their own key, socket, ports and
// folder) and takes it down again by PID, also when the test fails. Probes
// run through the real srun, outside an allocation and inside salloc and
// sbatch. Needs root; without it the tests skip with the reason.
#include "TestSupport.h"
#include "apprun/WholeTraces.h"
#include "model/cluster/ClusterTopology.h"
#include "model/topology/io/TopologyJson.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <fstream>
#include <map>
#include <unistd.h>

using namespace cs;
using nlohmann::json;

namespace {

// Sets environment variables for the test's processes and puts the old
// values back.
class EnvOverride {
public:
    void set(const char* name, const std::string& value)
    {
        remember(name);
        qputenv(name, QByteArray::fromStdString(value));
    }
    void unset(const char* name)
    {
        remember(name);
        qunsetenv(name);
    }
    ~EnvOverride()
    {
        for (const auto& [name, old] : old_)
            old ? qputenv(name.c_str(), *old) : qunsetenv(name.c_str());
    }

private:
    void remember(const char* name)
    {
        if (!old_.count(name))
            old_[name] = qEnvironmentVariableIsSet(name) ? std::optional<QByteArray>(qgetenv(name)) : std::nullopt;
    }
    std::map<std::string, std::optional<QByteArray>> old_;
};

// A running private cluster; down in the destructor. Should the test
// process die instead, slurm-local.sh's watcher (--owner) takes it down.
class LocalSlurm {
public:
    // `topologyConf`: a topology.conf for the topology/tree plugin, or "". `privateDir`: a folder that slurmd
    // and its jobs see as a tmpfs of their own (slurm-local.sh --private-dir), or "".
    explicit LocalSlurm(const std::string& topologyConf = {}, const std::string& privateDir = {})
    {
        if (::geteuid() != 0) {
            skip = "not root: slurmd and munged of a private Slurm cluster need root";
            return;
        }
        std::string out;
        test::sh("hostname -s", &out);
        node = out.substr(0, out.find('\n'));
        QElapsedTimer t;
        t.start();
        // Not inside some other allocation: these tests make their own.
        for (const char* v : {"SLURM_JOB_ID", "SLURM_JOBID", "SLURM_JOB_NODELIST", "SLURM_NODELIST", "SLURM_CONF"})
            env.unset(v);
        if (test::sh(script() + " up " + dir.path().toStdString() + "/cluster --owner " +
                         std::to_string(::getpid()) + (topologyConf.empty() ? "" : " --topology " + topologyConf) +
                         (privateDir.empty() ? "" : " --private-dir " + privateDir),
                     &out) != 0) {
            error = "scripts/slurm-local.sh up failed: " + out;
            return;
        }
        upSeconds = t.elapsed() / 1000.0;
        env.set("SLURM_CONF", dir.path().toStdString() + "/cluster/slurm.conf");
        up = true;
    }
    ~LocalSlurm()
    {
        if (!dir.isValid())
            return;
        std::string out;
        if (QFile::exists(dir.path() + "/cluster/slurm.conf"))
            test::sh(script() + " down " + dir.path().toStdString() + "/cluster", &out);
    }
    static std::string script() { return test::scriptsDir() + "/slurm-local.sh"; }

    std::string node;
    std::string skip;  // why the test cannot run here
    std::string error; // why the cluster did not start
    bool up = false;
    double upSeconds = 0;
    QTemporaryDir dir;
    EnvOverride env;
};

// Skips without root, fails when root cannot start the cluster.
#define NEED_SLURM(cluster)                                                                                         \
    if (!(cluster).skip.empty()) {                                                                                  \
        WARN("skipped: " << (cluster).skip);                                                                        \
        return;                                                                                                     \
    }                                                                                                               \
    INFO((cluster).error);                                                                                          \
    REQUIRE((cluster).up);                                                                                          \
    WARN("private Slurm cluster up in " << (cluster).upSeconds << " s")

json readResults(const QString& path)
{
    QFile f(path);
    REQUIRE(f.open(QIODevice::ReadOnly));
    return json::parse(f.readAll().toStdString());
}

const json& slurmOf(const runner::PartResult& p)
{
    return p.agentEnvironment["slurm"];
}

// "0-1,3" holds CPU c?
bool inCpuList(const std::string& list, int c)
{
    std::size_t pos = 0;
    while (pos < list.size()) {
        std::size_t used = 0;
        const int a = std::stoi(list.substr(pos), &used);
        pos += used;
        int b = a;
        if (pos < list.size() && list[pos] == '-') {
            b = std::stoi(list.substr(pos + 1), &used);
            pos += used + 1;
        }
        if (a <= c && c <= b)
            return true;
        ++pos; // ','
    }
    return false;
}

} // namespace

TEST_CASE("real Slurm, outside an allocation: srun starts each agent as a job of its own", "[slurm]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const std::string lo = ":address=127.0.0.1"; // the data plane stays on loopback

    QElapsedTimer t;
    t.start();
    const auto copy =
        test::runOne("slurm:" + slurm.node + ":cpu=1" + lo, "mem.copy", {{"array_bytes", 1 << 20}, {"reps", 3}}, 60);
    WARN("mem.copy through srun took " << t.elapsed() << " ms");
    INFO(copy.reason);
    REQUIRE(copy.ok());
    CHECK(!copy.calibrates.empty());
    const auto& part = copy.parts[0];
    CHECK_THAT(part.command, Catch::StartsWith("srun -N1 -n1 --cpus-per-task=1 --exact -u --immediate=30"));
    CHECK_THAT(part.command, !Catch::Contains("--quiet") && !Catch::Contains("map_cpu"));
    // Where it ran: the job, the node, the CPUs Slurm bound it to, and the
    // requested CPU 1 only if it lies inside them.
    REQUIRE(slurmOf(part).is_object());
    CHECK(!slurmOf(part)["job_id"].get<std::string>().empty());
    CHECK(slurmOf(part)["node"] == slurm.node);
    const std::string given = part.agentEnvironment["cpus_inherited"];
    INFO("Slurm bound the agent to CPU " << given);
    if (inCpuList(given, 1)) {
        CHECK(part.agentEnvironment["affinity"] == "1");
    } else {
        CHECK(part.agentEnvironment["affinity"] == given);
        CHECK_THAT(part.agentEnvironment["pin_note"].get<std::string>(),
                   Catch::Contains("outside this process's allocation"));
    }

    // A ping-pong pair: two jobs, one CPU each.
    t.restart();
    const auto pp = test::runOne("slurm:" + slurm.node + lo + ",slurm:" + slurm.node + lo, "net.pingpong",
                                 {{"size_max", 256}, {"reps", 30}, {"warmups", 3}}, 60);
    WARN("net.pingpong pair through srun took " << t.elapsed() << " ms");
    INFO(pp.reason);
    REQUIRE(pp.ok());
    test::checkSeriesWithSamples(pp);
    CHECK(slurmOf(pp.parts[0])["job_id"] != slurmOf(pp.parts[1])["job_id"]);
}

TEST_CASE("real Slurm, inside salloc and sbatch: slurm:allocation and a same-node pair", "[slurm]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const QString dir = slurm.dir.path();
    const std::string cli = CS_CLI_EXE;
    const std::string pair = "slurm:allocation:address=127.0.0.1,slurm:allocation:address=127.0.0.1";
    const std::string pingpong = " probe --quiet --nodes " + pair +
                                 " --probe net.pingpong --set size_max=256 --set reps=30 --set warmups=3 --timeout 60";
    const std::string calibrate = " calibrate acc-fft --quiet --nodes slurm:allocation --probe mem.copy "
                                  "--set array_bytes=1MiB --set reps=3 --timeout 60";

    // Two steps of one job on one node: each gets a CPU of its own
    // (--exact) and a share of the job's memory (--mem=0; the cluster
    // counts memory), instead of the second waiting for the first's. Then
    // a design calibrated from a probe run in the allocation.
    std::string out;
    QElapsedTimer t;
    t.start();
    const int code = test::sh("salloc -N1 -n2 --mem=512 --immediate=30 sh -c '" + cli + pingpong + " -o " +
                                  dir.toStdString() + "/pair.json && " + cli + calibrate + " -o " + dir.toStdString() +
                                  "/calibrated.json'",
                              &out);
    WARN("salloc with a ping-pong pair and a calibration took " << t.elapsed() << " ms");
    INFO(out);
    REQUIRE(code == 0);
    const json pairResult = readResults(dir + "/pair.json")["results"][0];
    INFO(pairResult.dump(1));
    REQUIRE(pairResult["status"] == "ok");
    const json& a = pairResult["parts"][0]["environment"]["agent"];
    const json& b = pairResult["parts"][1]["environment"]["agent"];
    CHECK(pairResult["nodes"] == json::array({slurm.node, slurm.node + "#1"}));
    CHECK(a["slurm"]["job_id"] == b["slurm"]["job_id"]); // steps of the one allocation
    CHECK(a["slurm"]["step_id"] != b["slurm"]["step_id"]);
    CHECK(a["cpus_inherited"] != b["cpus_inherited"]); // a CPU each
    bool calibrated = false;
    const json design = readResults(dir + "/calibrated.json");
    for (const json& block : design["blocks"])
        if (block["type"] == "fftw.transpose") {
            const json& provenance = block["values"]["bw_mem"]["provenance"];
            calibrated = provenance["kind"] == "calibrated" && provenance["nodes"] == slurm.node;
        }
    CHECK(calibrated);

    // The same from a batch script.
    t.restart();
    const int batch = test::sh("sbatch --wait --quiet -N1 -n2 -o " + dir.toStdString() +
                                   "/batch.out --wrap '" + cli + pingpong + " -o " + dir.toStdString() +
                                   "/batch.json'",
                               &out);
    WARN("sbatch --wait with a ping-pong pair took " << t.elapsed() << " ms");
    QFile log(dir + "/batch.out");
    log.open(QIODevice::ReadOnly);
    INFO(out << log.readAll().toStdString());
    REQUIRE(batch == 0);
    const json batchResult = readResults(dir + "/batch.json")["results"][0];
    CHECK(batchResult["status"] == "ok");
    CHECK(batchResult["parts"][0]["environment"]["agent"]["slurm"]["job_id"] ==
          batchResult["parts"][1]["environment"]["agent"]["slurm"]["job_id"]);
}

TEST_CASE("real Slurm: a busy node fails within --immediate, naming the node and srun's reason", "[slurm]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const QString dir = slurm.dir.path();

    // Inside an allocation of one CPU, the pair's second step cannot start.
    std::string out;
    QElapsedTimer t;
    t.start();
    const int code = test::sh("salloc -N1 -n1 --immediate=30 " + std::string(CS_CLI_EXE) +
                                  " probe --quiet --nodes slurm:allocation:address=127.0.0.1,"
                                  "slurm:allocation:address=127.0.0.1:immediate=1 --probe net.pingpong "
                                  "--set reps=10 --timeout 60 -o " + dir.toStdString() + "/busy.json",
                              &out);
    WARN("a pair in a one-CPU allocation failed after " << t.elapsed() << " ms");
    INFO(out);
    CHECK(code == 1);
    const json r = readResults(dir + "/busy.json")["results"][0];
    CHECK(r["status"] == "failed");
    CHECK(r["failed_nodes"] == json::array({slurm.node + "#1"}));
    CHECK_THAT(r["reason"].get<std::string>(), Catch::StartsWith("node " + slurm.node + "#1: its agent did not start") &&
                                                   Catch::Contains("srun") &&
                                                   Catch::Contains("Requested nodes are busy"));

    // Outside: another job holds every CPU of the node.
    QProcess blocker;
    blocker.start("srun", {"-N1", "-n2", "--job-name=cs-blocker", "sleep", "120"});
    REQUIRE(blocker.waitForStarted(5000));
    for (int i = 0; i < 100; ++i) {
        test::sh("squeue -h -n cs-blocker -t R -o %i", &out);
        if (!out.empty())
            break;
        QThread::msleep(100);
    }
    REQUIRE(!out.empty());
    t.restart();
    const auto busy = test::runOne("slurm:" + slurm.node + ":immediate=1", "cpu.sort", {{"keys", 1024}, {"reps", 1}});
    WARN("a job on a busy node failed after " << t.elapsed() << " ms");
    blocker.terminate(); // srun cancels its job on SIGTERM
    blocker.waitForFinished(10000);
    CHECK(busy.status == "failed");
    CHECK_THAT(busy.reason, Catch::StartsWith("node " + slurm.node + ": its agent did not start") &&
                                Catch::Contains("Requested nodes are busy"));
    CHECK(busy.reason.size() < 1200);
}

TEST_CASE("real Slurm reads the topology.conf a design's network is exported as", "[slurm][cluster]")
{
    std::string host;
    test::sh("hostname -s", &host);
    host = host.substr(0, host.find('\n'));
    // The machine's node under a leaf switch under a spine, as a design draws it.
    const json drawn{{"vertices",
                      {{{"id", "leaf0"}, {"kind", "switch"}},
                       {{"id", "spine"}, {"kind", "switch"}},
                       {{"id", host}, {"kind", "host"}}}},
                     {"edges",
                      {{{"from", host}, {"to", "leaf0"}, {"bandwidth", 1.25e9}},
                       {{"from", "leaf0"}, {"to", "spine"}, {"bandwidth", 1.25e9}}}}};
    const std::string conf = slurmConfFromTopology(readNetwork(drawn));
    CHECK_THAT(conf, Catch::Contains("SwitchName=leaf0 Nodes=" + host + "\nSwitchName=spine Switches=leaf0\n"));
    QTemporaryDir dir;
    const std::string path = dir.filePath("topology.conf").toStdString();
    std::ofstream(path) << conf;

    LocalSlurm slurm(path);
    NEED_SLURM(slurm);
    std::string out;
    REQUIRE(test::sh("scontrol show topology", &out) == 0);
    INFO(out);
    // What slurmctld itself parsed: the leaf at level 0 with the node, the
    // spine one level up over the leaf.
    CHECK_THAT(out, Catch::Contains("SwitchName=leaf0 Level=0") && Catch::Contains("Nodes=" + host) &&
                        Catch::Contains("SwitchName=spine Level=1") && Catch::Contains("Switches=leaf0"));
}

TEST_CASE("real Slurm: mpi:allocation runs the MPI agent's ranks as a step of the job (srun --mpi=pmix)",
          "[slurm][mpi]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const QString dir = slurm.dir.path();
    const std::string cli = CS_CLI_EXE;
    // Two ranks on the one node: a ping-pong over MPI_Send/MPI_Recv, then the
    // same ranks started by mpirun with the allocation's hosts (Open MPI's
    // Slurm support starts its daemon as a step, no ssh).
    const std::string loggp = " probe --quiet --probe mpi.loggp --set size_max=2048 --set reps=5 --set warmups=1 "
                              "--timeout 60";
    std::string out;
    QElapsedTimer t;
    t.start();
    const int code = test::sh("salloc -N1 -n2 --mem=512 --immediate=30 sh -c '" + cli + loggp +
                                  " --nodes mpi:allocation -o " + dir.toStdString() + "/srun.json; " + cli + loggp +
                                  " --nodes mpi:allocation:launch=mpirun -o " + dir.toStdString() + "/mpirun.json'",
                              &out);
    WARN("salloc with mpi.loggp through srun and through mpirun took " << t.elapsed() << " ms");
    INFO(out);
    REQUIRE(code == 0);
    const json viaSrun = readResults(dir + "/srun.json")["results"][0];
    INFO(viaSrun.dump(1).substr(0, 3000));
    REQUIRE(viaSrun["status"] == "ok");
    CHECK_THAT(viaSrun["parts"][0]["command"].get<std::string>(),
               Catch::StartsWith("srun -n 2 --mpi=pmix -u --input=0 --exact"));
    const json& mpi = viaSrun["parts"][0]["environment"]["agent"]["mpi"];
    CHECK(mpi["ranks"] == 2);
    REQUIRE(mpi["placement"].size() == 2);
    CHECK(mpi["placement"][0]["host"] == slurm.node);
    CHECK(viaSrun["summary"]["derived"]["G"]["value"].is_number());

    const json viaMpirun = readResults(dir + "/mpirun.json")["results"][0];
    INFO(viaMpirun.dump(1).substr(0, 3000));
    CHECK(viaMpirun["status"] == "ok");
    CHECK_THAT(viaMpirun["parts"][0]["command"].get<std::string>(), Catch::Contains(" mpirun -np 2 --hostfile"));
}

TEST_CASE("real Slurm: simulate as one job array, gathered as the tasks end, a failed task named", "[slurm][slurm-array]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const std::string dir = slurm.dir.path().toStdString();
    const std::string cli = CS_CLI_EXE;
    const std::string sweep = " simulate acc-fft --param P=1,2,4,8 --variant INIC --json";
    // The same sweep on this machine, and as an array of 3 tasks: task i
    // simulates the points p with p % 3 == i (points 0 and 3, 1, 2).
    std::string out;
    REQUIRE(test::sh(cli + sweep + " -o " + dir + "/local.json", &out) == 0);
    QElapsedTimer t;
    t.start();
    const int code = test::sh(cli + sweep + " --slurm-array 3 --slurm-dir " + dir + "/array -o " + dir + "/array.json",
                              &out);
    WARN("a job array of 3 simulate tasks took " << t.elapsed() << " ms");
    INFO(out);
    REQUIRE(code == 0);
    CHECK(out.find("sbatch --parsable") != std::string::npos); // the command is shown
    CHECK(out.find("3/3 tasks done") != std::string::npos);
    const json local = readResults(QString::fromStdString(dir + "/local.json"));
    const json array = readResults(QString::fromStdString(dir + "/array.json"));
    CHECK(array["slurm"]["tasks"] == 3);
    CHECK(array["slurm"]["failed"].empty());
    std::vector<json> localRows;
    for (const json& r : local["rows"])
        localRows.push_back(r);
    REQUIRE(array["rows"].size() == localRows.size());
    REQUIRE(localRows.size() == 4);
    for (std::size_t i = 0; i < localRows.size(); ++i) {
        const json& a = array["rows"][i];
        CHECK(a["point"] == localRows[i]["point"]);
        CHECK(a["axes"] == localRows[i]["axes"]);
        CHECK(a["simulated"].get<double>() == Approx(localRows[i]["simulated"].get<double>()));
    }
    for (int i = 0; i < 3; ++i)
        CHECK(QFile::exists(QString::fromStdString(dir + "/array/task-" + std::to_string(i) + ".json")));

    // --max 1: task 0 has two points and refuses them; tasks 1 and 2 give
    // theirs. The failed task is named with the end of its log.
    const int failing = test::sh(cli + sweep + " --max 1 --slurm-array 3 --slurm-dir " + dir + "/failing -o " + dir +
                                     "/failing.json",
                                 &out);
    INFO(out);
    CHECK(failing == 1);
    CHECK(out.find("task 0 of job") != std::string::npos);
    CHECK(out.find("more than the limit of 1") != std::string::npos);
    const json partial = readResults(QString::fromStdString(dir + "/failing.json"));
    CHECK(partial["rows"].size() == 2);
    CHECK(partial["slurm"]["failed"].size() == 1);
}

TEST_CASE("real Slurm: run-app --nodes slurm:NODE runs the program as srun -n P at each P", "[slurm][runapp]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const std::string file = slurm.dir.path().toStdString() + "/runs.json";
    std::string out;
    // Every rank prints "value 0.P": the first line gives T, so T = 0.1 at P = 1 and 0.2 at P = 2.
    const int code = test::sh(std::string(CS_CLI_EXE) + " run-app --quiet --nodes slurm:" + slurm.node +
                                  " --at P=1,2 --repeat 2 --timeout 60 --time 'stdout:value ([0-9.]+)' -o " + file +
                                  " -- sh -c 'echo value 0.{P}'",
                              &out);
    INFO(out);
    REQUIRE(code == 0);
    const json rs = readResults(QString::fromStdString(file))["results"];
    REQUIRE(rs.size() == 2);
    CHECK(rs[0]["summary"]["series"]["T"]["median"] == 0.1);
    CHECK(rs[1]["summary"]["series"]["T"]["median"] == 0.2);
    CHECK_THAT(rs[1]["parts"][0]["command"].get<std::string>(),
               Catch::StartsWith("srun -n 2 --mpi=pmix -u --input=0 --exact"));
    CHECK_THAT(rs[1]["parts"][0]["command"].get<std::string>(), Catch::Contains("-w " + slurm.node));
}

#ifdef CS_EXAMPLE_JACOBI_EXE
TEST_CASE("real Slurm: run-app --nodes slurm:NODE runs the Jacobi example's MPI ranks as srun steps", "[slurm][runapp][mpi]")
{
    LocalSlurm slurm;
    NEED_SLURM(slurm);
    const std::string file = slurm.dir.path().toStdString() + "/jacobi.json";
    std::string out;
    // issue 31: the stencil of examples/jacobi (16^3 cells, 5 iterations) on 1 and 2 ranks started by srun
    // --mpi=pmix, timed by the line its rank 0 prints.
    const int code = test::sh(std::string(CS_CLI_EXE) + " run-app --quiet --nodes slurm:" + slurm.node +
                                  " --at P=1,2 --repeat 2 --timeout 120 --time 'stdout:time_s ([0-9.eE+-]+)' -o " +
                                  file + " -- " + CS_EXAMPLE_JACOBI_EXE + " 16 5",
                              &out);
    INFO(out);
    REQUIRE(code == 0);
    const json rs = readResults(QString::fromStdString(file))["results"];
    REQUIRE(rs.size() == 2);
    for (const json& r : rs) {
        INFO(r.dump());
        CHECK(r["status"] == "ok");
        CHECK(r["summary"]["series"]["T"]["median"].get<double>() > 0);
    }
    CHECK(rs[1]["params"]["P"] == 2);
    CHECK_THAT(rs[1]["parts"][0]["command"].get<std::string>(), Catch::StartsWith("srun -n 2 --mpi=pmix"));
}
#endif

#if defined(CS_EXAMPLE_JACOBI_EXE) && defined(CS_RECORD_LIB)
TEST_CASE("real Slurm: run-app --record fetches the traces that ranks wrote on a node with files of its own, "
          "through srun",
          "[slurm][runapp][mpi][record]")
{
    // Issue 44's "through Slurm": slurmd and its steps see a tmpfs of their own over the folder run-app keeps
    // this run's files in (TMPDIR), so the ranks' traces are on the node's disk alone, as on a cluster without a
    // shared file system. run-app must fetch them with a one-task srun step on the node (TraceFetch.h) and leave
    // nothing behind there.
    QTemporaryDir scratch;
    REQUIRE(scratch.isValid());
    const std::string privateTmp = scratch.path().toStdString() + "/tmp";
    REQUIRE(QDir().mkpath(QString::fromStdString(privateTmp)));
    LocalSlurm slurm({}, privateTmp);
    NEED_SLURM(slurm);
    std::string pid;
    REQUIRE(test::sh("cat " + slurm.dir.path().toStdString() + "/cluster/slurmd.ourpid", &pid) == 0);
    pid = pid.substr(0, pid.find('\n'));
    std::string mounted;
    REQUIRE(test::sh("nsenter -t " + pid + " -m findmnt -n -o FSTYPE " + privateTmp, &mounted) == 0);
    REQUIRE(mounted.find("tmpfs") != std::string::npos);

    const int P = 2;
    const std::string file = scratch.path().toStdString() + "/runs.json";
    std::string out;
    const int code = test::sh("TMPDIR=" + privateTmp + " " + CS_CLI_EXE + " run-app --quiet --nodes slurm:" +
                                  slurm.node + " --at P=" + std::to_string(P) +
                                  " --repeat 1 --record --timeout 120 --time 'stdout:time_s ([0-9.eE+-]+)' -o " +
                                  file + " -- " + CS_EXAMPLE_JACOBI_EXE + " 16 5",
                              &out);
    INFO(out);
    REQUIRE(code == 0);
    const json results = readResults(QString::fromStdString(file));
    test::checkWholeTraces(results, P);
    CHECK_THAT(results["results"][0]["parts"][0]["command"].get<std::string>(), Catch::StartsWith("srun -n 2"));
    // The node kept nothing: its private folder is empty again.
    std::string left;
    REQUIRE(test::sh("nsenter -t " + pid + " -m ls -A " + privateTmp, &left) == 0);
    CHECK(left.empty());
}
#endif
