#pragma once
#include <cstddef>

namespace cs {

// Physical memory that can be allocated now without swapping, bytes:
// MemAvailable of /proc/meminfo, else the free pages sysconf reports; 0
// when neither is known. Large requests (sweep tables, topologies) are
// checked against it before they allocate.
std::size_t availableMemory();

} // namespace cs
