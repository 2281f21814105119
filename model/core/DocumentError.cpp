#include "model/core/DocumentError.h"

#include <utility>

namespace cs {

namespace {

std::string joinProblems(const std::vector<std::string>& problems)
{
    std::string s;
    for (const auto& p : problems)
        s += (s.empty() ? "" : "\n") + p;
    return s;
}

} // namespace

DocumentError::DocumentError(std::vector<std::string> problems)
    : ModelError(joinProblems(problems)), problems_(std::move(problems))
{
}

} // namespace cs
