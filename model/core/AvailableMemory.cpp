#include "model/core/AvailableMemory.h"

#include <fstream>
#include <limits>
#include <string>
#include <unistd.h>

namespace cs {

std::size_t availableMemory()
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

} // namespace cs
