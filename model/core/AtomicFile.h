#pragma once
#include <string>
#include <string_view>

namespace cs {

// Writes a file atomically, in pieces: the text goes to a temporary file in
// the same folder (PATH.tmp-XXXXXX, locked while it is written), which
// commit() flushes to disk and renames over PATH, so a crash leaves either
// the old file or the new one, never half of each. A writer destroyed
// without commit() removes its temporary file. Temporary files that a killed
// process left behind for the same PATH (older than a minute, locked by no
// one) are removed when the next writer opens. Errors throw ModelError
// naming the path and the system's reason.
class AtomicFileWriter {
public:
    explicit AtomicFileWriter(const std::string& path);
    ~AtomicFileWriter();
    AtomicFileWriter(const AtomicFileWriter&) = delete;
    AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

    void write(std::string_view text);
    void commit();

    const std::string& temporaryPath() const { return tmp_; }

private:
    void abandon();

    std::string path_;
    std::string tmp_;
    int fd_ = -1;
};

// The whole content at once (see AtomicFileWriter). Every save of the
// program goes through here, the CLI's and the GUI's alike: a save keeps the
// file's permissions (a 0600 file stays 0600; a new file gets 0644 less the
// umask) and, when PATH is a symbolic link, replaces the file it leads to
// and leaves the link a link.
void writeFileAtomically(const std::string& path, std::string_view content);

// The same for callers that report rather than throw (the GUI): "" when the
// file was written, else the reason, naming the path.
std::string tryWriteFileAtomically(const std::string& path, std::string_view content);

// Removes PATH.tmp-XXXXXX files of earlier writes of `path` that are older
// than `minAgeSeconds`, regular, ours, and not locked by a live writer.
// Returns how many were removed. Called by every writer; public for tests.
int removeStaleTemporaries(const std::string& path, double minAgeSeconds = 60.0);

// Reads a whole file; throws ModelError naming the path when it cannot.
std::string readFile(const std::string& path);

} // namespace cs
