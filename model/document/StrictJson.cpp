#include "model/document/StrictJson.h"
#include "model/document/DocumentFormat.h"

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
    StrictSax(json& root, int maxDepth) : dom_(root, true), maxDepth_(maxDepth) {}

    bool null() { return element() && dom_.null(); }
    bool boolean(bool v) { return element() && dom_.boolean(v); }
    bool number_integer(json::number_integer_t v) { return element() && dom_.number_integer(v); }
    bool number_unsigned(json::number_unsigned_t v) { return element() && dom_.number_unsigned(v); }
    bool number_float(json::number_float_t v, const json::string_t& s) { return element() && dom_.number_float(v, s); }
    bool string(json::string_t& v) { return element() && dom_.string(v); }
    bool binary(json::binary_t& v) { return element() && dom_.binary(v); }

    bool start_object(std::size_t n)
    {
        open(false);
        return dom_.start_object(n);
    }
    bool key(json::string_t& k)
    {
        Frame& f = frames_.back();
        if (!f.keys.insert(k).second)
            fail(pathTo(k), "the key \"" + clipText(k) + "\" appears twice in this object");
        f.key = k;
        return dom_.key(k);
    }
    bool end_object()
    {
        frames_.pop_back();
        return dom_.end_object();
    }
    bool start_array(std::size_t n)
    {
        open(true);
        return dom_.start_array(n);
    }
    bool end_array()
    {
        frames_.pop_back();
        return dom_.end_array();
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
    struct Frame {
        bool array = false;
        std::size_t next = 0;      // arrays: index of the next element
        std::string key;           // objects: the current member's key
        std::set<std::string> keys; // objects: every key seen
    };

    // A value starts: in an array it takes the next index.
    bool element()
    {
        if (!frames_.empty() && frames_.back().array)
            ++frames_.back().next;
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
    std::vector<Frame> frames_;
};

} // namespace

json parseStrictJson(const std::string& text, int maxDepth)
{
    json root;
    StrictSax sax(root, maxDepth);
    json::sax_parse(text, &sax);
    return root;
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

std::string clipText(std::string_view s, std::size_t max)
{
    if (s.size() <= max)
        return std::string(s);
    std::size_t cut = max;
    // Back up to the start of a UTF-8 sequence (never cut 10xxxxxx bytes off their lead).
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
        --cut;
    return std::string(s.substr(0, cut)) + "\xE2\x80\xA6"; // "…"
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
