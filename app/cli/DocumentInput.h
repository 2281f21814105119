#pragma once
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::cli {

// Where presets live (model/document/PresetFolder.h).
std::string presetDirectory();

// Names of the presets (file names without .json), sorted.
std::vector<std::string> presetNames();

// Loads a document from a path, or from a preset when `nameOrPath` is not an
// existing file but names one ("acc-fft" or "acc-fft.json"). Throws
// ModelError naming what was tried.
DesignDocument openDocument(const std::string& nameOrPath);

// The results array of a probe results file, a design's "measured" array or
// a bare array of results, checked like a document (calib::readResultsFile);
// the members it keeps without knowing them are told on stderr, as a
// document's are. Throws ModelError naming the file and each JSON path.
nlohmann::json openResults(const std::string& path);

// The document with "PATH=VALUE" set through the editing layer: PATH is a design parameter or
// block.input; VALUE may carry a unit ("80MiB/s") or name a choice. Throws
// ModelError naming the path and value.
DesignDocument withAssignment(DesignDocument doc, const std::string& assignment);

} // namespace cs::cli
