#pragma once
// The shapes of the document sections the model keeps as JSON for others to
// read: probe results (`measured`, docs/agent-protocol.md "Results"), the
// node list (`nodes`, "The design document's nodes array") and calibration
// reports (`calibration`, docs/format.md). The loader checks them so that the
// GUI, the runner and the calibration meet only the types they expect: every
// member that is present has its documented type; unknown members are kept.
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs {

// Checks every entry of `section` ("measured", "nodes", "imported" or "calibration"; an
// array) and appends at most one problem per entry, with its JSON path
// ("measured[2].parts[0].samples.rtt: expected an array of numbers, got
// string"), so that a hostile file gives a short list.
void checkSectionEntries(const std::string& section, const nlohmann::json& entries,
                         std::vector<std::string>& problems);

} // namespace cs
