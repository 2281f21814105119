// Benchmark: the mpi.collectives probe's broadcast against a plain MPI loop.
//
//   bench_mpi_bcast [--bytes B] [--rounds N] [--batch K]   (starts itself under mpirun -np 2)
//
// In the same run, alternating round by round so drift hits both alike:
//   probe   the kernel clusterscope-mpi-agent runs for mpi.collectives
//           (timeBcast with the descriptor's default warmups, reps and batch),
//           the median of its samples;
//   plain   MPI_Barrier, then MPI_Bcast of the same bytes in a for loop of
//           reps x batch iterations timed with MPI_Wtime, divided by the
//           count (the slowest rank's time), as a user would write it;
//   per-op  the probe's kernel with batch = 1: one operation per sample, a
//           barrier before each (what the probe did before, minus its flag
//           broadcast), to show why the probe times batches.
// Prints each figure's median over the rounds and the ratio probe / plain
// (target: near 1). No asserts: this reports.
#include "app/agent/mpi/MpiKernels.h"
#include "mpi/MpiDescriptors.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

using namespace cs::agent::mpi;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

double param(const char* name)
{
    const auto d = cs::probeplugin::mpiCollectivesDescriptor();
    return d.findParam(name)->defaultValue;
}

// The probe's kernel: median of the kept samples (rank 0; 0 elsewhere).
double probeBcast(int bytes, int warmups, int reps, int batch)
{
    std::vector<double> s = timeBcast(MPI_COMM_WORLD, static_cast<std::uint64_t>(bytes), warmups + reps, batch, {});
    if (s.size() <= static_cast<std::size_t>(warmups))
        return 0.0;
    return median(std::vector<double>(s.begin() + warmups, s.end()));
}

double plainBcast(int bytes, int warmups, int count)
{
    std::vector<char> buf(static_cast<std::size_t>(bytes), 2);
    for (int i = 0; i < warmups; ++i)
        MPI_Bcast(buf.data(), bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = MPI_Wtime();
    for (int i = 0; i < count; ++i)
        MPI_Bcast(buf.data(), bytes, MPI_BYTE, 0, MPI_COMM_WORLD);
    const double mine = (MPI_Wtime() - t0) / count;
    double worst = 0;
    MPI_Reduce(&mine, &worst, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    return worst;
}

} // namespace

int main(int argc, char** argv)
{
    if (!std::getenv("OMPI_COMM_WORLD_SIZE") && !std::getenv("PMI_RANK") && !std::getenv("PMIX_RANK")) {
        // Not under MPI yet: start two ranks of ourselves.
        std::vector<std::string> a = {"mpirun", "-np", "2", "--oversubscribe"};
        if (::geteuid() == 0)
            a.push_back("--allow-run-as-root");
        for (int i = 0; i < argc; ++i)
            a.push_back(argv[i]);
        std::vector<char*> c;
        for (std::string& s : a)
            c.push_back(s.data());
        c.push_back(nullptr);
        ::execvp("mpirun", c.data());
        std::fprintf(stderr, "bench_mpi_bcast: cannot start mpirun: %s\n", std::strerror(errno));
        return 1;
    }
    MPI_Init(&argc, &argv);
    int bytes = 8;
    int rounds = 7;
    int batch = static_cast<int>(param("batch"));
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--bytes") == 0)
            bytes = std::atoi(argv[i + 1]);
        else if (std::strcmp(argv[i], "--rounds") == 0)
            rounds = std::atoi(argv[i + 1]);
        else if (std::strcmp(argv[i], "--batch") == 0)
            batch = std::max(1, std::atoi(argv[i + 1]));
    }
    bytes = std::max(1, bytes);
    rounds = std::max(1, rounds);
    const int warmups = static_cast<int>(param("warmups"));
    const int reps = static_cast<int>(param("reps"));
    std::vector<double> probe, plain, perOp, ratio;
    for (int r = 0; r < rounds; ++r) {
        const double a = probeBcast(bytes, warmups, reps, batch);
        const double b = plainBcast(bytes, warmups * batch, reps * batch);
        const double c = probeBcast(bytes, warmups, reps, 1);
        probe.push_back(a);
        plain.push_back(b);
        perOp.push_back(c);
        if (b > 0)
            ratio.push_back(a / b);
    }
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        std::printf("MPI_Bcast of %d B, 2 ranks, %d rounds; probe: warmups %d, reps %d, batch %d\n", bytes,
                    rounds, warmups, reps, batch);
        std::printf("  probe (mpi.collectives)   %8.3f us\n", 1e6 * median(probe));
        std::printf("  plain MPI loop            %8.3f us\n", 1e6 * median(plain));
        std::printf("  per-op samples (batch 1)  %8.3f us\n", 1e6 * median(perOp));
        std::printf("  ratio probe / plain       %8.3f  (median of the rounds' ratios; target near 1)\n",
                    median(ratio));
        std::printf("  ratio per-op / plain      %8.3f\n", median(perOp) / median(plain));
    }
    MPI_Finalize();
    return 0;
}
