#pragma once

// Huge pages for a process that builds networks of millions of hosts.
//
// On this kind of machine (a VM with transparent huge pages on "madvise") a
// fresh 4 KiB page costs about 3 us to fault in: 1.5 GB of graph took 5-7 s
// in page faults alone, 1.6-2.1 s when glibc's allocator asks for huge
// pages. glibc reads that setting (GLIBC_TUNABLES=glibc.malloc.hugetlb=1)
// only at start, so the process runs itself once more with it. `topo` does,
// and so do the benchmarks that time it, so that they measure what the
// command does.

namespace cs {

// Runs the program again (/proc/self/exe, the same argv) with huge pages
// added to GLIBC_TUNABLES. Returns without doing anything when it already
// ran again, when the user set glibc.malloc.hugetlb, or when it cannot
// (no /proc): then the environment is as it was.
void reexecWithHugePages(char** argv);

// In the re-executed process: GLIBC_TUNABLES as the user had it, for the
// probes, MPI launchers and shells the program may start. Does nothing in
// a process that was not re-executed.
void restoreTunables();

} // namespace cs
