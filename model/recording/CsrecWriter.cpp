#include "model/recording/CsrecWriter.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>

namespace cs::rec {

namespace {

// World rank w as a rank of communicator c (-1 stays -1).
std::string within(const Recording& rec, std::int32_t c, std::int32_t w)
{
    if (w < 0)
        return "-1";
    const std::vector<std::int32_t>& m = rec.members(c);
    return std::to_string(std::find(m.begin(), m.end(), w) - m.begin());
}

} // namespace

std::string wholeText(double v)
{
    return std::to_string(std::llround(v));
}

std::string csrecText(const Recording& rec, const RankTrace& t)
{
    std::string s = "csrec 1 " + std::to_string(t.rank) + " " + std::to_string(t.size) + "\n";
    for (const Event& e : t.events) {
        const std::string C = " " + std::to_string(e.comm);
        switch (e.kind) {
        case Kind::Compute: s += "c " + formatNumber(e.value); break;
        case Kind::Send:
        case Kind::Recv:
        case Kind::Isend:
        case Kind::Irecv:
            s += std::string(kindName(e.kind)) + " " + within(rec, e.comm, e.peer) + " " + wholeText(e.value) + " " +
                 std::to_string(e.tag) + C;
            if (e.kind == Kind::Isend || e.kind == Kind::Irecv)
                s += " " + std::to_string(e.req);
            break;
        case Kind::Wait: s += "wait " + std::to_string(e.req); break;
        case Kind::Waitall:
            s += "waitall " + std::to_string(e.count);
            for (std::uint32_t i = 0; i < e.count; ++i)
                s += " " + wholeText(t.args[e.first + i]);
            break;
        case Kind::Sendrecv:
            s += "sendrecv " + within(rec, e.comm, e.peer) + " " + wholeText(e.value) + " " + std::to_string(e.tag) + " " +
                 within(rec, e.comm, e.src) + " " + wholeText(e.value2) + " " + std::to_string(e.tag2) + C;
            break;
        case Kind::Barrier: s += "barrier" + C; break;
        case Kind::Bcast:
        case Kind::Reduce:
        case Kind::Gather:
        case Kind::Scatter:
            s += std::string(kindName(e.kind)) + " " + wholeText(e.value) + " " + std::to_string(e.peer) + C;
            break;
        case Kind::Allreduce:
        case Kind::Allgather:
        case Kind::Alltoall:
        case Kind::ReduceScatter: s += std::string(kindName(e.kind)) + " " + wholeText(e.value) + C; break;
        case Kind::Alltoallv:
            s += "alltoallv" + C;
            for (std::uint32_t i = 0; i < e.count; ++i)
                s += " " + wholeText(t.args[e.first + i]);
            break;
        case Kind::Loop: s += "loop " + wholeText(e.value) + " " + std::to_string(e.count); break;
        case Kind::CommDef: {
            const std::vector<std::int32_t>& m = rec.members(e.comm);
            s += "comm" + C + " 0 " + std::to_string(m.size());
            for (std::int32_t w : m)
                s += " " + std::to_string(w);
            break;
        }
        }
        s += '\n';
    }
    s += t.truncated ? "truncated " + t.truncatedWhy + "\n" : std::string("end\n");
    return s;
}

} // namespace cs::rec
