#include "model/recording/CsrecParser.h"
#include "model/core/ModelError.h"
#include "model/core/TextLines.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_map>

namespace cs::rec {

namespace {

constexpr std::uint64_t kSaturated = std::uint64_t{1} << 62;

std::uint64_t satAdd(std::uint64_t a, std::uint64_t b)
{
    return std::min(kSaturated, a + std::min(b, kSaturated));
}

std::uint64_t satMul(std::uint64_t a, std::uint64_t b)
{
    if (a == 0 || b == 0)
        return 0;
    return a > kSaturated / b ? kSaturated : std::min(kSaturated, a * b);
}

// A loop whose body is still being read.
struct OpenLoop {
    std::size_t end = 0;   // events.size() at which its body is complete
    std::size_t event = 0; // its Loop event
    std::uint64_t count = 0;
    std::uint64_t events = 0, sends = 0; // of one pass through the body
};

class Parser {
public:
    Parser(std::string_view text, const std::string& where, int lineOffset)
        : text_(text), where_(where), lineOffset_(lineOffset)
    {
    }

    RankTrace run();

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        std::string shown(line_.substr(0, 80));
        if (line_.size() > 80)
            shown += "...";
        throw ModelError(where_ + ", line " + std::to_string(static_cast<long long>(lineNo_) + lineOffset_) + ": " + what +
                         (shown.empty() ? std::string() : " (\"" + shown + "\")"));
    }

    void fields(std::size_t n, const char* form)
    {
        if (tok_.size() != n)
            fail(std::string(tok_[0]) + " takes " + std::to_string(n - 1) + " field(s): " + form + "; this line has " +
                 std::to_string(tok_.size() - 1));
    }

    // An integer field; `allowMinusOne` for ANY_SOURCE / ANY_TAG.
    std::int64_t integer(std::size_t i, const char* name, std::int64_t max, bool allowMinusOne = false)
    {
        std::string_view s = tok_[i];
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size())
            fail(std::string(name) + " '" + std::string(s.substr(0, 40)) + "' is not a whole number");
        if (v < 0 && !(allowMinusOne && v == -1))
            fail(std::string(name) + " is negative (" + std::to_string(v) + ")");
        if (v > max)
            fail(std::string(name) + " " + std::to_string(v) + " is above the limit of " + std::to_string(max));
        return v;
    }

