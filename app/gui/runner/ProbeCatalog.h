#pragma once
// The probe plugins the GUI offers: one process-wide cs::sdk::PluginLoader,
// loaded on first use (plugins stay loaded until exit, and a runner keeps a
// reference to its loader, so it must outlive every panel).
namespace cs::sdk {
class PluginLoader;
}

namespace cs::app {

const sdk::PluginLoader& probeCatalog();

} // namespace cs::app
