#include "cs/sdk/PluginLoader.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonValue>
#include <QLibrary>
#include <QPluginLoader>

#ifndef CS_BUILTIN_PLUGIN_DIR
#define CS_BUILTIN_PLUGIN_DIR ""
#endif
#ifndef CS_INSTALL_PLUGIN_SUBDIR
#define CS_INSTALL_PLUGIN_SUBDIR "lib/clusterscope/probes"
#endif

namespace cs::sdk {

QString PluginLoader::builtInDir()
{
    // The programs sit in <prefix>/bin and the plugins in <prefix>/lib/clusterscope/probes, installed or in
    // the build tree alike: found beside the program first, so that an installed copy never loads the
    // plugins of the build it came from (nor needs that build). A program elsewhere (a test) gets the build's.
    static const QString dir = [] {
        const QString exeDir = QCoreApplication::instance()
                                   ? QCoreApplication::applicationDirPath()
                                   : QFileInfo(QFileInfo(QStringLiteral("/proc/self/exe")).symLinkTarget()).path();
        if (!exeDir.isEmpty() && exeDir != QLatin1String(".")) {
            const QString beside = QDir::cleanPath(exeDir + QStringLiteral("/../" CS_INSTALL_PLUGIN_SUBDIR));
            if (QFileInfo(beside).isDir())
                return beside;
        }
        return QStringLiteral(CS_BUILTIN_PLUGIN_DIR);
    }();
    return dir;
}

QStringList PluginLoader::defaultSearchPath()
{
    QStringList path;
    if (!builtInDir().isEmpty())
        path << builtInDir();
    const QString env = qEnvironmentVariable("CLUSTERSCOPE_PLUGIN_PATH");
    for (const QString& dir : env.split(QLatin1Char(':'), Qt::SkipEmptyParts))
        path << dir;
    return path;
}

PluginLoader::PluginLoader(QStringList searchPath) : searchPath_(std::move(searchPath)) {}

PluginLoader::~PluginLoader() = default; // plugins stay loaded until exit (QPluginLoader does not unload)

QString PluginLoader::checkMetaData(const QJsonObject& metaData, QString* id)
{
    const QString iid = metaData.value(QLatin1String("IID")).toString();
    if (iid.isEmpty())
        return QStringLiteral("not a Qt plugin (no plugin metadata)");
    if (!iid.startsWith(QLatin1String("org.clusterscope.ProbePlugin/")))
        return QStringLiteral("not a probe plugin (IID %1)").arg(iid);
    if (iid != QLatin1String(CS_PROBE_PLUGIN_IID))
        return QStringLiteral("plugin interface %1 does not match this program's %2; rebuild the plugin")
            .arg(iid, QLatin1String(CS_PROBE_PLUGIN_IID));
    const QJsonObject md = metaData.value(QLatin1String("MetaData")).toObject();
    const QString pid = md.value(QLatin1String("id")).toString();
    if (pid.isEmpty())
        return QStringLiteral("plugin metadata has no \"id\"");
    if (md.value(QLatin1String("name")).toString().isEmpty())
        return QStringLiteral("plugin %1: metadata has no \"name\"").arg(pid);
    const QJsonValue api = md.value(QLatin1String("apiVersion"));
    if (!api.isDouble())
        return QStringLiteral("plugin %1: metadata has no numeric \"apiVersion\"").arg(pid);
    if (api.toInt() != kProbeApiVersion)
        return QStringLiteral("plugin %1: plugin API version %2 does not match this program's version %3; "
                              "rebuild the plugin against this SDK")
            .arg(pid)
            .arg(api.toInt())
            .arg(kProbeApiVersion);
    if (id)
        *id = pid;
    return {};
}

const LoadedProbe* PluginLoader::find(const std::string& id) const
{
    for (const LoadedProbe& p : probes_)
        if (p.descriptor.id == id)
            return &p;
    return nullptr;
}

void PluginLoader::load()
{
    if (loaded_)
        return;
    loaded_ = true;
    // First pass: metadata only. A later folder overrides an earlier one.
    struct Candidate {
        QString file;
        QString id;
    };
    std::vector<Candidate> chosen;
    for (const QString& dirPath : searchPath_) {
        QDir dir(dirPath);
        if (!dir.exists())
            continue;
        const QFileInfoList files = dir.entryInfoList(QDir::Files, QDir::Name);
        for (const QFileInfo& fi : files) {
            if (!QLibrary::isLibrary(fi.absoluteFilePath()))
                continue;
            QPluginLoader probe(fi.absoluteFilePath());
            QString id;
            const QString problem = checkMetaData(probe.metaData(), &id);
            if (!problem.isEmpty()) {
                problems_ << fi.absoluteFilePath() + QStringLiteral(": ") + problem;
                continue;
            }
            bool replaced = false;
            for (Candidate& c : chosen)
                if (c.id == id) {
                    c.file = fi.absoluteFilePath();
                    replaced = true;
                }
            if (!replaced)
                chosen.push_back({fi.absoluteFilePath(), id});
        }
    }
    // Second pass: instantiate only what passed.
    for (const Candidate& c : chosen) {
        auto loader = std::make_unique<QPluginLoader>(c.file);
        QObject* instance = loader->instance();
        if (!instance) {
            problems_ << c.file + QStringLiteral(": cannot load: ") + loader->errorString();
            continue;
        }
        auto* plugin = qobject_cast<ProbePlugin*>(instance);
        if (!plugin) {
            problems_ << c.file + QStringLiteral(": does not implement ") + QLatin1String(CS_PROBE_PLUGIN_IID);
            continue;
        }
        ProbeDescriptor d = plugin->descriptor();
        if (d.id != c.id.toStdString()) {
            problems_ << c.file + QStringLiteral(": descriptor id %1 differs from metadata id %2")
                                      .arg(QString::fromStdString(d.id), c.id);
            continue;
        }
        probes_.push_back({c.file, plugin, std::move(d)});
        loaders_.push_back(std::move(loader));
    }
}

} // namespace cs::sdk
