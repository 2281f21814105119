#pragma once
#include "model/core/Unit.h"
#include "model/core/ValueRange.h"

#include <string>
#include <vector>

namespace cs {

// Describes one input parameter of a block (or a design parameter).
// All numbers are in SI base units of `unit`.
struct ParamSpec {
    std::string symbol;      // as the paper writes it: "rows", "P", "E_init", "o_s"
    Unit unit = Unit::Ratio; // physical kind
    std::string displayUnit; // preferred display unit name ("MiB/s", "us"); "" = SI
    double defaultValue = 0.0;
    double min = 0.0;        // inclusive lower bound
    double max = 0.0;        // inclusive upper bound
    std::string meaning;     // one line
    std::string source;      // seed file plus equation/table/figure, e.g. "000_e9da438bafb3289f.txt eq. (5)"
    bool integer = false;    // must be a whole number (counts, choices)
    std::vector<std::string> choices; // for Unit::Choice: value i means choices[i]
    // The output of the design's topology that can supply this input
    // ("a2a_bw", "L", "channels"); "" when the network does not set it.
    std::string topology = {};
    // True when the input counts the job's ranks (the job size, JobSize.h):
    // it follows the design's P, wired when its block enters a design
    // (Design::wireJobRanks), and one set apart from the job is told
    // (model/sweep/RankCounts.h).
    bool jobSize = false;

    // Whether v is a value of this parameter: in [min, max] and, for counts
    // and choices, whole. The compiled plan, the generators and the forms ask
    // this; rangeProblem() words a refusal.
    bool accepts(double v) const { return acceptsValue(v, min, max, integer); }
    // Empty when accepts(v); otherwise the reason, e.g.
    // "= 0 is out of range [1, 65536]" or "= 2.5 must be a whole number".
    std::string rangeProblem(double v) const;
    // "[1, 65536] count" in display units; for choices "one of SRR, WSRR, WD".
    std::string rangeText() const;
    // Parses user text: a number with an optional unit, or a choice name.
    double parse(const std::string& text) const;
};

// Describes one named output of a block.
struct OutputSpec {
    std::string symbol;      // "T", "T_dtc", "S"
    Unit unit = Unit::Seconds;
    std::string displayUnit;
    std::string meaning;
    std::string source;
    // Non-empty when this output is one phase of a total; names that total's
    // output symbol (e.g. "T_trans"). Phases of a total add up to it; the
    // time-breakdown charts are drawn from them.
    std::string phaseOf;
};

// Convenience builders so block specs read as tables.
ParamSpec param(std::string symbol, Unit unit, std::string displayUnit, double def, double min, double max,
                std::string meaning, std::string source);
ParamSpec countParam(std::string symbol, double def, double min, double max, std::string meaning,
                     std::string source);
// Marks an input the design's topology can supply from its output `output`.
inline ParamSpec throughNetwork(ParamSpec p, std::string output)
{
    p.topology = std::move(output);
    return p;
}
// Marks an input that counts the job's ranks (ParamSpec::jobSize).
inline ParamSpec followsJob(ParamSpec p)
{
    p.jobSize = true;
    return p;
}
ParamSpec choiceParam(std::string symbol, std::vector<std::string> choices, int def, std::string meaning,
                      std::string source);
OutputSpec output(std::string symbol, Unit unit, std::string displayUnit, std::string meaning,
                  std::string source, std::string phaseOf = {});

} // namespace cs
