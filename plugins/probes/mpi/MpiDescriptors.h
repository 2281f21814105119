#pragma once
// The MPI probes' descriptors, Qt-free: the Qt plugins (for the runner) and
// clusterscope-mpi-agent (which runs them under mpirun) share them, so both
// check the same parameter bounds.
#include "cs/sdk/ProbeDescriptor.h"

#include <vector>

namespace cs::probeplugin {

sdk::ProbeDescriptor mpiAlltoallDescriptor();    // "mpi.alltoall"
sdk::ProbeDescriptor mpiCollectivesDescriptor(); // "mpi.collectives": barrier, broadcast, allreduce
sdk::ProbeDescriptor mpiLogGPDescriptor();      // "mpi.loggp": LogGP by PRTT(n,d,s) with MPI_Send/MPI_Recv
sdk::ProbeDescriptor mpiFft2dDescriptor();      // "mpi.app.fft2d": app.fft2d's 2D FFT with MPI as transport
sdk::ProbeDescriptor mpiSortDescriptor();       // "mpi.app.sort": app.sort's integer sort, keys by MPI_Alltoallv
sdk::ProbeDescriptor mpiAppCollectivesDescriptor(); // "mpi.app.collectives": app.collectives with MPI's calls
std::vector<sdk::ProbeDescriptor> mpiDescriptors();

} // namespace cs::probeplugin
