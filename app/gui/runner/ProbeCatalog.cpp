#include "app/gui/runner/ProbeCatalog.h"

#include "cs/sdk/PluginLoader.h"

namespace cs::app {

const sdk::PluginLoader& probeCatalog()
{
    static sdk::PluginLoader* loader = [] {
        auto* l = new sdk::PluginLoader; // never destroyed: Qt plugins are not unloaded either
        l->load();
        return l;
    }();
    return *loader;
}

} // namespace cs::app
