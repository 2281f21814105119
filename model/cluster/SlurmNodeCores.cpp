#include "model/cluster/SlurmNodeCores.h"
#include "model/cluster/HostList.h"
#include "model/core/ModelError.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace cs {

namespace {

std::string lower(std::string s)
{
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

// One node record: its names (a host list) and its parameters, lower-cased keys.
struct Record {
    std::string names;
    int line = 0;
    std::map<std::string, std::string> params;
};

// The count `key` says, 0 when absent; throws naming the line when it is no count.
int count(const Record& r, const std::string& key, const std::string& source)
{
    const auto it = r.params.find(key);
    if (it == r.params.end())
        return 0;
    int v = 0;
    const std::string& text = it->second;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || end != text.data() + text.size() || v < 1 || v > kMaxHostCores)
        throw ModelError(source + " line " + std::to_string(r.line) + ": " + key + " = '" + text.substr(0, 40) +
                         "' is not a whole number in [1, " + std::to_string(static_cast<int>(kMaxHostCores)) + "]");
    return v;
}

// A rank's cores in a record: Boards x Sockets x CoresPerSocket, else CPUs; 0 when it says neither.
int coresOf(const Record& r, const std::string& source)
{
    if (const int perSocket = count(r, "corespersocket", source)) {
        const int boards = std::max(1, count(r, "boards", source));
        int sockets = count(r, "sockets", source);
        if (!sockets)
            sockets = boards * std::max(1, count(r, "socketsperboard", source));
        else
            sockets *= boards;
        const long long cores = static_cast<long long>(sockets) * perSocket;
        if (cores > kMaxHostCores)
            throw ModelError(source + " line " + std::to_string(r.line) + ": " + std::to_string(cores) +
                             " cores a node, more than " + std::to_string(static_cast<int>(kMaxHostCores)));
        return static_cast<int>(cores);
    }
    if (const int cpus = count(r, "cpus", source))
        return cpus;
    return count(r, "cputot", source);
}

} // namespace

std::map<std::string, int> slurmNodeCores(const std::string& text, const std::string& source)
{
    // Records: a NodeName= token starts one; slurm.conf's other lines (PartitionName=, ClusterName=, ...)
    // end it, and a NodeName=DEFAULT record gives the records after it their defaults.
    std::vector<Record> records;
    std::map<std::string, std::string> defaults;
    bool inNode = false;
    std::istringstream in(text);
    std::string raw;
    int line = 0;
    auto finish = [&] {
        if (inNode && lower(records.back().names) == "default") {
            for (const auto& [k, v] : records.back().params)
                defaults[k] = v;
            records.pop_back();
        }
        inNode = false;
    };
    while (std::getline(in, raw)) {
        ++line;
        if (const auto hash = raw.find('#'); hash != std::string::npos)
            raw.erase(hash);
        // scontrol continues a record on indented lines; a slurm.conf line of another kind
        // (PartitionName=..., SlurmctldHost=...) starts at the left margin and ends the node record.
        const bool indented = !raw.empty() && std::isspace(static_cast<unsigned char>(raw[0]));
        std::istringstream words(raw);
        std::string word;
        for (int i = 0; words >> word; ++i) {
            const auto eq = word.find('=');
            const std::string key = lower(word.substr(0, eq));
            if (key == "nodename") {
                finish();
                records.push_back({eq == std::string::npos ? std::string() : word.substr(eq + 1), line, defaults});
                inNode = true;
            } else if (i == 0 && !indented) {
                finish();
            } else if (inNode && eq != std::string::npos) {
                records.back().params[key] = word.substr(eq + 1);
            }
        }
    }
    finish();
    std::map<std::string, int> out;
    for (const Record& r : records) {
        const int cores = coresOf(r, source);
        if (!cores)
            continue;
        std::vector<std::string> names;
        try {
            names = expandHostList(r.names);
        } catch (const std::invalid_argument& e) {
            throw ModelError(source + " line " + std::to_string(r.line) + ": " + e.what());
        }
        for (const std::string& n : names)
            out[n] = cores;
    }
    return out;
}

int applyHostCores(Network& drawing, const std::map<std::string, int>& cores)
{
    int set = 0;
    for (std::size_t i = 0; i < drawing.vertices().size(); ++i) {
        const NetworkVertex& v = drawing.vertices()[i];
        if (v.attributes.kind != VertexKind::Host)
            continue;
        if (const auto it = cores.find(v.id); it != cores.end()) {
            // Through the reader's field, which checks the count as a document's would be.
            NetworkVertex x = v;
            readVertexField(x, "cores", it->second, "topology.vertices[" + std::to_string(i) + "]");
            drawing.replaceVertex(i, std::move(x));
            ++set;
        }
    }
    return set;
}

} // namespace cs
