#pragma once
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace cs {

// Where a model value for a claim comes from: a preset, one variant's output
// at given values, optionally compared with another variant (or output), and
// optionally taken as the largest or smallest over a list of points.
struct ClaimQuery {
    std::string preset; // "" = the claim's preset (another one only for cross-preset ratios)
    std::string variant;
    std::string output = "T"; // "T", "speedup", "efficiency", "cost", a phase, or a slot path "block.output"
    std::vector<std::pair<std::string, double>> at; // slot path -> SI value (design parameter or input)
};

struct ClaimModel {
    std::string preset;
    ClaimQuery a;
    ClaimQuery b;             // used by the forms ratio and reduction; empty variant = a's
    // "value" (a), "ratio" (a / b), "reduction" (1 - a / b), "gain" (a / b - 1:
    // "38% faster" is compared as 0.38, not as 1.38, so its error is the gain's)
    std::string form = "value";
    std::string overPath;       // optional: evaluate at each of these values of one slot ...
    std::vector<double> overValues;
    std::string aggregate;      // ... and take "max" or "min" of the form
};

// One quantitative statement of a seed paper (presets/claims/*.json).
struct Claim {
    std::string id;       // unique, e.g. "000-fig5b-inic-16"
    std::string seed;     // seed file, e.g. "000_e9da438bafb3289f.txt"
    std::string section;  // "§4.2"
    std::string figure;   // "Fig. 5(b)", or "" for text only
    std::string quantity; // what is compared, in words
    std::string text;     // the paper's words: the quotes joined by " [...] "
    // Verbatim passages of the seed (whitespace aside), one or more: a claim
    // that several sentences state (1.7 MBps, 13.6 Mbps, 68%) is one claim
    // with several quotes, so it counts once. tests/model/validation checks
    // that each occurs in the seed.
    std::vector<std::string> quotes;
    double paper = std::numeric_limits<double>::quiet_NaN(); // the paper's value, SI or fraction
    std::string unit;     // how to print values: "", "%", "us", "MB/s", "x"
    std::string compare = "value"; // "value" (relative error within tolerance), "atLeast", "atMost"
    double tolerance = 0.10;
    // Bounds only: how far the model must clear the paper's bound, relative.
    // atLeast holds when model >= paper x (1 + margin), atMost when model <=
    // paper x (1 - margin); "significantly faster" states 0.10, "exceeds" 0.
    // The catalogue must state it for every bound.
    double margin = 0.0;
    // false: the claim is listed but no check. Either an input of the model
    // taken from this very sentence, or a bound no plausible parameter can
    // break (the model's structure guarantees it); `reason` says which.
    bool check = true;
    bool modelled = false;
    ClaimModel model;
    std::string reason; // not modelled: why; modelled: the known cause when the model is off
    // What CI expects (tests/model/validation): the verdict, and for some claims the
    // model value derived by hand (NaN = only the verdict is pinned).
    std::string expect;
    double expectModel = std::numeric_limits<double>::quiet_NaN();
};

// Reads every *.json file of `directory` (sorted by name), each
// {"format": "clusterscope-claims", "version": 1, "claims": [...]}. Throws
// ModelError naming the file, the JSON path and the value of any bad field,
// and a repeated id.
std::vector<Claim> loadClaims(const std::string& directory);

} // namespace cs
