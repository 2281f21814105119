// exportTimeIndependent (TimeIndependent.h): a recording as SimGrid's
// time-independent traces, its loops expanded.
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/recording/CsrecWriter.h"
#include "model/recording/TimeIndependent.h"

#include <cstdio>

namespace cs::rec {

namespace {

struct Open {
    bool used = false;
    std::int32_t src = 0, dst = 0, tag = 0;
    double bytes = -1; // an irecv from ANY_SOURCE held back until its wait names the source; -1: none
};

class Exporter {
public:
    Exporter(const Recording& rec, const RankTrace& t, double flopRate, double& budget)
        : rec_(rec), t_(t), flopRate_(flopRate), budget_(budget), R_(std::to_string(t.rank) + " "),
          open_(static_cast<std::size_t>(t.maxRequest + 1))
    {
    }
    std::string run()
    {
        add("init");
        body(0, static_cast<std::uint32_t>(t_.events.size()));
        add("finalize");
        return std::move(out_);
    }

private:
    [[noreturn]] void fail(const Event& e, const std::string& what) const
    {
        throw ModelError("rank " + std::to_string(t_.rank) + ", line " + std::to_string(e.line) + ": " + what);
    }
    void add(const std::string& s)
    {
        if (--budget_ < 0)
            throw ModelError("the recording's loops expand to more lines than the limit of SimGrid's traces allows");
        out_ += R_;
        out_ += s;
        out_ += '\n';
    }
    void wait(const Event& e, std::int32_t req, std::int32_t src = -1)
    {
        Open& o = open_[static_cast<std::size_t>(req)];
        if (!o.used)
            return;
        if (o.bytes >= 0) {
            // SimGrid's irecv names its source: written here, once the wait gives it (its post moves to the wait).
            if (src < 0)
                fail(e, "an irecv from any source that no wait names: SimGrid's format needs the source");
            o.src = src;
            add("irecv " + std::to_string(src) + " " + std::to_string(o.tag) + " " + wholeText(o.bytes));
            o.bytes = -1;
        }
        add("wait " + std::to_string(o.src) + " " + std::to_string(o.dst) + " " + std::to_string(o.tag));
        o.used = false;
    }
    void world(const Event& e)
    {
        if (e.comm != 0)
            fail(e, std::string(kindName(e.kind)) + " on a communicator other than MPI_COMM_WORLD, which SimGrid's "
                                                 "time-independent format cannot say");
    }
    void event(const Event& e);
    void body(std::uint32_t begin, std::uint32_t end)
    {
        for (std::uint32_t i = begin; i < end; ++i) {
            const Event& e = t_.events[i];
            if (e.kind != Kind::Loop) {
                event(e);
                continue;
            }
            for (double n = 0; n < e.value; ++n)
                body(i + 1, i + 1 + e.count);
            i += e.count;
        }
    }

    const Recording& rec_;
    const RankTrace& t_;
    double flopRate_;
    double& budget_;
    std::string R_, out_;
    std::vector<Open> open_;
};

void Exporter::event(const Event& e)
{
    const std::string me = std::to_string(t_.rank);
    const std::size_t n = rec_.members(e.comm).size();
    switch (e.kind) {
    case Kind::Compute: add("compute " + formatNumber(e.value * flopRate_)); break;
    case Kind::Send:
    case Kind::Recv:
    case Kind::Isend:
    case Kind::Irecv:
        if (e.peer < 0 && e.kind == Kind::Irecv) {
            open_[static_cast<std::size_t>(e.req)] = {true, -1, t_.rank, e.tag, e.value};
            break;
        }
        if (e.peer < 0)
            fail(e, "an irecv from any source that no wait names: SimGrid's format needs the source");
        add(std::string(kindName(e.kind)) + " " + std::to_string(e.peer) + " " + std::to_string(e.tag) + " " +
            wholeText(e.value));
        if (e.kind == Kind::Isend || e.kind == Kind::Irecv) {
            const bool recv = e.kind == Kind::Irecv;
            open_[static_cast<std::size_t>(e.req)] = {true, recv ? e.peer : t_.rank, recv ? t_.rank : e.peer, e.tag};
        }
        break;
    case Kind::Wait: wait(e, e.req, e.peer); break;
    case Kind::Waitall:
        for (std::uint32_t i = 0; i < e.count; ++i)
            wait(e, static_cast<std::int32_t>(t_.args[e.first + i]));
        break;
    case Kind::Sendrecv:
        add("isend " + std::to_string(e.peer) + " " + std::to_string(e.tag) + " " + wholeText(e.value));
        add("recv " + std::to_string(e.src) + " " + std::to_string(e.tag2) + " " + wholeText(e.value2));
        add("wait " + me + " " + std::to_string(e.peer) + " " + std::to_string(e.tag));
        break;
    case Kind::Barrier: world(e); add("barrier"); break;
    case Kind::Bcast: world(e); add("bcast " + wholeText(e.value) + " " + std::to_string(e.peer)); break;
    case Kind::Reduce: world(e); add("reduce " + wholeText(e.value) + " 0 " + std::to_string(e.peer)); break;
    case Kind::Allreduce: world(e); add("allreduce " + wholeText(e.value) + " 0"); break;
    case Kind::Gather:
    case Kind::Scatter:
        world(e);
        add(std::string(kindName(e.kind)) + " " + wholeText(e.value) + " " + wholeText(e.value) + " " + std::to_string(e.peer));
        break;
    case Kind::Allgather:
    case Kind::Alltoall: world(e); add(std::string(kindName(e.kind)) + " " + wholeText(e.value) + " " + wholeText(e.value)); break;
    case Kind::Alltoallv: {
        world(e);
        std::string counts;
        double sum = 0;
        for (std::uint32_t i = 0; i < e.count; ++i) {
            counts += " " + wholeText(t_.args[e.first + i]);
            sum += t_.args[e.first + i];
        }
        add("alltoallv " + wholeText(sum) + counts + " " + wholeText(sum) + counts);
        break;
    }
    case Kind::ReduceScatter: {
        world(e);
        std::string s = "reducescatter";
        for (std::size_t i = 0; i < n; ++i)
            s += " " + wholeText(e.value);
        add(s + " 0");
        break;
    }
    case Kind::Loop:
    case Kind::CommDef: break;
    }
}

} // namespace

std::vector<std::string> exportTimeIndependent(const Recording& rec, double flopRate, double maxLines)
{
    if (rec.truncated())
        throw ModelError("the recording was cut short by its limit: SimGrid would replay part of the program");
    // Loops of empty bodies write nothing yet take time to expand: the events
    // the expansion goes through are bounded too.
    if (static_cast<double>(rec.expandedEvents()) > 2.0 * maxLines)
        throw ModelError("the recording's loops expand to " + std::to_string(rec.expandedEvents()) +
                         " events, more than SimGrid's traces are written for (" + formatNumber(maxLines) + " lines)");
    double budget = maxLines;
    std::vector<std::string> out;
    for (const RankTrace& t : rec.ranks)
        out.push_back(Exporter(rec, t, flopRate, budget).run());
    return out;
}

} // namespace cs::rec
