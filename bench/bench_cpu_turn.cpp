// Benchmark: what a turn on a shared CPU costs on this machine, the property of an emulated cluster (namespaces on
// a few CPUs) that no pair probe measures.
//
//   bench_cpu_turn [--rounds N] [--seconds S]   (N rounds, default 5, of S seconds a case, default 0.3)
//
// k processes pinned to one CPU, each calling sched_yield in a loop, as Open MPI's ranks do while they wait with
// mpi_yield_when_idle (which the namespace transport sets, app/runner/Transport.cpp). A process's turn is the time
// between two of its own returns from sched_yield: k = 1 (nothing to switch to: the call alone) is the baseline;
// at k = 2, 4, 8 a turn holds k - 1 switches to the others and back. Per k the median over the rounds (the cases
// alternate round by round, so a slow spell hits them alike), and:
//   switch   (turn(k) - turn(1)) / (k - 1): one switch between two processes on one CPU;
//   ratio    turn(k) / turn(1).
// A rank of a job with more ranks than CPUs that waits for a message waits for such turns in every message round
// (the examples' sums at P = 8 on the namespace tree: tests/app/runner/apprun/RecordReplayLiveTest.cpp,
// kSumsHeldUpTo). On a 6.18 kernel in a VM (2 CPUs, load average 0.9): turn 1.6, 12.4, 39.4 and 81.9 us at
// k = 1, 2, 4, 8, a switch 10.9, 12.6 and 11.5 us. No asserts: this reports.
#include "BenchSupport.h"

#include <sched.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

// The mean turn, s, of k processes yielding on CPU `cpu` for `seconds`: each child writes its own mean into a
// shared page; the mean of theirs. 0 if a child could not be started or pinned.
double meanTurn(int k, int cpu, double seconds)
{
    void* page = mmap(nullptr, sizeof(double) * static_cast<std::size_t>(k), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (page == MAP_FAILED)
        return 0;
    auto* turns = static_cast<double*>(page);
    std::vector<pid_t> children;
    for (int i = 0; i < k; ++i) {
        const pid_t pid = fork();
        if (pid < 0)
            break;
        if (pid == 0) {
            cpu_set_t set;
            CPU_ZERO(&set);
            CPU_SET(cpu, &set);
            if (sched_setaffinity(0, sizeof set, &set) != 0)
                _exit(1);
            const double t0 = cs::bench::now();
            long n = 0;
            double t = t0;
            while (t - t0 < seconds) {
                sched_yield();
                t = cs::bench::now();
                ++n;
            }
            turns[i] = (t - t0) / static_cast<double>(std::max(1L, n));
            _exit(0);
        }
        children.push_back(pid);
    }
    bool ok = static_cast<int>(children.size()) == k;
    for (const pid_t pid : children) {
        int status = 0;
        ok = waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0 && ok;
    }
    double sum = 0;
    for (int i = 0; i < k && ok; ++i)
        sum += turns[i];
    munmap(page, sizeof(double) * static_cast<std::size_t>(k));
    return ok ? sum / k : 0;
}

} // namespace

int main(int argc, char** argv)
{
    int rounds = 5;
    double seconds = 0.3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--rounds") == 0)
            rounds = std::max(1, std::atoi(argv[i + 1]));
        else if (std::strcmp(argv[i], "--seconds") == 0)
            seconds = std::max(0.01, std::atof(argv[i + 1]));
    }
    // The last CPU: the first is where interrupts and most daemons land.
    const int cpu = std::max(0, static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN)) - 1);
    const int ks[] = {1, 2, 4, 8};
    std::vector<std::vector<double>> turns(std::size(ks));
    for (int r = 0; r < rounds; ++r)
        for (std::size_t i = 0; i < std::size(ks); ++i)
            if (const double t = meanTurn(ks[i], cpu, seconds); t > 0)
                turns[i].push_back(t);
    if (turns[0].empty()) {
        std::fprintf(stderr, "bench_cpu_turn: could not run processes pinned to CPU %d\n", cpu);
        return 1;
    }
    const double base = cs::bench::median(turns[0]);
    std::printf("k processes yielding on CPU %d, %d rounds of %.2f s a case (load average %s)\n", cpu, rounds,
                seconds, cs::bench::loadAverage().c_str());
    std::printf("%3s %12s %12s %8s\n", "k", "turn (us)", "switch (us)", "ratio");
    for (std::size_t i = 0; i < std::size(ks); ++i) {
        if (turns[i].empty())
            continue;
        const double t = cs::bench::median(turns[i]);
        if (ks[i] == 1)
            std::printf("%3d %12.2f %12s %8.2f\n", ks[i], 1e6 * t, "-", 1.0);
        else
            std::printf("%3d %12.2f %12.2f %8.2f\n", ks[i], 1e6 * t, 1e6 * (t - base) / (ks[i] - 1), t / base);
    }
    return 0;
}
