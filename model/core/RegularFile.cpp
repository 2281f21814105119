#include "model/core/RegularFile.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <unistd.h>

namespace cs {

namespace {

// "" for a regular file, else why it is not one.
std::string notRegular(mode_t mode)
{
    if (S_ISREG(mode))
        return {};
    if (S_ISFIFO(mode))
        return "is a FIFO, not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device, not a regular file";
    if (S_ISSOCK(mode))
        return "is a socket, not a regular file";
    if (S_ISDIR(mode))
        return "is a folder, not a file";
    return "is not a regular file";
}

} // namespace

std::string readRegularFile(const std::string& path, std::size_t maxBytes, const std::string& what)
{
    const std::string named = what + " " + path;
    struct stat st{};
    if (::stat(path.c_str(), &st) != 0)
        throw std::invalid_argument("cannot read " + named + ": " + std::strerror(errno));
    if (const std::string why = notRegular(st.st_mode); !why.empty())
        throw std::invalid_argument(named + " " + why);
    if (static_cast<std::size_t>(st.st_size) > maxBytes)
        throw std::invalid_argument(named + " is larger than " + std::to_string(maxBytes) + " bytes");
    // Replaced by a FIFO between stat and open: O_NONBLOCK keeps the open
    // from waiting, and fstat tells what was opened.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        throw std::invalid_argument("cannot read " + named + ": " + std::strerror(errno));
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};
    if (::fstat(fd, &st) != 0)
        throw std::invalid_argument("cannot read " + named + ": " + std::strerror(errno));
    if (const std::string why = notRegular(st.st_mode); !why.empty())
        throw std::invalid_argument(named + " " + why);
    std::string text;
    char buf[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            throw std::invalid_argument("cannot read " + named + ": " + std::strerror(errno));
        if (n == 0)
            break;
        text.append(buf, static_cast<std::size_t>(n));
        if (text.size() > maxBytes) // it grew since stat
            throw std::invalid_argument(named + " is larger than " + std::to_string(maxBytes) + " bytes");
    }
    return text;
}

} // namespace cs
