// libcsrecord.so's point-to-point wrappers: sends, receives, non-blocking requests and their completions
// (docs/format.md, "Recorded runs"). Each calls the PMPI function first and records only a call that
// succeeded; what the program passed and gets back is never changed, except that statuses it ignores are
// asked for when the trace needs a source.
#include "app/record/Recorder.h"

#include <string>
#include <vector>

using cs::record::Call;
using cs::record::Recorder;

namespace {

int sourceOf(const MPI_Status& s)
{
    return s.MPI_SOURCE;
}

long long receivedBytes(const MPI_Status& s, int count, MPI_Datatype type)
{
    int n = 0;
    if (PMPI_Get_count(&s, MPI_BYTE, &n) == MPI_SUCCESS && n != MPI_UNDEFINED)
        return n;
    return Recorder::bytes(count, type);
}

int blockingSend(Call& c, int rc, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    if (!c.on() || rc != MPI_SUCCESS || dest == MPI_PROC_NULL)
        return rc;
    auto held = c.hold();
    const int id = c.rec().commId(comm, c.entered());
    if (id >= 0)
        c.event(false, "send", dest, Recorder::bytes(count, type), tag, id);
    return rc;
}

int nonBlocking(Call& c, int rc, const char* what, int count, MPI_Datatype type, int peer, int tag, MPI_Comm comm,
                MPI_Request* request)
{
    if (!c.on() || rc != MPI_SUCCESS || peer == MPI_PROC_NULL)
        return rc;
    auto held = c.hold();
    const int id = c.rec().commId(comm, c.entered());
    if (id < 0)
        return rc;
    const bool any = peer == MPI_ANY_SOURCE;
    const int slot = c.rec().addRequest(*request, any);
    c.event(false, what, any ? -1 : peer, Recorder::bytes(count, type), tag, id, slot);
    return rc;
}

// MPI_Send, Ssend, Rsend and Bsend: one "send" line, whichever protocol the program chose.
template <int (*Pmpi)(const void*, int, MPI_Datatype, int, int, MPI_Comm)>
int sendLike(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    Call c;
    return blockingSend(c, Pmpi(buf, count, type, dest, tag, comm), count, type, dest, tag, comm);
}

// MPI_Isend, Issend, Irsend and Ibsend: one "isend" line.
template <int (*Pmpi)(const void*, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request*)>
int isendLike(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
    Call c;
    return nonBlocking(c, Pmpi(buf, count, type, dest, tag, comm, request), "isend", count, type, dest, tag, comm,
                       request);
}

// The requests a wait or test completed: `before` the handles it was given (a completed request's handle is
// set to MPI_REQUEST_NULL), `which` the indices that completed, `statuses` their statuses (nullptr when
// ignored). Prints "wait SLOT SRC" for an irecv posted with ANY_SOURCE, and "wait SLOT" (an MPI_Wait) or
// "waitall N SLOT..." for the rest.
void completed(Call& c, bool isWait, const std::vector<MPI_Request>& before, const int* which, int n,
               const MPI_Status* statuses, bool statusPerIndex)
{
    auto held = c.hold();
    Recorder& r = c.rec();
    std::vector<int> plain;
    for (int k = 0; k < n; ++k) {
        const int i = which ? which[k] : k;
        const int slot = r.findRequest(before[static_cast<std::size_t>(i)]);
        if (slot < 0)
            continue;
        const MPI_Status* s = statuses ? &statuses[statusPerIndex ? i : k] : nullptr;
        int cancelled = 0;
        if (r.isCancelling(slot) && s)
            PMPI_Test_cancelled(s, &cancelled);
        if (cancelled) {
            // A cancelled request carried no message: its isend or irecv line stays, with no completion, and the
            // replay leaves it unmatched (HPCC's RandomAccess cancels its last irecv from ANY_SOURCE; its
            // status's source, -1, was printed as "wait 0 -1", which the reader refused).
        } else if (r.anySource(slot) && s) {
            c.event(true, "wait", slot, sourceOf(*s));
        } else {
            plain.push_back(slot);
        }
        r.releaseRequest(slot);
    }
    if (plain.empty())
        return;
    if (isWait && plain.size() == 1) {
        c.event(true, "wait", plain.front());
        return;
    }
    std::string line = "waitall " + std::to_string(plain.size());
    for (int s : plain)
        line += " " + std::to_string(s);
    c.line(true, line);
}

// What a wait or test was given: the handles before the call, whether any is recorded (a test that completes
// nothing recorded is no wait), and whether any is an irecv posted with ANY_SOURCE or a request being cancelled
// (its status is needed: the source, or whether it was cancelled).
struct Given {
    bool tracked = false, needStatus = false;
};

Given snapshot(Call& c, int count, const MPI_Request* requests, std::vector<MPI_Request>& before)
{
    Given g;
    if (!c.on())
        return g;
    before.assign(requests, requests + count);
    auto held = c.hold();
    for (MPI_Request q : before) {
        const int slot = c.rec().findRequest(q);
        if (slot >= 0) {
            g.tracked = true;
            g.needStatus = g.needStatus || c.rec().anySource(slot) || c.rec().isCancelling(slot);
        }
    }
    return g;
}

// Buffers of the calls a thread records (Call lets no call nest inside another).
thread_local std::vector<MPI_Request> tBefore;
thread_local std::vector<MPI_Status> tStatuses;

// The statuses to pass: the program's, or the library's own when it ignores them and the trace needs a source.
MPI_Status* statusesFor(MPI_Status* given, bool need, int count)
{
    if (given != MPI_STATUSES_IGNORE || !need)
        return given;
    tStatuses.resize(static_cast<std::size_t>(count));
    return tStatuses.data();
}

MPI_Status* statusFor(MPI_Status* given, bool need, MPI_Status& own)
{
    return given == MPI_STATUS_IGNORE && need ? &own : given;
}

const MPI_Status* known(const MPI_Status* s)
{
    return s == MPI_STATUS_IGNORE ? nullptr : s;
}

// After a test: what it completed, or, when it completed nothing though it was given recorded requests, the
// start of the polling (Recorder::pollingFrom).
int tested(Call& c, int rc, bool done, const Given& given, const int* which, int n, const MPI_Status* statuses,
           bool statusPerIndex)
{
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    if (done)
        completed(c, false, tBefore, which, n, statuses, statusPerIndex);
    else if (given.tracked)
        c.rec().pollingFrom(c.entered());
    return rc;
}

// A Sendrecv's line: "sendrecv", or where a shift's edge rank sends to or receives from MPI_PROC_NULL (that
// half is no message), "recv" or "send".
int exchanged(Call& c, int rc, int dest, long long sendBytes, int sendtag, int source, int recvcount,
              MPI_Datatype recvtype, const MPI_Status* st, MPI_Comm comm)
{
    if (!c.on() || rc != MPI_SUCCESS)
        return rc;
    auto held = c.hold();
    const int id = c.rec().commId(comm, c.entered());
    if (id < 0)
        return rc;
    if (dest != MPI_PROC_NULL && source != MPI_PROC_NULL)
        c.event(false, "sendrecv", dest, sendBytes, sendtag, sourceOf(*st), receivedBytes(*st, recvcount, recvtype),
                st->MPI_TAG, id);
    else if (dest != MPI_PROC_NULL)
        c.event(false, "send", dest, sendBytes, sendtag, id);
    else if (source != MPI_PROC_NULL)
        c.event(false, "recv", sourceOf(*st), receivedBytes(*st, recvcount, recvtype), st->MPI_TAG, id);
    return rc;
}

// MPI_Cancel and MPI_Request_free: the PMPI call, then `then` on the request's slot when it is a recorded one.
template <int (*Pmpi)(MPI_Request*), class Then>
int onRequest(MPI_Request* request, Then then)
{
    Call c;
    const MPI_Request was = *request;
    const int rc = Pmpi(request);
    if (c.on() && rc == MPI_SUCCESS) {
        auto held = c.hold();
        if (const int slot = c.rec().findRequest(was); slot >= 0)
            then(c.rec(), slot);
    }
    return rc;
}

} // namespace

