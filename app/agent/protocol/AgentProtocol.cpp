#include "app/agent/protocol/AgentProtocol.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace cs::agent {

using nlohmann::json;

std::string encodeFrame(const json& message)
{
    std::string text = message.dump(-1, ' ', false, json::error_handler_t::replace);
    if (text.size() > kMaxFrameBytes)
        throw std::length_error("message of " + std::to_string(text.size()) + " bytes exceeds the frame bound of " +
                                std::to_string(kMaxFrameBytes) + " bytes");
    const auto n = static_cast<std::uint32_t>(text.size());
    std::string frame;
    frame.reserve(4 + text.size());
    frame.push_back(static_cast<char>((n >> 24) & 0xff));
    frame.push_back(static_cast<char>((n >> 16) & 0xff));
    frame.push_back(static_cast<char>((n >> 8) & 0xff));
    frame.push_back(static_cast<char>(n & 0xff));
    frame += text;
    return frame;
}

void FrameDecoder::feed(const char* data, std::size_t size)
{
    if (broken_ || size == 0)
        return;
    // Drop consumed bytes before growing, so the buffer stays near one frame.
    if (pos_ > 0 && pos_ == buffer_.size()) {
        buffer_.clear();
        pos_ = 0;
    } else if (pos_ > 65536) {
        buffer_.erase(0, pos_);
        pos_ = 0;
    }
    buffer_.append(data, size);
}

FrameDecoder::Status FrameDecoder::next(std::string& frame)
{
    if (broken_)
        return refused_ == 0 ? Status::Empty : Status::Oversized;
    if (buffer_.size() - pos_ < 4)
        return Status::NeedMore;
    const auto* p = reinterpret_cast<const unsigned char*>(buffer_.data() + pos_);
    const std::uint32_t n = (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) |
                            std::uint32_t(p[3]);
    if (n == 0 || n > kMaxFrameBytes) {
        broken_ = true;
        refused_ = n;
        buffer_.clear();
        pos_ = 0;
        return n == 0 ? Status::Empty : Status::Oversized;
    }
    if (buffer_.size() - pos_ - 4 < n)
        return Status::NeedMore;
    frame.assign(buffer_, pos_ + 4, n);
    pos_ += 4 + n;
    return Status::Frame;
}

bool tokensEqual(std::string_view a, std::string_view b)
{
    // Compare every byte of the longer string so the time does not depend on
    // where the first difference is.
    const std::size_t n = std::max(a.size(), b.size());
    unsigned diff = a.size() == b.size() ? 0u : 1u;
    for (std::size_t i = 0; i < n; ++i) {
        const unsigned char x = i < a.size() ? static_cast<unsigned char>(a[i]) : 0;
        const unsigned char y = i < b.size() ? static_cast<unsigned char>(b[i]) : 0;
        diff |= static_cast<unsigned>(x ^ y);
    }
    return diff == 0;
}

json errorMessage(std::string_view code, std::string_view message, std::string_view runId)
{
    json j = {{"type", "error"}, {"code", std::string(code)}, {"message", std::string(message.substr(0, kMaxStringLength))}};
    if (!runId.empty())
        j["id"] = std::string(runId);
    return j;
}

std::vector<json> samplesMessages(std::string_view runId, const std::string& series,
                                  const std::vector<double>& values)
{
    std::vector<json> out;
    for (std::size_t i = 0; i < values.size(); i += kMaxChunkValues) {
        const std::size_t end = std::min(values.size(), i + kMaxChunkValues);
        json chunk = json::array();
        for (std::size_t k = i; k < end; ++k)
            chunk.push_back(std::isfinite(values[k]) ? json(values[k]) : json(nullptr));
        out.push_back({{"type", "samples"}, {"id", std::string(runId)}, {"series", series}, {"values", chunk}});
    }
    return out;
}

namespace {

// Nesting depth of a JSON text, counted outside strings, so that a deeply
// nested frame is refused before the parser sees it.
int nestingDepth(std::string_view s)
{
    int depth = 0;
    int worst = 0;
    bool inString = false;
    bool escaped = false;
    for (char c : s) {
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '[' || c == '{')
            worst = std::max(worst, ++depth);
        else if (c == ']' || c == '}')
            --depth;
    }
    return worst;
}

