// libcsrecord.so's collective wrappers (docs/format.md, "Recorded runs"). BYTES is what the format says for each:
// the message of bcast, reduce and allreduce; each rank's contribution or share for the gathers, scatters and
// all-to-all. Where a rank passes MPI_IN_PLACE its size is read from the other buffer's arguments. The "v"
// variants are written as their regular forms with this rank's own size (an approximation the trace format
// keeps: it has no per-rank list for them, except alltoallv's).
#include "app/record/Recorder.h"

#include <string>

using cs::record::Call;
using cs::record::Recorder;

namespace {

// The communicator's number, or -1 when the call is not recorded (off, failed, an intercommunicator).
int recorded(Call& c, int rc, MPI_Comm comm)
{
    if (!c.on() || rc != MPI_SUCCESS)
        return -1;
    return c.rec().commId(comm, c.entered());
}

int rankIn(MPI_Comm comm)
{
    int r = 0;
    PMPI_Comm_rank(comm, &r);
    return r;
}

int sizeOf(MPI_Comm comm)
{
    int n = 0;
    PMPI_Comm_size(comm, &n);
    return n;
}

// A rooted collective's line: "WHAT BYTES ROOT COMM".
int rooted(Call& c, int rc, const char* what, long long bytes, int root, MPI_Comm comm)
{
    auto held = c.hold();
    const int id = recorded(c, rc, comm);
    if (id >= 0)
        c.event(false, what, bytes, root, id);
    return rc;
}

// An unrooted collective's line: "WHAT BYTES COMM".
int unrooted(Call& c, int rc, const char* what, long long bytes, MPI_Comm comm)
{
    auto held = c.hold();
    const int id = recorded(c, rc, comm);
    if (id >= 0)
        c.event(false, what, bytes, id);
    return rc;
}

// Each rank's contribution to a gather (its send buffer, or at a root that passes MPI_IN_PLACE its block of
// the receive buffer).
long long contribution(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int recvcount,
                       MPI_Datatype recvtype)
{
    return sendbuf == MPI_IN_PLACE ? Recorder::bytes(recvcount, recvtype) : Recorder::bytes(sendcount, sendtype);
}

// A "v" collective's block of this rank: counts[its rank] of inPlaceType where it passed MPI_IN_PLACE, else
// count of type.
long long ownBlock(bool inPlace, const int counts[], MPI_Datatype inPlaceType, int count, MPI_Datatype type,
                   MPI_Comm comm)
{
    return inPlace ? Recorder::bytes(counts[rankIn(comm)], inPlaceType) : Recorder::bytes(count, type);
}

} // namespace

extern "C" {

int MPI_Barrier(MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Barrier(comm);
    if (!c.on())
        return rc;
    auto held = c.hold();
    const int id = recorded(c, rc, comm);
    if (id >= 0)
        c.event(false, "barrier", id);
    return rc;
}

int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Bcast(buf, count, type, root, comm);
    return c.on() ? rooted(c, rc, "bcast", Recorder::bytes(count, type), root, comm) : rc;
}

int MPI_Reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, int root, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
    return c.on() ? rooted(c, rc, "reduce", Recorder::bytes(count, type), root, comm) : rc;
}

int MPI_Allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
    return c.on() ? unrooted(c, rc, "allreduce", Recorder::bytes(count, type), comm) : rc;
}

int MPI_Gather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
               MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    return c.on() ? rooted(c, rc, "gather", contribution(sendbuf, sendcount, sendtype, recvcount, recvtype), root,
                           comm)
                  : rc;
}

int MPI_Gatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    return rooted(c, rc, "gather", ownBlock(sendbuf == MPI_IN_PLACE, recvcounts, recvtype, sendcount, sendtype, comm),
                  root, comm);
}

int MPI_Scatter(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    // The share: the receive buffer's, or at a root that keeps its share in place, its send block.
    const long long b = recvbuf == MPI_IN_PLACE ? Recorder::bytes(sendcount, sendtype)
                                                : Recorder::bytes(recvcount, recvtype);
    return rooted(c, rc, "scatter", b, root, comm);
}

int MPI_Scatterv(const void* sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    return rooted(c, rc, "scatter", ownBlock(recvbuf == MPI_IN_PLACE, sendcounts, sendtype, recvcount, recvtype, comm),
                  root, comm);
}

int MPI_Allgather(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                  MPI_Datatype recvtype, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return c.on() ? unrooted(c, rc, "allgather", contribution(sendbuf, sendcount, sendtype, recvcount, recvtype), comm)
                  : rc;
}

int MPI_Allgatherv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, const int recvcounts[],
                   const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    return unrooted(c, rc, "allgather",
                    ownBlock(sendbuf == MPI_IN_PLACE, recvcounts, recvtype, sendcount, sendtype, comm), comm);
}

int MPI_Alltoall(const void* sendbuf, int sendcount, MPI_Datatype sendtype, void* recvbuf, int recvcount,
                 MPI_Datatype recvtype, MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
    return c.on() ? unrooted(c, rc, "alltoall", contribution(sendbuf, sendcount, sendtype, recvcount, recvtype), comm)
                  : rc;
}

int MPI_Alltoallv(const void* sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype,
                  void* recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    Call c;
    const int rc =
        PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
    if (!c.on())
        return rc;
    auto held = c.hold();
    const int id = recorded(c, rc, comm);
    if (id < 0)
        return rc;
    // In place, each block sent is the one received.
    const bool inPlace = sendbuf == MPI_IN_PLACE;
    std::string line = "alltoallv " + std::to_string(id);
    for (int i = 0, n = sizeOf(comm); i < n; ++i)
        line += " " + std::to_string(inPlace ? Recorder::bytes(recvcounts[i], recvtype)
                                             : Recorder::bytes(sendcounts[i], sendtype));
    c.line(false, line);
    return rc;
}

int MPI_Reduce_scatter(const void* sendbuf, void* recvbuf, const int recvcounts[], MPI_Datatype type, MPI_Op op,
                       MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, type, op, comm);
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    return unrooted(c, rc, "reduce_scatter", Recorder::bytes(recvcounts[rankIn(comm)], type), comm);
}

int MPI_Reduce_scatter_block(const void* sendbuf, void* recvbuf, int recvcount, MPI_Datatype type, MPI_Op op,
                             MPI_Comm comm)
{
    Call c;
    const int rc = PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, type, op, comm);
    return c.on() ? unrooted(c, rc, "reduce_scatter", Recorder::bytes(recvcount, type), comm) : rc;
}

} // extern "C"
