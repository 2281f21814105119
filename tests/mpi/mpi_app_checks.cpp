// The MPI application kernels' correctness, checked from outside the kernels under a real mpirun
// (tests/app/runner/MpiAppKernelsTest.cpp starts it: mpirun -np P cs_mpi_app_checks):
//   sort         mpi.app.sort's kernel (runMpiParallelSort): rank 0 gathers every rank's input keys and its
//                sorted keys; the concatenation of the outputs in rank order must equal std::sort of all the
//                inputs, which holds only if the output is a permutation of the input and sorted across ranks.
//   corrupted    the same kernel with a key exchange that alters one key: its own check must fail the run on
//                every rank (Protocol), so a wrong exchange cannot give a time.
//   collectives  mpi.app.collectives' kernel (runMpiCollectives): the last repetition's allreduce sums against
//                values worked out by hand for P = 2 and 3, the broadcast bytes against rank 0's pattern.
// Prints "PASS name" or "FAIL name: why" on rank 0; exits 1 when any check failed on any rank. No timing.
#include "app/agent/mpi/MpiAppCollectives.h"
#include "app/agent/mpi/MpiParallelSort.h"

#include "cs/probe/Error.h"

#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace cs;

namespace {

int gRank = 0, gSize = 1;
bool gFailed = false;

// One check's verdict, agreed over the ranks (a failure on any rank fails it).
void verdict(const char* name, bool ok, const std::string& why)
{
    int mine = ok ? 0 : 1, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (!ok)
        std::fprintf(stderr, "rank %d: %s: %s\n", gRank, name, why.c_str());
    if (gRank == 0)
        std::printf(any ? "FAIL %s: %s\n" : "PASS %s\n", name, any ? (ok ? "on another rank" : why.c_str()) : "");
    gFailed = gFailed || any != 0;
}

std::vector<std::uint32_t> gatherKeys(const std::vector<std::uint32_t>& mine)
{
    int n = static_cast<int>(mine.size());
    std::vector<int> counts(static_cast<std::size_t>(gSize)), at(static_cast<std::size_t>(gSize) + 1, 0);
    MPI_Gather(&n, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 0; r < gSize; ++r)
        at[static_cast<std::size_t>(r) + 1] = at[static_cast<std::size_t>(r)] + counts[static_cast<std::size_t>(r)];
    std::vector<std::uint32_t> all(static_cast<std::size_t>(at.back()));
    MPI_Gatherv(mine.data(), n, MPI_UINT32_T, all.data(), counts.data(), at.data(), MPI_UINT32_T, 0, MPI_COMM_WORLD);
    return all;
}

probe::ParallelSortParams sortParams()
{
    probe::ParallelSortParams p;
    p.keys = 30001; // not a multiple of 2 or 3: the first ranks hold one key more
    p.buckets = 16;
    p.reps = probe::RepBudget{1, 3, 1, 0};
    return p;
}

void checkSort()
{
    probe::SortKeys keys;
    const probe::ParallelSortResult r = agent::mpi::runMpiParallelSort(MPI_COMM_WORLD, sortParams(), {}, &keys);
    const std::vector<std::uint32_t> in = gatherKeys(keys.input), out = gatherKeys(keys.sorted);
    std::string why;
    if (gRank == 0) {
        std::vector<std::uint32_t> expected = in;
        std::sort(expected.begin(), expected.end());
        if (in.size() != 30001)
            why = std::to_string(in.size()) + " input keys, not 30001";
        else if (out != expected)
            why = "the ranks' outputs in rank order are not the sorted input (" + std::to_string(out.size()) + " keys)";
    }
    if (why.empty() && (!r.verified || r.kept != 3 || r.T.samples.size() != 3 || r.xchg.samples.size() != 3))
        why = "result: verified " + std::to_string(r.verified) + ", kept " + std::to_string(r.kept);
    for (std::size_t i = 0; why.empty() && i < r.T.samples.size(); ++i)
        if (!(r.xchg.samples[i] > 0 && r.xchg.samples[i] <= r.T.samples[i]))
            why = "T_xchg is not a part of T in repetition " + std::to_string(i);
    verdict("sort", why.empty(), why);
}

void checkCorruptedSort()
{
    // MPI_Alltoallv as the kernel's, then rank 0 adds one to its first received key: the key sums differ.
    probe::ParallelSortComm c;
    c.barrier = [] { MPI_Barrier(MPI_COMM_WORLD); };
    c.exchangeCounts = [](const std::vector<std::uint64_t>& s, std::vector<std::uint64_t>& r) {
        MPI_Alltoall(s.data(), 1, MPI_UINT64_T, r.data(), 1, MPI_UINT64_T, MPI_COMM_WORLD);
    };
    c.exchangeKeys = [](const std::uint32_t* send, const std::vector<std::uint64_t>& sc,
                        const std::vector<std::size_t>& sa, std::uint32_t* recv, const std::vector<std::uint64_t>& rc,
                        const std::vector<std::size_t>& ra) {
        std::vector<int> a(sc.begin(), sc.end()), b(sa.begin(), sa.end()), x(rc.begin(), rc.end()), y(ra.begin(), ra.end());
        MPI_Alltoallv(send, a.data(), b.data(), MPI_UINT32_T, recv, x.data(), y.data(), MPI_UINT32_T, MPI_COMM_WORLD);
        if (gRank == 0 && !rc.empty() && rc[0] > 0)
            recv[0] += 1;
    };
    c.allMax = [](const std::vector<double>& v) {
        std::vector<double> all(v.size());
        MPI_Allreduce(v.data(), all.data(), static_cast<int>(v.size()), MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        return all;
    };
    c.allGather = [](const std::vector<double>& v) {
        std::vector<double> all(v.size() * static_cast<std::size_t>(gSize));
        MPI_Allgather(v.data(), static_cast<int>(v.size()), MPI_DOUBLE, all.data(), static_cast<int>(v.size()),
                      MPI_DOUBLE, MPI_COMM_WORLD);
        return all;
    };
    std::string why = "the kernel accepted a corrupted exchange";
    try {
        probe::runParallelSort(static_cast<std::uint32_t>(gSize), static_cast<std::uint32_t>(gRank), sortParams(), c,
                               probe::RunControl{});
    } catch (const probe::ProbeError& e) {
        const std::string what = e.what();
        why = e.kind() == probe::ErrorKind::Protocol && what.find("key sums differ") != std::string::npos
                  ? ""
                  : "unexpected error: " + what;
    }
    verdict("corrupted", why.empty(), why);
}

void checkCollectives()
{
    probe::CollectivesParams p;
    p.bytes = 64; // 8 doubles
    p.reps = probe::RepBudget{2, 5, 1, 0};
    probe::CollectivesData data;
    const probe::CollectivesResult r = agent::mpi::runMpiCollectives(MPI_COMM_WORLD, p, {}, &data);
    // Rank r contributes r + 1 + i to element i (i < 1000), so element i sums to P (P + 1) / 2 + P i:
    //   P = 2: 1 + 2 = 3, plus 2 i  ->  3, 5, 7, 9, 11, 13, 15, 17
    //   P = 3: 1 + 2 + 3 = 6, plus 3 i  ->  6, 9, 12, 15, 18, 21, 24, 27
    const std::vector<double> byHand2{3, 5, 7, 9, 11, 13, 15, 17}, byHand3{6, 9, 12, 15, 18, 21, 24, 27};
    std::string why;
    if (gSize == 2 && data.allreduce != byHand2)
        why = "the allreduce sums are not 3, 5, ..., 17";
    else if (gSize == 3 && data.allreduce != byHand3)
        why = "the allreduce sums are not 6, 9, ..., 27";
    // Rank 0's message in repetition n (warm-ups first): byte i = i 131 + n 7 + 1 (mod 256); the last is n = 6.
    for (std::size_t i = 0; why.empty() && i < data.bcast.size(); ++i)
        if (data.bcast[i] != static_cast<std::uint8_t>(i * 131 + 6 * 7 + 1))
            why = "broadcast byte " + std::to_string(i) + " differs from rank 0's";
    if (why.empty() && (data.bcast.size() != 64 || r.kept != 5))
        why = "kept " + std::to_string(r.kept) + " repetitions of 5, " + std::to_string(data.bcast.size()) + " bytes";
    for (const probe::Summary* s : {&r.bcast, &r.allreduce, &r.barrier, &r.alltoall})
        if (why.empty() && (s->samples.size() != 5 || !(s->median > 0)))
            why = "a series does not hold 5 positive samples";
    verdict("collectives", why.empty(), why);
}

} // namespace

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &gRank);
    MPI_Comm_size(MPI_COMM_WORLD, &gSize);
    try {
        checkSort();
        checkCorruptedSort();
        checkCollectives();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "rank %d: %s\n", gRank, e.what());
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    std::fflush(stdout);
    MPI_Finalize();
    return gFailed ? 1 : 0;
}
