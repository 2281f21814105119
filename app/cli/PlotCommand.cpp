#include "app/cli/Cli.h"

namespace cs::cli {

// Stub until the plots land.
int plotCommand(const std::vector<std::string>&, std::ostream&, std::ostream&)
{
    throw UsageError("plot is not implemented yet");
}

} // namespace cs::cli