bool isIdentifier(const std::string& s)
{
    if (s.empty() || s.size() > kMaxIdLength)
        return false;
    for (char c : s) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                        c == '_' || c == '-' || c == '@' || c == ':';
        if (!ok)
            return false;
    }
    return true;
}

// Field checks. Each returns "" or the problem, naming the field.
class Checker {
public:
    explicit Checker(const json& obj) : obj_(obj) {}

    std::string identifier(const char* key, bool required = true) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return required ? missing(key) : "";
        if (!it->is_string() || !isIdentifier(it->get_ref<const std::string&>()))
            return std::string("\"") + key + "\" must be a name of 1 to " + std::to_string(kMaxIdLength) +
                   " letters, digits or . _ - @ :";
        return {};
    }
    std::string string(const char* key, bool required = true, std::size_t maxLen = kMaxStringLength) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return required ? missing(key) : "";
        if (!it->is_string())
            return std::string("\"") + key + "\" must be a string";
        if (it->get_ref<const std::string&>().size() > maxLen)
            return std::string("\"") + key + "\" is longer than " + std::to_string(maxLen) + " characters";
        return {};
    }
    std::string integer(const char* key, long long lo, long long hi, bool required = true) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return required ? missing(key) : "";
        if (!it->is_number_integer())
            return std::string("\"") + key + "\" must be an integer";
        const long long v = it->is_number_unsigned() ? static_cast<long long>(std::min<std::uint64_t>(
                                                           it->get<std::uint64_t>(), std::uint64_t(1) << 62))
                                                     : it->get<long long>();
        if (v < lo || v > hi)
            return std::string("\"") + key + "\" = " + std::to_string(v) + " is out of range [" + std::to_string(lo) +
                   ", " + std::to_string(hi) + "]";
        return {};
    }
    std::string number(const char* key, bool required = true) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return required ? missing(key) : "";
        if (!it->is_number() || !std::isfinite(it->get<double>()))
            return std::string("\"") + key + "\" must be a finite number";
        return {};
    }
    std::string object(const char* key, bool required = true) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return required ? missing(key) : "";
        if (!it->is_object())
            return std::string("\"") + key + "\" must be an object";
        return {};
    }
    std::string params(const char* key) const
    {
        if (auto p = object(key, false); !p.empty())
            return p;
        auto it = obj_.find(key);
        if (it == obj_.end())
            return {};
        if (it->size() > kMaxParams)
            return std::string("\"") + key + "\" has more than " + std::to_string(kMaxParams) + " entries";
        for (auto e = it->begin(); e != it->end(); ++e) {
            if (!isIdentifier(e.key()))
                return std::string("\"") + key + "\" has an invalid parameter name";
            if (!e->is_number() || !std::isfinite(e->get<double>()))
                return std::string("\"") + key + "." + e.key() + "\" must be a finite number";
        }
        return {};
    }
    std::string peers(const char* key, bool required) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return required ? missing(key) : "";
        if (!it->is_array())
            return std::string("\"") + key + "\" must be an array";
        if (it->size() > kMaxPeers)
            return std::string("\"") + key + "\" has more than " + std::to_string(kMaxPeers) + " entries";
        for (const json& p : *it) {
            if (!p.is_object())
                return std::string("\"") + key + "\" entries must be objects {\"host\", \"port\"}";
            Checker c(p);
            for (const std::string& e : {c.string("host", true, 255), c.integer("port", 0, 65535)})
                if (!e.empty())
                    return std::string("\"") + key + "\" entry: " + e;
        }
        return {};
    }
    std::string numbers(const char* key, std::size_t maxCount) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return missing(key);
        if (!it->is_array())
            return std::string("\"") + key + "\" must be an array of numbers";
        if (it->size() > maxCount)
            return std::string("\"") + key + "\" has more than " + std::to_string(maxCount) + " values";
        for (const json& v : *it)
            if (!v.is_number() && !v.is_null()) // null: a failed repetition (NaN)
                return std::string("\"") + key + "\" must be an array of numbers";
        return {};
    }
    std::string stringArray(const char* key, std::size_t maxCount) const
    {
        auto it = obj_.find(key);
        if (it == obj_.end())
            return missing(key);
        if (!it->is_array() || it->size() > maxCount)
            return std::string("\"") + key + "\" must be an array of at most " + std::to_string(maxCount) + " names";
        for (const json& v : *it)
            if (!v.is_string() || !isIdentifier(v.get_ref<const std::string&>()))
                return std::string("\"") + key + "\" must be an array of names";
        return {};
    }

