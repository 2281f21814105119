#include "app/cli/Cli.h"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <string>

namespace {

constexpr const char* kTunables = "GLIBC_TUNABLES";
constexpr const char* kHugePages = "glibc.malloc.hugetlb=1";
// Set in the re-executed process: the value GLIBC_TUNABLES had before ("-"
// when it was unset), so that it is put back for the programs we start.
constexpr const char* kSaved = "CS_CLI_SAVED_GLIBC_TUNABLES";

// `topo` builds and measures networks of up to millions of hosts, and on
// this kind of machine (a VM with transparent huge pages on "madvise") a
// fresh 4 KiB page costs about 3 us to fault in: 1.5 GB of graph took 5-7 s
// in page faults alone, 1.6-2.1 s when glibc's allocator asks for huge pages.
// glibc reads that setting only at start, so `topo` runs itself once more
// with it. Every other command starts as it is.
void withHugePages(char** argv)
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

// In the re-executed process: GLIBC_TUNABLES as the user had it, for the
// probes, MPI launchers and shells this program may start.
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

} // namespace

int main(int argc, char** argv)
{
    if (argc > 1 && std::strcmp(argv[1], "topo") == 0)
        withHugePages(argv);
    restoreTunables();
    return cs::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
}
