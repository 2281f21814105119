#include "model/topology/placement/JobTally.h"

#include <unordered_set>

namespace cs {

JobTally tallyJob(const Topology& t, const std::vector<int>& partOf, std::size_t parts,
                  const std::vector<std::string>& jobHosts)
{
    JobTally out;
    out.parts.resize(parts);
    std::unordered_set<std::string> seen;
    for (const std::string& id : jobHosts) {
        const bool first = seen.insert(id).second;
        const std::optional<std::size_t> v = t.find(id);
        const int part = v && *v < partOf.size() ? partOf[*v] : -1;
        if (part < 0 || static_cast<std::size_t>(part) >= parts) {
            out.elsewhere += first ? 1 : 0;
            continue;
        }
        PartTally& p = out.parts[static_cast<std::size_t>(part)];
        p.hosts += first ? 1 : 0;
        ++p.ranks;
    }
    return out;
}

} // namespace cs