private:
    static std::string missing(const char* key) { return std::string("missing \"") + key + "\""; }
    const json& obj_;
};

std::string firstProblem(std::initializer_list<std::string> problems)
{
    for (const std::string& p : problems)
        if (!p.empty())
            return p;
    return {};
}

std::string validateFromController(const std::string& type, const json& j)
{
    const Checker c(j);
    if (type == "hello") {
        auto it = j.find("versions");
        if (it == j.end() || !it->is_array() || it->size() != 2 || !(*it)[0].is_number_integer() ||
            !(*it)[1].is_number_integer())
            return "\"versions\" must be [lowest, highest] protocol versions the controller speaks";
        return c.string("token");
    }
    if (type == "run")
        return firstProblem({c.identifier("id"), c.identifier("probe"), c.identifier("role"), c.params("params"),
                             c.integer("rank", 0, 65535, false), c.integer("size", 1, 65536, false),
                             c.peers("peers", false), c.string("bind", false, 255)});
    if (type == "go")
        return firstProblem({c.identifier("id"), c.peers("peers", true)});
    if (type == "cancel")
        return c.identifier("id");
    if (type == "bye")
        return {};
    return "unknown message type \"" + type + "\" from a controller";
}

std::string validateFromAgent(const std::string& type, const json& j)
{
    const Checker c(j);
    if (type == "welcome")
        return firstProblem({c.integer("protocol", 1, 1000), c.string("agent"), c.stringArray("probes", 256),
                             c.object("environment")});
    if (type == "ready")
        return firstProblem({c.identifier("id"), c.integer("port", 0, 65535)});
    if (type == "progress")
        return firstProblem({c.identifier("id"), c.number("done"), c.number("total")});
    if (type == "samples")
        return firstProblem({c.identifier("id"), c.identifier("series"), c.numbers("values", kMaxChunkValues)});
    if (type == "result")
        return firstProblem({c.identifier("id"), c.object("summary"), c.object("environment"),
                             c.object("details", false)});
    if (type == "error")
        return firstProblem({c.identifier("code"), c.string("message"), c.identifier("id", false)});
    return "unknown message type \"" + type + "\" from an agent";
}

} // namespace

std::string parseMessage(std::string_view payload, Sender sender, Message& out)
{
    if (payload.empty())
        return "empty frame";
    if (payload.size() > kMaxFrameBytes)
        return "frame of " + std::to_string(payload.size()) + " bytes exceeds the bound of " +
               std::to_string(kMaxFrameBytes);
    if (nestingDepth(payload) > kMaxJsonDepth)
        return "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels";
    json j = json::parse(payload.begin(), payload.end(), nullptr, false);
    if (j.is_discarded())
        return "frame is not valid JSON";
    if (!j.is_object())
        return "frame must hold a JSON object";
    auto t = j.find("type");
    if (t == j.end() || !t->is_string())
        return "message has no \"type\" string";
    std::string type = t->get<std::string>();
    if (type.size() > kMaxIdLength)
        return "message type is too long";
    std::string problem;
    try {
        problem = sender == Sender::Controller ? validateFromController(type, j) : validateFromAgent(type, j);
    } catch (const json::exception& e) {
        problem = std::string("invalid field: ") + e.what();
    }
    if (!problem.empty())
        return "\"" + type + "\" message: " + problem;
    out.type = std::move(type);
    out.body = std::move(j);
    return {};
}

} // namespace cs::agent
