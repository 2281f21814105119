#include "model/document/PresetFolder.h"

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

#ifndef CS_SOURCE_PRESET_DIR
#define CS_SOURCE_PRESET_DIR "presets"
#endif
#ifndef CS_BUILD_DIR
#define CS_BUILD_DIR ""
#endif
#ifndef CS_INSTALL_DATADIR
#define CS_INSTALL_DATADIR "share"
#endif

namespace cs {

namespace fs = std::filesystem;

namespace {

// True when `dir` is `root` or inside it (both made absolute, symbolic links resolved).
bool inside(const fs::path& dir, const fs::path& root)
{
    if (root.empty())
        return false;
    std::error_code ec;
    const fs::path d = fs::weakly_canonical(dir, ec);
    const fs::path r = fs::weakly_canonical(root, ec);
    if (ec || r.empty())
        return false;
    auto di = d.begin();
    for (auto ri = r.begin(); ri != r.end(); ++ri, ++di) {
        if (ri->empty()) // the trailing "" of "/a/b/"
            continue;
        if (di == d.end() || *di != *ri)
            return false;
    }
    return true;
}

std::vector<fs::path> xdgDataDirs()
{
    // The XDG Base Directory rule: unset or empty means /usr/local/share:/usr/share.
    const char* env = std::getenv("XDG_DATA_DIRS");
    std::string list = env && *env ? env : "/usr/local/share:/usr/share";
    std::vector<fs::path> dirs;
    std::stringstream in(list);
    for (std::string d; std::getline(in, d, ':');)
        if (!d.empty() && fs::path(d).is_absolute()) // relative entries are invalid and ignored
            dirs.emplace_back(d);
    return dirs;
}

} // namespace

std::string presetFolder(const std::string& exeDir)
{
    if (const char* env = std::getenv("CLUSTERSCOPE_PRESETS"); env && *env)
        return env;
    std::error_code ec;
    fs::path dir = exeDir;
    if (dir.empty())
        dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
    std::vector<fs::path> candidates;
    if (!dir.empty()) {
        candidates.push_back(dir.parent_path() / CS_INSTALL_DATADIR / "clusterscope" / "presets");
        candidates.push_back(dir / "presets");
        if (inside(dir, CS_BUILD_DIR))
            candidates.emplace_back(CS_SOURCE_PRESET_DIR);
    }
    const std::size_t named = candidates.size() > 2 ? 2 : 0; // what a message names when nothing exists
    for (const fs::path& x : xdgDataDirs())
        candidates.push_back(x / "clusterscope" / "presets");
    if (candidates.empty()) // XDG_DATA_DIRS of relative folders only, and no /proc
        candidates.emplace_back("/usr/share/clusterscope/presets");
    for (const fs::path& c : candidates)
        if (fs::is_directory(c, ec))
            return c.string();
    return candidates[named].string();
}

} // namespace cs
