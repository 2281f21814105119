#include "MeasurementStore.h"

#include "tests/paths/BuildPaths.h"
#include "tests/paths/LiveStorePath.h"

#include <QCryptographicHash>
#include <QProcess>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

extern char** environ;

namespace cs::test {

using nlohmann::json;
namespace fs = std::filesystem;

namespace {

// What measures: the sources whose change may change a run's figures or files, and so empties the store. The
// models (model/ but its cluster folder, sim/) are not among them: they predict, and a change to them is what a
// warm run checks against the runs it reuses. What the models decide about a measurement (a calibration's probe
// sizes, a verify's runs) is in each request instead (the --dry-run --json plan).
const char* const kMeasuringSources[] = {
    "app/runner", "app/agent", "app/record", "app/cli", "app/CMakeLists.txt", "plugins", "examples",
    "model/cluster", "scripts/netns-cluster.sh", "scripts/netns-pair.sh", "scripts/netns-host.sh",
    "scripts/slurm-local.sh", "CMakeLists.txt", "CMakePresets.json", "cmake",
    "tests/app/runner/NetnsCluster.cpp", "tests/app/runner/NetnsCluster.h", "tests/app/runner/LiveCluster.cpp",
    "tests/app/runner/LiveCluster.h", "tests/app/runner/LiveMeasure.cpp", "tests/app/runner/LiveMeasure.h",
    "tests/app/runner/MeasurementStore.cpp",
    "tests/app/runner/MeasurementStore.h", "tests/app/runner/TestSupport.cpp", "tests/app/runner/TestSupport.h",
    "tests/app/DedicatedCpu.h",
};

std::string sha256(const std::string& text)
{
    return QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Sha256).toHex().toStdString();
}

// SHA-256 over the measuring sources' paths and contents as they are in the working tree (committed or not);
// "" when git cannot list them (no git, no checkout).
std::string measuringDigest(std::string& why)
{
    QProcess git;
    QStringList args = {"-C", buildpaths::sourceDir(), "ls-files", "-z", "--"};
    for (const char* s : kMeasuringSources)
        args << s;
    git.start("git", args);
    if (!git.waitForFinished(60000) || git.exitStatus() != QProcess::NormalExit || git.exitCode() != 0) {
        why = "git cannot list the sources that measure: " + git.readAllStandardError().toStdString();
        return {};
    }
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QByteArray& path : git.readAllStandardOutput().split('\0')) {
        if (path.isEmpty())
            continue;
        std::ifstream f(std::string(buildpaths::sourceDir()) + "/" + path.toStdString(), std::ios::binary);
        std::ostringstream content;
        content << f.rdbuf(); // a file deleted but not committed hashes as empty
        h.addData(path);
        h.addData(QByteArray(1, '\0'));
        h.addData(QByteArray::fromStdString(content.str()));
    }
    return h.result().toHex().toStdString();
}

// `text` to `path` through a temporary file and a rename: a store read by another test at the same moment sees the
// old entry or the new one.
bool writeAtomically(const fs::path& path, const std::string& text)
{
    const fs::path tmp = path.string() + ".tmp" + std::to_string(::getpid());
    {
        std::ofstream f(tmp, std::ios::binary);
        f << text;
        if (!f.flush())
            return false;
    }
    std::error_code ec;
    fs::rename(tmp, path, ec);
    return !ec;
}

std::string readFile(const fs::path& path, bool& ok)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    ok = static_cast<bool>(f);
    return s.str();
}

} // namespace

MeasurementStore& MeasurementStore::instance()
{
    // The build tree's store, another folder (CS_LIVE_STORE=DIR), or none (CS_LIVE_STORE=off).
    static MeasurementStore store = [] {
        const char* env = std::getenv("CS_LIVE_STORE");
        const std::string root = env && *env ? env : buildpaths::liveStoreDir();
        std::string why, digest;
        if (root != "off")
            digest = measuringDigest(why);
        MeasurementStore s(root, digest);
        if (!why.empty())
            s.why_ = why;
        return s;
    }();
    return store;
}

