#include "model/cluster/HostList.h"
#include "model/core/RegularFile.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace cs {

namespace {

bool hostChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
           c == '-';
}

bool allDigits(const std::string& s)
{
    if (s.empty())
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

// A number of a range. Nine digits keep every count well inside 64 bits.
unsigned long long rangeNumber(const std::string& s, const std::string& fail)
{
    if (!allDigits(s))
        throw std::invalid_argument(fail + "'" + s + "' is not a number");
    if (s.size() > 9)
        throw std::invalid_argument(fail + "the number '" + s + "' is too long");
    return std::strtoull(s.c_str(), nullptr, 10);
}

std::string padded(unsigned long long v, std::size_t width)
{
    std::string s = std::to_string(v);
    if (s.size() < width)
        s.insert(0, width - s.size(), '0');
    return s;
}

// One bracket's ranges, "01-04,07": {first, last, width} each.
struct Range {
    unsigned long long first, last;
    std::size_t width;
};

std::vector<Range> parseBracket(const std::string& inside, const std::string& fail)
{
    std::vector<Range> ranges;
    if (inside.empty())
        throw std::invalid_argument(fail + "'[]' holds no range");
    std::string piece;
    std::istringstream in(inside);
    while (std::getline(in, piece, ',')) {
        if (piece.empty())
            throw std::invalid_argument(fail + "an empty range in '[" + inside + "]'");
        const auto dash = piece.find('-');
        const std::string a = piece.substr(0, dash);
        const std::string b = dash == std::string::npos ? a : piece.substr(dash + 1);
        const unsigned long long lo = rangeNumber(a, fail);
        const unsigned long long hi = rangeNumber(b, fail);
        if (hi < lo)
            throw std::invalid_argument(fail + "the range " + piece + " runs backwards");
        ranges.push_back({lo, hi, a.size()});
    }
    if (!inside.empty() && inside.back() == ',')
        throw std::invalid_argument(fail + "an empty range in '[" + inside + "]'");
    return ranges;
}

// One name of the list ("rack[1-2]n[01-03]") as segments, each a list of
// alternatives; the hosts are their cartesian product.
std::vector<std::vector<std::string>> parseItem(const std::string& item, const std::string& fail, std::size_t limit,
                                                std::size_t& total)
{
    if (item.empty())
        throw std::invalid_argument(fail + "an empty host name");
    std::vector<std::vector<std::string>> segments;
    std::size_t count = 1;
    std::size_t i = 0;
    while (i < item.size()) {
        const char c = item[i];
        if (c == '[') {
            const auto close = item.find(']', i + 1);
            if (close == std::string::npos)
                throw std::invalid_argument(fail + "'[' without a closing ']'");
            const std::string inside = item.substr(i + 1, close - i - 1);
            if (inside.find('[') != std::string::npos)
                throw std::invalid_argument(fail + "brackets cannot nest");
            std::size_t n = 0;
            const std::vector<Range> ranges = parseBracket(inside, fail);
            for (const Range& r : ranges) {
                n += static_cast<std::size_t>(r.last - r.first + 1);
                if (n > limit)
                    break;
            }
            count = n > limit ? limit + 1 : count * n;
            if (count > limit || total + count > limit)
                throw std::invalid_argument(fail + "it names more than " + std::to_string(limit) + " hosts");
            std::vector<std::string> alternatives;
            for (const Range& r : ranges)
                for (unsigned long long v = r.first; v <= r.last; ++v)
                    alternatives.push_back(padded(v, r.width));
            segments.push_back(std::move(alternatives));
            i = close + 1;
        } else if (c == ']') {
            throw std::invalid_argument(fail + "']' without an opening '['");
        } else if (!hostChar(c)) {
            throw std::invalid_argument(fail + "the character '" + std::string(1, c) +
                                        "' cannot be part of a host name");
        } else {
            std::string literal;
            while (i < item.size() && hostChar(item[i]))
                literal += item[i++];
            segments.push_back({literal});
        }
    }
    if (total + count > limit)
        throw std::invalid_argument(fail + "it names more than " + std::to_string(limit) + " hosts");
    total += count;
    return segments;
}

} // namespace

std::string compressHostList(const std::vector<std::string>& names)
{
    auto natural = [](const std::string& d) { return d.size() == 1 || d[0] != '0'; };
    // name = prefix + digits + suffix, digits the last run of digits.
    struct Parts {
        std::string prefix, digits, suffix;
    };
    auto split = [](const std::string& n) {
        const std::size_t end = n.find_last_of("0123456789");
        if (end == std::string::npos)
            return Parts{n, "", ""};
        std::size_t begin = end;
        while (begin > 0 && n[begin - 1] >= '0' && n[begin - 1] <= '9')
            --begin;
        return Parts{n.substr(0, begin), n.substr(begin, end + 1 - begin), n.substr(end + 1)};
    };
    std::string out;
    std::size_t i = 0;
    while (i < names.size()) {
        const Parts first = split(names[i]);
        // Gather the names after it with the same prefix, suffix and width.
        std::vector<std::string> group{first.digits};
        std::size_t j = i + 1;
        for (; j < names.size() && !first.digits.empty() && first.digits.size() <= 9; ++j) {
            const Parts p = split(names[j]);
            // A bracket pads each range to its first number's width: numbers
            // without leading zeros may grow in width ("[8-11]"), padded
            // ones must keep it ("[08-10]").
            const bool sameWidth = p.digits.size() == first.digits.size();
            if (p.prefix != first.prefix || p.suffix != first.suffix || p.digits.size() > 9 ||
                !(sameWidth || (natural(first.digits) && natural(p.digits))))
                break;
            group.push_back(p.digits);
        }
        if (!out.empty())
            out += ',';
        if (group.size() == 1) {
            out += names[i];
            i = j;
            continue;
        }
        std::string ranges;
        for (std::size_t a = 0; a < group.size();) {
            std::size_t b = a;
            while (b + 1 < group.size() && std::stoull(group[b + 1]) == std::stoull(group[b]) + 1)
                ++b;
            ranges += (ranges.empty() ? "" : ",") + group[a] + (b > a ? "-" + group[b] : "");
            a = b + 1;
        }
        out += first.prefix + "[" + ranges + "]" + first.suffix;
        i = j;
    }
    return out;
}

