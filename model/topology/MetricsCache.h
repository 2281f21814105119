#pragma once
// A small thread-safe cache of topology metrics by parameter set, for the
// blocks that build a network from their inputs (the design's topology source
// and topology.metrics). A sweep evaluates the same network many times (every
// variant, the speedup baseline, every point of another axis); building it and
// measuring it again would dominate. Round-robin replacement: a sweep over up
// to Size networks computes each once.
#include <algorithm>
#include <array>
#include <cstddef>
#include <mutex>

namespace cs {

template <std::size_t Keys, std::size_t Values, std::size_t Size>
class MetricsCache {
public:
    using Key = std::array<double, Keys>;
    using Value = std::array<double, Values>;

    // Copies the cached values for `key` into `out` and returns true, or
    // returns false (a miss). Does not allocate.
    bool find(const Key& key, double* out) const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        for (const Entry& e : entries_)
            if (e.used && e.key == key) {
                std::copy(e.value.begin(), e.value.end(), out);
                ++hits_;
                return true;
            }
        ++misses_;
        return false;
    }
    void store(const Key& key, const Value& value) const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        entries_[next_] = {true, key, value};
        next_ = (next_ + 1) % Size;
    }
    std::size_t hits() const
    {
        std::lock_guard<std::mutex> lock(mutex_);
        return hits_;
    }
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
    mutable std::mutex mutex_;
    mutable std::array<Entry, Size> entries_{};
    mutable std::size_t next_ = 0;
    mutable std::size_t hits_ = 0, misses_ = 0;
};

} // namespace cs
