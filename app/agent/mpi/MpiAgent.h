#pragma once
// clusterscope-mpi-agent: the MPI probes (mpi.alltoall, mpi.collectives)
// behind the agent protocol. Started by mpirun; rank 0 speaks the protocol
// on stdin/stdout (mpirun forwards its stdin to rank 0 and every rank's
// stdout to its own, so the other ranks write nothing on stdout) and
// broadcasts each run to the other ranks. Exits when stdin ends.

namespace cs::agent::mpi {

int mpiAgentMain(int argc, char** argv);

} // namespace cs::agent::mpi
