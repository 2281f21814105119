#pragma once
// The shapes of the document sections the model keeps as JSON for others to
// read: probe results (`measured`, docs/agent-protocol.md "Results"), the
// node list (`nodes`, "The design document's nodes array") and calibration
// reports (`calibration`, docs/format.md). The loader checks them so that the
// GUI, the runner and the calibration meet only the types they expect: every
// member that is present has its documented type. Nodes and imported series
// take only the members the format defines; probe results and calibration
// reports are records that other versions and programs may extend, so their
// unknown members are kept, with a warning (recordExtensionKeys).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs {

// Checks every entry of `section` ("measured", "nodes", "imported" or "calibration"; an
// array) and appends at most one problem per entry, with its JSON path
// ("measured[2].parts[0].samples.rtt: expected an array of numbers, got
// string"), so that a hostile file gives a short list. Stops, returning
// false, once `problems` holds `maxProblems`.
bool checkSectionEntries(const std::string& section, const nlohmann::json& entries, std::vector<std::string>& problems,
                         std::size_t maxProblems = static_cast<std::size_t>(-1));

// The entries of a probe results file's "results" array, checked as
// measured[] entries are, with paths "results[i]...".
bool checkResultEntries(const nlohmann::json& entries, std::vector<std::string>& problems,
                        std::size_t maxProblems = static_cast<std::size_t>(-1));

// For "measured" and "calibration": one warning per member the format does
// not define (in an entry, or a result's part), with its JSON path, at most
// `maxWarnings` in all. The paths start with `prefix` ("results" in a probe
// results file), by default the section's name.
void recordExtensionKeys(const std::string& section, const nlohmann::json& entries, std::vector<std::string>& warnings,
                         std::size_t maxWarnings = 20, const std::string& prefix = {});

} // namespace cs
