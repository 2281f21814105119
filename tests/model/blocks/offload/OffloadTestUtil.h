#pragma once
// The seed-001 offload tests' names for the shared block-test helpers.
#include "../BlockTestSupport.h"

namespace cs::test::offload {

using cs::test::phaseMismatches;
using cs::test::Values;
using Outputs = std::map<std::string, double>;

inline Outputs run(const std::string& type, const std::string& name, const Values& values)
{
    return evaluateOutputs(type, values, name);
}

inline std::string planError(const std::string& type, const std::string& name, const Values& values)
{
    return cs::test::planError(type, values, name);
}

} // namespace cs::test::offload
