#pragma once
// What a probe is, independent of Qt: its parameters with bounds, the roles
// its processes play, the block parameters it can calibrate and how it
// summarises samples. The runner, the agent and the MPI agent all read it.
#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace cs::sdk {

// Version of the probe plugin API. A plugin's JSON metadata carries the
// version it was built against; the loader refuses any other.
inline constexpr int kProbeApiVersion = 1;

// One numeric parameter. Values are SI base units of `unit`.
struct ParamDef {
    std::string name;    // "bytes", "reps", "sockets"
    std::string unit;    // SI symbol: "B", "s", "B/s", "count", "ratio", "cpu"
    double defaultValue = 0.0;
    double min = 0.0;    // inclusive
    double max = 0.0;    // inclusive
    bool integer = true; // must be a whole number
    std::string meaning; // one line

    // Whether v is a value of this parameter: the model's range rule
    // (model/core/ValueRange.h), as block parameters apply it.
    bool accepts(double v) const;
    // "" when accepts(v), else e.g. "bytes = 0 is out of range [1, 1048576]".
    std::string rangeProblem(double v) const;
};

// A block parameter a probe's summary gives a value for: summary key `from`
// (in "derived") calibrates input `target` ("logp.loggp.L").
struct Calibration {
    std::string target;  // block id "." input symbol
    std::string from;    // key in the result summary's "derived" object
    std::string meaning; // how the value is obtained
};

// How many nodes one run of the probe spans.
enum class Span {
    Single, // one node, role "self" (memcpy, FFT, sort)
    Pair,   // two nodes: the first plays "server", the second "client"
    Group,  // P >= 2 nodes, every one plays "peer" (rank 0..P-1)
};

struct ProbeDescriptor {
    std::string id;          // "net.pingpong"
    std::string name;        // "Ping-pong latency"
    std::string description; // a few sentences
    Span span = Span::Single;
    std::vector<std::string> roles; // in launch order: {"server", "client"}, {"self"}, {"peer"}
    // "agent": runs inside clusterscope-agent; "mpi": runs inside
    // clusterscope-mpi-agent, started by mpirun (needs an mpi:N node spec).
    std::string launcher = "agent";
    std::vector<ParamDef> params;
    std::vector<Calibration> calibrates;
    std::vector<std::string> validates; // block outputs its results check, e.g. "logp.loggp.T_barrier"
    std::string summary;                // how raw samples become the summary

    const ParamDef* findParam(const std::string& name) const;
    int minNodes() const { return span == Span::Single ? 1 : 2; }
};

const char* spanName(Span s); // "single", "pair", "group"

// Checks `given` (an object of name -> number) against the descriptor and
// fills `out` with every parameter, defaults included. Returns "" or the
// first problem: an unknown name (listing the known ones), a non-number, a
// value out of bounds or not whole.
std::string resolveParams(const ProbeDescriptor& d, const nlohmann::json& given, std::map<std::string, double>& out);

nlohmann::json toJson(const ProbeDescriptor& d);
nlohmann::json toJson(const ParamDef& p);

} // namespace cs::sdk
