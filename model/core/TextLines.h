#pragma once
// A text's lines, one after another, as views into it: split at '\n', a '\r' before it dropped; the text's
// last line counts whether or not a '\n' ends it, and no empty line follows a final '\n'. What the readers of
// line-oriented formats (csrec, SimGrid's traces, measured CSV) share.
#include <cstddef>
#include <string_view>

namespace cs {

class TextLines {
public:
    explicit TextLines(std::string_view text) : text_(text) {}

    // The next line into `line` (and its length before any '\r' was dropped into `raw`); false at the end.
    bool next(std::string_view& line, std::size_t* raw = nullptr)
    {
        if (pos_ >= text_.size())
            return false;
        std::size_t nl = text_.find('\n', pos_);
        last_ = nl == std::string_view::npos;
        if (last_)
            nl = text_.size();
        line = text_.substr(pos_, nl - pos_);
        if (raw)
            *raw = line.size();
        pos_ = nl + 1;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        ++number_;
        return true;
    }
    std::size_t number() const { return number_; } // the line next() gave, from 1
    bool last() const { return last_; }            // it had no '\n' after it

private:
    std::string_view text_;
    std::size_t pos_ = 0, number_ = 0;
    bool last_ = false;
};

} // namespace cs
