#pragma once
// The state of libcsrecord.so in one MPI process (docs/format.md, "Recorded runs"): the rank's trace file, the
// loop folder in front of it, the clock that measures compute, and the numbers the trace gives communicators
// and requests. The wrappers (PointToPoint.cpp, Collectives.cpp, Communicators.cpp) call it around each PMPI
// call through a Call. It records when MPI_Init finds CS_RECORD_DIR set, and does nothing otherwise.
//
// Environment:
//   CS_RECORD_DIR    the folder for rank-N.csrec and rank-N.host (made if missing); unset: no recording
//   CS_RECORD_LIMIT  the most bytes one rank's file may hold: a number, optionally with K, M or G (binary
//                    units); 64M when unset. A rank that would pass it ends its file with "truncated".
#include "app/record/LoopFolder.h"
#include "app/record/TraceFile.h"

#include <mpi.h>

#include <charconv>
#include <cstdint>
#include <ctime>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs::record {

// Nanoseconds of CLOCK_MONOTONIC: whole numbers, so that a compute of 1.981 us prints as 1.981e-06 and not as
// the difference of two large doubles.
inline std::int64_t monotonicNs()
{
    timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1'000'000'000 + t.tv_nsec;
}

class Recorder {
public:
    static Recorder& instance();

    // After PMPI_Init returned: reads the environment, opens the files, writes the header.
    void start();
    // Before PMPI_Finalize: the last compute, "end", everything the folder holds.
    void finish();
    // At exit without MPI_Finalize (atexit): what is held, then "truncated".
    void abandon();

    // True between start() and finish() when CS_RECORD_DIR was set, on every rank alike (communicators are
    // numbered by agreement, which every rank must take part in, whether or not its own file is written).
    bool enabled() const { return enabled_; }
    bool writing() const { return enabled_ && file_.writing(); }

    // One event: its line, and the compute before it (from the last event's return to `entered`, or to the
    // start of the polling that this completion ended, see pollingFrom).
    void event(const char* line, std::int64_t entered, bool completion);
    // A test that completed nothing it was asked about: the time from here to the completion is waiting.
    void pollingFrom(std::int64_t entered);
    // After a call that printed an event: the next compute starts here.
    void returned() { lastReturn_ = monotonicNs(); }

    // The number of a communicator in the trace: 0 for MPI_COMM_WORLD; one not made through the wrappers is
    // given the next number here (with its "comm" line), -1 for an intercommunicator (not recorded).
    int commId(MPI_Comm comm, std::int64_t entered);
    // A communicator just made from `parent` by a collective of its members: agreed number, "comm" line.
    void newComm(MPI_Comm parent, MPI_Comm made, std::int64_t entered);
    void freeComm(MPI_Comm comm);

    // Requests: the slot of a new isend/irecv (the lowest free), and the lookup and release on completion.
    int addRequest(MPI_Request r, bool anySource);
    int findRequest(MPI_Request r) const;
    bool anySource(int slot) const { return requests_[static_cast<std::size_t>(slot)].any; }
    // MPI_Cancel was called on it: its completion may be a cancellation, which carried no message.
    void cancelling(int slot) { requests_[static_cast<std::size_t>(slot)].cancelling = true; }
    bool isCancelling(int slot) const { return requests_[static_cast<std::size_t>(slot)].cancelling; }
    void releaseRequest(int slot);

    // count elements of `type`, in bytes (0 for a null type).
    static long long bytes(long long count, MPI_Datatype type);

    std::mutex& lock() { return lock_; }
    int worldRank() const { return rank_; }

private:
    Recorder() = default;
    int registerComm(MPI_Comm comm, int id, int parentId, std::int64_t entered);
    void emit(const FoldItem& item);

    bool enabled_ = false;
    int rank_ = 0, size_ = 1;
    int nextComm_ = 1;
    std::int64_t lastReturn_ = 0, pollStart_ = -1;
    std::string dir_, limitText_;
    TraceFile file_;
    LoopFolder folder_{[this](const FoldItem& i) { emit(i); }};
    std::string out_;
    std::vector<std::pair<MPI_Comm, int>> comms_;
    struct Slot {
        MPI_Request request = MPI_REQUEST_NULL; // MPI_REQUEST_NULL: free
        bool any = false;                        // an irecv posted with ANY_SOURCE
        bool cancelling = false;                 // MPI_Cancel was called on it
    };
    std::vector<Slot> requests_; // by slot
    // request -> slot: a program with thousands of requests in flight tests them often (HPCC's RandomAccess)
    std::unordered_map<MPI_Request, int> slotOf_;
    std::set<int> freeSlots_; // the lowest first
    std::mutex lock_;
};

// One wrapped call: the time it was entered, and whether the recorder is to see it (enabled, and not a call made
// from inside another wrapped call). The wrapper holds hold() for its bookkeeping after the PMPI call returns,
// never across it: threads of an MPI_THREAD_MULTIPLE program wait in MPI for each other.
class Call {
public:
    Call();
    ~Call();
    Call(const Call&) = delete;
    Call& operator=(const Call&) = delete;

    bool on() const { return on_; }
    std::int64_t entered() const { return entered_; }
    Recorder& rec() { return Recorder::instance(); }
    std::unique_lock<std::mutex> hold() { return std::unique_lock<std::mutex>(rec().lock()); }
    // Prints the event "WHAT N1 N2 ..." with the compute before it; the compute that follows starts when the
    // call returns. (std::to_chars, not printf: this runs on every call the program makes.)
    template <class... Numbers>
    void event(bool completion, const char* what, Numbers... numbers)
    {
        char text[256]; // a word and at most 7 numbers of 20 digits
        char* p = text;
        for (const char* w = what; *w;)
            *p++ = *w++;
        ((*p++ = ' ', p = std::to_chars(p, text + sizeof text - 1, static_cast<long long>(numbers)).ptr), ...);
        *p = '\0';
        line(completion, text);
    }
    void line(bool completion, const char* text);
    void line(bool completion, const std::string& text) { line(completion, text.c_str()); }
    // The call printed through the recorder directly (a "comm" line): the next compute starts at its return.
    void printed() { printed_ = true; }

private:
    bool on_ = false, printed_ = false;
    std::int64_t entered_ = 0;
};

} // namespace cs::record
