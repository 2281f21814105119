#include "app/cli/Cli.h"

namespace cs::cli {

// Stub until the topology layer lands.
int topoCommand(const std::vector<std::string>&, std::ostream&, std::ostream&)
{
    throw UsageError("topo is not implemented yet");
}

int listGenerators(bool, std::ostream&)
{
    throw UsageError("no topology generators yet");
}

} // namespace cs::cli
