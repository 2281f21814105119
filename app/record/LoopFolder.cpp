#include "app/record/LoopFolder.h"

#include <charconv>
#include <cstdio>

namespace cs::record {

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v)
{
    // FNV-1a over the 8 bytes of v: cheap, and a mismatch is confirmed by comparing the items themselves.
    for (int i = 0; i < 8; ++i) {
        h ^= (v >> (8 * i)) & 0xff;
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t textSig(const std::string& s)
{
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return h;
}

std::uint64_t bodySig(const std::vector<FoldItem>& body)
{
    std::uint64_t h = 0x9e3779b97f4a7c15ull;
    for (const FoldItem& i : body)
        h = mix(h, i.sig);
    return h;
}

void setLoopSig(FoldItem& loop)
{
    loop.sig = mix(loop.bodySig, loop.count);
}

bool same(const FoldItem& a, const FoldItem& b);

// Items a[0..n) and b[0..n) alike: their hashes first (cheap, and where a period does not fit they differ),
// then the items themselves, so that folding never rests on a hash.
bool sameRange(const FoldItem* a, const FoldItem* b, std::size_t n)
{
    for (std::size_t i = n; i-- > 0;)
        if (a[i].sig != b[i].sig || a[i].count != b[i].count)
            return false;
    for (std::size_t i = 0; i < n; ++i)
        if (!same(a[i], b[i]))
            return false;
    return true;
}

bool same(const FoldItem& a, const FoldItem& b)
{
    if (a.sig != b.sig || a.count != b.count)
        return false;
    if (!a.isLoop())
        return a.text == b.text;
    return a.body.size() == b.body.size() && sameRange(a.body.data(), b.body.data(), a.body.size());
}

// Adds the computes of `from` (the same shape as `into`) into `into`: one more repetition folded in.
void accumulate(FoldItem& into, const FoldItem& from)
{
    if (!into.isLoop()) {
        into.computeSum += from.computeSum;
        into.times += from.times;
        return;
    }
    for (std::size_t i = 0; i < into.body.size(); ++i)
        accumulate(into.body[i], from.body[i]);
}

std::uint64_t linesOf(const FoldItem* items, std::size_t n)
{
    std::uint64_t lines = 0;
    for (std::size_t i = 0; i < n; ++i)
        lines += items[i].lines;
    return lines;
}

} // namespace

LoopFolder::LoopFolder(Emit emit, std::size_t window, std::size_t maxBody)
    : emit_(std::move(emit)), window_(window < 4 ? 4 : window), maxBody_(maxBody < 1 ? 1 : maxBody)
{
    items_.reserve(window_ + 1);
    probes_.reserve(window_ + 1);
}

LoopFolder::Probe LoopFolder::probeOf(const FoldItem& item)
{
    if (item.isLoop() && item.count < kMaxCount)
        return {item.sig, item.body.back().sig, item.body.size()};
    return {item.sig, 0, 0};
}

void LoopFolder::push(FoldItem item)
{
    probes_.push_back(probeOf(item));
    items_.push_back(std::move(item));
}

void LoopFolder::popTo(std::size_t n)
{
    items_.resize(n);
    probes_.resize(n);
}

void LoopFolder::add(std::string line, double compute)
{
    FoldItem e;
    e.sig = textSig(line);
    e.text = std::move(line);
    e.computeSum = compute;
    push(std::move(e));
    while (foldOnce()) {
    }
    if (items_.size() > window_)
        emitOldest();
}

bool LoopFolder::foldOnce()
{
    const std::size_t n = items_.size();
    FoldItem* w = items_.data();
    const Probe* pr = probes_.data();
    const std::uint64_t last = pr[n - 1].sig;
    for (std::size_t L = 1; L <= maxBody_ && L < n; ++L) {
        const Probe& before = pr[n - 1 - L];
        // The loop just before the last L items repeats once more.
        if (before.bodySize == L && before.tailSig == last) {
            FoldItem& loop = w[n - 1 - L];
            if (sameRange(loop.body.data(), w + n - L, L)) {
                for (std::size_t i = 0; i < L; ++i)
                    accumulate(loop.body[i], w[n - L + i]);
                ++loop.count;
                setLoopSig(loop);
                probes_[n - 1 - L] = probeOf(loop);
                popTo(n - L);
                return true;
            }
        }
        // The last 2L items are two equal halves: a new loop of count 2.
        if (2 * L <= n && before.sig == last && sameRange(w + n - 2 * L, w + n - L, L)) {
            const std::uint64_t bodyLines = linesOf(w + n - L, L);
            if (bodyLines > kMaxBodyLines)
                continue;
            FoldItem folded;
            folded.count = 2;
            folded.body.assign(std::make_move_iterator(w + n - 2 * L), std::make_move_iterator(w + n - L));
            for (std::size_t i = 0; i < L; ++i)
                accumulate(folded.body[i], w[n - L + i]);
            folded.lines = 1 + bodyLines;
            folded.bodySig = bodySig(folded.body);
            setLoopSig(folded);
            popTo(n - 2 * L);
            push(std::move(folded));
            return true;
        }
    }
    return false;
}

void LoopFolder::emitOldest()
{
    // Half the window at once: erasing from the front of a vector moves the rest, so it is done rarely.
    const std::size_t k = items_.size() - window_ / 2;
    for (std::size_t i = 0; i < k; ++i)
        emit_(items_[i]);
    items_.erase(items_.begin(), items_.begin() + static_cast<std::ptrdiff_t>(k));
    probes_.erase(probes_.begin(), probes_.begin() + static_cast<std::ptrdiff_t>(k));
}

void LoopFolder::finish()
{
    for (const FoldItem& i : items_)
        emit_(i);
    popTo(0);
}

void LoopFolder::print(const FoldItem& item, std::string& out)
{
    char buf[64];
    if (!item.isLoop()) {
        const double mean = item.times ? item.computeSum / static_cast<double>(item.times) : 0.0;
        // As printf's %.9g (std::to_chars is specified so), without printf's cost on every event.
        buf[0] = 'c';
        buf[1] = ' ';
        char* end = std::to_chars(buf + 2, buf + sizeof buf - 1, mean < 0 ? 0.0 : mean, std::chars_format::general, 9).ptr;
        *end++ = '\n';
        out.append(buf, end);
        out += item.text;
        out += '\n';
        return;
    }
    std::snprintf(buf, sizeof buf, "loop %u %llu\n", item.count, static_cast<unsigned long long>(item.lines - 1));
    out += buf;
    for (const FoldItem& i : item.body)
        print(i, out);
}

} // namespace cs::record
