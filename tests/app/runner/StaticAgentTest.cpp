// clusterscope-agent deploys as one file: linked statically (no program interpreter, no shared library
// needed), it runs its built-in probes, FFTW's included, in a chroot that holds nothing but the binary,
// with an empty environment, speaking the protocol on stdin and stdout.
#include "TestSupport.h"

#include "app/agent/protocol/AgentProtocol.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QProcess>

#include <elf.h>
#include <fstream>
#include <unistd.h>

using namespace cs;
using nlohmann::json;

namespace {

struct ElfLinkage {
    bool elf64 = false;
    bool interpreter = false; // PT_INTERP: needs ld-linux.so to start
    bool dynamic = false;     // PT_DYNAMIC: has shared-library dependencies (or is a static PIE)
};

ElfLinkage readElf(const std::string& path)
{
    ElfLinkage e;
    std::ifstream f(path, std::ios::binary);
    Elf64_Ehdr h{};
    if (!f.read(reinterpret_cast<char*>(&h), sizeof h) || std::string(reinterpret_cast<char*>(h.e_ident), 4) != ELFMAG ||
        h.e_ident[EI_CLASS] != ELFCLASS64)
        return e;
    e.elf64 = true;
    for (int i = 0; i < h.e_phnum; ++i) {
        Elf64_Phdr ph{};
        f.seekg(static_cast<std::streamoff>(h.e_phoff + static_cast<std::uint64_t>(i) * h.e_phentsize));
        if (!f.read(reinterpret_cast<char*>(&ph), sizeof ph))
            break;
        e.interpreter |= ph.p_type == PT_INTERP;
        e.dynamic |= ph.p_type == PT_DYNAMIC;
    }
    return e;
}

// The agent's end of the pipe: frames in, messages out, with a deadline.
class AgentPipe {
public:
    explicit AgentPipe(QProcess& p) : p_(p) {}
    void send(const json& m) { p_.write(QByteArray::fromStdString(agent::encodeFrame(m))); }
    // The next message of one of `types` (others, such as samples and progress, are skipped); a null json
    // when the agent closed or 60 s passed.
    json next(std::initializer_list<std::string> types)
    {
        for (int waited = 0; waited < 600;) {
            std::string frame;
            while (decoder_.next(frame) == agent::FrameDecoder::Status::Frame) {
                json m = json::parse(frame);
                for (const std::string& t : types)
                    if (m["type"] == t)
                        return m;
            }
            if (!p_.waitForReadyRead(100)) {
                if (p_.state() != QProcess::Running)
                    return nullptr;
                ++waited;
            }
            decoder_.feed(p_.readAllStandardOutput().toStdString());
        }
        return nullptr;
    }

private:
    QProcess& p_;
    agent::FrameDecoder decoder_;
};

// The build's choice (app/CMakeLists.txt): "static", or "static-libstdc++" without the static archives.
bool staticBuild()
{
    return std::string(CS_AGENT_LINKAGE) == "static";
}

} // namespace

TEST_CASE("the agent is one static file: no program interpreter, no shared libraries", "[static-agent]")
{
    if (!staticBuild()) {
        WARN("skipped: this build links the agent " << CS_AGENT_LINKAGE << " (CS_STATIC_AGENT=OFF or no libc.a)");
        return;
    }
    const ElfLinkage e = readElf(test::agentExe());
    REQUIRE(e.elf64);
    CHECK_FALSE(e.interpreter);
    CHECK_FALSE(e.dynamic);
}

TEST_CASE("the agent runs mem.copy and cpu.fft in an empty chroot with an empty environment", "[static-agent]")
{
    if (::geteuid() != 0) {
        WARN("skipped: chroot needs root");
        return;
    }
    if (!staticBuild()) {
        WARN("skipped: an agent linked " << CS_AGENT_LINKAGE << " needs the C library in the chroot");
        return;
    }
    QTemporaryDir root;
    const QString inside = root.filePath("clusterscope-agent");
    REQUIRE(QFile::copy(QString::fromStdString(test::agentExe()), inside));
    REQUIRE(QDir(root.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size() == 1);

    QProcess p;
    p.setProcessEnvironment(QProcessEnvironment()); // empty, and env -i makes sure of it
    p.start("/usr/bin/env", {"-i", "/usr/sbin/chroot", root.path(), "/clusterscope-agent", "--stdio", "--token-stdin"});
    REQUIRE(p.waitForStarted(5000));
    AgentPipe agent(p);
    p.write("t0ken-of-this-test\n");
    agent.send({{"type", "hello"}, {"versions", {agent::kProtocolVersion, agent::kProtocolVersion}},
                {"token", "t0ken-of-this-test"}});
    const json welcome = agent.next({"welcome", "error"});
    INFO(p.readAllStandardError().toStdString());
    REQUIRE(welcome.value("type", "") == "welcome");
    CHECK(welcome["environment"]["linkage"] == "static");
    for (const char* id : {"mem.copy", "cpu.fft", "cpu.sort", "net.pingpong", "net.loggp"})
        CHECK(std::find(welcome["probes"].begin(), welcome["probes"].end(), id) != welcome["probes"].end());

    agent.send({{"type", "run"}, {"id", "m"}, {"probe", "mem.copy"}, {"role", "self"},
                {"params", {{"array_bytes", 1 << 20}, {"reps", 2}, {"warmups", 1}}}});
    const json copy = agent.next({"result", "error"});
    REQUIRE(copy.value("type", "") == "result");
    CHECK(copy["summary"]["series"]["memcpy"]["n"] == 2);
    CHECK(copy["summary"]["derived"]["memcpy"]["value"].get<double>() > 0);

    // FFTW is linked in: a 64-point transform, planned with FFTW_ESTIMATE.
    agent.send({{"type", "run"}, {"id", "f"}, {"probe", "cpu.fft"}, {"role", "self"},
                {"params", {{"length_min", 64}, {"length_max", 64}, {"planner", 0}, {"reps", 3}, {"warmups", 1}}}});
    const json fft = agent.next({"result", "error"});
    INFO(fft.dump());
    REQUIRE(fft.value("type", "") == "result");
    CHECK(fft["summary"]["derived"]["t_fft1d"]["value"].get<double>() > 0);

    agent.send({{"type", "bye"}});
    p.closeWriteChannel();
    REQUIRE(p.waitForFinished(10000));
    CHECK(p.exitCode() == 0);
}
