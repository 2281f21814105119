#pragma once
// One rank's trace file (rank-N.csrec), written through a large buffer and bounded by a byte limit: text that
// would take the file past the limit is not written, and the file ends with "truncated REASON" instead
// (docs/format.md, "Recorded runs"). The program it records goes on as if nothing happened.
#include <cstdint>
#include <cstdio>
#include <string>

namespace cs::record {

class TraceFile {
public:
    // Room kept below the limit for the "truncated" line, so the file never passes the limit.
    static constexpr std::uint64_t kReserve = 256;

    TraceFile() = default;
    ~TraceFile();
    TraceFile(const TraceFile&) = delete;
    TraceFile& operator=(const TraceFile&) = delete;

    // Opens `path` for writing (created or emptied); limit: the most bytes the file may hold (>= kReserve).
    // False, with errno set, when it cannot be opened.
    bool open(const std::string& path, std::uint64_t limit);
    // Appends `text` when it fits; otherwise writes "truncated " + whyFull and takes nothing more.
    void put(const std::string& text, const std::string& whyFull);
    // Ends the file with "truncated REASON" (when it is not already truncated) and takes nothing more.
    void truncate(const std::string& reason);
    void close();

    bool writing() const { return file_ && !truncated_; }
    bool truncated() const { return truncated_; }
    std::uint64_t bytes() const { return bytes_; }

private:
    std::FILE* file_ = nullptr;
    char* buffer_ = nullptr;
    std::uint64_t limit_ = 0, bytes_ = 0;
    bool truncated_ = false;
};

} // namespace cs::record
