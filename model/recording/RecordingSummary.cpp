#include "model/recording/RecordingSummary.h"

#include <algorithm>

namespace cs::rec {

namespace {

// Calls fn(event, times) for every event of [begin, end), `times` the product
// of the counts of the loops around it; loop lines themselves are not passed.
template <class Fn>
void expand(const std::vector<Event>& ev, std::size_t begin, std::size_t end, double times, Fn&& fn)
{
    for (std::size_t i = begin; i < end && i < ev.size(); ++i) {
        const Event& e = ev[i];
        if (e.kind == Kind::Loop) {
            expand(ev, i + 1, i + 1 + e.count, times * e.value, fn);
            i += e.count;
        } else {
            fn(e, times);
        }
    }
}

bool isCall(Kind k)
{
    return k != Kind::Compute && k != Kind::CommDef && k != Kind::Loop;
}

} // namespace

std::vector<double> commMatrix(const Recording& rec)
{
    const auto P = static_cast<std::size_t>(rec.P());
    std::vector<double> m(P * P, 0.0);
    for (std::size_t r = 0; r < P; ++r)
        expand(rec.ranks[r].events, 0, rec.ranks[r].events.size(), 1.0, [&](const Event& e, double times) {
            const bool sends = e.kind == Kind::Send || e.kind == Kind::Isend || e.kind == Kind::Sendrecv;
            if (sends && e.peer >= 0 && static_cast<std::size_t>(e.peer) < P)
                m[r * P + static_cast<std::size_t>(e.peer)] += e.value * times;
        });
    return m;
}

std::vector<Iteration> iterations(const Recording& rec)
{
    std::vector<Iteration> out;
    for (const RankTrace& t : rec.ranks) {
        const std::vector<Event>& ev = t.events;
        std::size_t best = ev.size(); // the top-level loop with the most events, loops expanded
        double bestEvents = 0;
        for (std::size_t i = 0; i < ev.size(); ++i) {
            if (ev[i].kind != Kind::Loop)
                continue;
            double n = 0;
            expand(ev, i + 1, i + 1 + ev[i].count, 1.0, [&](const Event&, double times) { n += times; });
            if (n * ev[i].value > bestEvents) {
                bestEvents = n * ev[i].value;
                best = i;
            }
            i += ev[i].count;
        }
        Iteration it;
        const std::size_t begin = best < ev.size() ? best + 1 : 0;
        const std::size_t end = best < ev.size() ? best + 1 + ev[best].count : ev.size();
        if (best < ev.size()) {
            it.count = std::max(1.0, ev[best].value);
            it.firstLine = ev[best].line;
        }
        expand(ev, begin, end, 1.0, [&](const Event& e, double times) {
            if (e.kind == Kind::Compute)
                it.compute += e.value * times;
            else if (isCall(e.kind))
                it.calls += static_cast<std::uint64_t>(times);
        });
        out.push_back(it);
    }
    return out;
}

} // namespace cs::rec
