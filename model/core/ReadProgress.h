#pragma once
// How far a long read has come (a document with a drawing of 10^5 vertices
// takes seconds), for a progress bar on another thread. The thread that
// reads installs a ReadProgress for the time of the read (Scope); the
// readers report to it by stage. Without one, a report costs the test of a
// thread-local pointer, and the JSON reader does not count bytes at all.
#include <atomic>
#include <cstddef>

namespace cs {

class ReadProgress {
public:
    // Percent done, 0 to 100; it only grows. Safe from any thread.
    int percent() const { return percent_.load(std::memory_order_relaxed); }

    // The stages of reading a document, in percent: the JSON text by bytes,
    // then a drawn topology by vertices and links built.
    static constexpr int kParsedAt = 60;
    static constexpr int kTopologyBuiltAt = 95;

    // Reports `done` of `total` of the stage spanning [from, to] percent to
    // this thread's ReadProgress, if any.
    static void report(int from, int to, std::size_t done, std::size_t total);
    // True when this thread has a ReadProgress installed.
    static bool active();

    // Installs `progress` for the calling thread until destroyed.
    class Scope {
    public:
        explicit Scope(ReadProgress& progress);
        ~Scope();
        Scope(const Scope&) = delete;
        Scope& operator=(const Scope&) = delete;

    private:
        ReadProgress* previous_;
    };

private:
    std::atomic<int> percent_{0};
};

} // namespace cs
