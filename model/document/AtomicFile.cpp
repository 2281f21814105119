#include "model/document/AtomicFile.h"
#include "model/core/ModelError.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace cs {

namespace {
std::string systemError(const std::string& what, const std::string& path)
{
    return what + " '" + path + "': " + std::strerror(errno);
}
} // namespace

void writeFileAtomically(const std::string& path, const std::string& content)
{
    std::string tmpl = path + ".tmp-XXXXXX";
    const int fd = ::mkstemp(tmpl.data());
    if (fd < 0)
        throw ModelError(systemError("cannot create a temporary file next to", path));
    std::size_t written = 0;
    while (written < content.size()) {
        const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string msg = systemError("cannot write", tmpl);
            ::close(fd);
            ::unlink(tmpl.c_str());
            throw ModelError(msg);
        }
        written += static_cast<std::size_t>(n);
    }
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string msg = systemError("cannot flush", tmpl);
        ::unlink(tmpl.c_str());
        throw ModelError(msg);
    }
    if (::rename(tmpl.c_str(), path.c_str()) != 0) {
        const std::string msg = systemError("cannot replace", path);
        ::unlink(tmpl.c_str());
        throw ModelError(msg);
    }
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw ModelError(systemError("cannot open", path));
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

} // namespace cs
