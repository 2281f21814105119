#pragma once
// Shared by the clusterscope-cli tests: runs the command in-process and
// keeps its exit status and both output streams.
#include "app/cli/Cli.h"

#include <filesystem>
#include <sstream>
#include <unistd.h>
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

// A path in the temporary folder, unique to this process and `prefix`.
inline std::string tempPath(const std::string& prefix, const std::string& name)
{
    return (std::filesystem::temp_directory_path() / (prefix + std::to_string(::getpid()) + "_" + name)).string();
}

} // namespace cs::test
