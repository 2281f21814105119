#include "model/os/AvailableMemory.h"

#include <algorithm>
#include <fstream>
#include <sys/resource.h>
#include <limits>
#include <string>
#include <unistd.h>

namespace cs {

namespace {

// What the address-space limit (ulimit -v, prlimit --as) still allows this
// process, bytes; SIZE_MAX without a limit.
std::size_t addressSpaceLeft()
{
    rlimit rl{};
    if (::getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
        return std::numeric_limits<std::size_t>::max();
    std::ifstream statm("/proc/self/statm");
    std::size_t pages = 0;
    statm >> pages; // the process's whole address space, pages
    const std::size_t used = pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const std::size_t limit = static_cast<std::size_t>(rl.rlim_cur);
    return used < limit ? limit - used : 0;
}

std::size_t physicalAvailable()
{
    std::ifstream meminfo("/proc/meminfo");
    std::string key;
    while (meminfo >> key) {
        std::size_t kib = 0;
        if (key == "MemAvailable:" && meminfo >> kib)
            return kib * 1024;
        meminfo.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    const long pages = ::sysconf(_SC_AVPHYS_PAGES);
    const long page = ::sysconf(_SC_PAGESIZE);
    return pages > 0 && page > 0 ? static_cast<std::size_t>(pages) * static_cast<std::size_t>(page) : 0;
}

} // namespace

// Never more than the address-space limit (ulimit -v, prlimit --as) leaves
// this process: a request checked against physical memory alone passed the
// check and then died of std::bad_alloc under such a limit.
std::size_t availableMemory()
{
    const std::size_t physical = physicalAvailable();
    const std::size_t left = addressSpaceLeft();
    if (physical == 0)
        return left == std::numeric_limits<std::size_t>::max() ? 0 : left;
    return std::min(physical, left);
}

} // namespace cs
