// The SSH transport against a real OpenSSH server (sshd -D) listening on a
// namespace address, with a host key and an authorized key made by the test.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QThread>

using namespace cs;

namespace {

class SshServer {
public:
    SshServer(const test::NetnsHost& host, const QTemporaryDir& dir) : dir_(dir)
    {
        const std::string d = dir.path().toStdString();
        if (QStandardPaths::findExecutable("sshd", {"/usr/sbin", "/usr/bin"}).isEmpty()) {
            error = "sshd is not installed (Debian package openssh-server)";
            return;
        }
        std::string out;
        if (test::sh("ssh-keygen -q -t ed25519 -N '' -f " + d + "/host_key", &out) != 0 ||
            test::sh("ssh-keygen -q -t ed25519 -N '' -f " + d + "/id", &out) != 0 ||
            test::sh("cp " + d + "/id.pub " + d + "/authorized_keys && chmod 600 " + d + "/authorized_keys", &out) !=
                0) {
            error = "ssh-keygen failed: " + out;
            return;
        }
        QDir().mkpath("/run/sshd"); // sshd's privilege separation folder
        QFile cfg(dir.filePath("sshd_config"));
        cfg.open(QIODevice::WriteOnly);
        cfg.write(QByteArray::fromStdString("Port 2222\nListenAddress " + host.hostAddr() + "\nHostKey " + d +
                                            "/host_key\nAuthorizedKeysFile " + d +
                                            "/authorized_keys\nPermitRootLogin prohibit-password\n"
                                            "PasswordAuthentication no\nKbdInteractiveAuthentication no\n"
                                            "UsePAM no\nStrictModes no\nSubsystem sftp internal-sftp\nPidFile " + d + "/sshd.pid\n"));
        cfg.close();
        // sshd runs in the namespace, in the foreground, as our child: we stop it by PID.
        process.start("ip", {"netns", "exec", QString::fromStdString(host.ns()), "/usr/sbin/sshd", "-D", "-e", "-f",
                             dir.filePath("sshd_config")});
        if (!process.waitForStarted(5000)) {
            error = "cannot start sshd";
            return;
        }
        // Wait until it accepts connections.
        for (int i = 0; i < 50; ++i) {
            if (test::sh("ip netns exec " + host.ns() + " bash -c 'exec 3<>/dev/tcp/" + host.hostAddr() + "/2222' 2>/dev/null") ==
                0)
                return;
            if (process.state() != QProcess::Running) {
                error = "sshd exited: " + process.readAll().toStdString();
                return;
            }
            QThread::msleep(100);
        }
        error = "sshd did not start listening";
    }
    ~SshServer()
    {
        if (process.state() != QProcess::NotRunning) {
            process.terminate();
            if (!process.waitForFinished(3000))
                process.kill();
            process.waitForFinished(3000);
        }
    }
    std::string spec(const test::NetnsHost& host, const std::string& extra) const
    {
        return "ssh:root@" + host.hostAddr() + ":port=2222:identity=" + dir_.path().toStdString() +
               "/id:opt=StrictHostKeyChecking=no:opt=UserKnownHostsFile=/dev/null:opt=LogLevel=ERROR" + extra;
    }

    std::string error;
    QProcess process;

private:
    const QTemporaryDir& dir_;
};

} // namespace

TEST_CASE("ssh transport: an agent started through OpenSSH on a namespace host", "[ssh]")
{
    test::NetnsHost host;
    if (!host.ok()) {
        WARN("skipped: " << host.error());
        return;
    }
    QTemporaryDir dir;
    SshServer sshd(host, dir);
    if (!sshd.error.empty()) {
        WARN("skipped: " << sshd.error);
        return;
    }
    SECTION("agent at a path on the remote host")
    {
        const auto r =
            test::runOne(sshd.spec(host, ":agent=" + test::agentExe() + ":cpu=0"), "cpu.sort", {{"keys", 4096}, {"reps", 3}});
        INFO(r.reason);
        REQUIRE(r.ok());
        CHECK(r.parts[0].transport == "ssh");
        CHECK(r.parts[0].agentEnvironment["cpus_requested"] == nlohmann::json::array({0}));
        CHECK_THAT(r.parts[0].command, Catch::StartsWith("ssh "));
    }
    SECTION("agent copied with scp, then removed")
    {
        const auto r = test::runOne(sshd.spec(host, ":copy=1"), "mem.copy", {{"array_bytes", 1 << 20}, {"reps", 2}});
        INFO(r.reason);
        REQUIRE(r.ok());
        // It ran from the copy, which is gone again.
        const auto dirs = r.parts[0].agentEnvironment["plugin_path"];
        REQUIRE(dirs.size() >= 1);
        const std::string copied = dirs.back();
        CHECK_THAT(copied, Catch::StartsWith("/tmp/clusterscope-"));
        CHECK_FALSE(QFileInfo::exists(QString::fromStdString(copied)));
    }
    SECTION("a pair: the client reaches the server over the namespace address")
    {
        const auto r = test::runOne(sshd.spec(host, ":agent=" + test::agentExe()) + ",local:cpu=1:address=" +
                                        host.localAddr() + ":bind=" + host.localAddr(),
                                    "net.pingpong", {{"size_max", 64}, {"reps", 20}, {"warmups", 2}});
        INFO(r.reason);
        REQUIRE(r.ok());
        CHECK(r.parts[1].details["server"].get<std::string>().rfind(host.hostAddr(), 0) == 0);
    }
}
