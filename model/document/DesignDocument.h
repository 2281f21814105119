#pragma once
#include "model/core/Design.h"
#include "model/topology/network/Network.h"

#include <nlohmann/json.hpp>

#include <map>
#include <string>
#include <vector>

namespace cs {

// One design variant to compare, e.g. "INIC" against "GigE": the output that
// is its total time, and values that differ from the base design.
struct Variant {
    std::string name;
    std::string total; // output path, e.g. "inic.T"
    std::vector<std::pair<std::string, double>> overrides; // slot path -> SI value
    bool operator==(const Variant&) const = default;
};

// One swept parameter: a slot path (design parameter "P" or input "fft.rows")
// and its values as written by the user ("1:16", "1:1024:log2", "1,2,4,8").
struct SweepAxis {
    std::string path;
    std::string spec;
    bool operator==(const SweepAxis&) const = default;
};

struct SweepSettings {
    std::vector<SweepAxis> axes;
    // The parameter speedup is measured along; "" for none. A document that
    // does not say gets "P" when it has a design parameter P.
    std::string speedupParam;
    double speedupBaseline = 1.0;   // its reference value (P = 1)
    // The serial baseline: the variant whose total at the reference value is
    // the time every variant's speedup divides (one processor running
    // ordinary code, shared by all, as the papers measure). "" measures each
    // variant against itself at the reference value.
    std::string speedupAgainst;
    bool operator==(const SweepSettings&) const = default;
};

// A component cost: `usd` each, times the value of slot `per` at the point
// (e.g. "P" hosts, "topo.switches"), or once when `per` is empty. Applies to
// the named variants, or to all when `variants` is empty.
struct CostItem {
    std::string name;
    double usd = 0.0;
    std::string per;
    std::vector<std::string> variants;
    bool operator==(const CostItem&) const = default;
};

// A design document: what a preset or a saved file holds. The topology
// section is read into a typed network (model/topology/network/Network.h,
// read and written by model/topology/io/TopologyJson.h alone), built into the
// design's topology block (DocumentTopology.h); calibration records, measured and imported series,
// nodes and layout are kept as JSON, their entries checked by shape
// (SectionShapes.h), and written back unchanged. Change it through the
// editing layer (DocumentEdits.h) to keep it loadable.
struct DesignDocument {
    std::string name;
    std::string description;
    std::string source; // seed file and figure the design reproduces
    // "ClusterScope 0.1.0 (commit 318b3b8)": the program that wrote the file, as read ("" when the file does
    // not say). Not written back: a save records the program that saves (model/core/Version.h).
    std::string writtenBy;
    Design design;
    std::vector<Variant> variants;
    SweepSettings sweep;
    std::vector<CostItem> costs;
    Network topology;           // none when absent
    nlohmann::json calibration; // array
    nlohmann::json measured;    // array
    nlohmann::json imported;    // array: measured series imported from CSV files (docs/format.md)
    nlohmann::json nodes;       // array
    nlohmann::json layout;      // GUI positions, object
    // What the reader accepted but the user should know: unknown keys kept in
    // the record sections (measured[], calibration[]), each with its JSON
    // path (and the file, from loadDocument). Not saved.
    std::vector<std::string> warnings;

    // Variants as evaluated: the declared ones, or one "default" variant whose
    // total is the first block output named "T" when none are declared.
    std::vector<Variant> effectiveVariants() const;
};

} // namespace cs
