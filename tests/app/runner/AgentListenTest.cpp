// clusterscope-agent --listen under load: idle connections do not lock the
// controller out, wrong tokens are slowed down and their log throttled, and
// a token passed in the environment does not stay readable there.
#include "TestSupport.h"

#include "app/agent/ListenServer.h"
#include "app/agent/Throttle.h"
#include "app/agent/protocol/AgentProtocol.h"

#include <catch2/catch.hpp>

#include <QFile>
#include <QProcess>
#include <QTcpSocket>
#include <QTemporaryDir>

#include <memory>

using namespace cs;
using nlohmann::json;

namespace {

class ListeningAgent {
public:
    ListeningAgent(const QTemporaryDir& dir, QStringList extra = {}, const QProcessEnvironment& env = {})
    {
        tokenFile = dir.filePath("token");
        QFile f(tokenFile);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("listen-token\n");
        f.close();
        if (!env.isEmpty())
            p.setProcessEnvironment(env);
        else
            extra << "--token-file" << tokenFile;
        p.start(QString::fromStdString(test::agentExe()), QStringList{"--listen", "127.0.0.1:0"} + extra);
        REQUIRE(p.waitForReadyRead(10000));
        const std::string line = p.readLine().trimmed().toStdString();
        REQUIRE_THAT(line, Catch::StartsWith("listening 127.0.0.1:"));
        port = static_cast<quint16>(std::stoi(line.substr(line.rfind(':') + 1)));
    }
    ~ListeningAgent()
    {
        if (p.state() != QProcess::NotRunning) {
            p.kill();
            p.waitForFinished(2000);
        }
    }
    std::unique_ptr<QTcpSocket> connect()
    {
        auto s = std::make_unique<QTcpSocket>();
        s->connectToHost("127.0.0.1", port);
        REQUIRE(s->waitForConnected(5000));
        return s;
    }
    // Sends a hello and returns the first reply (null when none within `ms`).
    static json hello(QTcpSocket& s, const std::string& token, int ms = 30000)
    {
        const std::string f = agent::encodeFrame({{"type", "hello"}, {"versions", {1, 1}}, {"token", token}});
        s.write(f.data(), static_cast<qint64>(f.size()));
        s.flush();
        agent::FrameDecoder d;
        std::string frame;
        while (s.waitForReadyRead(ms) || s.bytesAvailable() > 0) {
            const QByteArray b = s.readAll();
            d.feed(b.constData(), static_cast<std::size_t>(b.size()));
            if (d.next(frame) == agent::FrameDecoder::Status::Frame)
                return json::parse(frame);
        }
        return json();
    }

    QProcess p;
    QString tokenFile;
    quint16 port = 0;
};

} // namespace

TEST_CASE("idle connections do not lock a listening agent out", "[agent][listen]")
{
    QTemporaryDir dir;
    // A long hello timeout: served one at a time, the idle ones would hold
    // the agent for minutes.
    ListeningAgent a(dir, {"--hello-timeout", "120"});
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    for (int i = 0; i < agent::kMaxPendingHandshakes + 4; ++i)
        idle.push_back(a.connect());
    auto controller = a.connect();
    const json welcome = ListeningAgent::hello(*controller, "listen-token");
    CHECK(welcome.value("type", "") == "welcome");
    // Newer idle connections are still open: the handshakes run side by side.
    CHECK(idle.back()->state() == QAbstractSocket::ConnectedState);

    controller->disconnectFromHost(); // the session ends: the agent exits
    REQUIRE(a.p.waitForFinished(20000));
    CHECK(a.p.exitCode() == 0);
}

TEST_CASE("wrong tokens are slowed down and their log lines throttled", "[agent][listen]")
{
    QTemporaryDir dir;
    ListeningAgent a(dir);
    const int attempts = agent::kMaxPendingHandshakes;
    std::vector<std::unique_ptr<QTcpSocket>> guesses;
    for (int i = 0; i < attempts; ++i)
        guesses.push_back(a.connect());
    int refused = 0;
    for (auto& g : guesses)
        refused += ListeningAgent::hello(*g, "guess").value("code", "") == "token" ? 1 : 0;
    CHECK(refused == attempts);
    // The real controller still gets in, after the back-off.
    auto controller = a.connect();
    CHECK(ListeningAgent::hello(*controller, "listen-token").value("type", "") == "welcome");
    controller->disconnectFromHost();
    REQUIRE(a.p.waitForFinished(20000));
    const std::string log = a.p.readAllStandardError().toStdString();
    const auto lines = std::count(log.begin(), log.end(), '\n');
    INFO(log);
    CHECK(lines >= 1);
    CHECK(lines < attempts); // at most one a second; the rest are counted
    CHECK_THAT(log, Catch::Contains("refused a controller from 127.0.0.1") && Catch::Contains("wrong token"));
}

TEST_CASE("the back-off doubles after each failure up to 5 s, and the log passes one line a second", "[agent][listen]")
{
    using namespace std::chrono;
    const agent::SteadyTime t0{};
    agent::FailureBackoff b;
    CHECK_FALSE(b.waiting(t0));
    b.failed(t0);
    CHECK(b.currentDelay() == milliseconds(100));
    CHECK(b.waiting(t0 + milliseconds(99)));
    CHECK_FALSE(b.waiting(t0 + milliseconds(100)));
    for (int i = 0; i < 20; ++i)
        b.failed(t0);
    CHECK(b.currentDelay() == milliseconds(5000));

    agent::LogThrottle log;
    CHECK(log.pass("one", t0) == "one");
    CHECK(log.pass("two", t0 + milliseconds(10)).empty());
    CHECK(log.pass("three", t0 + milliseconds(500)).empty());
    CHECK(log.pass("four", t0 + milliseconds(1000)) == "four (2 more like it before this)");
    CHECK(log.pending().empty());
}

TEST_CASE("a token from the environment is erased from /proc/PID/environ", "[agent][listen]")
{
    QTemporaryDir dir;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("CLUSTERSCOPE_AGENT_TOKEN", "env-token-4f1c9e");
    ListeningAgent a(dir, {}, env);
    QFile environ(QString("/proc/%1/environ").arg(a.p.processId()));
    REQUIRE(environ.open(QIODevice::ReadOnly));
    const QByteArray block = environ.readAll();
    CHECK_FALSE(block.contains("env-token-4f1c9e"));
    // The token still works.
    auto controller = a.connect();
    CHECK(ListeningAgent::hello(*controller, "env-token-4f1c9e").value("type", "") == "welcome");
}
