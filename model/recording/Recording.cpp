#include "model/recording/Recording.h"
#include "model/core/ModelError.h"

#include <map>
#include <utility>

namespace cs::rec {

const char* kindName(Kind k)
{
    switch (k) {
    case Kind::Compute: return "c";
    case Kind::Send: return "send";
    case Kind::Recv: return "recv";
    case Kind::Isend: return "isend";
    case Kind::Irecv: return "irecv";
    case Kind::Wait: return "wait";
    case Kind::Waitall: return "waitall";
    case Kind::Sendrecv: return "sendrecv";
    case Kind::Barrier: return "barrier";
    case Kind::Bcast: return "bcast";
    case Kind::Reduce: return "reduce";
    case Kind::Allreduce: return "allreduce";
    case Kind::Gather: return "gather";
    case Kind::Scatter: return "scatter";
    case Kind::Allgather: return "allgather";
    case Kind::Alltoall: return "alltoall";
    case Kind::Alltoallv: return "alltoallv";
    case Kind::ReduceScatter: return "reduce_scatter";
    case Kind::Loop: return "loop";
    case Kind::CommDef: return "comm";
    }
    return "?";
}

bool isCollective(Kind k)
{
    return k >= Kind::Barrier && k <= Kind::ReduceScatter;
}

bool Recording::truncated() const
{
    for (const RankTrace& r : ranks)
        if (r.truncated)
            return true;
    return false;
}

std::uint64_t Recording::expandedEvents() const
{
    std::uint64_t n = 0;
    for (const RankTrace& r : ranks)
        n += r.expandedEvents; // each below 2^62: no overflow for the ranks a recording can have
    return n;
}

std::uint64_t Recording::expandedSends() const
{
    std::uint64_t n = 0;
    for (const RankTrace& r : ranks)
        n += r.expandedSends;
    return n;
}

Recording link(std::vector<RankTrace> ranks)
{
    Recording rec;
    const auto P = static_cast<std::int32_t>(ranks.size());
    if (P < 1)
        throw ModelError("a recording needs the text of at least one rank");
    std::vector<std::int32_t> world(static_cast<std::size_t>(P));
    for (std::int32_t i = 0; i < P; ++i)
        world[static_cast<std::size_t>(i)] = i;
    rec.comms.push_back(world);
    // A communicator's identity across ranks: its members, and how many
    // communicators of the same members the rank had made before (comm_dup
    // makes several). The ids in the texts are each rank's own numbering.
    std::map<std::pair<std::vector<std::int32_t>, int>, std::int32_t> known;
    for (std::int32_t i = 0; i < P; ++i) {
        RankTrace& t = ranks[static_cast<std::size_t>(i)];
        if (t.rank != i)
            throw ModelError("rank " + std::to_string(i) + "'s text is headed `csrec 1 " + std::to_string(t.rank) +
                             " ...`: the texts must be in rank order, one per rank");
        if (t.size != P)
            throw ModelError("rank " + std::to_string(i) + "'s header gives SIZE " + std::to_string(t.size) +
                             ", but the recording holds " + std::to_string(P) + " rank(s)");
        std::vector<std::int32_t> global(t.comms.size(), 0);
        std::map<std::vector<std::int32_t>, int> seen;
        for (std::size_t c = 1; c < t.comms.size(); ++c) {
            const int ordinal = seen[t.comms[c].members]++;
            auto [it, added] = known.try_emplace({t.comms[c].members, ordinal}, static_cast<std::int32_t>(rec.comms.size()));
            if (added)
                rec.comms.push_back(t.comms[c].members);
            global[c] = it->second;
        }
        for (Event& e : t.events) {
            e.comm = global[static_cast<std::size_t>(e.comm)];
            const std::vector<std::int32_t>& m = rec.comms[static_cast<std::size_t>(e.comm)];
            switch (e.kind) {
            case Kind::Sendrecv:
                e.src = m[static_cast<std::size_t>(e.src)];
                [[fallthrough]];
            case Kind::Send:
            case Kind::Recv:
            case Kind::Isend:
            case Kind::Irecv:
            case Kind::Wait:
                if (e.peer >= 0)
                    e.peer = m[static_cast<std::size_t>(e.peer)];
                break;
            default:
                break;
            }
        }
    }
    rec.ranks = std::move(ranks);
    return rec;
}

} // namespace cs::rec
