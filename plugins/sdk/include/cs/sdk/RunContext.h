#pragma once
// What a probe's process sees while it runs: its request, a way to announce
// a listening port, to receive its peers, to stream raw samples and to learn
// that it was cancelled. Qt-free; the agent and the MPI agent implement it.
#include <nlohmann/json.hpp>

#include <atomic>
#include <map>
#include <string>
#include <vector>

namespace cs::sdk {

struct PeerAddress {
    std::string host;
    int port = 0;
};

// One process's share of a probe run.
struct RunRequest {
    std::string runId;                    // unique within the controller's session
    std::string probe;                    // descriptor id
    std::string role;                     // "self", "server", "client", "peer"
    std::map<std::string, double> params; // resolved: every declared parameter, within bounds
    int rank = 0;                         // 0..size-1 for group probes
    int size = 1;                         // processes taking part
    std::vector<PeerAddress> peers;          // client: {server}; peer: everyone by rank (filled by waitPeers)
    std::string bind = "127.0.0.1";       // address a listening role binds to (loopback by default)
    std::string token;                    // per-run token the data connections exchange

    double param(const std::string& name) const;
};

class RunContext {
public:
    virtual ~RunContext() = default;

    // True once the controller asked to stop; kernels poll it (through a
    // flag, see stopFlag) and return promptly.
    virtual bool cancelled() const = 0;
    // The flag itself, for kernels taking `const std::atomic<bool>*`.
    virtual const std::atomic<bool>* stopFlag() const = 0;
    // Progress of this process, in any units (done <= total).
    virtual void progress(double done, double total) = 0;
    // A listening role has bound `port` on request.bind and is ready.
    virtual void announce(int port) = 0;
    // Blocks until the controller sends every peer's endpoint (group probes),
    // or returns an empty list when cancelled.
    virtual std::vector<PeerAddress> waitPeers() = 0;
    // Raw samples of one series (e.g. "rtt@64"), SI units; may be called
    // repeatedly for the same series.
    virtual void addSamples(const std::string& series, const std::vector<double>& values) = 0;
};

// What run() returns. On failure, `error` is a sentence and `errorKind` a
// short name ("timeout", "connect", "peer-closed", "cancelled", ...).
struct RunOutcome {
    bool ok = false;
    std::string error;
    std::string errorKind;
    // {"series": {name: stats}, "derived": {key: {value, ci_lo, ci_hi, unit}}}
    nlohmann::json summary = nlohmann::json::object();
    nlohmann::json details = nlohmann::json::object();     // probe-specific extras (segments, sizes)
    nlohmann::json environment = nlohmann::json::object(); // where it ran: CPU, pinning, clock, versions

    static RunOutcome failure(std::string kind, std::string message)
    {
        RunOutcome o;
        o.errorKind = std::move(kind);
        o.error = std::move(message);
        return o;
    }
};

} // namespace cs::sdk
