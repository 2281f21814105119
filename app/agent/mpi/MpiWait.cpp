#include "app/agent/mpi/MpiWait.h"

#include <cstdlib>
#include <cstring>
#include <ctime>

namespace cs::agent::mpi {

namespace {
constexpr long kSleepNs = 100000; // 100 us: well below a block's time on any link the emulated clusters have
} // namespace

bool ranksShareCpus()
{
    static const bool shared = [] {
        const char* v = std::getenv("OMPI_MCA_mpi_yield_when_idle");
        return v && (std::strcmp(v, "1") == 0 || std::strcmp(v, "true") == 0);
    }();
    return shared;
}

void waitAll(int count, MPI_Request* requests)
{
    if (!ranksShareCpus()) {
        MPI_Waitall(count, requests, MPI_STATUSES_IGNORE);
        return;
    }
    for (;;) {
        int done = 0;
        MPI_Testall(count, requests, &done, MPI_STATUSES_IGNORE);
        if (done)
            return;
        const timespec pause{0, kSleepNs};
        nanosleep(&pause, nullptr);
    }
}

void barrier(MPI_Comm comm)
{
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Ibarrier(comm, &r);
    waitAll(1, &r);
}

std::string waitMode()
{
    return ranksShareCpus() ? "MPI_Testall, 100 us sleep" : "MPI_Waitall";
}

} // namespace cs::agent::mpi
