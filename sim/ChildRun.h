#pragma once
// SimGrid's engine is a singleton per process, so every simulation runs in a
// forked child (Simulator.h): the caller can run as many as it likes, and a
// simulation that crashes reports an error instead of taking the caller down.
#include "sim/Simulator.h"

#include <functional>
#include <memory>
#include <string>

namespace simgrid::s4u {
class Engine;
}

namespace cs::sim {

// Runs `work` in a forked child and returns the text it returned, the
// child's answer. A ModelError (or any exception) thrown by `work` comes back
// as a ModelError "simulation: MESSAGE"; options.cancel, options.timeoutSeconds
// and a crash of the child throw ModelError too (isCancelledMessage() tells
// the first). options.inChild runs in the child before `work`.
std::string runInChild(const std::function<std::string()>& work, const SimOptions& options);

// The child's SimGrid engine: quiet logs, the network model, no cross
// traffic, and for CM02 no latency correction (so a lone transfer of k bytes
// takes exactly L + k/B).
std::unique_ptr<simgrid::s4u::Engine> makeEngine(const SimOptions& options);

} // namespace cs::sim
