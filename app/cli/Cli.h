#pragma once
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace cs {
class Topology;
}

namespace cs::cli {

// A mistake in how the command was called (exit code 2, with usage hint).
class UsageError : public std::runtime_error {
public:
    explicit UsageError(const std::string& what) : std::runtime_error(what) {}
};

// Runs `clusterscope-cli` with `args` (without the program name), writing
// results to `out` and a one-line error to `err`. Returns the exit code:
// 0 on success, 1 when the model rejects the input, 2 on a usage error.
int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// A subcommand: its words after the command name.
using Command = int (*)(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Subcommands, each in the file of its feature.
int listCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int evalCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int sweepCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int paretoCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int sensitivityCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int plotCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
class Args;
// topo --import slurm:FILE|ibnet:FILE [--bw Q] [--lat Q] [--switch-lat Q] [--into DESIGN] [-o OUT]
int importTopology(const Args& args, std::ostream& out);
// topo DESIGN|--gen SPEC --export-slurm [-o topology.conf]
int exportSlurmTopology(const Args& args, const Topology& t, std::ostream& out);
// topo DESIGN|--gen SPEC --export GRAPH.graphml|GRAPH.json (GraphExport.h)
int exportGraphTopology(const Args& args, const Topology& t, std::ostream& out);
int topoCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int probeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int calibrateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int simulateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int verifyCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int runAppCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int fitCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int replayCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int validateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// `list generators [--json]` (topology generators and their parameters).
int listGenerators(bool json, std::ostream& out);

} // namespace cs::cli
