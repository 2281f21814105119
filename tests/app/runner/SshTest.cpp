// The SSH transport against a real OpenSSH server (sshd -D) listening on a
// namespace address, with a host key and an authorized key made by the test.
#include "NetnsCluster.h"

#include "app/runner/AgentDeployer.h"

#include <catch2/catch.hpp>

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>

#include <unistd.h>

using namespace cs;

TEST_CASE("ssh transport: an agent started through OpenSSH on a namespace host", "[ssh]")
{
    test::NetnsHost host;
    if (!host.ok()) {
        WARN("skipped: " << host.error());
        return;
    }
    QTemporaryDir dir;
    test::SshServer sshd(host.ns(), host.hostAddr(), dir);
    if (!sshd.error.empty()) {
        WARN("skipped: " << sshd.error);
        return;
    }
    SECTION("agent at a path on the remote host")
    {
        const auto r =
            test::runOne(sshd.spec(host.hostAddr(), ":agent=" + test::agentExe() + ":cpu=0"), "cpu.sort", {{"keys", 4096}, {"reps", 3}});
        INFO(r.reason);
        REQUIRE(r.ok());
        CHECK(r.parts[0].transport == "ssh");
        CHECK(r.parts[0].agentEnvironment["cpus_requested"] == nlohmann::json::array({0}));
        CHECK_THAT(r.parts[0].command, Catch::StartsWith("ssh "));
    }
    SECTION("copy=1: the one agent file reaches a node once per run, checked by its SHA-256 there")
    {
        // A copy of the agent with a few bytes appended (the kernel ignores them): its own SHA-256, so the
        // first run finds nothing in /root/.cache/clusterscope, whatever earlier runs left there.
        const QString agent = dir.filePath("clusterscope-agent");
        REQUIRE(QFile::copy(QString::fromStdString(test::agentExe()), agent));
        {
            QFile f(agent);
            REQUIRE(f.open(QIODevice::Append));
            f.write(QByteArray::number(QDateTime::currentMSecsSinceEpoch()) + QByteArray::number(::getpid()));
        }
        runner::LaunchContext ctx = runner::defaultLaunchContext();
        ctx.agentPath = agent.toStdString();
        const std::string sha = runner::AgentDeployer().agentSha256(ctx.agentPath);
        REQUIRE(sha.size() == 64);
        const QString cached = "/root/.cache/clusterscope/agent-" + QString::fromStdString(sha.substr(0, 16));

        // Two jobs on one node (two names for the same account): mem.copy runs once per node.
        runner::RunPlan plan;
        plan.nodes = runner::parseNodeSpec(sshd.spec(host.hostAddr(), ":copy=1:name=a") + "," + sshd.spec(host.hostAddr(), ":copy=1:name=b"));
        plan.probe = "mem.copy";
        plan.params = {{"array_bytes", 1 << 20}, {"reps", 2}};
        plan.timeout = 60;
        runner::Runner r(test::plugins(), ctx);
        auto actions = [&] {
            QElapsedTimer clock;
            clock.start();
            REQUIRE(r.start(plan));
            REQUIRE(r.wait(120000));
            WARN("two mem.copy jobs over ssh with copy=1 took " << clock.elapsed() << " ms"); // a figure, not a check
            const auto results = r.results();
            REQUIRE(results.size() == 2);
            std::vector<std::string> a;
            for (const auto& j : results) {
                INFO(j.reason);
                REQUIRE(j.ok());
                CHECK(j.parts[0].agentEnvironment["executable"] == cached.toStdString());
                CHECK(j.parts[0].agentEnvironment["linkage"] == CS_AGENT_LINKAGE);
                a.push_back(j.parts[0].deployAction);
            }
            return a;
        };
        // First run: copied once, then reused by the second job; the copy stays in the cache.
        CHECK(actions() == std::vector<std::string>{"copied", "reused"});
        CHECK(QFileInfo(cached).isExecutable());
        CHECK(QFileInfo(cached).size() == QFileInfo(agent).size());
        // A new run checks the node once, finds the same content, copies nothing.
        CHECK(actions() == std::vector<std::string>{"present", "reused"});
        // A cached file with other content under that name is copied again.
        REQUIRE(QFile::resize(cached, 1000));
        CHECK(actions() == std::vector<std::string>{"copied", "reused"});
        CHECK(QFileInfo(cached).size() == QFileInfo(agent).size());
        QFile::remove(cached);
    }
    SECTION("a pair: the client reaches the server over the namespace address")
    {
        const auto r = test::runOne(sshd.spec(host.hostAddr(), ":agent=" + test::agentExe()) + ",local:cpu=1:address=" +
                                        host.localAddr() + ":bind=" + host.localAddr(),
                                    "net.pingpong", {{"size_max", 64}, {"reps", 20}, {"warmups", 2}});
        INFO(r.reason);
        REQUIRE(r.ok());
        CHECK(r.parts[1].details["server"].get<std::string>().rfind(host.hostAddr(), 0) == 0);
    }
}
