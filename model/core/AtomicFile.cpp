#include "model/core/AtomicFile.h"
#include "model/core/ModelError.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace cs {

namespace {

std::string systemError(const std::string& what, const std::string& path)
{
    return what + " '" + path + "': " + std::strerror(errno);
}

constexpr const char* kTempSuffix = ".tmp-"; // then mkstemp's six characters

// Removes `file` when it is a stale temporary: a regular file of ours, not
// modified for `minAge` seconds, on which no live writer holds its lock.
bool removeIfStale(const std::string& file, double minAge)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    bool removed = false;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == ::geteuid() &&
        std::difftime(std::time(nullptr), st.st_mtime) >= minAge && ::flock(fd, LOCK_EX | LOCK_NB) == 0) {
        // Still the same file under that name (not replaced since we opened it)?
        struct stat now {};
        if (::lstat(file.c_str(), &now) == 0 && now.st_ino == st.st_ino && now.st_dev == st.st_dev)
            removed = ::unlink(file.c_str()) == 0;
    }
    ::close(fd);
    return removed;
}

} // namespace

int removeStaleTemporaries(const std::string& path, double minAgeSeconds)
{
    namespace fs = std::filesystem;
    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string prefix = target.filename().string() + kTempSuffix;
    int removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (name.size() == prefix.size() + 6 && name.compare(0, prefix.size(), prefix) == 0 &&
            removeIfStale(it->path().string(), minAgeSeconds))
            ++removed;
    }
    return removed;
}

namespace {

// The file a save replaces: `path`, or the file its symbolic links lead to
// (as QSaveFile does), so that a link stays a link and its target is what
// changes. A dangling link leads to the file it names, which the save then
// creates; a loop of links is left to the rename to report.
std::string saveTarget(const std::string& path)
{
    namespace fs = std::filesystem;
    fs::path p(path);
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code ec;
        if (!fs::is_symlink(fs::symlink_status(p, ec)) || ec)
            break;
        const fs::path to = fs::read_symlink(p, ec);
        if (ec)
            break;
        p = to.is_absolute() ? to : p.parent_path() / to;
    }
    return p.string();
}

// The umask, read without changing it (umask() would, for a moment, for
// every thread of the process).
mode_t processUmask()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line))
        if (line.rfind("Umask:", 0) == 0)
            return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
    return 022;
}

} // namespace

AtomicFileWriter::AtomicFileWriter(const std::string& path) : path_(saveTarget(path))
{
    removeStaleTemporaries(path_);
    tmp_ = path_ + kTempSuffix + "XXXXXX";
    fd_ = ::mkstemp(tmp_.data());
    if (fd_ < 0)
        throw ModelError(systemError("cannot create a temporary file next to", path_));
    // The lock tells a later writer's clean-up that this file is in use.
    ::flock(fd_, LOCK_EX | LOCK_NB);
    // The file keeps its permissions (a 0600 file stays private); a new one
    // gets 0644 less the umask, as a plain open() would give it.
    struct stat st {};
    mode_t mode = 0;
    if (::stat(path_.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
        mode = st.st_mode & 07777;
    } else {
        mode = 0644 & ~processUmask();
    }
    ::fchmod(fd_, mode);
}

AtomicFileWriter::~AtomicFileWriter()
{
    abandon();
}

void AtomicFileWriter::abandon()
{
    if (fd_ < 0)
        return;
    ::close(fd_);
    fd_ = -1;
    ::unlink(tmp_.c_str());
}

void AtomicFileWriter::write(std::string_view text)
{
    if (fd_ < 0)
        throw ModelError("cannot write '" + tmp_ + "': the file is already closed");
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t n = ::write(fd_, text.data() + written, text.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string msg = systemError("cannot write", tmp_);
            abandon();
            throw ModelError(msg);
        }
        written += static_cast<std::size_t>(n);
    }
}

void AtomicFileWriter::commit()
{
    if (fd_ < 0)
        throw ModelError("cannot save '" + path_ + "': the temporary file is already closed");
    if (::fsync(fd_) != 0) {
        const std::string msg = systemError("cannot flush", tmp_);
        abandon();
        throw ModelError(msg);
    }
    // Rename while the lock is held, then close.
    if (::rename(tmp_.c_str(), path_.c_str()) != 0) {
        const std::string msg = systemError("cannot replace", path_);
        abandon();
        throw ModelError(msg);
    }
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0)
        throw ModelError(systemError("cannot close", path_));
}

void writeFileAtomically(const std::string& path, std::string_view content)
{
    AtomicFileWriter w(path);
    w.write(content);
    w.commit();
}

std::string tryWriteFileAtomically(const std::string& path, std::string_view content)
{
    try {
        writeFileAtomically(path, content);
    } catch (const ModelError& e) {
        return e.what();
    }
    return {};
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ModelError(systemError("cannot open", path));
    // Into one string of the file's size: a stream buffer and a copy of it
    // would take three times the text at the peak.
    std::string text;
    std::error_code ec;
    if (const auto size = std::filesystem::file_size(path, ec); !ec)
        text.reserve(static_cast<std::size_t>(size));
    char buf[1 << 16];
    while (in.read(buf, sizeof buf) || in.gcount() > 0)
        text.append(buf, static_cast<std::size_t>(in.gcount()));
    if (in.bad())
        throw ModelError(systemError("cannot read", path));
    return text;
}

} // namespace cs
