// libcsrecord.so's start and end (MPI_Init, MPI_Init_thread, MPI_Finalize) and the calls that make
// communicators, each recorded as a "comm" line with the number its members agree on (Recorder::newComm).
#include "app/record/Recorder.h"

#include <cstdlib>

using cs::record::Call;
using cs::record::Recorder;

namespace {

void atExit()
{
    Recorder::instance().abandon();
}

void started()
{
    Recorder& r = Recorder::instance();
    r.start();
    if (r.enabled())
        std::atexit(atExit);
}

int made(Call& c, int rc, MPI_Comm parent, MPI_Comm* result)
{
    // Every member of the new communicator agrees on its number, whether its own file is written or not.
    if (c.on() && rc == MPI_SUCCESS) {
        auto held = c.hold();
        c.rec().newComm(parent, *result, c.entered());
        c.printed();
    }
    return rc;
}

} // namespace

extern "C" {

int MPI_Init(int* argc, char*** argv)
{
    const int rc = PMPI_Init(argc, argv);
    if (rc == MPI_SUCCESS)
        started();
    return rc;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
    const int rc = PMPI_Init_thread(argc, argv, required, provided);
    if (rc == MPI_SUCCESS)
        started();
    return rc;
}

int MPI_Finalize(void)
{
    {
        Call c;
        if (c.on()) {
            auto held = c.hold();
            c.rec().finish();
        }
    }
    return PMPI_Finalize();
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Comm_split(comm, color, key, newcomm), comm, newcomm);
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Comm_split_type(comm, type, key, info, newcomm), comm, newcomm);
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Comm_dup(comm, newcomm), comm, newcomm);
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Comm_create(comm, group, newcomm), comm, newcomm);
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Comm_create_group(comm, group, tag, newcomm), comm, newcomm);
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm), comm, newcomm);
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm)
{
    Call c;
    return made(c, PMPI_Cart_sub(comm, remain_dims, newcomm), comm, newcomm);
}

int MPI_Comm_free(MPI_Comm* comm)
{
    Call c;
    const MPI_Comm was = *comm;
    const int rc = PMPI_Comm_free(comm);
    if (c.on() && rc == MPI_SUCCESS) {
        auto held = c.hold();
        c.rec().freeComm(was);
    }
    return rc;
}

} // extern "C"
