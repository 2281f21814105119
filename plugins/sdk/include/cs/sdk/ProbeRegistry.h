#pragma once
// Probes compiled into a program, without Qt: each is a descriptor and a run
// function. The node agent (clusterscope-agent, a static binary) runs only
// what is registered here; the Qt plugin wrappers of the built-in probes
// (plugins/probes/*) serve the same descriptor and function to the runner,
// the GUI and the command-line tool.
#include "cs/sdk/ProbeDescriptor.h"
#include "cs/sdk/ProbeRun.h"

#include <string>
#include <vector>

namespace cs::sdk {

struct RegisteredProbe {
    ProbeDescriptor descriptor;
    ProbeFunction run; // must follow ProbePlugin::run's contract (thread-safe, never throws, polls the stop flag)
};

class ProbeRegistry {
public:
    // Adds a probe. Throws std::invalid_argument naming the id when the
    // descriptor has no id, no run function, or the id is already taken.
    void add(ProbeDescriptor descriptor, ProbeFunction run);

    const std::vector<RegisteredProbe>& probes() const { return probes_; }
    // nullptr when no probe has that id.
    const RegisteredProbe* find(const std::string& id) const;

private:
    std::vector<RegisteredProbe> probes_;
};

} // namespace cs::sdk
