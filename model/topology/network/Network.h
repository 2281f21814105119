#pragma once
// The network a design document holds as its topology, as a typed value:
// none, a generator with the parameters the document gives it, or a drawing
// of vertices and links. It is read from the document's JSON and written
// back by model/topology/io/NetworkJson.h alone, built into the graph the
// metrics read (Topology) by io/NetworkBuild.h, and changed only by the
// steps of a patch (NetworkPatch.h), which the editing layer records and
// undo applies backwards: an edit of a large drawing changes it in place,
// never copies it.
//
// Identity: a vertex is named by its id ("h3"), a link by its LinkId. Both
// are stable: removing other items, undoing and saving and opening the
// document keep them. A document written before links had ids gets them on
// read, in link order (0, 1, 2, ...), so that it opens with the identity it
// had; a generated network's links are numbered the same way.
#include "model/topology/graph/TopologyTypes.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace cs {

// A link's id (see above). Written in the document as its number.
struct LinkId {
    std::uint32_t value = 0;
    auto operator<=>(const LinkId&) const = default;
};

// How a field of a vertex or link was written in the document, so that an
// item no edit touched is written back as it was read: a rate written
// "100 Mbit/s" stays that text, a field left out stays out, 1 stays 1 and
// not 1.0. Saving keeps the user's file as it was, and the network's stamp
// (model/calibration/LiveNetwork.h, a hash of the written section) of a
// document calibrated before stays the same.
enum class Written : std::uint8_t {
    Absent,  // left out: the field's default (a switch without ports: as many as its links use)
    Integer, // a JSON integer
    Number,  // a JSON number with a fraction or exponent
    Text,    // a string with a unit: `text` holds it
    Boolean, // true or false
};

// A vertex of a drawing: its id, kind and fields (TopologyFields.h), and how
// each field was written.
struct NetworkVertex {
    std::string id;
    VertexAttributes attributes;
    // The name its kind was written with: 0 the kind's own name, else an
    // alias of a segment (1 "hub", 2 "bus"; vertexKindFromName reads both).
    std::uint8_t kindAlias = 0;
    // Per field of vertexFields(kind), in that order (a kind has two, a host
    // three); text for the first two, the only ones that are quantities (a
    // host's third, cores, is a count).
    std::array<Written, 3> written{};
    std::array<std::string, 2> text{};
    bool operator==(const NetworkVertex&) const = default;
};

// A link of a drawing: its id, its two ends by vertex index, its properties
// and how each was written.
struct NetworkLink {
    LinkId id;
    std::uint32_t from = 0, to = 0;
    LinkProps props;
    // Per field of linkFields() (bandwidth, latency, channels, duplex, burst);
    // text for the three quantities, bandwidth, latency and burst, in that
    // order (linkTextIndex).
    std::array<Written, 5> written{};
    std::array<std::string, 3> text{};
    bool operator==(const NetworkLink&) const = default;
};

// The index in NetworkLink::text of link field `field` (of linkFields()):
// bandwidth 0, latency 1, burst 2; -1 for a field that is no quantity.
constexpr int linkTextIndex(std::size_t field)
{
    return field < 2 ? static_cast<int>(field) : field == 4 ? 2 : -1;
}

class Network {
public:
    enum class Form : std::uint8_t { None, Generated, Drawn };
    using Params = std::vector<std::pair<std::string, double>>;

    Network() = default; // none
    // A generator and the parameters the document gives it (SI values, by
    // symbol, kept in the order of their names; the others take the
    // generator's defaults).
    static Network generated(std::string generator, Params params);
    // An empty drawing, to which vertices and links are then added.
    static Network drawing();

    Form form() const { return form_; }
    bool isNone() const { return form_ == Form::None; }
    bool isGenerated() const { return form_ == Form::Generated; }
    bool isDrawn() const { return form_ == Form::Drawn; }

    // ---- A generated network
    const std::string& generator() const { return generator_; }
    const Params& params() const { return params_; }

    // ---- A drawing (empty for the other forms)
    const std::vector<NetworkVertex>& vertices() const { return vertices_; }
    const std::vector<NetworkLink>& links() const { return links_; }
    std::optional<std::size_t> vertexIndex(std::string_view id) const;
    std::optional<std::size_t> linkIndex(LinkId id) const;
    // The id of link `index` in link order: a drawing's link's, a generated
    // network's index itself (its links are numbered in the order made).
    LinkId linkIdAt(std::size_t index) const
    {
        return form_ == Form::Drawn && index < links_.size() ? links_[index].id
                                                             : LinkId{static_cast<std::uint32_t>(index)};
    }
    // The id a new link gets: one more than the largest a link had.
    LinkId nextLinkId() const { return nextLinkId_; }
    // Whether the document wrote the drawing's "edges" member (one with no
    // links may leave it out): written back as it was read.
    bool edgesWritten() const { return edgesWritten_; }
    void setEdgesWritten(bool written) { edgesWritten_ = written; }

    // ---- The job placed on it: the "job" object of the section (null when
    // absent), whose members and ranges the topology block owns
    // (model/topology/TopologySourceJson.h reads it). Kept here so that the
    // section is one value.
    const nlohmann::json& job() const { return job_; }
    void setJob(nlohmann::json job) { job_ = std::move(job); }

    // ---- Changes of a drawing, each undone by its opposite; NetworkPatch.h
    // records them. Items go and come in bulk, in one pass over the drawing
    // whatever their number: `at` are positions in vertices() or links(), in
    // ascending order (before the erase; after the insertion), and what
    // follows shifts. The ends of links follow their vertices. Each throws
    // ModelError when it would break the drawing (a taken or empty id, a
    // vertex that keeps a link, an end that is no vertex, a position past the
    // end), changing nothing.
    using Placed = std::pair<std::size_t, NetworkVertex>;
    using PlacedLink = std::pair<std::size_t, NetworkLink>;
    // The positions of placed items (Placed or PlacedLink), in their order.
    template <class P>
    static std::vector<std::size_t> positionsOf(const std::vector<P>& items)
    {
        std::vector<std::size_t> at;
        at.reserve(items.size());
        for (const P& p : items)
            at.push_back(p.first);
        return at;
    }
    void insertVertices(std::vector<Placed> vertices);
    std::vector<Placed> eraseVertices(const std::vector<std::size_t>& at);
    void insertLinks(std::vector<PlacedLink> links);
    std::vector<PlacedLink> eraseLinks(const std::vector<std::size_t>& at);
    // Replaces vertex (link) `at` by one with the same id; returns the old one.
    NetworkVertex replaceVertex(std::size_t at, NetworkVertex v);
    NetworkLink replaceLink(std::size_t at, NetworkLink l);
    // Room for this many vertices and links (a reader that knows the counts).
    void reserve(std::size_t vertices, std::size_t links);

    // Equal in every part, how fields were written included.
    bool operator==(const Network& o) const;

private:
    Form form_ = Form::None;
    std::string generator_;
    Params params_;
    std::vector<NetworkVertex> vertices_;
    std::vector<NetworkLink> links_;
    nlohmann::json job_;
    bool edgesWritten_ = true;
    LinkId nextLinkId_{0};
    std::unordered_map<std::string, std::uint32_t> vertexIndex_;
    std::unordered_map<std::uint32_t, std::uint32_t> linkIndex_;
};

// The name a vertex's kind is written with ("host", "hub").
std::string_view kindNameOf(const NetworkVertex& v);

} // namespace cs
