// clusterscope-agent as a process: the hello, runs, and every refusal the
// protocol promises (malformed frame, oversized frame, wrong token, unknown
// probe, parameter out of bounds), and a clean exit when the controller goes.
#include "TestSupport.h"

#include "app/agent/protocol/AgentProtocol.h"

#include <catch2/catch.hpp>

#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QThread>
#include <QTemporaryDir>
#include <QTcpSocket>

#include <functional>
#include <sched.h>
#include <sys/stat.h>

using namespace cs;
using nlohmann::json;

namespace {

// A controller end for tests, speaking raw frames.
class RawAgent {
public:
    // `childSetup` runs in the child before the agent starts (e.g. to
    // narrow its CPU affinity the way a batch system would).
    explicit RawAgent(const std::string& token = "secret", QStringList extra = {},
                      std::function<void()> childSetup = {})
    {
        if (childSetup)
            p.setChildProcessModifier(childSetup);
        p.start(QString::fromStdString(test::agentExe()), QStringList{"--stdio", "--token-stdin"} + extra);
        REQUIRE(p.waitForStarted(5000));
        p.write(QByteArray::fromStdString(token + "\n"));
    }
    ~RawAgent()
    {
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(2000);
        }
    }
    void send(const json& m) { sendRaw(agent::encodeFrame(m)); }
    void sendRaw(const std::string& bytes)
    {
        p.write(bytes.data(), static_cast<qint64>(bytes.size()));
        p.waitForBytesWritten(1000);
    }
    // The next message, or a null json after `ms`.
    json next(int ms = 10000)
    {
        std::string frame;
        QElapsedTimer t;
        t.start();
        for (;;) {
            if (d.next(frame) == agent::FrameDecoder::Status::Frame)
                return json::parse(frame);
            if (t.elapsed() > ms)
                return json();
            if (p.bytesAvailable() == 0 && !p.waitForReadyRead(100) && p.state() == QProcess::NotRunning &&
                p.bytesAvailable() == 0)
                return json();
            const QByteArray b = p.readAllStandardOutput();
            d.feed(b.constData(), static_cast<std::size_t>(b.size()));
        }
    }
    // The next message that is not samples/progress.
    json nextReply(int ms = 20000)
    {
        for (;;) {
            json m = next(ms);
            if (m.is_null() || (m["type"] != "samples" && m["type"] != "progress"))
                return m;
        }
    }
    json hello(const std::string& token = "secret")
    {
        send({{"type", "hello"}, {"versions", {1, 1}}, {"token", token}});
        return next();
    }
    // Exit status after it ended (-1 if still running after `ms`).
    int exitCode(int ms = 5000)
    {
        if (!p.waitForFinished(ms) && p.state() != QProcess::NotRunning)
            return -1;
        return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    }

    QProcess p;
    agent::FrameDecoder d;
};

std::string prefix(std::uint32_t n)
{
    return {static_cast<char>(n >> 24), static_cast<char>(n >> 16), static_cast<char>(n >> 8), static_cast<char>(n)};
}

} // namespace

TEST_CASE("agent: hello, a run with streamed samples, and a clean exit at end of input", "[agent]")
{
    RawAgent a;
    const json w = a.hello();
    REQUIRE(w["type"] == "welcome");
    CHECK(w["protocol"] == 1);
    CHECK(w["environment"].contains("cpu_model"));
    CHECK(w["environment"]["versions"]["protocol"] == 1);
    const auto probes = w["probes"].get<std::vector<std::string>>();
    CHECK(std::find(probes.begin(), probes.end(), "net.pingpong") != probes.end());
    // MPI probes run only in the MPI agent.
    CHECK(std::find(probes.begin(), probes.end(), "mpi.alltoall") == probes.end());

    a.send({{"type", "run"}, {"id", "r1"}, {"probe", "cpu.sort"}, {"role", "self"},
            {"params", {{"keys", 1000}, {"reps", 3}, {"warmups", 0}}}});
    const json r = a.nextReply();
    REQUIRE(r["type"] == "result");
    CHECK(r["id"] == "r1");
    CHECK(r["summary"]["series"]["countsort"]["n"] == 3);
    CHECK(r["details"]["verified"] == true);

    a.p.closeWriteChannel(); // the controller disappears
    CHECK(a.exitCode() == 0);
}

TEST_CASE("agent: a wrong token is refused and the agent exits", "[agent]")
{
    RawAgent a("secret");
    const json e = a.hello("guess");
    REQUIRE(e["type"] == "error");
    CHECK(e["code"] == "token");
    CHECK_THAT(e["message"].get<std::string>(), Catch::Contains("wrong token"));
    CHECK(a.exitCode() == 3);
}

TEST_CASE("agent: no common protocol version is refused", "[agent]")
{
    RawAgent a;
    a.send({{"type", "hello"}, {"versions", {2, 5}}, {"token", "secret"}});
    const json e = a.next();
    CHECK(e["code"] == "version");
    CHECK(a.exitCode() == 3);
}

