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

#include <arpa/inet.h>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <netinet/in.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

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
    // As many as one address may have saying hello at once.
    const int attempts = agent::kMaxHandshakesPerSource;
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

namespace {

// One attacker: from its own loopback address (127.0.0.x), connects, sends
// a hello with a wrong token, reads until the agent answers or closes, and
// starts over, until `stop`. Counts the refusals it got.
void attack(const std::string& from, quint16 port, const std::atomic<bool>& stop, std::atomic<int>& refusals)
{
    const std::string f = agent::encodeFrame({{"type", "hello"}, {"versions", {1, 1}}, {"token", "guess"}});
    while (!stop.load()) {
        const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
        if (fd < 0)
            return;
        timeval tv{0, 200000}; // a deferred connection is left unread: look again at `stop` now and then
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
        sockaddr_in local{};
        local.sin_family = AF_INET;
        ::inet_pton(AF_INET, from.c_str(), &local.sin_addr);
        sockaddr_in to{};
        to.sin_family = AF_INET;
        to.sin_port = htons(port);
        ::inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        if (::bind(fd, reinterpret_cast<sockaddr*>(&local), sizeof local) == 0 &&
            ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to) == 0 &&
            ::send(fd, f.data(), f.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(f.size())) {
            char buf[4096];
            for (;;) {
                const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
                if (n > 0) {
                    if (std::string(buf, static_cast<std::size_t>(n)).find("token") != std::string::npos)
                        ++refusals;
                    continue;
                }
                if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && !stop.load())
                    continue;
                break;
            }
        }
        ::close(fd);
        std::this_thread::sleep_for(std::chrono::milliseconds(5)); // a flood, not a busy loop
    }
}

} // namespace

TEST_CASE("64 attackers with wrong tokens do not keep the controller out", "[agent][listen][flood]")
{
    QTemporaryDir dir;
    // A short accept timeout, which the attack outlasts: the agent must not
    // give up on its controller because of what strangers send.
    ListeningAgent a(dir, {"--accept-timeout", "4"});
    std::atomic<bool> stop{false};
    std::atomic<int> refusals{0};
    std::vector<std::thread> attackers;
    for (int i = 0; i < 64; ++i)
        attackers.emplace_back(attack, "127.0.0." + std::to_string(2 + i), a.port, std::cref(stop),
                               std::ref(refusals));
    // Long enough for every attacker's back-off to grow (100 ms, 200, ... )
    // and for the accept timeout to pass while they hammer.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const int early = refusals.load();

    const auto t0 = std::chrono::steady_clock::now();
    auto controller = a.connect();
    const json welcome = ListeningAgent::hello(*controller, "listen-token");
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    // The measurement, for the record (docs/security.md): typically a few ms.
    std::printf("controller served %.3f s after connecting, %d wrong tokens refused before it came\n", seconds, early);
    CHECK(welcome.value("type", "") == "welcome");
    CHECK(early > 0); // the attack was real: attackers were being refused when the controller came
    // Not a benchmark: the old global back-off made the controller wait up
    // to 5 s per failure (37 s with 32 attackers). Under the bound of the
    // largest back-off, the controller did not wait for the attackers'; the
    // issue's target, 2 s, is what the printed figure is compared with.
    CHECK(seconds < 5.0);
    // The attack goes on past the accept timeout: the session goes on too.
    std::this_thread::sleep_for(std::chrono::milliseconds(3000));
    CHECK(a.p.state() == QProcess::Running);
    CHECK(controller->state() == QAbstractSocket::ConnectedState);

    stop = true;
    for (auto& t : attackers)
        t.join();
    controller->disconnectFromHost();
    REQUIRE(a.p.waitForFinished(20000));
    CHECK(a.p.exitCode() == 0);
}

TEST_CASE("back-off is kept per source address and bounded", "[agent][listen]")
{
    using namespace std::chrono;
    const agent::SteadyTime t0{};
    agent::SourceBackoff b(3);
    b.failed("10.0.0.1", t0);
    b.failed("10.0.0.1", t0);
    CHECK(b.waiting("10.0.0.1", t0 + milliseconds(150))); // 200 ms after the second failure
    CHECK_FALSE(b.waiting("10.0.0.2", t0));              // another address is not held back
    b.failed("10.0.0.2", t0);
    b.failed("10.0.0.3", t0 + milliseconds(1950));
    CHECK(b.size() == 3);
    // Full: the entries whose back-off is over go first (10.0.0.1 and .2 at t0 + 2 s).
    b.failed("10.0.0.4", t0 + seconds(2));
    CHECK(b.size() == 2);
    CHECK(b.failures("10.0.0.1") == 0);
    CHECK(b.failures("10.0.0.4") == 1);
    b.succeeded("10.0.0.4");
    CHECK(b.failures("10.0.0.4") == 0);
    // All still waiting: the one that ends soonest is forgotten, never more than the capacity.
    agent::SourceBackoff c(2);
    c.failed("a", t0);
    c.failed("b", t0 + milliseconds(50));
    c.failed("c", t0 + milliseconds(60));
    CHECK(c.size() == 2);
    CHECK(c.failures("a") == 0);
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
    QFile environFile(QString("/proc/%1/environ").arg(a.p.processId()));
    REQUIRE(environFile.open(QIODevice::ReadOnly));
    const QByteArray block = environFile.readAll();
    CHECK_FALSE(block.contains("env-token-4f1c9e"));
    // The token still works.
    auto controller = a.connect();
    CHECK(ListeningAgent::hello(*controller, "env-token-4f1c9e").value("type", "") == "welcome");
}
