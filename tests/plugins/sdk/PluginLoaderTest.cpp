// The plugin loader: metadata is read before a plugin is instantiated, a
// mismatched API version is refused with a clear message, and the search
// path is the built-in folder, then CLUSTERSCOPE_PLUGIN_PATH.
#include "cs/sdk/PluginLoader.h"

#include <catch2/catch.hpp>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>

using namespace cs::sdk;

namespace {

QJsonObject meta(const char* text)
{
    return QJsonDocument::fromJson(text).object();
}

} // namespace

TEST_CASE("metadata checks: IID, id, name and apiVersion", "[sdk]")
{
    QString id;
    CHECK(PluginLoader::checkMetaData(
              meta(R"({"IID":"org.clusterscope.ProbePlugin/1","MetaData":{"id":"a.b","name":"A","apiVersion":1}})"),
              &id)
              .isEmpty());
    CHECK(id == "a.b");
    CHECK(PluginLoader::checkMetaData(meta("{}")) == "not a Qt plugin (no plugin metadata)");
    CHECK(PluginLoader::checkMetaData(meta(R"({"IID":"org.qt-project.Qt.QPA"})")) ==
          "not a probe plugin (IID org.qt-project.Qt.QPA)");
    CHECK(PluginLoader::checkMetaData(meta(R"({"IID":"org.clusterscope.ProbePlugin/2"})")) ==
          "plugin interface org.clusterscope.ProbePlugin/2 does not match this program's "
          "org.clusterscope.ProbePlugin/1; rebuild the plugin");
    CHECK(PluginLoader::checkMetaData(
              meta(R"({"IID":"org.clusterscope.ProbePlugin/1","MetaData":{"name":"A","apiVersion":1}})")) ==
          "plugin metadata has no \"id\"");
    CHECK(PluginLoader::checkMetaData(
              meta(R"({"IID":"org.clusterscope.ProbePlugin/1","MetaData":{"id":"a","apiVersion":1}})")) ==
          "plugin a: metadata has no \"name\"");
    CHECK(PluginLoader::checkMetaData(meta(R"({"IID":"org.clusterscope.ProbePlugin/1","MetaData":{"id":"a","name":"A"}})")) ==
          "plugin a: metadata has no numeric \"apiVersion\"");
    CHECK(PluginLoader::checkMetaData(
              meta(R"({"IID":"org.clusterscope.ProbePlugin/1","MetaData":{"id":"a","name":"A","apiVersion":7}})")) ==
          "plugin a: plugin API version 7 does not match this program's version 1; rebuild the plugin against "
          "this SDK");
}

TEST_CASE("the built-in folder holds every probe", "[sdk]")
{
    PluginLoader loader(QStringList{PluginLoader::builtInDir()});
    loader.load();
    INFO(loader.problems().join("\n").toStdString());
    CHECK(loader.problems().isEmpty());
    // 11 agent probes (app.fft2d, app.sort, app.collectives among them), 6 MPI probes (mpi.alltoall,
    // mpi.collectives, mpi.loggp, and the applications mpi.app.fft2d, mpi.app.sort, mpi.app.collectives)
    CHECK(loader.probes().size() == 17);
    const LoadedProbe* p = loader.find("net.pingpong");
    REQUIRE(p);
    CHECK(p->descriptor.span == Span::Pair);
    CHECK(p->descriptor.roles == std::vector<std::string>{"server", "client"});
    CHECK(loader.find("nope") == nullptr);
}

TEST_CASE("a plugin built for another API version is refused from its metadata, never instantiated", "[sdk]")
{
    QTemporaryDir dir;
    const QString marker = dir.filePath("marker");
    qputenv("CS_BADAPI_MARKER", marker.toUtf8());
    PluginLoader loader(QStringList{QString(CS_BADAPI_DIR)});
    loader.load();
    REQUIRE(loader.problems().size() == 1);
    CHECK_THAT(loader.problems().front().toStdString(),
               Catch::Contains("plugin test.badapi: plugin API version 2 does not match this program's version 1"));
    CHECK(loader.probes().empty());
    CHECK_FALSE(QFile::exists(marker));
    qunsetenv("CS_BADAPI_MARKER");
}

TEST_CASE("CLUSTERSCOPE_PLUGIN_PATH comes after the built-in folder and overrides it", "[sdk]")
{
    QTemporaryDir dir;
    const QString copy = dir.filePath("libcs_probe_sort_override.so");
    REQUIRE(QFile::copy(PluginLoader::builtInDir() + "/libcs_probe_sort.so", copy));
    qputenv("CLUSTERSCOPE_PLUGIN_PATH", (dir.path() + ":/nonexistent").toUtf8());
    const QStringList path = PluginLoader::defaultSearchPath();
    qunsetenv("CLUSTERSCOPE_PLUGIN_PATH");
    REQUIRE(path.size() == 3);
    CHECK(path[0] == PluginLoader::builtInDir());
    CHECK(path[1] == dir.path());
    PluginLoader loader(path);
    loader.load();
    const LoadedProbe* p = loader.find("cpu.sort");
    REQUIRE(p);
    CHECK(p->file == copy);
    // 11 agent probes (app.fft2d, app.sort, app.collectives among them), 6 MPI probes (mpi.alltoall,
    // mpi.collectives, mpi.loggp, and the applications mpi.app.fft2d, mpi.app.sort, mpi.app.collectives)
    CHECK(loader.probes().size() == 17);
}