TEST_CASE("agent: an oversized frame is refused before its payload is read", "[agent]")
{
    RawAgent a;
    REQUIRE(a.hello()["type"] == "welcome");
    a.sendRaw(prefix(agent::kMaxFrameBytes + 1) + "{}");
    const json e = a.next();
    REQUIRE(e["type"] == "error");
    CHECK(e["code"] == "frame");
    CHECK_THAT(e["message"].get<std::string>(), Catch::Contains("exceeds the bound of 1048576 bytes"));
    CHECK(a.exitCode() == 3);
}

TEST_CASE("agent: a malformed frame is refused, framing intact, the session goes on", "[agent]")
{
    RawAgent a;
    REQUIRE(a.hello()["type"] == "welcome");
    const std::string junk = "{\"type\":\"run\",\"id\":";
    a.sendRaw(prefix(static_cast<std::uint32_t>(junk.size())) + junk);
    json e = a.next();
    CHECK(e["code"] == "malformed");
    CHECK_THAT(e["message"].get<std::string>(), Catch::Contains("not valid JSON"));
    a.send({{"type", "run"}, {"id", "r1"}, {"probe", "cpu.sort"}, {"role", "self"}, {"params", {{"keys", "many"}}}});
    e = a.next();
    CHECK(e["code"] == "malformed");
    // Still usable.
    a.send({{"type", "run"}, {"id", "r2"}, {"probe", "cpu.sort"}, {"role", "self"}, {"params", {{"keys", 1000}}}});
    CHECK(a.nextReply()["type"] == "result");
}

TEST_CASE("agent: a malformed first frame ends the session", "[agent]")
{
    RawAgent a;
    a.sendRaw(prefix(5) + "hello");
    CHECK(a.next()["code"] == "malformed");
    CHECK(a.exitCode() == 3);
}

TEST_CASE("agent: only known probes, roles and bounded parameters run", "[agent]")
{
    RawAgent a;
    REQUIRE(a.hello()["type"] == "welcome");
    a.send({{"type", "run"}, {"id", "r1"}, {"probe", "rm.rf"}, {"role", "self"}});
    json e = a.next();
    CHECK(e["code"] == "unknown-probe");
    CHECK(e["id"] == "r1");
    a.send({{"type", "run"}, {"id", "r2"}, {"probe", "mpi.alltoall"}, {"role", "peer"}});
    CHECK(a.next()["code"] == "unknown-probe");
    a.send({{"type", "run"}, {"id", "r3"}, {"probe", "cpu.sort"}, {"role", "server"}});
    CHECK_THAT(a.next()["message"].get<std::string>(), Catch::Contains("has no role server"));
    a.send({{"type", "run"}, {"id", "r4"}, {"probe", "cpu.sort"}, {"role", "self"}, {"params", {{"keys", 0}}}});
    e = a.next();
    CHECK(e["code"] == "bad-param");
    CHECK(e["message"] == "keys = 0 is out of range [1, 2147483648] count");
    a.send({{"type", "run"}, {"id", "r5"}, {"probe", "cpu.sort"}, {"role", "self"}, {"params", {{"colour", 1}}}});
    CHECK_THAT(a.next()["message"].get<std::string>(), Catch::Contains("has no parameter 'colour'"));
    a.send({{"type", "cancel"}, {"id", "nothing"}});
    CHECK(a.next()["code"] == "state");
}

TEST_CASE("agent: run before hello is refused", "[agent]")
{
    RawAgent a;
    a.send({{"type", "run"}, {"id", "r1"}, {"probe", "cpu.sort"}, {"role", "self"}});
    CHECK(a.next()["code"] == "state");
    CHECK(a.exitCode() == 3);
}

TEST_CASE("agent: cancel stops a long run, and end of input stops a running probe", "[agent]")
{
    RawAgent a;
    REQUIRE(a.hello()["type"] == "welcome");
    a.send({{"type", "run"}, {"id", "r1"}, {"probe", "cpu.sort"}, {"role", "self"},
            {"params", {{"keys", 1 << 20}, {"reps", 100000}}}});
    QThread::msleep(300);
    a.send({{"type", "cancel"}, {"id", "r1"}});
    const json e = a.nextReply(5000);
    CHECK(e["type"] == "error");
    CHECK(e["code"] == "cancelled");

    a.send({{"type", "run"}, {"id", "r2"}, {"probe", "cpu.sort"}, {"role", "self"},
            {"params", {{"keys", 1 << 20}, {"reps", 100000}}}});
    QThread::msleep(300);
    a.p.closeWriteChannel();
    CHECK(a.exitCode(5000) == 0);
}

