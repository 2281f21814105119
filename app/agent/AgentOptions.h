#pragma once
// Command line of clusterscope-agent.
#include <string>
#include <vector>

namespace cs::agent {

struct AgentOptions {
    enum class Mode { Stdio, Listen, List, Version, Help };
    Mode mode = Mode::Stdio;
    std::string listen = "127.0.0.1:0"; // --listen HOST:PORT (loopback unless told otherwise)
    std::vector<int> cpus;              // --cpus 0,2-3: pin the whole agent
    bool cpusInAllocation = false;      // --cpus-in-allocation: pin only to listed CPUs the agent was started on
    std::string tokenEnv = "CLUSTERSCOPE_AGENT_TOKEN";
    std::string tokenFile;              // --token-file PATH (read, then the file is left alone)
    bool tokenStdin = false;            // --token-stdin: the first line of stdin is the token
    std::string bind = "127.0.0.1";     // --bind ADDR: default data-plane address of listening roles
    double helloTimeout = 10.0;         // --hello-timeout S
    double acceptTimeout = 60.0;        // --accept-timeout S (listen mode)
    bool json = false;                  // --list --json
};

// Parses argv (without the program name). Throws std::invalid_argument with
// a one-line reason on a bad command line.
AgentOptions parseAgentOptions(const std::vector<std::string>& args);

// "0,2-3" -> {0, 2, 3}; throws std::invalid_argument.
std::vector<int> parseCpuList(const std::string& text);

const char* agentUsage();

// The per-run token: the first line of stdin (--token-stdin, read byte by byte so that nothing after the
// newline is consumed), the first line of --token-file, or the environment variable tokenEnv (then unset, so
// the probes' processes do not see it). Throws std::runtime_error when there is none or it is over 256
// characters.
std::string readAgentToken(const AgentOptions& o);

} // namespace cs::agent
