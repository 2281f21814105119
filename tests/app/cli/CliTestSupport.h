#pragma once
// Shared by the clusterscope-cli tests: runs the command in-process and
// keeps its exit status and both output streams.
#include "app/cli/Cli.h"

#include <sstream>
#include <string>
#include <vector>

namespace cs::test {

struct CliResult {
    int rc;
    std::string out, err;
};

inline CliResult cli(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int rc = cs::cli::run(args, out, err);
    return {rc, out.str(), err.str()};
}

} // namespace cs::test
