#pragma once
// SimGrid 3.32's time-independent traces (smpirun -replay; its
// smpi_replay.cpp): one text per rank, one action a line, "RANK ACTION ARGS":
//   RANK init | RANK finalize
//   RANK compute FLOPS | RANK sleep SECONDS
//   RANK send|recv|isend|irecv PEER TAG SIZE
//   RANK wait SRC DST TAG | RANK waitall | RANK test SRC DST TAG
//   RANK barrier | RANK bcast SIZE [ROOT] | RANK reduce SIZE COMP [ROOT] | RANK allreduce SIZE COMP
//   RANK gather SEND RECV [ROOT] | RANK scatter SEND RECV [ROOT] | RANK allgather SEND RECV
//   RANK alltoall SEND RECV | RANK alltoallv SENDBUF S0..S(n-1) RECVBUF R0..R(n-1)
//   RANK reducescatter R0..R(n-1) COMP
// Sizes count the default datatype: bytes (MPI_BYTE) when `init` has no
// argument, doubles (8 bytes) when it has one. Only MPI_COMM_WORLD exists.
// Compute is in flops, converted to and from seconds at a stated flop rate.
//
// Import converts each line to the csrec line of the same meaning, one for
// one (a line with no csrec meaning, comm_size, comm_split, comm_dup,
// location or test, becomes zero compute), and reads it with every check of
// the csrec reader, messages naming the trace's own line numbers. A
// reduction's COMP flops are not kept (the replay does not model the
// arithmetic). A datatype field (SimGrid's own numbering) is refused.
//
// Export expands loops, gives each wait and waitall its requests' SRC DST
// TAG, writes a sendrecv as isend, recv and wait, and refuses what the format
// cannot say: a collective on another communicator than MPI_COMM_WORLD, an
// irecv from any source that no wait names. alltoallv's receive counts are
// written as its send counts, reducescatter's counts as this rank's share
// for every rank (a rank's text knows no more).
#include "model/recording/Recording.h"

#include <string>
#include <vector>

namespace cs::rec {

// One text per rank (rank i at [i]), `flopRate` flop/s.
Recording importTimeIndependent(const std::vector<std::string>& texts, double flopRate);

// One text per rank; refuses (ModelError, naming the rank and line) a
// recording whose expansion passes `maxLines` lines in all.
std::vector<std::string> exportTimeIndependent(const Recording& rec, double flopRate, double maxLines = 1e7);

} // namespace cs::rec
