#include "model/core/StrictJson.h"
#include "model/core/DocumentError.h"
#include "model/core/NumberFormat.h"
#include "model/core/ReadProgress.h"

#include <cstdint>
#include <cstdio>
#include <algorithm>
#include <iterator>
#include <set>
#include <type_traits>
#include <utility>
#include <vector>

namespace cs {

using nlohmann::json;

namespace {

// A SAX handler that builds the tree with the library's own DOM builder and
// keeps, beside it, where in the document it is: one frame per open object
// or array. It refuses before building anything deeper than the bound, and
// names the path of every refusal.
class StrictSax {
public:
    StrictSax(json& root, int maxDepth, std::size_t maxTreeBytes)
        : dom_(root, true), maxDepth_(maxDepth), maxTreeBytes_(maxTreeBytes)
    {
    }

    bool null() { return element() && (over_ || dom_.null()); }
    bool boolean(bool v) { return element() && (over_ || dom_.boolean(v)); }
    bool number_integer(json::number_integer_t v) { return element() && (over_ || dom_.number_integer(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return element() && (over_ || dom_.number_unsigned(v)); }
    bool number_float(json::number_float_t v, const json::string_t& s)
    {
        return element() && (over_ || dom_.number_float(v, s));
    }
    bool string(json::string_t& v)
    {
        charge(kHeapString + longText(v.size()));
        return element() && (over_ || dom_.string(v));
    }
    bool binary(json::binary_t& v) { return element() && (over_ || dom_.binary(v)); }

    bool start_object(std::size_t n)
    {
        open(false);
        charge(kObject);
        return over_ || dom_.start_object(n);
    }
    bool key(json::string_t& k)
    {
        Frame& f = frames_.back();
        if (!f.keys.insert(k).second)
            fail(pathTo(k), "the key \"" + clipText(k) + "\" appears twice in this object");
        f.key = k;
        charge(kMember + longText(k.size()));
        return over_ || dom_.key(k);
    }
    bool end_object()
    {
        frames_.pop_back();
        return over_ || dom_.end_object();
    }
    bool start_array(std::size_t n)
    {
        open(true);
        charge(kArray);
        return over_ || dom_.start_array(n);
    }
    bool end_array()
    {
        frames_.pop_back();
        return over_ || dom_.end_array();
    }

    // After the parse: refuses a tree that passed the bound, with the estimate
    // for the whole text.
    void finish() const
    {
        if (!over_)
            return;
        throw DocumentError({"(document): reading this document would take about " + bytesText(estimate_) +
                             " of memory (" + std::to_string(values_) + " JSON values), more than the " +
                             bytesText(maxTreeBytes_) + " a document may take"});
    }

    template <class Exception>
    bool parse_error(std::size_t byte, const std::string& token, const Exception& ex)
    {
        // The library's message quotes the token it read, which may be huge.
        std::string what = ex.what();
        if (const auto colon = what.find("]: "); colon != std::string::npos) // "[json.exception...] "
            what = what.substr(colon + 3);
        else if (const auto bracket = what.find("] "); bracket != std::string::npos)
            what = what.substr(bracket + 2);
        if constexpr (std::is_same_v<Exception, json::out_of_range>) {
            if (ex.id == 406)
                fail(pendingPath(), "the number " + clipText(token) + " is too large for a double");
            fail(pendingPath(), clipText(what, 200));
        }
        if (const auto colon = what.find(": "); colon != std::string::npos)
            what = what.substr(colon + 2); // drop "parse error at line 1, column 5"
        throw DocumentError({"(document): malformed JSON at byte " + std::to_string(byte) + ": " + clipText(what, 200)});
    }

private:
    // What the library's tree takes per item on a 64-bit system, heap block
    // overhead included: a value in an array (16); an object member, its
    // tree node, key and value (96); an object's map (64); an array's vector
    // (40); a string's heap block (48), and text beyond the 15 characters a
    // std::string keeps inline.
    static constexpr std::size_t kElement = 16, kMember = 96, kObject = 64, kArray = 40, kHeapString = 48;
    static std::size_t longText(std::size_t n) { return n > 15 ? n + 17 : 0; }

    static std::string bytesText(std::size_t bytes)
    {
        const double mib = static_cast<double>(bytes) / (1024.0 * 1024.0);
        return mib >= 1024.0 ? formatFixed(mib / 1024.0, 1) + " GiB" : formatFixed(mib, 0) + " MiB";
    }

    void charge(std::size_t bytes)
    {
        estimate_ += bytes;
        // Past the bound the tree stops growing; the text is still read to
        // the end, for its syntax and for the estimate the refusal gives.
        if (estimate_ > maxTreeBytes_)
            over_ = true;
    }

    struct Frame {
        bool array = false;
        std::size_t next = 0;      // arrays: index of the next element
        std::string key;           // objects: the current member's key
        std::set<std::string> keys; // objects: every key seen
    };

    // A value starts: in an array it takes the next index.
    bool element()
    {
        ++values_;
        if (frames_.empty())
            charge(kElement); // the root
        else if (frames_.back().array) {
            ++frames_.back().next;
            charge(kElement);
        }
        return true;
    }

    void open(bool array)
    {
        if (static_cast<int>(frames_.size()) >= maxDepth_)
            fail(pendingPath(), "nested deeper than " + std::to_string(maxDepth_) + " levels");
        element();
        frames_.push_back(Frame{array, 0, {}, {}});
    }

    // One step of a path: an index, or a key (clipped; keys can be huge).
    static std::string step(const std::string& path, const Frame& f, std::size_t index)
    {
        if (f.array)
            return path + "[" + std::to_string(index) + "]";
        return path + (path.empty() ? "" : ".") + clipText(f.key, 40);
    }

    // The path of the innermost open container.
    std::string containerPath() const
    {
        std::string p;
        for (std::size_t i = 0; i + 1 < frames_.size(); ++i)
            p = step(p, frames_[i], frames_[i].next - 1); // the child being read
        return p;
    }

    // The path of the element about to start in the innermost container.
    std::string pendingPath() const
    {
        if (frames_.empty())
            return "(document)";
        const std::string p = step(containerPath(), frames_.back(), frames_.back().next);
        return p.empty() ? "(document)" : p;
    }

    std::string pathTo(const std::string& key) const
    {
        const std::string base = containerPath();
        return base + (base.empty() ? "" : ".") + clipText(key, 40);
    }

    [[noreturn]] void fail(const std::string& path, const std::string& what) const
    {
        throw DocumentError({path + ": " + what});
    }

    nlohmann::detail::json_sax_dom_parser<json> dom_;
    int maxDepth_;
    std::size_t maxTreeBytes_;
    std::size_t estimate_ = 0; // bytes the tree takes so far (see charge)
    std::size_t values_ = 0;
    bool over_ = false;
    std::vector<Frame> frames_;
};

// The text's characters for the library's reader, reporting every MiB read
// to the thread's ReadProgress (used only when one is installed).
class CountingChars {
public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    CountingChars(const char* at, const std::string& text) : at_(at), begin_(text.data()), size_(text.size()) {}
    reference operator*() const { return *at_; }
    CountingChars& operator++()
    {
        ++at_;
        if (((at_ - begin_) & kEvery) == 0)
            ReadProgress::report(0, ReadProgress::kParsedAt, static_cast<std::size_t>(at_ - begin_), size_);
        return *this;
    }
    CountingChars operator++(int)
    {
        CountingChars was = *this;
        ++*this;
        return was;
    }
    bool operator==(const CountingChars& o) const { return at_ == o.at_; }
    bool operator!=(const CountingChars& o) const { return at_ != o.at_; }

private:
    static constexpr std::ptrdiff_t kEvery = (std::ptrdiff_t{1} << 20) - 1;
    const char* at_;
    const char* begin_;
    std::size_t size_;
};

} // namespace

json parseStrictJson(const std::string& text, int maxDepth, std::size_t maxTreeBytes)
{
    // The library's reader takes a NUL byte for the end of the text and
    // ignores what follows it; JSON text never holds one (a string writes it
    // as \u0000), so a NUL means the file is not what it seems.
    if (const auto nul = text.find('\0'); nul != std::string::npos)
        throw DocumentError({"(document): a NUL byte at byte " + std::to_string(nul) +
                             "; JSON text holds none (a string writes it as \\u0000)"});
    json root;
    try {
        StrictSax sax(root, maxDepth, maxTreeBytes);
        // Strict: anything after the value but white space is refused.
        if (ReadProgress::active())
            json::sax_parse(CountingChars(text.data(), text), CountingChars(text.data() + text.size(), text), &sax,
                            json::input_format_t::json, true);
        else
            json::sax_parse(text, &sax, json::input_format_t::json, true);
        sax.finish();
    } catch (...) {
        releaseJson(root); // the partial tree, without allocating
        throw;
    }
    return root;
}

void releaseJson(json& j) noexcept
{
    // Repeatedly walk down the last children to a container whose last child
    // is a scalar or empty, and remove that child: destroying it needs no
    // memory. At most kMaxJsonDepth steps down per child removed.
    while (j.is_structured() && !j.empty()) {
        json* parent = &j;
        for (;;) {
            json& last = parent->is_array() ? parent->get_ref<json::array_t&>().back()
                                            : std::prev(parent->get_ref<json::object_t&>().end())->second;
            if (!last.is_structured() || last.empty())
                break;
            parent = &last;
        }
        if (parent->is_array())
            parent->get_ref<json::array_t&>().pop_back();
        else
            parent->get_ref<json::object_t&>().erase(std::prev(parent->get_ref<json::object_t&>().end()));
    }
    j = nullptr;
}

bool deeperThan(const json& j, int maxDepth)
{
    // Depth-first over an explicit stack of (container, depth).
    std::vector<std::pair<const json*, int>> stack{{&j, 0}};
    while (!stack.empty()) {
        const auto [v, depth] = stack.back();
        stack.pop_back();
        if (!v->is_structured())
            continue;
        if (depth + 1 > maxDepth)
            return true;
        for (const json& child : *v)
            if (child.is_structured())
                stack.emplace_back(&child, depth + 1);
    }
    return false;
}

namespace {

// The code point starting at s[i] and its length in bytes, for the checks and the escaping below:
// two- and three-byte sequences decoded, a four-byte one (past the characters they look for) skipped
// whole, and any other byte taken as it is (invalid UTF-8 is the reader's to refuse, not these).
std::pair<std::uint32_t, std::size_t> codePointAt(std::string_view s, std::size_t i)
{
    const auto b = static_cast<unsigned char>(s[i]);
    if (b >= 0xC0 && b < 0xE0 && i + 1 < s.size())
        return {((b & 0x1Fu) << 6) | (static_cast<unsigned char>(s[i + 1]) & 0x3Fu), 2};
    if (b >= 0xE0 && b < 0xF0 && i + 2 < s.size())
        return {((b & 0x0Fu) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                    (static_cast<unsigned char>(s[i + 2]) & 0x3Fu),
                3};
    if (b >= 0xF0)
        return {b, std::min<std::size_t>(4, s.size() - i)};
    return {b, 1};
}

// The Unicode bidirectional formatting characters (ALM, LRM, RLM, LRE..RLO, LRI..PDI): they reorder
// what a reader sees.
bool bidiFormatting(std::uint32_t c)
{
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069);
}

} // namespace

std::string textProblem(std::string_view s, bool multiline)
{
    auto hex = [](std::uint32_t c) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(c));
        return std::string(buf);
    };
    for (std::size_t i = 0; i < s.size();) {
        const auto [c, len] = codePointAt(s, i);
        i += len;
        if ((c < 0x20 && !(multiline && (c == '\n' || c == '\t'))) || c == 0x7F || (c >= 0x80 && c <= 0x9F))
            return "holds the control character " + hex(c);
        if (bidiFormatting(c))
            return "holds the bidirectional formatting character " + hex(c);
    }
    return {};
}

namespace {

// A control or bidirectional formatting character, as an escape a reader
// can see ("\\u001b", "\\n"), or "" when `c` is shown as it is.
std::string escapeOf(std::uint32_t c)
{
    if (c == '\n')
        return "\\n";
    if (c == '\r')
        return "\\r";
    if (c == '\t')
        return "\\t";
    const bool control = c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F);
    if (!control && !bidiFormatting(c))
        return {};
    char buf[16];
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(c));
    return buf;
}

// `s` with escapeOf applied to each character (invalid UTF-8 passes as it is).
std::string escaped(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        const auto [c, len] = codePointAt(s, i);
        const std::string e = escapeOf(c);
        if (e.empty())
            out.append(s.substr(i, len));
        else
            out += e;
        i += len;
    }
    return out;
}

} // namespace

std::string clipText(std::string_view s, std::size_t max)
{
    if (s.size() <= max)
        return escaped(s);
    std::size_t cut = max;
    // Back up to the start of a UTF-8 sequence (never cut 10xxxxxx bytes off their lead).
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;
    return escaped(s.substr(0, cut)) + "\xE2\x80\xA6"; // "…"
}

std::string clipJson(const json& j, std::size_t max)
{
    if (j.is_string())
        return "\"" + clipText(j.get_ref<const std::string&>(), max) + "\"";
    if (!j.is_structured())
        return j.dump();
    // Containers: dump only when small, without walking a huge one.
    if (j.size() > max || deeperThan(j, 8))
        return std::string(j.is_array() ? "an array of " : "an object of ") + std::to_string(j.size()) +
               (j.size() == 1 ? " element" : " elements");
    return clipText(j.dump(-1, ' ', false, json::error_handler_t::replace), max);
}

} // namespace cs
