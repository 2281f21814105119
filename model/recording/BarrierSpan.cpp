#include "model/recording/BarrierSpan.h"
#include "model/recording/EventTimes.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace cs::rec {

namespace {

constexpr const char* kForm = "expected I:J, the 1-based indices of two barriers of all ranks (a negative one counts "
                              "from the end, -1 the last), e.g. 3:4 or 3:-2";

// A nonzero integer, the whole of `text`; nothing else.
std::optional<int> index(const std::string& text)
{
    int v = 0;
    const char* end = text.data() + text.size();
    const auto [p, ec] = std::from_chars(text.data(), end, v);
    if (text.empty() || ec != std::errc() || p != end)
        return std::nullopt;
    return v;
}

// Position of 1-based or from-the-end index i among count, or -1 when it is not one of them.
long long positionOf(int i, std::size_t count)
{
    const auto n = static_cast<long long>(count);
    const long long at = i > 0 ? static_cast<long long>(i) - 1 : n + i;
    return at >= 0 && at < n ? at : -1;
}

std::string barriers(std::size_t n)
{
    return n == 0 ? "no barrier of all ranks"
                  : std::to_string(n) + (n == 1 ? " barrier" : " barriers") + " of all ranks";
}

} // namespace

BarrierPair parseBarrierPair(const std::string& text)
{
    const std::size_t colon = text.find(':');
    if (colon == std::string::npos)
        throw ModelError(kForm);
    const std::optional<int> first = index(text.substr(0, colon)), last = index(text.substr(colon + 1));
    if (!first || !last)
        throw ModelError(kForm);
    for (int i : {*first, *last})
        if (i == 0)
            throw ModelError("there is no barrier 0: the barriers of all ranks are counted from 1 (and from -1, the "
                             "last, backwards)");
    // Counted from one end both: the order is known now. (3:-2 is known only for a recording's count.)
    if ((*first > 0) == (*last > 0) && *first >= *last)
        throw ModelError("barrier " + std::to_string(*first) + " does not come before barrier " +
                         std::to_string(*last) + ": the span runs from the end of the first to the end of the second");
    return {*first, *last};
}

std::string toString(const BarrierPair& pair)
{
    return std::to_string(pair.first) + ":" + std::to_string(pair.last);
}

std::optional<std::pair<std::size_t, std::size_t>> barrierPositions(const BarrierPair& pair, std::size_t count)
{
    const long long a = positionOf(pair.first, count), b = positionOf(pair.last, count);
    if (a < 0 || b < 0 || a >= b)
        return std::nullopt;
    return std::pair{static_cast<std::size_t>(a), static_cast<std::size_t>(b)};
}

void checkBarrierPair(const BarrierPair& pair, std::size_t count, int P)
{
    if (barrierPositions(pair, count))
        return;
    const std::string head = "P = " + std::to_string(P) + ": the recording has " + barriers(count) + "; the span " +
                             toString(pair);
    const auto n = std::to_string(count);
    const std::string range = count == 0 ? std::string()
                                         : " (give indices from 1 to " + n + ", or from -" + n + " to -1 counting "
                                           "from the end)";
    for (int i : {pair.first, pair.last})
        if (positionOf(i, count) < 0)
            throw BarrierRangeError(head + " asks for barrier " + std::to_string(i) + ", which it does not have" +
                                    range);
    const long long a = positionOf(pair.first, count), b = positionOf(pair.last, count);
    throw BarrierRangeError(head + " is from barrier " + std::to_string(a + 1) + " to barrier " +
                            std::to_string(b + 1) + " of them: the first must come before the second");
}

std::uint64_t barriersOfAllRanks(const Recording& rec)
{
    if (rec.ranks.empty())
        return 0;
    const RankTrace& trace = rec.ranks.front();
    const auto P = static_cast<std::size_t>(rec.P());
    double n = 0;
    forEachEventTimes(trace, [&](const Event& e, double times) {
        if (e.kind == Kind::Barrier && static_cast<std::size_t>(e.comm) < rec.comms.size() &&
            rec.members(e.comm).size() == P)
            n += times;
    });
    constexpr double kSaturate = 4611686018427387904.0; // 2^62, as RankTrace::expandedEvents
    return static_cast<std::uint64_t>(std::min(n, kSaturate));
}

double timedSpan(const std::vector<double>& barrierEnds, const BarrierPair& pair)
{
    const auto at = barrierPositions(pair, barrierEnds.size());
    return at ? barrierEnds[at->second] - barrierEnds[at->first] : NAN;
}

} // namespace cs::rec
