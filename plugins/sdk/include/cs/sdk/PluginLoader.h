#pragma once
// Finds and loads probe plugins. Search path: the built-in plugin folder (the
// program's ../lib/clusterscope/probes, else the build's), then each folder of the environment variable
// CLUSTERSCOPE_PLUGIN_PATH (colon-separated). A later folder overrides an
// earlier one for the same probe id.
//
// Each candidate's metadata is read with QPluginLoader::metaData() BEFORE the
// plugin is instantiated; a wrong IID, a missing id or a mismatched
// apiVersion is refused with a message naming the file, and that plugin's
// code never runs.
#include "cs/sdk/ProbePlugin.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QPluginLoader;

namespace cs::sdk {

struct LoadedProbe {
    QString file;                 // the shared object it came from
    const ProbePlugin* plugin = nullptr; // owned by the QPluginLoader (kept loaded)
    ProbeDescriptor descriptor;
};

class PluginLoader {
public:
    // The default search path: builtInDir(), then CLUSTERSCOPE_PLUGIN_PATH.
    static QStringList defaultSearchPath();
    // <program's folder>/../lib/clusterscope/probes when it exists (an
    // installed program, or one in the build's bin/), else the folder the
    // build writes its plugins to.
    static QString builtInDir();

    explicit PluginLoader(QStringList searchPath = defaultSearchPath());
    ~PluginLoader();
    PluginLoader(const PluginLoader&) = delete;
    PluginLoader& operator=(const PluginLoader&) = delete;

    // Scans the search path (once; later calls do nothing).
    void load();

    const std::vector<LoadedProbe>& probes() const { return probes_; }
    const LoadedProbe* find(const std::string& id) const;
    // One sentence per refused file, e.g. "/p/libx.so: plugin API version 2
    // does not match this program's version 1; rebuild the plugin".
    const QStringList& problems() const { return problems_; }
    const QStringList& searchPath() const { return searchPath_; }

    // "" when `metaData` (as returned by QPluginLoader::metaData()) describes
    // a probe plugin of this API version, else why not. Sets *id on success.
    static QString checkMetaData(const QJsonObject& metaData, QString* id = nullptr);

private:
    QStringList searchPath_;
    bool loaded_ = false;
    std::vector<std::unique_ptr<QPluginLoader>> loaders_;
    std::vector<LoadedProbe> probes_;
    QStringList problems_;
};

} // namespace cs::sdk
