#include "model/recording/CsrecWriter.h"

#include <algorithm>
#include <cstdio>

namespace cs::rec {

namespace {

std::string num(double v, const char* format = "%.17g")
{
    char b[40];
    std::snprintf(b, sizeof b, format, v);
    return b;
}

// World rank w as a rank of communicator c (-1 stays -1).
std::string within(const Recording& rec, std::int32_t c, std::int32_t w)
{
    if (w < 0)
        return "-1";
    const std::vector<std::int32_t>& m = rec.members(c);
    return std::to_string(std::find(m.begin(), m.end(), w) - m.begin());
}

} // namespace

std::string csrecText(const Recording& rec, const RankTrace& t)
{
    std::string s = "csrec 1 " + std::to_string(t.rank) + " " + std::to_string(t.size) + "\n";
    for (const Event& e : t.events) {
        const std::string C = " " + std::to_string(e.comm);
        switch (e.kind) {
        case Kind::Compute: s += "c " + num(e.value, "%.9g"); break;
        case Kind::Send:
        case Kind::Recv:
        case Kind::Isend:
        case Kind::Irecv:
            s += std::string(kindName(e.kind)) + " " + within(rec, e.comm, e.peer) + " " + num(e.value) + " " +
                 std::to_string(e.tag) + C;
            if (e.kind == Kind::Isend || e.kind == Kind::Irecv)
                s += " " + std::to_string(e.req);
            break;
        case Kind::Wait: s += "wait " + std::to_string(e.req); break;
        case Kind::Waitall:
            s += "waitall " + std::to_string(e.count);
            for (std::uint32_t i = 0; i < e.count; ++i)
                s += " " + num(t.args[e.first + i]);
            break;
        case Kind::Sendrecv:
            s += "sendrecv " + within(rec, e.comm, e.peer) + " " + num(e.value) + " " + std::to_string(e.tag) + " " +
                 within(rec, e.comm, e.src) + " " + num(e.value2) + " " + std::to_string(e.tag2) + C;
            break;
        case Kind::Barrier: s += "barrier" + C; break;
        case Kind::Bcast:
        case Kind::Reduce:
        case Kind::Gather:
        case Kind::Scatter:
            s += std::string(kindName(e.kind)) + " " + num(e.value) + " " + std::to_string(e.peer) + C;
            break;
        case Kind::Allreduce:
        case Kind::Allgather:
        case Kind::Alltoall:
        case Kind::ReduceScatter: s += std::string(kindName(e.kind)) + " " + num(e.value) + C; break;
        case Kind::Alltoallv:
            s += "alltoallv" + C;
            for (std::uint32_t i = 0; i < e.count; ++i)
                s += " " + num(t.args[e.first + i]);
            break;
        case Kind::Loop: s += "loop " + num(e.value) + " " + std::to_string(e.count); break;
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