extern "C" {

int MPI_Send(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return sendLike<PMPI_Send>(buf, count, type, dest, tag, comm);
}

int MPI_Ssend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return sendLike<PMPI_Ssend>(buf, count, type, dest, tag, comm);
}

int MPI_Rsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return sendLike<PMPI_Rsend>(buf, count, type, dest, tag, comm);
}

int MPI_Bsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm)
{
    return sendLike<PMPI_Bsend>(buf, count, type, dest, tag, comm);
}

int MPI_Recv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Status* status)
{
    Call c;
    MPI_Status own;
    MPI_Status* st = statusFor(status, c.on(), own);
    const int rc = PMPI_Recv(buf, count, type, source, tag, comm, st);
    if (!c.on() || rc != MPI_SUCCESS || source == MPI_PROC_NULL)
        return rc;
    auto held = c.hold();
    const int id = c.rec().commId(comm, c.entered());
    if (id >= 0)
        c.event(false, "recv", sourceOf(*st), receivedBytes(*st, count, type), st->MPI_TAG, id);
    return rc;
}

int MPI_Isend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
    return isendLike<PMPI_Isend>(buf, count, type, dest, tag, comm, request);
}

int MPI_Issend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
    return isendLike<PMPI_Issend>(buf, count, type, dest, tag, comm, request);
}

int MPI_Irsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
    return isendLike<PMPI_Irsend>(buf, count, type, dest, tag, comm, request);
}

int MPI_Ibsend(const void* buf, int count, MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request* request)
{
    return isendLike<PMPI_Ibsend>(buf, count, type, dest, tag, comm, request);
}

int MPI_Irecv(void* buf, int count, MPI_Datatype type, int source, int tag, MPI_Comm comm, MPI_Request* request)
{
    Call c;
    return nonBlocking(c, PMPI_Irecv(buf, count, type, source, tag, comm, request), "irecv", count, type, source,
                       tag, comm, request);
}

