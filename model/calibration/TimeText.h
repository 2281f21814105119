#pragma once
#include <string>

namespace cs::calib {

// The current UTC time as ISO 8601 with seconds: "2026-11-21T20:00:00Z".
std::string isoTimeNow();

} // namespace cs::calib