bool isHostList(const std::string& text)
{
    return text.find_first_of("[],") != std::string::npos;
}

std::vector<std::string> splitOutsideBrackets(const std::string& text, char sep)
{
    std::vector<std::string> out;
    std::string cur;
    int depth = 0;
    for (char c : text) {
        if (c == '[')
            ++depth;
        else if (c == ']' && depth > 0)
            --depth;
        if (c == sep && depth == 0) {
            out.push_back(cur);
            cur.clear();
        } else
            cur += c;
    }
    out.push_back(cur);
    return out;
}

std::vector<std::string> expandHostList(const std::string& text, std::size_t limit)
{
    const std::string fail = "host list '" + text + "': ";
    std::vector<std::string> hosts;
    std::size_t total = 0;
    for (const std::string& item : splitOutsideBrackets(text, ',')) {
        const auto segments = parseItem(item, fail, limit, total);
        std::vector<std::string> names = {""};
        for (const auto& alternatives : segments) {
            std::vector<std::string> next;
            next.reserve(names.size() * alternatives.size());
            for (const std::string& prefix : names)
                for (const std::string& a : alternatives)
                    next.push_back(prefix + a);
            names = std::move(next);
        }
        hosts.insert(hosts.end(), names.begin(), names.end());
    }
    return hosts;
}

EnvLookup processEnvironment()
{
    return [](const std::string& name) -> std::optional<std::string> {
        const char* v = std::getenv(name.c_str());
        if (!v)
            return std::nullopt;
        return std::string(v);
    };
}

std::vector<std::string> allocationHosts(const EnvLookup& env)
{
    for (const char* var : {"SLURM_JOB_NODELIST", "SLURM_NODELIST"}) {
        const std::optional<std::string> v = env(var);
        if (!v || v->empty())
            continue;
        try {
            return expandHostList(*v);
        } catch (const std::invalid_argument& e) {
            throw std::invalid_argument(std::string(var) + ": " + e.what());
        }
    }
    throw std::invalid_argument("not inside a Slurm allocation (SLURM_JOB_NODELIST and SLURM_NODELIST are not set): "
                                "run under salloc or sbatch, or name the nodes");
}

std::vector<HostfileEntry> parseHostfile(const std::string& text, const std::string& source)
{
    std::vector<HostfileEntry> entries;
    std::istringstream in(text);
    std::string line;
    int number = 0;
    while (std::getline(in, line)) {
        ++number;
        const std::string where = source + " line " + std::to_string(number) + ": ";
        if (const auto hash = line.find('#'); hash != std::string::npos)
            line.erase(hash);
        std::istringstream words(line);
        std::string word;
        if (!(words >> word))
            continue;
        HostfileEntry e;
        auto slotCount = [&](const std::string& v, const std::string& what) {
            if (!allDigits(v) || v.size() > 4 || std::atoi(v.c_str()) < 1 || std::atoi(v.c_str()) > 4096)
                throw std::invalid_argument(where + what + " '" + v + "' must be a whole number in [1, 4096]");
            return std::atoi(v.c_str());
        };
        // MPICH writes "host:N".
        if (const auto colon = word.find(':'); colon != std::string::npos) {
            e.slotCount = slotCount(word.substr(colon + 1), "the slot count");
            word.erase(colon);
        }
        if (word.empty())
            throw std::invalid_argument(where + "no host name");
        for (char c : word)
            if (!hostChar(c))
                throw std::invalid_argument(where + "the character '" + std::string(1, c) +
                                            "' cannot be part of a host name ('" + word + "')");
        e.host = word;
        while (words >> word) {
            const auto eq = word.find('=');
            const std::string key = word.substr(0, eq);
            if (eq == std::string::npos || (key != "slots" && key != "max_slots" && key != "max-slots"))
                throw std::invalid_argument(where + "unknown setting '" + word + "' (expected slots=N or max_slots=N)");
            const int n = slotCount(word.substr(eq + 1), key);
            if (key == "slots")
                e.slotCount = n;
        }
        entries.push_back(std::move(e));
        if (entries.size() > kMaxHosts)
            throw std::invalid_argument(source + ": more than " + std::to_string(kMaxHosts) + " hosts");
    }
    if (entries.empty())
        throw std::invalid_argument(source + ": the hostfile names no host");
    return entries;
}

std::vector<HostfileEntry> readHostfile(const std::string& path)
{
    // A FIFO, a device or a socket is refused by its type, never opened for a
    // blocking read: a document names this path, and the GUI checks nodes on open.
    return parseHostfile(readRegularFile(path, 1u << 20, "the hostfile"), path);
}

} // namespace cs
