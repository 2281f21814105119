#pragma once
// A small thread-safe cache of topology metrics by parameter set, for the
// blocks that build a network from their inputs (the design's topology source
// and topology.metrics). A sweep evaluates the same network many times (every
// variant, the speedup baseline, every point of another axis); building it and
// measuring it again would dominate. Round-robin replacement: a sweep over up
// to Size networks computes each once.
//
// The look-up a sweep does at every block evaluation touches no shared
// memory: each thread keeps its own few recent entries (a front cache) and
// takes the shared table's mutex only when they miss. A mutex and a shared
// hit counter on every look-up made two sweep threads slower than one: the
// lock's cache line moved between the cores at each of the ~10 look-ups a
// point does. Entries never change once stored (a key's metrics are a pure
// function of the key and the block), so a front entry cannot go stale.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <mutex>

namespace cs {

namespace detail {
// A number no other cache has had: front entries are tagged with it, so an
// entry of a destroyed cache is never taken for one of a new cache at the
// same address.
inline std::uint64_t nextMetricsCacheId()
{
    static std::atomic<std::uint64_t> next{0};
    return ++next;
}
} // namespace detail

template <std::size_t Keys, std::size_t Values, std::size_t Size>
class MetricsCache {
public:
    using Key = std::array<double, Keys>;
    using Value = std::array<double, Values>;

    // Copies the cached values for `key` into `out` and returns true, or
    // returns false (a miss). Does not allocate.
    bool find(const Key& key, double* out) const
    {
        Front& front = frontCache();
        for (const FrontEntry& e : front.entries)
            if (e.owner == id_ && e.key == key) {
                std::copy(e.value.begin(), e.value.end(), out);
                return true;
            }
        std::lock_guard<std::mutex> lock(mutex_);
        for (const Entry& e : entries_)
            if (e.used && e.key == key) {
                std::copy(e.value.begin(), e.value.end(), out);
                remember(front, key, e.value);
                return true;
            }
        ++misses_;
        return false;
    }
    void store(const Key& key, const Value& value) const
    {
        remember(frontCache(), key, value);
        std::lock_guard<std::mutex> lock(mutex_);
        entries_[next_] = {true, key, value};
        next_ = (next_ + 1) % Size;
    }
    // Look-ups that found nothing (each one computed the metrics), for tests.
    std::size_t misses() const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return misses_;
    }

private:
    struct Entry {
        bool used = false;
        Key key{};
        Value value{};
    };
    static constexpr std::size_t kFront = 8; // per thread, shared by every cache of this shape
    struct FrontEntry {
        std::uint64_t owner = 0; // id_ of the cache the entry belongs to; 0 = empty
        Key key{};
        Value value{};
    };
    struct Front {
        std::array<FrontEntry, kFront> entries{};
        std::size_t next = 0;
    };
    static Front& frontCache()
    {
        thread_local Front front;
        return front;
    }
    void remember(Front& front, const Key& key, const Value& value) const
    {
        front.entries[front.next] = {id_, key, value};
        front.next = (front.next + 1) % kFront;
    }

    const std::uint64_t id_ = detail::nextMetricsCacheId();
    mutable std::mutex mutex_;
    mutable std::array<Entry, Size> entries_{};
    mutable std::size_t next_ = 0;
    mutable std::size_t misses_ = 0;
};

} // namespace cs
