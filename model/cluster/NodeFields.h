#pragma once
// The fields of a node (what runs where), in one table for everything that
// reads or edits them: the design document's "nodes" array (its shape check,
// model/document/SectionShapes.cpp, and the runner's reader), the command
// line's --nodes SPEC (app/runner/Node.cpp) and the GUI's node table. When
// each kept its own copy they disagreed: a text spec refused port 0 and a
// document took it. Schema: docs/agent-protocol.md, "The design document's
// nodes array" and "Node specification".
#include <array>
#include <string>
#include <string_view>

namespace cs {

// A whole-number field of a node and the values it takes.
struct NodeIntField {
    std::string_view key;  // the JSON key and the --nodes setting: "port"
    int lo = 0;            // inclusive
    int hi = 0;            // inclusive
    std::string_view unit; // appended to the range in messages: "" or "s"

    bool accepts(double v) const { return v >= lo && v <= hi && static_cast<double>(static_cast<int>(v)) == v; }
    // "" when `v` (a number read from JSON) is a value of this field, else
    // the problem: "port = 0 is out of range [1, 65535]", "port = 2.5 must
    // be a whole number in [1, 65535]".
    std::string check(double v) const;
    // Reads the whole of `text` (decimal) into `out`. "" on success, else the
    // problem worded as check() words it; a text that is no number is quoted:
    // "port = 'abc' must be a whole number in [1, 65535]".
    std::string parse(std::string_view text, int& out) const;
    // "[1, 65535]", "[1, 3600] s"
    std::string rangeText() const;
};

namespace nodefield {
// ssh: the sshd port (absent: 22); tcp: the listening agent's port. Port 0
// is no port a program can connect to, so it is refused, not read as "the
// default": leave the key out for that.
inline constexpr NodeIntField port{"port", 1, 65535, ""};
// One CPU an agent is pinned to (an entry of "cpus").
inline constexpr NodeIntField cpu{"cpus", 0, 4095, ""};
// mpi: processes (absent: the allocation's host count, at least 2).
inline constexpr NodeIntField ranks{"ranks", 2, 4096, ""};
// slurm: seconds srun may wait for CPUs (srun --immediate; absent: 30).
inline constexpr NodeIntField immediate{"immediate", 1, 3600, "s"};
// mpi: ranks a host takes (the hostfile's slots=; absent: the ranks spread
// evenly over the hosts): a job of several ranks a node, filled a host at a
// time as mpirun fills a host's slots.
inline constexpr NodeIntField slotsPerHost{"slots", 1, 4096, ""};
} // namespace nodefield

// Every key a document's node entry may have; any other is refused (a
// misspelled "hostfle" must not silently run on another machine).
inline constexpr std::array<std::string_view, 23> kNodeKeys = {
    "name",     "transport", "host",      "user",     "port",      "address", "bind",      "cpus",
    "agent",    "copyAgent", "identity",  "sshOptions", "ranks",   "hosts",   "hostfile",  "btl",
    "launch",   "allocation", "partition", "immediate", "tokenFile", "netns", "slots"};

// How a node's agent is started.
inline constexpr std::array<std::string_view, 5> kNodeTransports = {"local", "ssh", "mpi", "slurm", "tcp"};
bool isNodeTransport(std::string_view name);
// "local, ssh, mpi, slurm or tcp", for messages.
std::string nodeTransportList();

} // namespace cs
