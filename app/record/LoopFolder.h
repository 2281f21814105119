#pragma once
// Folds one rank's stream of MPI events into loops as it arrives, so that a program's iterations are stored once
// with a count (issue 44, "Memory and file size are bounded"). The stream is a sequence of events, each an event
// line of the csrec format (docs/format.md, "Recorded runs") and the compute before it. Two events are the same
// when their lines are; computes are not compared, and a folded event keeps the mean of the computes it stands
// for. Loops nest: a loop is an item of its own, the same as another when its count and body are.
//
// Online and bounded: the folder keeps a window of the latest items (at most `window`), and on each new one
// looks for a period of 1 to `maxBody` items at the window's end, either the body of the loop just before
// them (the loop's count grows) or two equal halves (a new loop of count 2). Items that fall out of the window
// are handed to `emit` and never change again. Folding is lossless apart from the computes' means: what is
// printed expands to exactly the events that came in, in their order.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace cs::record {

// An event (text set, body empty) or a loop (text empty, count >= 2, body its items).
struct FoldItem {
    std::string text;       // the event's line, without its newline; "" for a loop
    std::uint64_t sig = 0;  // a hash of what makes two items the same (text; count and body)
    double computeSum = 0;  // event: the sum of the computes before it, over every time it stands for
    std::uint64_t times = 1; // event: how many events it stands for (the mean is computeSum / times)
    std::uint32_t count = 0; // loop: repetitions
    std::vector<FoldItem> body;
    std::uint64_t bodySig = 0; // loop: the hash of its body's items, kept while its count grows
    std::uint64_t lines = 2; // the lines it prints: an event "c SECONDS" and its line; a loop its header and body

    bool isLoop() const { return count > 0; }
};

class LoopFolder {
public:
    // The reader refuses a loop COUNT above 10^7 (docs/format.md): a loop that reaches it takes no more.
    static constexpr std::uint32_t kMaxCount = 10'000'000;
    // A body of more lines is not folded: one item's memory stays bounded.
    static constexpr std::uint64_t kMaxBodyLines = 1 << 16;

    using Emit = std::function<void(const FoldItem&)>;

    // window: the items kept before they are emitted; maxBody: the longest period looked for, in items.
    explicit LoopFolder(Emit emit, std::size_t window = 1024, std::size_t maxBody = 128);

    // One event: its line and the compute (seconds) before it.
    void add(std::string line, double compute);
    // Emits every item still held (at the end of the recording).
    void finish();

    // The csrec text of an item: "c MEAN\nLINE\n", or "loop COUNT LEN\n" and its body (LEN its lines).
    static void print(const FoldItem& item, std::string& out);

private:
    // What the search for a period reads of each item, side by side in memory: the scan over up to maxBody
    // items for every event is most of the folder's time when nothing repeats.
    struct Probe {
        std::uint64_t sig;
        std::uint64_t tailSig;  // a loop that can take one more repetition: its body's last item's sig, else 0
        std::uint64_t bodySize; // such a loop's body items, else 0
    };
    static Probe probeOf(const FoldItem& item);
    void push(FoldItem item);
    void popTo(std::size_t n);
    bool foldOnce();
    void emitOldest();

    Emit emit_;
    std::size_t window_, maxBody_;
    std::vector<FoldItem> items_;
    std::vector<Probe> probes_; // probes_[i] describes items_[i]
};

} // namespace cs::record
