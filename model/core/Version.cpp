#include "model/core/Version.h"

namespace cs {

std::string programVersionLine()
{
    return std::string("ClusterScope ") + programVersion() + " (commit " + programCommit() + ")";
}

} // namespace cs
