// Benchmark: what libcsrecord.so (app/record, run-app --record) adds to each MPI call.
//
//   bench_record_overhead [--iters N] [--rounds R]   (starts itself under mpirun -np 1, then -np 2)
//
// Each rank exchanges 8 bytes each iteration with its partner (MPI_Irecv, MPI_Isend, MPI_Waitall) and sums
// one double (MPI_Allreduce): four recorded calls an iteration. On one rank the partner is itself: no waiting,
// so the difference is the library's own work; on two ranks of a machine shared with other work, a rank that
// takes longer in a call also loses its CPU more often, and the difference is larger and noisier. Two programs, round by round, plain and with the library
// preloaded as run-app preloads it (mpirun -x LD_PRELOAD=... -x CS_RECORD_DIR=...):
//   loop      every iteration alike: the folder folds them into one loop (the common case)
//   distinct  each iteration's tags differ (30,000 of them), so nothing folds and every event is written
// Prints each program's median time per iteration over the rounds, the difference per call (the overhead)
// and the bytes of rank 0's trace. No asserts: this reports.
#include <mpi.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#ifndef CS_RECORD_LIB
#define CS_RECORD_LIB ""
#endif

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

int child(long iters, bool distinct)
{
    MPI_Init(nullptr, nullptr);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int peer = size == 1 ? 0 : 1 - rank;
    double out = rank, in = 0, sum = 0;
    auto iteration = [&](long i) {
        const int tag = distinct ? static_cast<int>(i % 30000) : 0;
        MPI_Request r[2];
        MPI_Irecv(&in, 1, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD, &r[0]);
        MPI_Isend(&out, 1, MPI_DOUBLE, peer, tag, MPI_COMM_WORLD, &r[1]);
        MPI_Waitall(2, r, MPI_STATUSES_IGNORE);
        MPI_Allreduce(&in, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    };
    for (long i = 0; i < 1000; ++i)
        iteration(i);
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (long i = 0; i < iters; ++i)
        iteration(i);
    const double t = MPI_Wtime() - t0;
    if (rank == 0)
        std::printf("iter_s %.9g\n", t / static_cast<double>(iters));
    MPI_Finalize();
    return 0;
}

// One run of this program under mpirun: its time per iteration (NaN when it failed).
double run(const char* self, int np, long iters, bool distinct, const std::string& recordDir)
{
    std::string cmd = "mpirun -np " + std::to_string(np) + " --oversubscribe";
    if (::geteuid() == 0)
        cmd += " --allow-run-as-root";
    if (!recordDir.empty())
        cmd += std::string(" -x LD_PRELOAD=") + CS_RECORD_LIB + " -x CS_RECORD_DIR=" + recordDir;
    cmd += std::string(" ") + self + " --child " + std::to_string(iters) + (distinct ? " distinct" : " loop");
    FILE* p = ::popen(cmd.c_str(), "r");
    if (!p)
        return std::nan("");
    char line[256];
    double v = std::nan("");
    while (std::fgets(line, sizeof line, p))
        if (std::strncmp(line, "iter_s ", 7) == 0)
            v = std::strtod(line + 7, nullptr);
    ::pclose(p);
    return v;
}

long fileSize(const std::string& path)
{
    struct stat st;
    return ::stat(path.c_str(), &st) == 0 ? static_cast<long>(st.st_size) : -1;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc >= 4 && std::strcmp(argv[1], "--child") == 0)
        return child(std::atol(argv[2]), std::strcmp(argv[3], "distinct") == 0);
    long iters = 100000;
    int rounds = 3;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--iters") == 0)
            iters = std::atol(argv[i + 1]);
        else if (std::strcmp(argv[i], "--rounds") == 0)
            rounds = std::atoi(argv[i + 1]);
    }
    if (!*CS_RECORD_LIB) {
        std::fprintf(stderr, "bench_record_overhead: built without the recording library\n");
        return 1;
    }
    char dir[] = "/tmp/cs-record-bench-XXXXXX";
    if (!::mkdtemp(dir)) {
        std::fprintf(stderr, "bench_record_overhead: mkdtemp: %s\n", std::strerror(errno));
        return 1;
    }
    for (const int np : {1, 2})
        for (const bool distinct : {false, true}) {
            std::vector<double> plain, recorded;
            for (int r = 0; r < rounds; ++r) {
                plain.push_back(run(argv[0], np, iters, distinct, ""));
                recorded.push_back(run(argv[0], np, iters, distinct, dir));
            }
            const double p = median(plain), q = median(recorded);
            std::printf("P = %d  %-8s  %ld iterations, 4 calls each: plain %.3f us, recorded %.3f us an iteration; "
                        "overhead %.3f us a call; rank 0's trace %ld bytes\n",
                        np, distinct ? "distinct" : "loop", iters, p * 1e6, q * 1e6, (q - p) * 1e6 / 4,
                        fileSize(std::string(dir) + "/rank-0.csrec"));
        }
    const std::string clean = std::string("rm -rf ") + dir;
    return std::system(clean.c_str()) == 0 ? 0 : 1;
}
