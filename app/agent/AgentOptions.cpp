#include "app/agent/AgentOptions.h"
#include "model/cluster/NodeFields.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace cs::agent {

const char* agentUsage()
{
    return "usage: clusterscope-agent [--stdio | --listen HOST:PORT] [--cpus LIST [--cpus-in-allocation]]\n"
           "                          [--bind ADDR]\n"
           "                          [--token-env NAME | --token-file PATH | --token-stdin] [--hello-timeout S]\n"
           "                          [--accept-timeout S]\n"
           "       clusterscope-agent --list [--json] | --version | --help\n"
           "\n"
           "Runs ClusterScope probe kernels for a controller (clusterscope-cli probe, the GUI runner).\n"
           "  --stdio            speak the protocol on stdin/stdout (default); exit at end of input\n"
           "  --listen HOST:PORT accept one controller over TCP (default 127.0.0.1:0; the port is\n"
           "                     printed on stdout as 'listening HOST:PORT'); exit when it disconnects\n"
           "  --cpus LIST        pin the agent to these CPUs, e.g. 0 or 0,2-3\n"
           "  --cpus-in-allocation\n"
           "                     pin only to those of the listed CPUs the agent was started on (a batch\n"
           "                     system's allocation); when there are none, keep the CPUs it was given\n"
           "  --bind ADDR        address listening probe roles bind to (default 127.0.0.1)\n"
           "  --token-stdin      read the token from the first line of stdin (pipe mode; keeps it\n"
           "                     out of argv and the environment): preferred\n"
           "  --token-file PATH  read the token from a file (mode 0600; listen mode): preferred\n"
           "  --token-env NAME   environment variable holding the per-run token (default\n"
           "                     CLUSTERSCOPE_AGENT_TOKEN); the agent erases it once read, but it was\n"
           "                     visible in /proc/PID/environ until then: prefer stdin or a file\n"
           "Protocol: docs/agent-protocol.md. Probes: those compiled in (see --list); the agent\n"
           "is one static file and loads no plugins (docs/agent-protocol.md, \"One file\").\n";
}

std::vector<int> parseCpuList(const std::string& text)
{
    std::vector<int> cpus;
    std::size_t pos = 0;
    auto number = [&](std::size_t& p) {
        std::size_t used = 0;
        int v = 0;
        try {
            v = std::stoi(text.substr(p), &used);
        } catch (const std::exception&) {
            throw std::invalid_argument("bad CPU list '" + text + "' (expected e.g. 0 or 0,2-3)");
        }
        // The range a node's "cpus" take (only the table's inline part: the agent links no model).
        if (!nodefield::cpu.accepts(v))
            throw std::invalid_argument("CPU " + std::to_string(v) + " is out of range [" +
                                        std::to_string(nodefield::cpu.lo) + ", " + std::to_string(nodefield::cpu.hi) +
                                        "]");
        p += used;
        return v;
    };
    while (pos < text.size()) {
        const int a = number(pos);
        int b = a;
        if (pos < text.size() && text[pos] == '-') {
            ++pos;
            b = number(pos);
        }
        if (b < a)
            throw std::invalid_argument("bad CPU range in '" + text + "'");
        for (int c = a; c <= b; ++c)
            cpus.push_back(c);
        if (pos < text.size()) {
            if (text[pos] != ',')
                throw std::invalid_argument("bad CPU list '" + text + "' (expected e.g. 0 or 0,2-3)");
            ++pos;
        }
    }
    if (cpus.empty())
        throw std::invalid_argument("empty CPU list");
    return cpus;
}

AgentOptions parseAgentOptions(const std::vector<std::string>& args)
{
    AgentOptions o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&]() -> const std::string& {
            if (i + 1 >= args.size())
                throw std::invalid_argument(a + " needs a value");
            return args[++i];
        };
        auto seconds = [&]() {
            const std::string& v = value();
            try {
                const double s = std::stod(v);
                if (s > 0 && s <= 86400)
                    return s;
            } catch (const std::exception&) {
            }
            throw std::invalid_argument(a + " " + v + ": expected seconds in (0, 86400]");
        };
        if (a == "--stdio")
            o.mode = AgentOptions::Mode::Stdio;
        else if (a == "--listen") {
            o.mode = AgentOptions::Mode::Listen;
            o.listen = value();
        } else if (a == "--cpus")
            o.cpus = parseCpuList(value());
        else if (a == "--cpus-in-allocation")
            o.cpusInAllocation = true;
        else if (a == "--bind")
            o.bind = value();
        else if (a == "--token-env")
            o.tokenEnv = value();
        else if (a == "--token-file")
            o.tokenFile = value();
        else if (a == "--token-stdin")
            o.tokenStdin = true;
        else if (a == "--hello-timeout")
            o.helloTimeout = seconds();
        else if (a == "--accept-timeout")
            o.acceptTimeout = seconds();
        else if (a == "--list")
            o.mode = AgentOptions::Mode::List;
        else if (a == "--json")
            o.json = true;
        else if (a == "--version")
            o.mode = AgentOptions::Mode::Version;
        else if (a == "--help" || a == "-h")
            o.mode = AgentOptions::Mode::Help;
        else
            throw std::invalid_argument("unknown option " + a);
    }
    return o;
}

std::string readAgentToken(const AgentOptions& o)
{
    std::string token;
    if (o.tokenStdin) {
        // Byte by byte, so nothing after the newline (the first frame) is consumed.
        char c = 0;
        while (token.size() <= 256) {
            const ssize_t n = ::read(STDIN_FILENO, &c, 1);
            if (n < 0 && errno == EINTR)
                continue;
            if (n <= 0 || c == '\n')
                break;
            token += c;
        }
    } else if (!o.tokenFile.empty()) {
        std::ifstream f(o.tokenFile);
        if (!f)
            throw std::runtime_error("cannot read token file " + o.tokenFile);
        std::getline(f, token);
    } else if (char* v = std::getenv(o.tokenEnv.c_str())) {
        token = v;
        // unsetenv() only drops the pointer from environ: the bytes stay in
        // the block the kernel shows as /proc/PID/environ for the life of
        // the process. Overwrite them first. (A file or stdin is better
        // still: the variable was visible there until now.)
        std::memset(v, 0, std::strlen(v));
        ::unsetenv(o.tokenEnv.c_str()); // the probes' own processes need not see it
    }
    while (!token.empty() && (token.back() == '\n' || token.back() == '\r' || token.back() == ' '))
        token.pop_back();
    if (token.empty())
        throw std::runtime_error("no per-run token: set " + o.tokenEnv + " or pass --token-file PATH");
    if (token.size() > 256)
        throw std::runtime_error("the token is longer than 256 characters");
    return token;
}

} // namespace cs::agent
