#include "model/calibration/LiveNetwork.h"
#include "model/document/DocumentTopology.h"
#include "model/core/Unit.h"
#include "model/topology/graph/TopologyFields.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <map>
#include <set>

namespace cs::calib {

namespace {

using nlohmann::json;

// FNV-1a, 64 bits: a stamp to compare, not a secret.
std::string fnv1a(const std::string& text)
{
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) {
        h ^= c;
        h *= 1099511628211ull;
    }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
    return buf;
}

std::string counted(std::size_t n, const char* one, const char* many)
{
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string describe(const Network& t)
{
    if (t.isGenerated()) {
        std::string s = "generator " + t.generator();
        std::string params;
        for (const auto& [name, value] : t.params())
            params += (params.empty() ? "" : ", ") + name + " = " + formatNumber(value);
        return params.empty() ? s : s + " (" + params + ")";
    }
    std::size_t hosts = 0, switches = 0, segments = 0;
    for (const NetworkVertex& v : t.vertices()) {
        switch (v.attributes.kind) {
        case VertexKind::Host: ++hosts; break;
        case VertexKind::Switch: ++switches; break;
        case VertexKind::Segment: ++segments; break;
        }
    }
    // The links' rates as written ("100 Mbit/s", 1.25e7), the first three that differ: a rate is what a
    // redrawing most often changes.
    std::vector<std::string> rates;
    for (const NetworkLink& l : t.links()) {
        const std::string rate =
            l.written[0] == Written::Text ? l.text[0] : formatNumber(l.props.bandwidth) + " B/s"; // "bandwidth"
        if (std::find(rates.begin(), rates.end(), rate) == rates.end() && rates.size() < 4)
            rates.push_back(rate);
    }
    std::string s = "a drawn network of " + countedVertices(hosts, VertexKind::Host) + ", " +
                    countedVertices(switches, VertexKind::Switch);
    if (segments)
        s += ", " + countedVertices(segments, VertexKind::Segment);
    s += " and " + counted(t.links().size(), "link", "links");
    for (std::size_t i = 0; i < rates.size() && i < 3; ++i)
        s += (i ? ", " : " at ") + rates[i];
    return rates.size() > 3 ? s + ", ..." : s;
}

} // namespace

NetworkStamp networkStamp(const DesignDocument& doc)
{
    if (doc.topology.isNone())
        return {};
    // The network as the editing layer writes it (a generator with all its parameters): the same network
    // whether the document was written by hand or by an edit. Not the job placed on it: a placement or
    // schedule edit leaves the stamp alone; nor the links' ids, which name links and do not change them.
    const json t = currentTopologyJson(doc, {.job = false, .linkIds = false});
    const std::optional<Network> generated = blockNetwork(doc);
    return {fnv1a(t.dump()), describe(generated ? *generated : doc.topology)};
}

json stampToJson(const NetworkStamp& stamp)
{
    return {{"signature", stamp.signature}, {"description", stamp.description}};
}

std::vector<std::string> changedNetworkNotes(const DesignDocument& doc)
{
    std::vector<std::string> notes;
    if (!doc.calibration.is_array())
        return notes;
    // The inputs the design holds as calibrated now.
    std::set<std::string> calibrated;
    for (const BlockInstance& b : doc.design.blocks())
        for (std::size_t k = 0; k < b.values.size(); ++k)
            if (b.values[k].provenance.kind == ProvenanceKind::Calibrated)
                calibrated.insert(b.name + "." + b.spec().inputs[k].symbol);
    // Each input belongs to the last record that calibrated it.
    std::map<std::string, std::size_t> lastRecord;
    for (std::size_t i = 0; i < doc.calibration.size(); ++i) {
        const json& rec = doc.calibration[i];
        if (!rec.is_object() || !rec.contains("params") || !rec["params"].is_array())
            continue;
        for (const json& p : rec["params"])
            if (p.is_object() && p.value("block", json()).is_string() && p.value("param", json()).is_string())
                lastRecord[p["block"].get<std::string>() + "." + p["param"].get<std::string>()] = i;
    }
    const NetworkStamp now = networkStamp(doc);
    std::map<std::size_t, std::string> inputsOf;
    for (const auto& [input, i] : lastRecord) {
        if (!calibrated.count(input))
            continue;
        const json& rec = doc.calibration[i];
        const json net = rec.value("network", json());
        if (!net.is_object() || !net.value("signature", json()).is_string() ||
            net["signature"].get<std::string>() == now.signature)
            continue;
        std::string& list = inputsOf[i];
        list += (list.empty() ? "" : ", ") + input;
    }
    for (const auto& [i, inputs] : inputsOf) {
        const json& rec = doc.calibration[i];
        const std::string then = rec["network"].value("description", std::string("another network"));
        const std::string at = rec.value("time", json()).is_string() ? " at " + rec["time"].get<std::string>() : "";
        notes.push_back(inputs + " came from the live network: calibrated" + at + " on " + then +
                        ", and the design's network has changed since (now " +
                        (now.signature.empty() ? std::string("none") : now.description) +
                        "). They describe the hosts and links measured, not the network drawn now; what the drawing "
                        "gives (its rates, routes and shared links, wired into the blocks) follows it. Calibrate on "
                        "the new network, or keep them as an assumption about it");
    }
    return notes;
}

} // namespace cs::calib