    double number(std::size_t i, const char* name, double max)
    {
        std::string_view s = tok_[i];
        double v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size() || !std::isfinite(v))
            fail(std::string(name) + " '" + std::string(s.substr(0, 40)) + "' is not a finite number");
        if (v < 0)
            fail(std::string(name) + " is negative (" + std::string(s.substr(0, 40)) + ")");
        if (v > max)
            fail(std::string(name) + " " + std::string(s.substr(0, 40)) + " is above the limit of " +
                 std::to_string(static_cast<long long>(max)));
        return v;
    }

    double bytes(std::size_t i) { return static_cast<double>(integer(i, "BYTES", static_cast<std::int64_t>(kMaxBytes))); }

    // The rank's index of communicator id tok_[i], and its size.
    std::int32_t comm(std::size_t i)
    {
        const std::int64_t id = integer(i, "COMM", std::numeric_limits<std::int32_t>::max());
        for (std::size_t c = t_.comms.size(); c-- > 0;)
            if (t_.comms[c].id == id)
                return static_cast<std::int32_t>(c);
        fail("unknown communicator " + std::to_string(id) + " (no `comm " + std::to_string(id) + " ...` line before)");
    }

    std::int64_t commSize(std::int32_t c) const
    {
        return c == 0 ? t_.size : static_cast<std::int64_t>(t_.comms[static_cast<std::size_t>(c)].members.size());
    }

    // A rank of communicator c (peer, root): below its size, or -1 when allowed.
    std::int32_t rankIn(std::size_t i, const char* name, std::int32_t c, bool allowAny = false)
    {
        const std::int64_t r = integer(i, name, std::numeric_limits<std::int32_t>::max(), allowAny);
        if (r >= commSize(c))
            fail(std::string(name) + " " + std::to_string(r) + " does not exist: communicator " +
                 std::to_string(t_.comms[static_cast<std::size_t>(c)].id) + " has " + std::to_string(commSize(c)) +
                 " rank(s)");
        return static_cast<std::int32_t>(r);
    }

    std::int32_t tag(std::size_t i, bool allowAny = false)
    {
        return static_cast<std::int32_t>(integer(i, "TAG", std::numeric_limits<std::int32_t>::max(), allowAny));
    }

    // A request's slot, numbered densely in the order slots first appear: a
    // replay's table of requests then takes memory by the slots the text uses,
    // not by the largest number it names.
    std::int32_t request(std::size_t i)
    {
        const auto r = static_cast<std::int32_t>(integer(i, "REQ", kMaxRequest));
        return dense_.try_emplace(r, static_cast<std::int32_t>(dense_.size())).first->second;
    }

    void header();
    void event();
    void commLine();
    void push(Event e);
    void closeLoops();

    std::string_view text_;
    std::string where_;
    int lineOffset_ = 0;
    std::string_view line_;
    std::size_t lineNo_ = 0;
    std::vector<std::string_view> tok_;
    RankTrace t_;
    std::vector<OpenLoop> loops_;
    std::uint64_t events_ = 0, sends_ = 0; // top level
    std::vector<std::int64_t> openIrecv_;  // per request: the irecv event it was posted by, -1 when none
    std::unordered_map<std::int32_t, std::int32_t> dense_; // REQ -> its dense number
    std::uint64_t loopEpoch_ = 0;             // loops opened or closed so far
    std::vector<std::uint64_t> postedEpoch_;  // per request: loopEpoch_ when its isend or irecv was read
};

void Parser::header()
{
    if (tok_.size() != 4 || tok_[0] != "csrec")
        fail("the first line must be the header `csrec 1 RANK SIZE`");
    if (tok_[1] != "1")
        fail("csrec version " + std::string(tok_[1].substr(0, 20)) + " is not one this program reads (1)");
    const std::int64_t size = integer(3, "SIZE", kMaxRanks);
    if (size < 1)
        fail("SIZE must be at least 1");
    t_.size = static_cast<std::int32_t>(size);
    const std::int64_t rank = integer(2, "RANK", size - 1);
    t_.rank = static_cast<std::int32_t>(rank);
    t_.comms.push_back({0, {}});
}

void Parser::commLine()
{
    if (tok_.size() < 4)
        fail("comm takes ID PARENT N and N members");
    const std::int64_t id = integer(1, "ID", std::numeric_limits<std::int32_t>::max());
    if (id < 1)
        fail("communicator id 0 is MPI_COMM_WORLD: a new communicator's ID is at least 1");
    comm(2); // the parent must be known
    const std::int64_t n = integer(3, "N", t_.size);
    if (n < 1)
        fail("a communicator has at least one member");
    fields(static_cast<std::size_t>(n) + 4, "ID PARENT N W0 ... W(N-1)");
    CommDef d;
    d.id = static_cast<std::int32_t>(id);
    d.members.reserve(static_cast<std::size_t>(n));
    for (std::size_t i = 4; i < tok_.size(); ++i) {
        const std::int64_t w = integer(i, "member", t_.size - 1);
        d.members.push_back(static_cast<std::int32_t>(w));
    }
    std::vector<std::int32_t> sorted = d.members;
    std::sort(sorted.begin(), sorted.end());
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
        fail("a rank is listed twice among the communicator's members");
    if (!std::binary_search(sorted.begin(), sorted.end(), t_.rank))
        fail("rank " + std::to_string(t_.rank) + " is not among the members of the communicator it made");
    t_.comms.push_back(std::move(d));
    Event e;
    e.kind = Kind::CommDef;
    e.comm = static_cast<std::int32_t>(t_.comms.size() - 1);
    push(e);
}

