#include "app/cli/PrintableStream.h"

#include "model/core/Printable.h"

#include <algorithm>
#include <cstring>
#include <ostream>

namespace cs::cli {

namespace {

// Pending text is filtered at each newline, each flush, and at this size (a
// long line of --json output is not held whole).
constexpr std::size_t kChunk = 64 * 1024;

// Bytes at the end of `s` that begin a UTF-8 sequence not yet complete.
std::size_t incompleteTail(const std::string& s)
{
    const std::size_t n = s.size();
    for (std::size_t back = 1; back <= 3 && back <= n; ++back) {
        const auto c = static_cast<unsigned char>(s[n - back]);
        if ((c & 0xC0) == 0x80)
            continue; // a continuation byte: look further back for its lead
        const std::size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        return need > back ? back : 0;
    }
    return 0;
}

} // namespace

PrintableStreamBuf::PrintableStreamBuf(std::ostream& target) : target_(target.rdbuf()) {}

PrintableStreamBuf::~PrintableStreamBuf()
{
    emit(true);
    if (target_)
        target_->pubsync();
}

void PrintableStreamBuf::emit(bool all)
{
    if (!target_ || pending_.empty())
        return;
    const std::size_t keep = all ? 0 : incompleteTail(pending_);
    const std::string_view done = std::string_view(pending_).substr(0, pending_.size() - keep);
    // Plain ASCII text (nearly all of it: tables, CSV, JSON) is written as it is.
    const bool plain = std::all_of(done.begin(), done.end(), [](char c) {
        return (c >= 0x20 && c < 0x7F) || c == '\n' || c == '\t';
    });
    if (plain)
        target_->sputn(done.data(), static_cast<std::streamsize>(done.size()));
    else {
        const std::string text = printable(done, true);
        target_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
    }
    pending_.erase(0, pending_.size() - keep);
}

void PrintableStreamBuf::maybeEmit(bool sawNewline)
{
    if (sawNewline || pending_.size() >= kChunk)
        emit(false);
}

void PrintableStreamBuf::raw(std::string_view text)
{
    emit(true);
    if (target_)
        target_->sputn(text.data(), static_cast<std::streamsize>(text.size()));
}

PrintableStreamBuf::int_type PrintableStreamBuf::overflow(int_type c)
{
    if (traits_type::eq_int_type(c, traits_type::eof()))
        return traits_type::not_eof(c);
    pending_ += traits_type::to_char_type(c);
    maybeEmit(traits_type::to_char_type(c) == '\n');
    return c;
}

std::streamsize PrintableStreamBuf::xsputn(const char* s, std::streamsize n)
{
    pending_.append(s, static_cast<std::size_t>(n));
    maybeEmit(std::memchr(s, '\n', static_cast<std::size_t>(n)) != nullptr);
    return n;
}

int PrintableStreamBuf::sync()
{
    emit(false);
    return target_ ? target_->pubsync() : 0;
}

void startLine(std::ostream& s)
{
    if (auto* buf = dynamic_cast<PrintableStreamBuf*>(s.rdbuf())) {
        buf->raw("\r");
        return;
    }
    s << '\r';
}

} // namespace cs::cli