int MPI_Wait(MPI_Request* request, MPI_Status* status)
{
    Call c;
    const Given given = snapshot(c, 1, request, tBefore);
    MPI_Status own;
    MPI_Status* st = statusFor(status, given.needStatus, own);
    const int rc = PMPI_Wait(request, st);
    if (c.on() && rc == MPI_SUCCESS)
        completed(c, true, tBefore, nullptr, 1, known(st), false);
    return rc;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    Call c;
    const Given given = snapshot(c, count, requests, tBefore);
    MPI_Status* st = statusesFor(statuses, given.needStatus, count);
    const int rc = PMPI_Waitall(count, requests, st);
    if (c.on() && rc == MPI_SUCCESS)
        completed(c, false, tBefore, nullptr, count, st, true);
    return rc;
}

int MPI_Waitany(int count, MPI_Request requests[], int* index, MPI_Status* status)
{
    Call c;
    const Given given = snapshot(c, count, requests, tBefore);
    MPI_Status own;
    MPI_Status* st = statusFor(status, given.needStatus, own);
    const int rc = PMPI_Waitany(count, requests, index, st);
    if (c.on() && rc == MPI_SUCCESS && *index != MPI_UNDEFINED)
        completed(c, false, tBefore, index, 1, known(st), false);
    return rc;
}

int MPI_Waitsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
    Call c;
    const Given given = snapshot(c, incount, requests, tBefore);
    MPI_Status* st = statusesFor(statuses, given.needStatus, incount);
    const int rc = PMPI_Waitsome(incount, requests, outcount, indices, st);
    if (c.on() && rc == MPI_SUCCESS && *outcount != MPI_UNDEFINED)
        completed(c, false, tBefore, indices, *outcount, st, false);
    return rc;
}

int MPI_Test(MPI_Request* request, int* flag, MPI_Status* status)
{
    Call c;
    const Given given = snapshot(c, 1, request, tBefore);
    MPI_Status own;
    MPI_Status* st = statusFor(status, given.needStatus, own);
    const int rc = PMPI_Test(request, flag, st);
    return tested(c, rc, *flag, given, nullptr, 1, known(st), false);
}

int MPI_Testall(int count, MPI_Request requests[], int* flag, MPI_Status statuses[])
{
    Call c;
    const Given given = snapshot(c, count, requests, tBefore);
    MPI_Status* st = statusesFor(statuses, given.needStatus, count);
    const int rc = PMPI_Testall(count, requests, flag, st);
    return tested(c, rc, *flag, given, nullptr, count, st, true);
}

int MPI_Testany(int count, MPI_Request requests[], int* index, int* flag, MPI_Status* status)
{
    Call c;
    const Given given = snapshot(c, count, requests, tBefore);
    MPI_Status own;
    MPI_Status* st = statusFor(status, given.needStatus, own);
    const int rc = PMPI_Testany(count, requests, index, flag, st);
    // A flag with MPI_UNDEFINED: no active request was given, so none recorded either.
    return tested(c, rc, *flag && *index != MPI_UNDEFINED, given, index, 1, known(st), false);
}

int MPI_Testsome(int incount, MPI_Request requests[], int* outcount, int indices[], MPI_Status statuses[])
{
    Call c;
    const Given given = snapshot(c, incount, requests, tBefore);
    MPI_Status* st = statusesFor(statuses, given.needStatus, incount);
    const int rc = PMPI_Testsome(incount, requests, outcount, indices, st);
    // MPI_UNDEFINED: no active request was given, so none recorded either.
    return tested(c, rc, *outcount != MPI_UNDEFINED && *outcount > 0, given, indices, *outcount, st, false);
}

int MPI_Cancel(MPI_Request* request)
{
    return onRequest<PMPI_Cancel>(request, [](Recorder& r, int slot) { r.cancelling(slot); });
}

int MPI_Request_free(MPI_Request* request)
{
    return onRequest<PMPI_Request_free>(request, [](Recorder& r, int slot) { r.releaseRequest(slot); });
}

int MPI_Sendrecv(const void* sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void* recvbuf,
                 int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status* status)
{
    Call c;
    MPI_Status own;
    MPI_Status* st = statusFor(status, c.on(), own);
    const int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source,
                                 recvtag, comm, st);
    return exchanged(c, rc, dest, Recorder::bytes(sendcount, sendtype), sendtag, source, recvcount, recvtype, st, comm);
}

int MPI_Sendrecv_replace(void* buf, int count, MPI_Datatype type, int dest, int sendtag, int source, int recvtag,
                         MPI_Comm comm, MPI_Status* status)
{
    Call c;
    MPI_Status own;
    MPI_Status* st = statusFor(status, c.on(), own);
    const int rc = PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag, comm, st);
    return exchanged(c, rc, dest, Recorder::bytes(count, type), sendtag, source, count, type, st, comm);
}

} // extern "C"
