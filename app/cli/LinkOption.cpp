#include "app/cli/LinkOption.h"
#include "app/cli/Cli.h"

#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/document/DocumentTopology.h"
#include "model/topology/io/NetworkBuild.h"

#include <algorithm>
#include <cmath>

namespace cs::cli {

namespace {

std::string bits(double bytesPerSecond)
{
    return formatQuantity(bytesPerSecond, "Mbit/s", Unit::BytesPerSecond);
}

} // namespace

runner::LinkAssumption linkFor(const DesignDocument& doc, const std::optional<std::string>& linkBw)
{
    if (linkBw) {
        double wire = 0;
        try {
            wire = parseQuantity(*linkBw, Unit::BytesPerSecond);
        } catch (const ModelError& e) {
            throw UsageError("--link-bw " + *linkBw + ": " + e.what());
        }
        if (!(wire > 0) || !std::isfinite(wire))
            throw UsageError("--link-bw " + *linkBw + ": the link bandwidth must be positive (e.g. 100Mbit/s)");
        return {runner::linkFromBits(wire * 8), "--link-bw " + bits(wire) + " (TCP payload x 1448/1514)"};
    }
    try {
        const Network n = currentNetwork(doc);
        if (!n.isNone()) {
            const Topology t = buildTopology(n);
            double slowest = 0, latency = 0;
            for (std::size_t e = 0; e < t.edgeCount(); ++e) {
                const LinkProps& l = t.link(e);
                if (l.bandwidth > 0 && (slowest == 0 || l.bandwidth < slowest))
                    slowest = l.bandwidth;
                latency = std::max(latency, l.latency);
            }
            if (slowest > 0) {
                // A pair crosses at least two links (host-switch-host); 50 us for both stacks.
                const double oneWay = 50e-6 + 2 * latency;
                return {runner::linkFromBits(slowest * 8, oneWay),
                        "the design's slowest link, " + bits(slowest) + " (TCP payload x 1448/1514)"};
            }
        }
    } catch (const ModelError&) {
        // A topology that does not load gives no link; the assumption stands.
    }
    return runner::assumedLink();
}

} // namespace cs::cli