MeasurementStore::MeasurementStore(const std::string& root, const std::string& digest)
{
    if (root == "off") {
        why_ = "CS_LIVE_STORE=off: every run measured anew";
        return;
    }
    if (digest.empty()) {
        why_ = "no digest of the sources that measure";
        return;
    }
    digest_ = digest;
    const fs::path folder = fs::path(root) / digest_.substr(0, 16);
    std::error_code ec;
    if (!fs::exists(folder)) {
        // Another digest's runs were made by other programs: they are not this build's measurements.
        if (fs::is_directory(root))
            for (const fs::directory_entry& e : fs::directory_iterator(root, ec))
                fs::remove_all(e.path(), ec);
        fs::create_directories(folder / "entries", ec);
    }
    if (!fs::is_directory(folder / "entries")) {
        why_ = "cannot make the store's folder " + folder.string();
        return;
    }
    folder_ = folder.string();
}

void MeasurementStore::log(const std::string& line) const
{
    const char* run = std::getenv("CS_LIVE_RUN"); // scripts/test.sh's run, whose summary counts these lines
    std::ofstream(folder_ + "/log", std::ios::app) << (run ? run : "-") << "\t" << line << "\n";
}

unsigned MeasurementStore::seed(const std::string& shape, unsigned drawn) const
{
    if (!enabled())
        return drawn;
    const fs::path file = fs::path(folder_) / ("seed-" + shape + ".json");
    bool ok = false;
    const std::string kept = readFile(file, ok);
    if (ok) {
        try {
            return json::parse(kept).at("seed").get<unsigned>();
        } catch (const json::exception&) {
        }
    }
    writeAtomically(file, json{{"seed", drawn}}.dump());
    return drawn;
}

MeasurementStore::Measured MeasurementStore::measure(const std::string& what, const json& request,
                                                     const std::vector<std::string>& files,
                                                     const std::function<int(std::string& said)>& run) const
{
    Measured m;
    if (!enabled()) {
        m.rc = run(m.said);
        return m;
    }
    const json& key = request; // `what` is for people: it may hold a run's own names
    const fs::path entry = fs::path(folder_) / "entries" / (sha256(key.dump()) + ".json");
    bool ok = false;
    const std::string stored = readFile(entry, ok);
    if (ok) {
        try {
            const json e = json::parse(stored);
            if (e.at("key") == key && e.at("files").size() == files.size()) {
                for (std::size_t i = 0; i < files.size(); ++i)
                    REQUIRE(writeAtomically(files[i], e["files"][i].get<std::string>()));
                m.said = e.at("said").get<std::string>();
                m.reused = true;
                WARN("measurement reused from the store (" << folder_ << "): " << what);
                log("reused\t" + what);
                return m;
            }
        } catch (const json::exception&) {
            // A damaged entry is measured again and replaced.
        }
    }
    m.rc = run(m.said);
    if (m.rc != 0)
        return m;
    json kept = json::array();
    for (const std::string& f : files) {
        kept.push_back(readFile(f, ok));
        if (!ok)
            return m; // a file the run did not write: nothing to keep
    }
    try {
        writeAtomically(entry, json{{"key", key}, {"said", m.said}, {"files", kept}}.dump());
        log("measured\t" + what);
    } catch (const json::exception&) {
        log("measured, not kept (not UTF-8 text)\t" + what); // the next run measures it again
    }
    return m;
}

std::string normalised(std::string text, const std::vector<std::pair<std::string, std::string>>& replace)
{
    for (const auto& [from, to] : replace) {
        if (from.empty())
            continue;
        for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
            text.replace(at, from.size(), to);
    }
    return text;
}

json mpiEnvironment()
{
    json env = json::object();
    for (char** e = environ; *e; ++e) {
        const std::string kv = *e;
        if (kv.rfind("OMPI_MCA_", 0) == 0) {
            const std::size_t eq = kv.find('=');
            env[kv.substr(0, eq)] = eq == std::string::npos ? "" : kv.substr(eq + 1);
        }
    }
    return env;
}

} // namespace cs::test
