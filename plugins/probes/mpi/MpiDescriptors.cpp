#include "mpi/MpiDescriptors.h"
#include "app/CollectivesShared.h"
#include "app/Fft2dShared.h"
#include "app/SortShared.h"
#include "common/LogGPShared.h"

namespace cs::probeplugin {

namespace {

const char* kMpiStats = "per series: median with a distribution-free 95% confidence interval, min, p25, p75, p99, "
                        "max and the sample count";

const std::string kMpiSummary =
    std::string("warm-ups discarded; one sample per repetition = the slowest rank's time (MPI_Allreduce MAX of "
                "MPI_Wtime differences after a barrier); ") + kMpiStats;

const std::string kMpiAppSummary = std::string("warm-ups discarded; one sample per repetition = each phase's slowest "
                                               "rank (MPI_Allreduce MAX of steady-clock times after a barrier); ") +
                                   kMpiStats + "; ";

} // namespace

sdk::ProbeDescriptor mpiAlltoallDescriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mpi.alltoall";
    d.name = "All-to-all transpose with MPI_Alltoall";
    d.description = "Every rank sends block_bytes to every other rank with MPI_Alltoall (the transpose of a "
                    "distributed 2D FFT). Runs under mpirun: use an mpi node (--nodes mpi:N).";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.launcher = "mpi";
    d.params = {
        {"block_bytes", "B", 65536, 1, 67108864, true, "bytes sent to each other rank per exchange"},
        {"warmups", "count", 2, 0, 1000, true, "exchanges discarded first"},
        {"reps", "count", 20, 1, 100000, true, "exchanges kept"},
    };
    d.validates = {"logp.loggp.T_alltoall", "fftw.transpose.T_a2a"};
    d.summary = kMpiSummary + "; series alltoall (s); derived T_alltoall";
    return d;
}

sdk::ProbeDescriptor mpiCollectivesDescriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mpi.collectives";
    d.name = "Barrier, broadcast and allreduce under MPI";
    d.description = "Times MPI_Barrier, MPI_Bcast of `bytes` from rank 0 and MPI_Allreduce (sum of doubles) of "
                    "`bytes`, the collectives of 001's MDO comparison. Runs under mpirun (--nodes mpi:N).";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.launcher = "mpi";
    d.params = {
        {"bytes", "B", 8, 8, 67108864, true, "broadcast and allreduce payload (allreduce: bytes / 8 doubles)"},
        {"warmups", "count", 10, 0, 100000, true, "samples discarded first"},
        {"reps", "count", 100, 1, 1000000, true, "samples kept per collective"},
        {"batch", "count", 100, 1, 100000, true,
         "operations back to back per sample, timed together and divided as a plain benchmark loop does "
         "(lower it for large messages: a sample takes batch operations)"},
    };
    d.validates = {"logp.loggp.T_barrier", "logp.loggp.T_bcast", "logp.loggp.T_allreduce",
                   "offload.collective.T_barrier", "offload.collective.T_bcast", "offload.collective.T_allreduce"};
    d.summary = std::string("warm-ups discarded; one sample = the slowest rank's time for `batch` operations back "
                            "to back after a barrier, divided by batch (MPI_Allreduce MAX of MPI_Wtime differences, "
                            "which also carries rank 0's stop decision: nothing else runs between samples); ") +
                kMpiStats + "; series barrier, bcast, allreduce (s); derived T_barrier, T_bcast, T_allreduce";
    return d;
}

sdk::ProbeDescriptor mpiLogGPDescriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mpi.loggp";
    d.name = "LogGP parameters of MPI by PRTT(n,d,s)";
    d.description = "net.loggp's parametrised round trip PRTT(n, d, s) with MPI_Send/MPI_Recv between ranks 0 and 1: "
                    "the LogGP an MPI application sees (shared memory or the interconnect, as mpirun places the two "
                    "ranks). Same parameters, same result shape. Runs under mpirun or srun (--nodes mpi:2).";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.launcher = "mpi";
    d.params = logGPMeasureParams();
    d.calibrates = logGPCalibrates();
    d.summary = std::string("warm-ups discarded; one sample per PRTT round, timed by MPI_Wtime on rank 0 (o_r on rank "
                            "1); ") + kMpiStats + "; " + kLogGPSummaryText;
    return d;
}

sdk::ProbeDescriptor mpiFft2dDescriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mpi.app.fft2d";
    d.name = "Parallel 2D FFT under MPI (the application)";
    d.description =
        "app.fft2d's parallel 2D FFT (000_e9da438bafb3289f.txt §3.1.1) among the ranks of an MPI job: row FFTs with "
        "FFTW, local transposes, the all-to-all transpose with MPI (pairwise: P-1 rounds of MPI_Sendrecv; linear: "
        "MPI_Isend/MPI_Irecv to every rank at once, as fftw.transpose's alltoall says), the final permutation, "
        "twice. Each phase is timed apart (the slowest rank per repetition); repetitions follow a time budget. "
        "Runs under mpirun or srun (--nodes mpi:P).";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.launcher = "mpi";
    d.params = fft2dParams();
    d.validates = fft2dValidates();
    d.summary = kMpiAppSummary + kFft2dSummaryText;
    return d;
}

sdk::ProbeDescriptor mpiSortDescriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mpi.app.sort";
    d.name = "Parallel integer sort under MPI (the application)";
    d.description =
        "app.sort's parallel integer sort (000_e9da438bafb3289f.txt §3.2.1) among the ranks of an MPI job: each rank "
        "bucket sorts its keys / P keys into P buckets, exchanges them with MPI_Alltoall (the counts) and "
        "MPI_Alltoallv (the keys, in the schedule the library picks), bucket sorts what it receives into "
        "cache-sized buckets and Count Sorts each. Each phase is timed apart (the slowest rank per repetition); the "
        "result is checked to be sorted; repetitions follow a time budget. Runs under mpirun or srun "
        "(--nodes mpi:P).";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.launcher = "mpi";
    d.params = sortParams();
    d.validates = sortValidates();
    d.summary = kMpiAppSummary + kSortSummaryText;
    return d;
}

sdk::ProbeDescriptor mpiAppCollectivesDescriptor()
{
    sdk::ProbeDescriptor d;
    d.id = "mpi.app.collectives";
    d.name = "Broadcast, allreduce, barrier and all-to-all under MPI (the collectives)";
    d.description =
        "app.collectives' repetitions among the ranks of an MPI job: MPI_Bcast of `bytes` from rank 0, "
        "MPI_Allreduce (sum of bytes / 8 doubles), MPI_Barrier and MPI_Alltoall of `bytes` blocks, with the "
        "algorithms the library picks. Each is timed from a common start to the slowest rank's completion, so the "
        "measurement compares with logp.loggp's T_bcast, T_allreduce, T_barrier and T_alltoall as app.collectives' "
        "does; the results are checked; repetitions follow a time budget. Runs under mpirun or srun "
        "(--nodes mpi:P).";
    d.span = sdk::Span::Group;
    d.roles = {"peer"};
    d.launcher = "mpi";
    d.params = collectivesParams();
    d.validates = collectivesValidates();
    d.summary = kMpiAppSummary + kCollectivesSummaryText;
    return d;
}

std::vector<sdk::ProbeDescriptor> mpiDescriptors()
{
    return {mpiAlltoallDescriptor(), mpiCollectivesDescriptor(), mpiLogGPDescriptor(),
            mpiFft2dDescriptor(),    mpiSortDescriptor(),        mpiAppCollectivesDescriptor()};
}

} // namespace cs::probeplugin
