#pragma once
#include <cstddef>

namespace cs {

// Memory that can be allocated now without swapping, bytes: MemAvailable
// of /proc/meminfo, else the free pages sysconf reports, and never more
// than the address-space limit (RLIMIT_AS) leaves this process; 0 when
// none is known. Large requests (sweep tables, topologies) are
// checked against it before they allocate.
std::size_t availableMemory();

} // namespace cs
