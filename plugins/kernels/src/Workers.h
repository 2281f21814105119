#pragma once
// Internal: run a few worker threads under one RunControl; the first failure (or the caller's stop flag)
// stops the others within a poll slice, and the root cause is rethrown in the calling thread.

#include "cs/probe/Error.h"
#include "cs/probe/RunControl.h"

#include <functional>
#include <vector>

namespace cs::probe::detail {

void runWorkers(const std::vector<std::function<void(const RunControl&)>>& jobs, const RunControl& rc);

} // namespace cs::probe::detail