void Parser::push(Event e)
{
    e.line = static_cast<std::uint32_t>(lineNo_);
    const bool sends = e.kind == Kind::Send || e.kind == Kind::Isend || e.kind == Kind::Sendrecv;
    if (loops_.empty()) {
        events_ = satAdd(events_, 1);
        sends_ = satAdd(sends_, sends ? 1 : 0);
    } else {
        loops_.back().events = satAdd(loops_.back().events, 1);
        loops_.back().sends = satAdd(loops_.back().sends, sends ? 1 : 0);
    }
    t_.events.push_back(e);
    if (e.kind == Kind::Loop) {
        OpenLoop l;
        l.event = t_.events.size() - 1;
        l.end = t_.events.size() + e.count;
        l.count = static_cast<std::uint64_t>(e.value);
        if (!loops_.empty() && l.end > loops_.back().end)
            fail("the loop's body of " + std::to_string(e.count) + " lines runs past the body of the loop of line " +
                 std::to_string(t_.events[loops_.back().event].line) + " around it");
        loops_.push_back(l);
        ++loopEpoch_;
    }
    closeLoops();
}

void Parser::closeLoops()
{
    while (!loops_.empty() && loops_.back().end == t_.events.size()) {
        const OpenLoop l = loops_.back();
        loops_.pop_back();
        ++loopEpoch_;
        // The header was counted once where it stands; its body count times.
        const std::uint64_t ev = satMul(l.events, l.count), se = satMul(l.sends, l.count);
        if (loops_.empty()) {
            events_ = satAdd(events_, ev);
            sends_ = satAdd(sends_, se);
        } else {
            loops_.back().events = satAdd(loops_.back().events, ev);
            loops_.back().sends = satAdd(loops_.back().sends, se);
        }
    }
}

