#pragma once
#include "model/core/Block.h"

#include <nlohmann/json_fwd.hpp>

namespace cs {

// JSON descriptions of specs, for `list blocks --json` and documentation.
nlohmann::json toJson(const ParamSpec& p);
nlohmann::json toJson(const OutputSpec& o);
nlohmann::json toJson(const BlockSpec& b);

} // namespace cs
