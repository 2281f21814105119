#include "cs/sdk/ProbeRegistry.h"

#include <stdexcept>

namespace cs::sdk {

void ProbeRegistry::add(ProbeDescriptor descriptor, ProbeFunction run)
{
    if (descriptor.id.empty())
        throw std::invalid_argument("probe registry: a probe descriptor has an empty id");
    if (!run)
        throw std::invalid_argument("probe registry: probe " + descriptor.id + " has no run function");
    if (find(descriptor.id))
        throw std::invalid_argument("probe registry: probe id " + descriptor.id + " is registered twice");
    probes_.push_back({std::move(descriptor), std::move(run)});
}

const RegisteredProbe* ProbeRegistry::find(const std::string& id) const
{
    for (const RegisteredProbe& p : probes_)
        if (p.descriptor.id == id)
            return &p;
    return nullptr;
}

} // namespace cs::sdk
