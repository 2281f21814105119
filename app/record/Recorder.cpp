#include "app/record/Recorder.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/stat.h>

namespace cs::record {

namespace {

// initial-exec: the library is loaded at start (LD_PRELOAD), so its thread-local costs no __tls_get_addr call.
__attribute__((tls_model("initial-exec"))) thread_local int tDepth = 0;

constexpr std::uint64_t kDefaultLimit = 64ull << 20;

// CS_RECORD_LIMIT: bytes, with an optional K, M or G (binary); the default when unset or unreadable.
std::uint64_t parseLimit(const char* text, bool* ok)
{
    *ok = true;
    if (!text || !*text)
        return kDefaultLimit;
    char* end = nullptr;
    errno = 0;
    const unsigned long long n = std::strtoull(text, &end, 10);
    std::uint64_t scale = 1;
    if (*end == 'K' || *end == 'k')
        scale = 1ull << 10;
    else if (*end == 'M' || *end == 'm')
        scale = 1ull << 20;
    else if (*end == 'G' || *end == 'g')
        scale = 1ull << 30;
    if (scale != 1)
        ++end;
    if (end == text || *end != '\0' || errno || text[0] == '-' || n > (~0ull) / scale) {
        *ok = false;
        return kDefaultLimit;
    }
    return n * scale;
}

void say(int rank, const std::string& what)
{
    std::fprintf(stderr, "libcsrecord (rank %d): %s\n", rank, what.c_str());
}

} // namespace

Recorder& Recorder::instance()
{
    // Never destroyed: MPI calls made by other libraries' destructors at exit still find it.
    static Recorder* r = new Recorder;
    return *r;
}

long long Recorder::bytes(long long count, MPI_Datatype type)
{
    if (count <= 0 || type == MPI_DATATYPE_NULL)
        return 0;
    int size = 0;
    PMPI_Type_size(type, &size);
    return count * size;
}

void Recorder::start()
{
    const char* dir = std::getenv("CS_RECORD_DIR");
    if (!dir || !*dir)
        return;
    enabled_ = true;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    PMPI_Comm_size(MPI_COMM_WORLD, &size_);
    comms_.push_back({MPI_COMM_WORLD, 0});
    dir_ = dir;
    bool limitOk = true;
    const std::uint64_t limit = parseLimit(std::getenv("CS_RECORD_LIMIT"), &limitOk);
    limitText_ = std::to_string(limit);
    if (!limitOk && rank_ == 0)
        say(rank_, std::string("CS_RECORD_LIMIT=") + std::getenv("CS_RECORD_LIMIT") +
                       " is not a number of bytes (with K, M or G); the limit is 64M");
    // The launcher made it; a rank on another host may have neither it nor its parents (run-app fetches the
    // traces from there after the run, app/runner/apprun/TraceFetch.h).
    for (std::size_t slash = dir_.find('/', 1); slash != std::string::npos; slash = dir_.find('/', slash + 1))
        ::mkdir(dir_.substr(0, slash).c_str(), 0700);
    ::mkdir(dir, 0700);
    const std::string base = dir_ + "/rank-" + std::to_string(rank_);
    if (!file_.open(base + ".csrec", limit)) {
        say(rank_, "cannot write " + base + ".csrec (" + std::strerror(errno) + "); this rank is not recorded");
    } else {
        char header[64];
        std::snprintf(header, sizeof header, "csrec 1 %d %d\n", rank_, size_);
        file_.put(header, "CS_RECORD_LIMIT (" + limitText_ + " bytes) leaves no room for this rank's events");
    }
    // The host each rank ran on, for the recording's "hosts" (the trace format has no line for it).
    char name[MPI_MAX_PROCESSOR_NAME + 1] = {};
    int length = 0;
    PMPI_Get_processor_name(name, &length);
    if (std::FILE* f = std::fopen((base + ".host").c_str(), "w")) {
        std::fprintf(f, "%s\n", name);
        std::fclose(f);
    }
    lastReturn_ = monotonicNs();
}

void Recorder::emit(const FoldItem& item)
{
    out_.clear();
    LoopFolder::print(item, out_);
    file_.put(out_, "the recording of this rank reached CS_RECORD_LIMIT (" + limitText_ +
                        " bytes); later calls are not recorded, and the program ran on");
}

void Recorder::event(const char* line, std::int64_t entered, bool completion)
{
    const std::int64_t from = completion && pollStart_ >= 0 ? pollStart_ : entered;
    pollStart_ = -1;
    if (file_.writing())
        folder_.add(line, 1e-9 * static_cast<double>(from - lastReturn_));
    // A second event of the same call (a "comm" line before the event that uses it) has no compute before it.
    lastReturn_ = entered > lastReturn_ ? entered : lastReturn_;
}

void Recorder::pollingFrom(std::int64_t entered)
{
    if (pollStart_ < 0)
        pollStart_ = entered;
}

void Recorder::finish()
{
    if (!enabled_)
        return;
    event("end", monotonicNs(), false);
    folder_.finish();
    file_.close();
    enabled_ = false;
}

void Recorder::abandon()
{
    if (!enabled_)
        return;
    folder_.finish();
    file_.truncate("the program exited without MPI_Finalize");
    file_.close();
    enabled_ = false;
}

int Recorder::registerComm(MPI_Comm comm, int id, int parentId, std::int64_t entered)
{
    comms_.push_back({comm, id});
    MPI_Group group, world;
    int n = 0;
    PMPI_Comm_group(comm, &group);
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    PMPI_Group_size(group, &n);
    std::vector<int> local(static_cast<std::size_t>(n)), global(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        local[static_cast<std::size_t>(i)] = i;
    PMPI_Group_translate_ranks(group, n, local.data(), world, global.data());
    PMPI_Group_free(&group);
    PMPI_Group_free(&world);
    std::string line = "comm " + std::to_string(id) + " " + std::to_string(parentId) + " " + std::to_string(n);
    for (int w : global)
        line += " " + std::to_string(w);
    event(line.c_str(), entered, false);
    return id;
}

int Recorder::commId(MPI_Comm comm, std::int64_t entered)
{
    for (const auto& [c, id] : comms_)
        if (c == comm)
            return id;
    int inter = 0;
    PMPI_Comm_test_inter(comm, &inter);
    if (inter)
        return -1;
    // Made by a call the library does not wrap: numbered by this rank alone, its members as it sees them.
    return registerComm(comm, nextComm_++, 0, entered);
}

void Recorder::newComm(MPI_Comm parent, MPI_Comm made, std::int64_t entered)
{
    if (made == MPI_COMM_NULL)
        return;
    int inter = 0;
    PMPI_Comm_test_inter(made, &inter);
    if (inter)
        return;
    // Every member takes the largest of their next numbers: a communicator has one number on all its ranks,
    // and numbers a rank has used are never given again, so a message's (communicator, peer) is unambiguous.
    int agreed = nextComm_;
    PMPI_Allreduce(&nextComm_, &agreed, 1, MPI_INT, MPI_MAX, made);
    nextComm_ = agreed + 1;
    const int parentId = commId(parent, entered);
    registerComm(made, agreed, parentId < 0 ? 0 : parentId, entered);
}

void Recorder::freeComm(MPI_Comm comm)
{
    for (std::size_t i = 0; i < comms_.size(); ++i)
        if (comms_[i].first == comm && comms_[i].second != 0) {
            comms_.erase(comms_.begin() + static_cast<std::ptrdiff_t>(i));
            return;
        }
}

int Recorder::addRequest(MPI_Request r, bool any)
{
    int slot;
    if (freeSlots_.empty()) {
        slot = static_cast<int>(requests_.size());
        requests_.push_back({r, any, false});
    } else {
        slot = *freeSlots_.begin();
        freeSlots_.erase(freeSlots_.begin());
        requests_[static_cast<std::size_t>(slot)] = {r, any, false};
    }
    slotOf_[r] = slot;
    return slot;
}

int Recorder::findRequest(MPI_Request r) const
{
    if (r == MPI_REQUEST_NULL)
        return -1;
    const auto it = slotOf_.find(r);
    return it == slotOf_.end() ? -1 : it->second;
}

void Recorder::releaseRequest(int slot)
{
    Slot& s = requests_[static_cast<std::size_t>(slot)];
    slotOf_.erase(s.request);
    s = Slot{};
    freeSlots_.insert(slot);
}

Call::Call() : on_(tDepth++ == 0 && Recorder::instance().enabled())
{
    if (on_)
        entered_ = monotonicNs();
}

Call::~Call()
{
    --tDepth;
    if (printed_)
        Recorder::instance().returned();
}

void Call::line(bool completion, const char* text)
{
    rec().event(text, entered_, completion);
    printed_ = true;
}

} // namespace cs::record
