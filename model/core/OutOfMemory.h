#pragma once
// What the user is told when an allocation fails (std::bad_alloc) in spite
// of the estimates checked before large allocations: under an address-space
// limit (ulimit -v, prlimit --as, a container) any allocation can fail. The
// command line ends the command with it (status 1), and the GUI's workers
// report it as the failure of the work they were doing; never SIGABRT.
namespace cs {

inline constexpr const char* kOutOfMemory =
    "out of memory (the input needs more than this process may allocate; check ulimit -v and the memory available)";

} // namespace cs