void Parser::event()
{
    const std::string_view k = tok_[0];
    Event e;
    auto p2p = [&](Kind kind, bool isRecv, bool withReq) {
        fields(withReq ? 6 : 5, withReq ? "PEER BYTES TAG COMM REQ" : "PEER BYTES TAG COMM");
        e.kind = kind;
        e.comm = comm(4);
        // An irecv may name ANY_SOURCE (its wait gives the source); recv and irecv may name ANY_TAG.
        e.peer = rankIn(1, "PEER", e.comm, kind == Kind::Irecv);
        e.value = bytes(2);
        e.tag = tag(3, isRecv);
        if (withReq)
            e.req = request(5);
    };
    if (k == "c") {
        fields(2, "SECONDS");
        e.kind = Kind::Compute;
        e.value = number(1, "SECONDS", kMaxSeconds);
    } else if (k == "send") {
        p2p(Kind::Send, false, false);
    } else if (k == "recv") {
        p2p(Kind::Recv, true, false);
    } else if (k == "isend") {
        p2p(Kind::Isend, false, true);
    } else if (k == "irecv") {
        p2p(Kind::Irecv, true, true);
    } else if (k == "wait") {
        if (tok_.size() != 2 && tok_.size() != 3)
            fail("wait takes REQ and, for an irecv from any source, SRC");
        e.kind = Kind::Wait;
        e.req = request(1);
        e.peer = -1;
        const auto slot = static_cast<std::size_t>(e.req);
        const std::int64_t posted = slot < openIrecv_.size() ? openIrecv_[slot] : -1;
        if (tok_.size() == 3) {
            Event* irecv = posted >= 0 ? &t_.events[static_cast<std::size_t>(posted)] : nullptr;
            e.comm = irecv ? irecv->comm : 0;
            e.peer = rankIn(2, "SRC", e.comm);
            // The irecv's source, known now, where every pass through the text pairs that irecv line with this
            // wait line: no loop opened or closed between them. Otherwise (HPCC's RandomAccess posts the next
            // irecv from ANY_SOURCE at the end of a loop's body, and the next pass's first wait, or the one after
            // the loop, completes it) each wait's SRC is its own, and the replay matches by the wait's.
            if (irecv && irecv->peer < 0 && postedEpoch_[slot] == loopEpoch_)
                irecv->peer = e.peer;
        }
        if (slot < openIrecv_.size())
            openIrecv_[slot] = -1;
    } else if (k == "waitall") {
        if (tok_.size() < 2)
            fail("waitall takes N and N requests");
        const std::int64_t n = integer(1, "N", kMaxRequest + 1);
        fields(static_cast<std::size_t>(n) + 2, "N REQ1 ... REQN");
        e.kind = Kind::Waitall;
        e.count = static_cast<std::uint32_t>(n);
        e.first = static_cast<std::uint32_t>(t_.args.size());
        for (std::size_t i = 2; i < tok_.size(); ++i) {
            const std::int32_t r = request(i);
            t_.args.push_back(r);
            if (static_cast<std::size_t>(r) < openIrecv_.size())
                openIrecv_[static_cast<std::size_t>(r)] = -1;
        }
    } else if (k == "sendrecv") {
        fields(8, "DST SBYTES STAG SRC RBYTES RTAG COMM");
        e.kind = Kind::Sendrecv;
        e.comm = comm(7);
        e.peer = rankIn(1, "DST", e.comm);
        e.value = bytes(2);
        e.tag = tag(3);
        e.src = rankIn(4, "SRC", e.comm);
        e.value2 = bytes(5);
        e.tag2 = tag(6, true);
    } else if (k == "barrier") {
        fields(2, "COMM");
        e.kind = Kind::Barrier;
        e.comm = comm(1);
    } else if (k == "bcast" || k == "reduce" || k == "gather" || k == "scatter") {
        fields(4, "BYTES ROOT COMM");
        e.kind = k == "bcast" ? Kind::Bcast : k == "reduce" ? Kind::Reduce : k == "gather" ? Kind::Gather : Kind::Scatter;
        e.comm = comm(3);
        e.value = bytes(1);
        e.peer = rankIn(2, "ROOT", e.comm);
    } else if (k == "allreduce" || k == "allgather" || k == "alltoall" || k == "reduce_scatter") {
        fields(3, "BYTES COMM");
        e.kind = k == "allreduce"   ? Kind::Allreduce
                 : k == "allgather" ? Kind::Allgather
                 : k == "alltoall"  ? Kind::Alltoall
                                    : Kind::ReduceScatter;
        e.comm = comm(2);
        e.value = bytes(1);
    } else if (k == "alltoallv") {
        if (tok_.size() < 2)
            fail("alltoallv takes COMM and the bytes sent to each of its ranks");
        e.kind = Kind::Alltoallv;
        e.comm = comm(1);
        const std::int64_t n = commSize(e.comm);
        fields(static_cast<std::size_t>(n) + 2, "COMM S0 ... S(N-1), N the communicator's size");
        e.count = static_cast<std::uint32_t>(n);
        e.first = static_cast<std::uint32_t>(t_.args.size());
        double sum = 0;
        for (std::size_t i = 2; i < tok_.size(); ++i) {
            t_.args.push_back(bytes(i));
            sum += t_.args.back();
        }
        e.value = n > 1 ? sum / static_cast<double>(n - 1) : 0.0;
    } else if (k == "loop") {
        fields(3, "COUNT LEN");
        e.kind = Kind::Loop;
        e.value = static_cast<double>(integer(1, "COUNT", static_cast<std::int64_t>(kMaxLoopCount)));
        e.count = static_cast<std::uint32_t>(integer(2, "LEN", std::numeric_limits<std::int32_t>::max()));
    } else if (k == "comm") {
        commLine();
        return;
    } else {
        fail("unknown event '" + std::string(k.substr(0, 40)) + "'");
    }
    if (e.kind == Kind::Isend || e.kind == Kind::Irecv) {
        const auto slot = static_cast<std::size_t>(e.req);
        if (slot >= openIrecv_.size())
            openIrecv_.resize(slot + 1, -1);
        openIrecv_[slot] = e.kind == Kind::Irecv ? static_cast<std::int64_t>(t_.events.size()) : -1;
        postedEpoch_.resize(openIrecv_.size(), 0);
        postedEpoch_[slot] = loopEpoch_;
        t_.maxRequest = std::max(t_.maxRequest, e.req);
    }
    if (e.kind == Kind::Wait)
        t_.maxRequest = std::max(t_.maxRequest, e.req);
    for (std::uint32_t i = 0; e.kind == Kind::Waitall && i < e.count; ++i)
        t_.maxRequest = std::max(t_.maxRequest, static_cast<std::int32_t>(t_.args[e.first + i]));
    push(e);
}