TEST_CASE("agent: without a token it refuses to start", "[agent]")
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("CLUSTERSCOPE_AGENT_TOKEN");
    p.setProcessEnvironment(env);
    p.start(QString::fromStdString(test::agentExe()), {"--stdio"});
    REQUIRE(p.waitForFinished(10000));
    CHECK(p.exitCode() == 2);
    CHECK_THAT(p.readAllStandardError().toStdString(), Catch::Contains("no per-run token"));
}

TEST_CASE("agent --listen: loopback, token checked, exits when its controller leaves", "[agent]")
{
    QTemporaryDir dir;
    const QString tokenFile = dir.filePath("token");
    {
        QFile f(tokenFile);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("listen-token\n");
    }
    QProcess p;
    p.start(QString::fromStdString(test::agentExe()), {"--listen", "127.0.0.1:0", "--token-file", tokenFile});
    REQUIRE(p.waitForReadyRead(10000));
    const std::string line = p.readLine().trimmed().toStdString();
    REQUIRE_THAT(line, Catch::StartsWith("listening 127.0.0.1:"));
    const int port = std::stoi(line.substr(line.rfind(':') + 1));

    // A stranger with the wrong token is turned away; the agent keeps waiting.
    {
        QTcpSocket s;
        s.connectToHost("127.0.0.1", static_cast<quint16>(port));
        REQUIRE(s.waitForConnected(5000));
        const std::string f = agent::encodeFrame({{"type", "hello"}, {"versions", {1, 1}}, {"token", "nope"}});
        s.write(f.data(), static_cast<qint64>(f.size()));
        REQUIRE(s.waitForReadyRead(5000));
        CHECK_THAT(s.readAll().toStdString(), Catch::Contains("\"code\":\"token\""));
    }
    CHECK(p.state() == QProcess::Running);

    // The real controller: the runner's tcp transport.
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("tcp:127.0.0.1:" + std::to_string(port) + ":token-file=" +
                                       tokenFile.toStdString());
    plan.probe = "cpu.sort";
    plan.params = {{"keys", 1000}, {"reps", 3}};
    const auto results = test::runToEnd(plan);
    REQUIRE(results.size() == 1);
    INFO(results[0].reason);
    CHECK(results[0].ok());
    REQUIRE(p.waitForFinished(5000));
    CHECK(p.exitCode() == 0);
}

TEST_CASE("a tcp node whose token file is a FIFO fails at once, naming the node and the file", "[agent][tokenfile]")
{
    // A FIFO with no writer: reading it as a file (std::ifstream) waited for
    // good, on the runner's thread. It is refused by its type, as hostfiles are.
    QTemporaryDir dir;
    const std::string fifo = dir.filePath("token").toStdString();
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec("tcp:127.0.0.1:9:token-file=" + fifo);
    plan.probe = "cpu.sort";
    plan.params = {{"keys", 1000}, {"reps", 3}};
    const auto results = test::runToEnd(plan, 60000);
    REQUIRE(results.size() == 1);
    CHECK_FALSE(results[0].ok());
    CHECK_THAT(results[0].reason, Catch::Contains("the token file " + fifo + " is a FIFO, not a regular file"));
    CHECK_THAT(results[0].reason, Catch::Contains("127.0.0.1"));
}

TEST_CASE("agent --cpus-in-allocation: pins inside the CPUs it was started on, else keeps them and says so",
          "[agent]")
{
    // Started on CPU 0 only, as srun binds a task to its allocation.
    const auto onCpu0 = [] {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(0, &set);
        ::sched_setaffinity(0, sizeof set, &set);
    };
    {
        RawAgent a("secret", {"--cpus", "1", "--cpus-in-allocation"}, onCpu0);
        const json env = a.hello()["environment"];
        CHECK(env["cpus_requested"] == json::array({1}));
        CHECK(env["cpus_inherited"] == "0");
        CHECK(env["affinity"] == "0");
        CHECK_THAT(env["pin_note"].get<std::string>(),
                   Catch::Contains("CPU 1 is outside this process's allocation (CPU 0)"));
    }
    {
        RawAgent a("secret", {"--cpus", "0-1", "--cpus-in-allocation"}, onCpu0);
        const json env = a.hello()["environment"];
        CHECK(env["affinity"] == "0");
        CHECK_THAT(env["pin_note"].get<std::string>(), Catch::StartsWith("pinned to CPU 0 only"));
    }
    {
        RawAgent a("secret", {"--cpus", "0", "--cpus-in-allocation"}, onCpu0);
        const json env = a.hello()["environment"];
        CHECK(env["affinity"] == "0");
        CHECK_FALSE(env.contains("pin_note"));
    }
    // Without the flag the request wins, as for the local transport.
    RawAgent plain("secret", {"--cpus", "1"}, onCpu0);
    const json env = plain.hello()["environment"];
    CHECK(env["cpus_inherited"] == "0");
    CHECK(env["affinity"] == "1");
    CHECK_FALSE(env.contains("slurm")); // not started by Slurm
}
