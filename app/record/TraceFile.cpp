#include "app/record/TraceFile.h"

#include <cstdlib>

namespace cs::record {

namespace {
constexpr std::size_t kBuffer = 1 << 20; // a write(2) per MiB, not per event
}

TraceFile::~TraceFile()
{
    close();
}

bool TraceFile::open(const std::string& path, std::uint64_t limit)
{
    close();
    file_ = std::fopen(path.c_str(), "w");
    if (!file_)
        return false;
    buffer_ = static_cast<char*>(std::malloc(kBuffer));
    if (buffer_)
        std::setvbuf(file_, buffer_, _IOFBF, kBuffer);
    limit_ = limit < kReserve ? kReserve : limit;
    bytes_ = 0;
    truncated_ = false;
    return true;
}

void TraceFile::put(const std::string& text, const std::string& whyFull)
{
    if (!writing())
        return;
    if (bytes_ + text.size() + kReserve > limit_) {
        truncate(whyFull);
        return;
    }
    std::fwrite(text.data(), 1, text.size(), file_);
    bytes_ += text.size();
}

void TraceFile::truncate(const std::string& reason)
{
    if (!writing())
        return;
    std::string line = "truncated " + reason;
    if (line.size() > kReserve - 1)
        line.resize(kReserve - 1);
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), file_);
    bytes_ += line.size();
    truncated_ = true;
}

void TraceFile::close()
{
    if (file_)
        std::fclose(file_);
    file_ = nullptr;
    std::free(buffer_);
    buffer_ = nullptr;
}

} // namespace cs::record