RankTrace Parser::run()
{
    TextLines lines(text_);
    std::string_view text;
    std::size_t raw = 0;
    bool ended = false;
    while (lines.next(text, &raw)) {
        const bool last = lines.last();
        ++lineNo_;
        line_ = text.substr(0, 200);
        if (raw > kMaxLineBytes)
            fail("the line is longer than the limit of 1 MiB");
        line_ = text;
        if (ended)
            fail("a line after `end` or `truncated`");
        tok_.clear();
        for (std::size_t i = 0; i < line_.size();) {
            while (i < line_.size() && line_[i] == ' ')
                ++i;
            const std::size_t j = std::min(line_.find(' ', i), line_.size());
            if (j > i)
                tok_.push_back(line_.substr(i, j - i));
            i = j;
        }
        if (tok_.empty()) {
            if (last)
                break;
            fail("an empty line");
        }
        if (lineNo_ == 1) {
            header();
            continue;
        }
        if (tok_[0] == "end") {
            fields(1, "nothing");
            ended = true;
        } else if (tok_[0] == "truncated") {
            ended = true;
            t_.truncated = true;
            t_.truncatedLine = static_cast<std::uint32_t>(lineNo_);
            t_.truncatedWhy = std::string(line_.substr(std::min<std::size_t>(10, line_.size()), 300));
        } else {
            event();
        }
    }
    line_ = {};
    if (lineNo_ == 0)
        throw ModelError(where_ + ": the text is empty (a recording starts with `csrec 1 RANK SIZE`)");
    if (!ended)
        fail("the text ends at line " + std::to_string(lineNo_) +
             " without `end` or `truncated`: the file is cut short");
    if (!loops_.empty() && !t_.truncated) {
        const Event& l = t_.events[loops_.back().event];
        lineNo_ = l.line;
        fail("the loop's body of " + std::to_string(l.count) + " lines runs past the end of the text");
    }
    while (!loops_.empty()) { // a recording cut by its limit inside a loop: the body as far as it went
        loops_.back().end = t_.events.size();
        closeLoops();
    }
    t_.expandedEvents = events_;
    t_.expandedSends = sends_;
    return std::move(t_);
}

} // namespace

RankTrace parseCsrec(std::string_view text, const std::string& where, int lineOffset)
{
    return Parser(text, where, lineOffset).run();
}

Recording parseRecording(const std::vector<std::string>& texts, const std::string& where)
{
    std::vector<RankTrace> ranks;
    ranks.reserve(texts.size());
    for (std::size_t i = 0; i < texts.size(); ++i)
        ranks.push_back(parseCsrec(texts[i], (where.empty() ? "rank " + std::to_string(i)
                                                            : where + ".ranks[" + std::to_string(i) + "]")));
    return link(std::move(ranks));
}

} // namespace cs::rec
