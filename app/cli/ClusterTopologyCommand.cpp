// topo --import slurm:FILE|ibnet:FILE and topo DESIGN --export-slurm: the
// cluster's own network description into a design, and back; topo --export
// GRAPH.graphml|GRAPH.json: the network as a graph for other tools.
#include "app/cli/Args.h"
#include "app/cli/Cli.h"
#include "model/document/DocumentEdits.h"
#include "app/cli/DocumentInput.h"
#include "model/cluster/ClusterTopology.h"
#include "model/cluster/SlurmNodeCores.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentFormat.h"
#include "model/document/DocumentTopology.h"
#include "model/topology/graph/TopologyFields.h"
#include "model/topology/io/GraphExport.h"
#include "model/topology/io/NetworkBuild.h"
#include "model/topology/io/TopologyJson.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <ostream>

namespace cs::cli {

namespace {

double quantity(const Args& args, const std::string& option, Unit unit, double fallback)
{
    const auto text = args.value(option);
    if (!text)
        return fallback;
    try {
        return parseQuantity(*text, unit);
    } catch (const ModelError& e) {
        throw UsageError(option + ": " + e.what());
    }
}

void emit(const Args& args, const std::string& text, std::ostream& out, const std::string& summary)
{
    if (const auto path = args.value("-o")) {
        writeFileAtomically(*path, text);
        out << "wrote " << *path << ": " << summary << "\n";
    } else {
        out << text;
    }
}

std::string summary(const Topology& t)
{
    const TopologyCounts c = t.counts();
    return countedVertices(c.hosts, VertexKind::Host) + ", " + countedVertices(c.switches, VertexKind::Switch) + ", " +
           std::to_string(c.links) + (c.links == 1 ? " link" : " links");
}

} // namespace

int importTopology(const Args& args, std::ostream& out)
{
    const std::string spec = *args.value("--import");
    const std::size_t colon = spec.find(':');
    const std::string kind = colon == std::string::npos ? "" : spec.substr(0, colon);
    if (kind != "slurm" && kind != "ibnet")
        throw UsageError("--import " + spec + ": give slurm:TOPOLOGY.CONF or ibnet:IBNETDISCOVER.TXT");
    const std::string file = spec.substr(colon + 1);
    ClusterImportOptions o;
    o.bandwidth = quantity(args, "--bw", Unit::BytesPerSecond, o.bandwidth);
    o.latency = quantity(args, "--lat", Unit::Seconds, o.latency);
    o.switchLatency = quantity(args, "--switch-lat", Unit::Seconds, o.switchLatency);
    const std::string text = readFile(file);
    Network topology =
        kind == "slurm" ? topologyFromSlurmConf(text, file, o) : topologyFromIbnetdiscover(text, file, o);
    // The hosts' cores, where Slurm says them: --cores FILE (slurm.conf or `scontrol show node`'s output), else
    // the slurm.conf beside a topology.conf, as /etc/slurm keeps them.
    std::string coresFile = args.value("--cores").value_or("");
    if (coresFile.empty() && kind == "slurm") {
        const std::filesystem::path beside = std::filesystem::path(file).parent_path() / "slurm.conf";
        std::error_code ec;
        if (std::filesystem::is_regular_file(beside, ec))
            coresFile = beside.string();
    }
    std::string coresSaid;
    if (!coresFile.empty()) {
        const int set = applyHostCores(topology, slurmNodeCores(readFile(coresFile), coresFile));
        coresSaid = "; cores of " + std::to_string(set) + " host" + (set == 1 ? "" : "s") + " from " + coresFile;
    }
    const Topology t = buildTopology(topology, file); // checked like a drawing
    if (const auto into = args.value("--into")) {
        // Through the editing layer: the new network with no positions (the old drawing's belong to the old
        // network), what it takes with it named, and the whole document checked before it is written.
        DesignDocument doc = openDocument(*into);
        const edit::Outcome done = edit::andThen(doc, edit::setTopology(doc, topology), [&] { return edit::placeVertices(doc, {}); });
        if (!done.ok())
            throw ModelError("--into " + *into + ": " + done.message());
        std::string also;
        for (const std::string& c : done.change.cleanup)
            also += "\n  " + c;
        const std::string written = serializeDocument(doc);
        parseDocument(written); // what we write must open again
        emit(args, written, out, "design '" + *into + "' on " + summary(t) + coresSaid + also);
    } else {
        emit(args, nlohmann::json{{"topology", writeNetwork(topology)}}.dump(2) + "\n", out, summary(t) + coresSaid);
    }
    return 0;
}

int exportSlurmTopology(const Args& args, const Topology& t, std::ostream& out)
{
    std::string conf;
    try {
        conf = slurmConfFromTopology(networkOf(t));
    } catch (const ModelError& e) {
        // topology.conf describes hosts under a hierarchy of switches only.
        throw ModelError("--export-slurm: this network is not a hierarchy of switches (" + std::string(e.what()) +
                         "); --export GRAPH.graphml or GRAPH.json writes any network as a graph");
    }
    emit(args, conf, out, summary(t));
    return 0;
}

int exportGraphTopology(const Args& args, const Topology& t, std::ostream& out)
{
    const std::string path = *args.value("--export");
    const GraphFormat format = graphFormatOf(path);
    writeFileAtomically(path, exportGraph(t, format));
    out << "wrote " << path << ": " << summary(t)
        << (t.counts().segments ? ", " + countedVertices(t.counts().segments, VertexKind::Segment) : std::string())
        << " ("
        << (format == GraphFormat::GraphML ? "GraphML" : "node-link JSON") << ")\n";
    return 0;
}

} // namespace cs::cli
