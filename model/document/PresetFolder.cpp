#include "model/document/PresetFolder.h"

#include <cstdlib>
#include <filesystem>

#ifndef CS_SOURCE_PRESET_DIR
#define CS_SOURCE_PRESET_DIR "presets"
#endif
#ifndef CS_INSTALL_DATADIR
#define CS_INSTALL_DATADIR "share"
#endif

namespace cs {

namespace fs = std::filesystem;

std::string presetFolder(const std::string& exeDir)
{
    if (const char* env = std::getenv("CLUSTERSCOPE_PRESETS"); env && *env)
        return env;
    std::error_code ec;
    fs::path dir = exeDir;
    if (dir.empty())
        dir = fs::read_symlink("/proc/self/exe", ec).parent_path();
    if (!dir.empty()) {
        const fs::path candidates[] = {dir.parent_path() / CS_INSTALL_DATADIR / "clusterscope" / "presets",
                                       dir / "presets"};
        for (const fs::path& c : candidates)
            if (fs::is_directory(c, ec))
                return c.string();
    }
    return CS_SOURCE_PRESET_DIR;
}

} // namespace cs
