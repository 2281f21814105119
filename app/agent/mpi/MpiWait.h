#pragma once
// How the MPI application kernels wait for their messages. On a cluster every rank has CPUs of its own and
// MPI_Waitall's polling costs nobody anything. When the ranks share this machine's CPUs (more ranks than CPUs,
// or the namespaces of an emulated cluster: the transport then tells Open MPI to yield, through
// OMPI_MCA_mpi_yield_when_idle, which mpirun hands to every rank), a rank that polls takes the CPU that the
// rank it waits for, or the kernel's network work, needs: with eight ranks on two CPUs each rendezvous
// handshake of the 2D FFT's all-to-all waited for the scheduler. There the kernels wait by MPI_Testall and a
// 100 us sleep between tests, as a rank on a CPU of its own would leave the others alone.
#include <mpi.h>

#include <string>

namespace cs::agent::mpi {

// True when the ranks share CPUs (OMPI_MCA_mpi_yield_when_idle is set to 1 or true).
bool ranksShareCpus();

// MPI_Waitall, or, when ranksShareCpus(), MPI_Testall with a 100 us sleep between tests.
void waitAll(int count, MPI_Request* requests);

// MPI_Barrier, waited for as waitAll waits (MPI_Ibarrier).
void barrier(MPI_Comm comm);

// How waitAll waits, for the run's environment: "MPI_Waitall" or "MPI_Testall, 100 us sleep".
std::string waitMode();

} // namespace cs::agent::mpi
