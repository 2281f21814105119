#include "model/os/HugePages.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace cs {

namespace {

constexpr const char* kTunables = "GLIBC_TUNABLES";
constexpr const char* kHugePages = "glibc.malloc.hugetlb=1";
// Set in the re-executed process: the value GLIBC_TUNABLES had before ("-"
// when it was unset), so that it is put back for the programs we start.
constexpr const char* kSaved = "CS_CLI_SAVED_GLIBC_TUNABLES";

} // namespace

void reexecWithHugePages(char** argv)
{
    if (std::getenv(kSaved))
        return; // already re-executed
    const char* old = std::getenv(kTunables);
    if (old && std::strstr(old, "glibc.malloc.hugetlb"))
        return; // the user chose
    const std::string value = old && *old ? std::string(old) + ":" + kHugePages : std::string(kHugePages);
    if (setenv(kSaved, old ? old : "-", 1) != 0 || setenv(kTunables, value.c_str(), 1) != 0)
        return;
    execv("/proc/self/exe", argv);
    // No re-execution (no /proc): carry on as we are.
    if (old)
        setenv(kTunables, old, 1);
    else
        unsetenv(kTunables);
    unsetenv(kSaved);
}

void restoreTunables()
{
    const char* saved = std::getenv(kSaved);
    if (!saved)
        return;
    if (std::strcmp(saved, "-") == 0)
        unsetenv(kTunables);
    else
        setenv(kTunables, saved, 1);
    unsetenv(kSaved);
}

} // namespace cs
