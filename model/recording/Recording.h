#pragma once
// A program's MPI calls as recorded per rank (DESIGN.md "Recording"; the csrec
// text of docs/format.md "Recordings", written by the PMPI library): for each
// rank a compact list of events in program order, with repeated sequences kept
// as loops (a count and a body), never expanded. So the memory a recording
// takes is bounded by its text: one Event (48 bytes) per line, plus the
// members of the communicators and the lists of waitall and alltoallv lines.
//
// Units: seconds for compute, bytes for sizes. Ranks of MPI_COMM_WORLD are
// "world ranks"; a peer or root inside a communicator is a rank of that
// communicator until Recording::link() translates point-to-point peers to
// world ranks.
#include <cstdint>
#include <string>
#include <vector>

namespace cs::rec {

// The limits a csrec text is held to (h44 contract, section 1). A text past
// one is refused with its rank and line.
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20; // a line of more than 1 MiB
inline constexpr double kMaxLoopCount = 1e7;                       // loop COUNT
inline constexpr std::int64_t kMaxRanks = 1048576;                 // SIZE (the design's P is bounded alike)
inline constexpr std::int64_t kMaxRequest = 65535;                 // REQ: a small integer, lowest free slot
inline constexpr double kMaxBytes = 1e15;                          // a message of more than a petabyte
inline constexpr double kMaxSeconds = 1e7;                         // a compute line of more than 115 days

enum class Kind : std::uint8_t {
    Compute,
    Send,
    Recv,
    Isend,
    Irecv,
    Wait,
    Waitall,
    Sendrecv,
    Barrier,
    Bcast,
    Reduce,
    Allreduce,
    Gather,
    Scatter,
    Allgather,
    Alltoall,
    Alltoallv,
    ReduceScatter,
    Loop,
    CommDef, // a communicator made here (comm_split/dup/create); nothing to replay
};

// The csrec keyword of a kind ("send", "allreduce", "loop").
const char* kindName(Kind k);
bool isCollective(Kind k);

// One line of a rank's text. Which fields mean what, by kind:
//   Compute            value = seconds (loop bodies: the mean over the repetitions)
//   Send/Recv/Isend/Irecv  peer, value = bytes, tag, comm; Isend/Irecv: req (the slot, numbered
//                      densely per rank in the order the text first names it)
//   Wait               req; peer = the source an irecv posted with ANY_SOURCE got (-1: none given)
//   Waitall            count = N, args[first .. first+N) the requests
//   Sendrecv           peer = DST, value = SBYTES, tag = STAG, src = SRC, value2 = RBYTES, tag2 = RTAG, comm
//   Barrier..ReduceScatter  value = BYTES as the contract defines it per collective, peer = ROOT, comm;
//                      Alltoallv: count = N, args the bytes to each rank, value = their mean per other rank
//   Loop               value = COUNT, count = LEN (the body: the next LEN events)
//   CommDef            comm = the communicator defined (an index into Recording::comms after link())
// peer and src are world ranks after link() (-1: any source); comm is the
// rank's own communicator index before link(), the recording's after.
struct Event {
    Kind kind = Kind::Compute;
    std::int32_t peer = 0;
    std::int32_t src = 0;
    std::int32_t tag = 0;
    std::int32_t tag2 = 0;
    std::int32_t comm = 0;
    std::int32_t req = 0;
    std::uint32_t count = 0;
    std::uint32_t first = 0; // into RankTrace::args
    std::uint32_t line = 0;  // 1-based line in the rank's text
    double value = 0;
    double value2 = 0;
};

// A communicator as one rank defined it: its id in that rank's text, and its
// members as world ranks in the communicator's rank order.
struct CommDef {
    std::int32_t id = 0;
    std::vector<std::int32_t> members;
};

struct RankTrace {
    std::int32_t rank = 0;
    std::int32_t size = 0; // MPI_COMM_WORLD's size from the header
    std::vector<Event> events;
    std::vector<double> args;   // waitall requests and alltoallv sizes, by Event::first/count
    std::vector<CommDef> comms; // [0] is MPI_COMM_WORLD (members empty: every rank)
    bool truncated = false;     // the text ended with `truncated`
    std::string truncatedWhy;   // its REASON
    std::uint32_t truncatedLine = 0;
    // Events a replay goes through, loops expanded (saturates at 2^62), and
    // point-to-point sends among them.
    std::uint64_t expandedEvents = 0, expandedSends = 0;
    std::int32_t maxRequest = -1; // the largest request number used (dense: slots used - 1)
};

// A recording: every rank of one run.
struct Recording {
    std::vector<RankTrace> ranks; // ranks[i].rank == i
    // Communicators by identity, after link(): [0] MPI_COMM_WORLD, then one per
    // distinct (members, how many times the rank had defined that member list
    // before) that some rank defined.
    std::vector<std::vector<std::int32_t>> comms;
    int P() const { return static_cast<int>(ranks.size()); }
    bool truncated() const;
    std::uint64_t expandedEvents() const;
    std::uint64_t expandedSends() const;
    // The members of communicator `c` (after link()).
    const std::vector<std::int32_t>& members(std::int32_t c) const { return comms[static_cast<std::size_t>(c)]; }
};

// Joins the ranks' traces into one recording: checks that rank i's header says
// rank i and the same size as every other, gives communicators their recording
// index, and translates point-to-point peers to world ranks. Throws ModelError
// naming the rank (and line) that does not fit.
Recording link(std::vector<RankTrace> ranks);

} // namespace cs::rec
