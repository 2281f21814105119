#include "app/agent/mpi/MpiApplications.h"
#include "app/agent/mpi/MpiAppCollectives.h"
#include "app/agent/mpi/MpiFft2d.h"
#include "app/agent/mpi/MpiParallelSort.h"

#include "app/CollectivesShared.h"
#include "app/Fft2dShared.h"
#include "app/SortShared.h"
#include "cs/probe/Error.h"

#include <mpi.h>

#include <iostream>

namespace cs::agent::mpi {

using nlohmann::json;

namespace {

probeplugin::AppParamLookup lookup(const json& p)
{
    return [&p](const std::string& k) { return p[k].get<double>(); };
}

// Rank 0 validated the parameters for this many ranks before it broadcast them, and a cancel is decided alike
// on every rank, so what throws here leaves no rank inside a collective; so is a wrong result of the 2D FFT
// (rank 0's check after the last collective) and of the sort (every rank's, from one all-gather): `alike`.
template <typename Run>
MpiApplicationRun guarded(const Run& run, bool alike)
{
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MpiApplicationRun out;
    try {
        out.result = run();
    } catch (const cs::probe::ProbeError& e) {
        if (e.kind() == cs::probe::ErrorKind::Cancelled) {
            out.stopped = true;
            return out;
        }
        if (rank == 0 && (e.kind() == cs::probe::ErrorKind::InvalidParameter ||
                          (alike && e.kind() == cs::probe::ErrorKind::Protocol))) {
            out.failure = e.what();
            return out;
        }
        std::cerr << "clusterscope-mpi-agent: rank " << rank << ": " << e.what() << "\n";
        MPI_Abort(MPI_COMM_WORLD, 4);
    }
    return out;
}

} // namespace

bool isMpiApplication(const std::string& probe)
{
    return probe == "mpi.app.fft2d" || probe == "mpi.app.sort" || probe == "mpi.app.collectives";
}

std::string mpiApplicationProblem(const std::string& probe, const json& p, std::size_t P)
{
    if (probe == "mpi.app.fft2d")
        return probeplugin::fft2dParamsFrom(lookup(p)).validate(P);
    if (probe == "mpi.app.sort")
        return probeplugin::sortParamsFrom(lookup(p)).validate(P);
    if (probe == "mpi.app.collectives")
        return probeplugin::collectivesParamsFrom(lookup(p)).validate(P);
    return "";
}

MpiApplicationRun runMpiApplication(const std::string& probe, const json& p, const StopCheck& stop)
{
    using namespace probeplugin;
    if (probe == "mpi.app.fft2d")
        return guarded(
            [&] {
                const bool pairwise = p["alltoall"].get<double>() != 0;
                return [r = runMpiFft2d(MPI_COMM_WORLD, fft2dParamsFrom(lookup(p)), stop),
                        pairwise](const SeriesJsonOf& s) { return fft2dJson(r, pairwise, "mpi", s); };
            },
            true);
    if (probe == "mpi.app.sort")
        return guarded(
            [&] {
                return [r = runMpiParallelSort(MPI_COMM_WORLD, sortParamsFrom(lookup(p)), stop)](const SeriesJsonOf& s) {
                    return sortJson(r, "MPI_Alltoallv", "mpi", s);
                };
            },
            true);
    return guarded(
        [&] {
            return [r = runMpiCollectives(MPI_COMM_WORLD, collectivesParamsFrom(lookup(p)), stop)](
                       const SeriesJsonOf& s) { return collectivesJson(r, "MPI_Alltoall", "mpi", s); };
        },
        false);
}

} // namespace cs::agent::mpi
