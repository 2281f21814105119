// clusterscope-agent --listen under load: idle connections do not lock the
// controller out, wrong tokens are held back per address (never a right one
// from the same address) and their log throttled, the agent neither gives up
// on its controller because of attackers nor waits for them past its accept
// timeout, and a token passed in the environment does not stay readable there.
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
#include <poll.h>
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

TEST_CASE("wrong tokens are held back while a right one from the same address is served at once", "[agent][listen]")
{
    QTemporaryDir dir;
    ListeningAgent a(dir);
    // Guesses from the controller's own address (everything here is
    // 127.0.0.1). Each wrong token grows the address's back-off (100 ms,
    // 200, ... at most 5 s) and its connection is held unanswered that long.
    const int attempts = 10;
    std::vector<std::unique_ptr<QTcpSocket>> guesses;
    const std::string f = agent::encodeFrame({{"type", "hello"}, {"versions", {1, 1}}, {"token", "guess"}});
    for (int i = 0; i < attempts; ++i) {
        guesses.push_back(a.connect());
        guesses.back()->write(f.data(), static_cast<qint64>(f.size()));
        guesses.back()->flush();
    }
    // Let the agent read them all: a reply is held, so none is expected yet.
    guesses.back()->waitForReadyRead(300);
    // The right token from the same address is checked at once, not after
    // the guesses' back-off: it is welcomed while later guesses (held 1.6 s
    // to 5 s) are still waiting for their answer.
    auto controller = a.connect();
    CHECK(ListeningAgent::hello(*controller, "listen-token").value("type", "") == "welcome");
    // Asked of the kernel: these sockets' own buffers fill only when read.
    int unanswered = 0;
    for (auto& g : guesses) {
        pollfd p{static_cast<int>(g->socketDescriptor()), POLLIN, 0};
        unanswered += g->bytesAvailable() == 0 && ::poll(&p, 1, 0) == 0 ? 1 : 0;
    }
    CHECK(unanswered >= 1);
    // Every guess gets its refusal in the end (code "token"), the session goes on meanwhile.
    int refused = 0;
    for (auto& g : guesses) {
        agent::FrameDecoder d;
        std::string frame;
        while (d.next(frame) != agent::FrameDecoder::Status::Frame && (g->bytesAvailable() > 0 || g->waitForReadyRead(30000))) {
            const QByteArray b = g->readAll();
            d.feed(b.constData(), static_cast<std::size_t>(b.size()));
        }
        refused += !frame.empty() && json::parse(frame).value("code", "") == "token" ? 1 : 0;
    }
    CHECK(refused == attempts);
    CHECK(a.p.state() == QProcess::Running);
    controller->disconnectFromHost();
    REQUIRE(a.p.waitForFinished(20000));
    CHECK(a.p.exitCode() == 0);
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
        timeval tv{0, 200000}; // a held connection is left unanswered: look again at `stop` now and then
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
    // Attackers each on an address of their own, or all on the controller's
    // (127.0.0.1, as behind one NAT): either way the controller is served and
    // the agent outlives its accept timeout. How long the controller waits is
    // measured by bench/bench_agent_flood (a timing, not a test).
    const bool shared = GENERATE(false, true);
    INFO((shared ? "attackers on 127.0.0.1" : "attackers on 127.0.0.2 to 127.0.0.65"));
    QTemporaryDir dir;
    // A short accept timeout, which the attack outlasts: the agent must not
    // give up on its controller because of what strangers send.
    ListeningAgent a(dir, {"--accept-timeout", "4"});
    std::atomic<bool> stop{false};
    std::atomic<int> refusals{0};
    std::vector<std::thread> attackers;
    for (int i = 0; i < 64; ++i)
        attackers.emplace_back(attack, shared ? std::string("127.0.0.1") : "127.0.0." + std::to_string(2 + i), a.port,
                               std::cref(stop), std::ref(refusals));
    // Long enough for the back-off to grow (100 ms, 200, ...) while they hammer.
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    const int early = refusals.load();

    auto controller = a.connect();
    // A liveness check with a generous bound, not a timing.
    const json welcome = ListeningAgent::hello(*controller, "listen-token", 30000);
    CHECK(welcome.value("type", "") == "welcome");
    CHECK(early > 0); // the attack was real: attackers were being refused when the controller came
    // The attack goes on past the accept timeout: the session goes on too,
    // and still answers (cancelling a run it does not have is an error reply).
    std::this_thread::sleep_for(std::chrono::milliseconds(3000));
    CHECK_FALSE(a.p.waitForFinished(0));
    const std::string cancel = agent::encodeFrame({{"type", "cancel"}, {"id", "none"}});
    controller->write(cancel.data(), static_cast<qint64>(cancel.size()));
    controller->flush();
    REQUIRE(controller->waitForReadyRead(30000));
    CHECK(controller->readAll().contains("no active run with id none"));

    stop = true;
    for (auto& t : attackers)
        t.join();
    controller->disconnectFromHost();
    REQUIRE(a.p.waitForFinished(20000));
    CHECK(a.p.exitCode() == 0);
}

TEST_CASE("attackers alone do not keep the agent past its accept timeout", "[agent][listen][flood]")
{
    QTemporaryDir dir;
    ListeningAgent a(dir, {"--accept-timeout", "1", "--hello-timeout", "2"});
    std::atomic<bool> stop{false};
    std::atomic<int> refusals{0};
    std::vector<std::thread> attackers;
    for (int i = 0; i < 16; ++i)
        attackers.emplace_back(attack, std::string("127.0.0.1"), a.port, std::cref(stop), std::ref(refusals));
    // Idle connections too: they are let finish their hello, then it ends.
    std::vector<std::unique_ptr<QTcpSocket>> idle;
    for (int i = 0; i < 8; ++i)
        idle.push_back(a.connect());
    // Generous: the timeout (1 s) plus one hello timeout (2 s), on a busy machine.
    const bool ended = a.p.waitForFinished(60000);
    stop = true;
    for (auto& t : attackers)
        t.join();
    REQUIRE(ended);
    CHECK(a.p.exitCode() == 3);
    CHECK_THAT(a.p.readAllStandardError().toStdString(), Catch::Contains("no controller connected within 1 s"));
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

TEST_CASE("the agent's log writes out the escape codes a stranger sends", "[agent][listen]")
{
    QTemporaryDir dir;
    ListeningAgent a(dir);
    auto stranger = a.connect();
    // A first message whose type would clear the agent's terminal and retitle it.
    const std::string f = agent::encodeFrame({{"type", "\x1b[2J\x1b]0;owned\x07"}});
    stranger->write(f.data(), static_cast<qint64>(f.size()));
    stranger->flush();
    REQUIRE(stranger->waitForDisconnected(30000)); // refused
    auto controller = a.connect();
    CHECK(ListeningAgent::hello(*controller, "listen-token").value("type", "") == "welcome");
    controller->disconnectFromHost();
    REQUIRE(a.p.waitForFinished(20000));
    const std::string log = a.p.readAllStandardError().toStdString();
    INFO(log);
    CHECK(log.find('\x1b') == std::string::npos);
    CHECK(log.find('\x07') == std::string::npos);
    CHECK_THAT(log, Catch::Contains("\\x1b[2J\\x1b]0;owned\\x07"));
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
