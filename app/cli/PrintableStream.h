#pragma once
// Everything clusterscope-cli writes to its standard output and error goes
// through one filter: text from a design document, a results file, a
// hostfile, an imported topology or a remote agent's reply cannot reach the
// terminal as escape codes, a carriage return or a bidi override, whichever
// command path prints it. The filter is printable() (model/core/Printable.h)
// with newlines kept; a progress line's carriage return, which the program
// itself writes, goes through startLine().
#include <iosfwd>
#include <streambuf>
#include <string>
#include <string_view>

namespace cs::cli {

class PrintableStreamBuf : public std::streambuf {
public:
    // Writes to `target` (whose buffer must outlive this one).
    explicit PrintableStreamBuf(std::ostream& target);
    ~PrintableStreamBuf() override;
    PrintableStreamBuf(const PrintableStreamBuf&) = delete;
    PrintableStreamBuf& operator=(const PrintableStreamBuf&) = delete;

    // Writes `text` unfiltered after what is pending (the program's own
    // control characters, never document text).
    void raw(std::string_view text);

protected:
    int_type overflow(int_type c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;

private:
    // Filters and writes what is pending, all of it (`all`) or up to the
    // last complete UTF-8 sequence (a character split between two writes
    // is judged whole).
    void emit(bool all);
    void maybeEmit(bool sawNewline);

    std::streambuf* target_;
    std::string pending_;
};

// A carriage return that starts a progress line over again: unfiltered when
// `s` writes through a PrintableStreamBuf, a plain "\r" otherwise.
void startLine(std::ostream& s);

} // namespace cs::cli
