// Open MPI's put protocol in the analytic replay (Replay.h, ReplayNetwork::putFrom): the items of a message
// sent by put, what a rank takes in and when, and the matching of headers with receives.
#include "model/recording/ReplayEngine.h"

#include <algorithm>

namespace cs::rec::detail {

// The fluid network's next event: the messages whose last byte arrives then are given their arrival, and their
// receivers, if waiting, go on.
void Engine::deliver()
{
    arrived_.clear();
    fluid_->advance(arrived_);
    for (const FluidNetwork::Arrival& a : arrived_) {
        Item it{ItemKind::Eager, -1, static_cast<std::int32_t>(a.dst), 0, 0, a.id};
        if (protocol_) {
            const auto t = travelling_.find(a.id);
            if (t != travelling_.end()) {
                it = t->second;
                travelling_.erase(t);
            }
        }
        switch (it.kind) {
        case ItemKind::Rndv: reach(it.dst, it, a.at); continue;
        case ItemKind::PutRequest: reach(it.src, it, a.at); continue; // at the message's sender
        case ItemKind::PutData: {
            // Its bytes start: TCP has taken them, and its sender's send is complete (Open MPI completes a send
            // once the socket has taken its bytes: Linux's send buffer held 214-422 KB of a 1 MiB put on the
            // namespace cluster at 20-190 Mbit/s, all of 256 KiB); its receiver has it with the FIN behind it.
            if (!a.started)
                continue;
            travelling_[a.id] = it; // its end comes later
            PutMsg& m = puts_.at(it.msg);
            m.sent = true;
            m.sentAt = a.at;
            wake(it.src);
            continue;
        }
        case ItemKind::Eager:
        case ItemKind::Fin: break;
        }
        for (Msg& m : ranks_[a.dst].inbox)
            if (m.id == it.msg) {
                m.arrival = a.at;
                break;
            }
        wake(static_cast<std::int32_t>(a.dst));
        if (it.kind == ItemKind::Eager && it.src >= 0)
            reach(it.dst, it, a.at); // the matching takes it in
    }
}

void Engine::reach(std::int32_t to, const Item& it, double at)
{
    items_.push({at, itemOrder_++, to, it});
}

void Engine::takeIn(std::int32_t r, const Item& it, double at)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    if (it.kind == ItemKind::PutRequest) {
        // The sender puts the message's bytes, then the FIN, behind what its connection to the receiver holds.
        const PutMsg& m = puts_.at(it.msg);
        const auto src = static_cast<std::uint32_t>(m.src), dst = static_cast<std::uint32_t>(m.dst);
        const std::uint64_t data = nextId_++, fin = nextId_++;
        travelling_[data] = {ItemKind::PutData, it.src, it.dst, it.tag, it.comm, it.msg};
        travelling_[fin] = {ItemKind::Fin, it.src, it.dst, it.tag, it.comm, it.msg};
        fluid_->add(src, dst, at, loggp::bytesAfterFirst(m.bytes), m.G, m.L, data, true);
        fluid_->add(src, dst, at, 0, 0, m.L, fin);
        return;
    }
    // A header or an eager message meets the first receive posted that fits it, else waits for one.
    const std::uint64_t put = it.kind == ItemKind::Rndv ? it.msg : 0;
    for (auto p = R.posted.begin(); p != R.posted.end(); ++p)
        if (p->comm == it.comm && (p->src < 0 || p->src == it.src) && (p->tag < 0 || p->tag == it.tag)) {
            R.posted.erase(p);
            if (put)
                requestPut(put, at);
            return;
        }
    R.unexpected.push_back({it.src, it.tag, it.comm, put});
}

void Engine::requestPut(std::uint64_t msg, double at)
{
    const PutMsg& m = puts_.at(msg);
    const std::uint64_t id = nextId_++;
    travelling_[id] = {ItemKind::PutRequest, m.src, m.dst, 0, 0, msg};
    fluid_->add(static_cast<std::uint32_t>(m.dst), static_cast<std::uint32_t>(m.src), at, 0, 0, m.L, id);
}

void Engine::postReceive(std::int32_t r, std::int32_t src, std::int32_t tag, std::int32_t comm)
{
    if (!protocol_)
        return;
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    for (auto u = R.unexpected.begin(); u != R.unexpected.end(); ++u)
        if (u->comm == comm && (src < 0 || u->src == src) && (tag < 0 || u->tag == tag)) {
            const std::uint64_t put = u->put;
            R.unexpected.erase(u);
            if (put)
                requestPut(put, R.t);
            return;
        }
    R.posted.push_back({src, tag, comm});
}

void Engine::progress(std::int32_t r)
{
    RankState& R = ranks_[static_cast<std::size_t>(r)];
    for (const Item& it : R.due)
        takeIn(r, it, R.t);
    R.due.clear();
}

bool Engine::sendDone(RankState& R, std::uint64_t& msg)
{
    if (msg == 0)
        return true;
    const auto m = puts_.find(msg);
    if (!m->second.sent)
        return false;
    R.t = std::max(R.t, m->second.sentAt);
    puts_.erase(m);
    msg = 0;
    return true;
}

} // namespace cs::rec::detail
