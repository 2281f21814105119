#pragma once
// Which inputs came from the live network (issue 31, "the headline use"):
// calibrate measures the machines the design's nodes run on, over the network
// they had then. Each calibration record keeps a stamp of the design's network
// as it was when applied (its drawing or generator, not the job placed on
// it). When the drawing changes afterwards (a slower link, a leaf-spine with
// 3:1 oversubscription), the prediction moves with the drawing, but the
// calibrated inputs still describe the hosts and links measured:
// changedNetworkNotes names them.
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::calib {

struct NetworkStamp {
    std::string signature;   // 16 hex digits over the topology section, less its "job"; "" without one
    std::string description; // "generator star (n = 8)", "a drawn network of 8 hosts, 1 switch and 8 links"
};

NetworkStamp networkStamp(const DesignDocument& doc);
nlohmann::json stampToJson(const NetworkStamp& stamp);

// One sentence per calibration whose inputs the design still holds as
// calibrated while its network differs from the stamp the record keeps:
// the inputs, the network then and now, and what follows. Records without a
// stamp (written before it existed) say nothing.
std::vector<std::string> changedNetworkNotes(const DesignDocument& doc);

} // namespace cs::calib
