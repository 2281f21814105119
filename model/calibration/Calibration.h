#pragma once
// Calibration: from probe results to block parameters, with
// confidence intervals, goodness, held-out validation, measured series and
// an uncertainty band for sweeps. Qt-free; the GUI and the CLI both use it.
//
// "results" everywhere is the JSON array of probe results, the RESULT objects
// of docs/agent-protocol.md "Results": what `clusterscope-cli probe -o` writes
// under "results" and what a document keeps in its "measured" array. A whole
// results file ({"format": "clusterscope-probe-results", "results": [...]})
// is accepted too.
//
// What each block type can calibrate is data in its BlockSpec::calibration
// (model/core/Block.h). All values are SI base units.
#include "model/calibration/Fit.h"
#include "model/core/FormatOptions.h"
#include "model/document/DesignDocument.h"
#include "model/document/DocumentEdits.h"
#include "model/sweep/Sweep.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace cs::calib {

// One block input set from a probe.
struct CalibratedParam {
    std::string block;         // block instance name in the design, e.g. "net"
    std::string param;         // input symbol, e.g. "G"
    double value = 0.0;        // SI
    double ciLow = 0.0;        // 95% CI, SI
    double ciHigh = 0.0;
    std::string unit;          // SI unit name of the input ("s", "s/B", "B/s", ...)
    std::string displayUnit;   // the input's display unit ("us", "ns/B")
    double previous = 0.0;     // the value before calibration (for display)
    std::string method;        // "direct", "ols", "wls", "segmented", "lm"
    std::string form;          // a FitForm name (model/core/FitForm.h)
    std::string expression;    // how the value follows from the fit, e.g. "a - o_s - o_r"
    std::string probe;         // probe id
    std::string run;           // probe run id: "<probe>@<started>" of the first result used
    std::string time;          // when the probe ran (ISO 8601 UTC, the first result's "started")
    std::string nodes;         // node set, comma-separated ("n1,n2")
    double r2 = 1.0;           // of the fit it came from (1 for direct)
    double smape = 0.0;        // of the fit it came from (0 for direct)
    int fit = -1;              // index into CalibrationReport::fits, -1 for none
    // False when an issue (CalibrationReport::issues) names this input: it is
    // then applied only when the user accepts poor fits.
    bool trusted = true;
};

// Why a calibrated value is not to be trusted (docs/calibration.md "Quality
// limits"). Every issue names the input, the figure that failed and the cause.
struct FitIssue {
    std::string block, param; // the input, "net" "G"
    std::string check;        // "r2", "held_out", "zero_ci", "clamped", "overheads", "depends"
    std::string figure;       // what was measured, e.g. "R^2 = 0.735 (limit 0.9)"
    std::string cause;        // what it means, in words
    std::string text() const { return block + "." + param + ": " + figure + ": " + cause; }
};

// A calibrated value that the design's topology overrides or contradicts
// (docs/calibration.md "Calibrated against drawn"): e.g. G against the floor
// 1/B_net that the drawn links put on it.
struct Disagreement {
    std::string block, param;  // "net", "G"
    double calibrated = 0.0;   // SI
    double drawn = 0.0;        // SI, what the topology supplies
    std::string drawnFrom;     // "1/B_net = 1/a2a_bw of the topology"
    bool drawnWins = true;     // what the model uses now
    std::string choice;        // the input that decides ("net.G_floor"); an edit of it is the user's choice
    double calibratedStands = 1.0; // the value of `choice` that lets the calibrated value stand (G_floor = none)
    std::string text;          // the whole sentence: which wins, by how much, what it implies
};

// The limits a fit must meet to be applied without asking
// (docs/calibration.md "Quality limits").
struct QualityLimits {
    double minR2 = 0.9;            // R^2 of the fit a value came from
    double maxHeldOutError = 0.25; // mean |relative error| of the fit's held-out points
};

// One measured point against the calibrated prediction.
struct ValidationPoint {
    int fit = -1;              // index into CalibrationReport::fits
    std::string series;        // e.g. "net.pingpong latency@"
    double x = 0.0;            // in the probe's units (message bytes, keys, links), before xOffset
    double measured = 0.0;
    double predicted = 0.0;
    double relError = 0.0;     // (predicted - measured) / measured
    bool heldOut = false;      // true: not used in the fit
};

// One fit made for one (block instance, calibration spec).
struct FitRecord {
    std::string block;         // instance
    std::string probe;
    std::string read;          // CalibrationSpec::read
    std::string xParam;        // CalibrationSpec::xParam
    double xOffset = 0.0;
    FitResult result;          // on the points not held out
    std::vector<double> heldOutX, heldOutY; // raw x (before xOffset)
};

struct CalibrationReport {
    std::vector<CalibratedParam> params;
    std::vector<FitRecord> fits;
    std::vector<ValidationPoint> validation;
    double meanAbsRelError = 0.0;        // mean |relError| over points used in fits (0 when none)
    double heldOutMeanAbsRelError = 0.0; // over held-out points; NaN when none were held out
    double heldOutMaxAbsRelError = 0.0;  // NaN when none were held out
    std::vector<std::string> warnings;   // specs skipped and why, inputs not calibrated, ...
    std::vector<FitIssue> issues;        // values not to be trusted (applied only when accepted)
    std::vector<Disagreement> disagreements; // calibrated against drawn
    std::string time;                    // when calibrate() ran (ISO 8601 UTC)
    std::string nodes;                   // union of the results' nodes, comma-separated
};

struct CalibrationOptions {
    // Share of each fit's points held out for validation, ceil(fraction * n):
    // the largest x values, or for a segmented fit (which uses the segment of
    // the largest x) every second x counted up from the second smallest; as
    // long as enough remain to fit (else none are held out and a warning says
    // so). 0 = fit on everything.
    double holdOutFraction = 0.25;
    // Only these probes / block instances / "block.input"s (empty = all).
    std::vector<std::string> probes;
    std::vector<std::string> blocks;
    std::vector<std::string> inputs;
    SegmentOptions segments;
    QualityLimits limits;
    // The report's time; "" = now. Tests set it for reproducible output.
    std::string time;
    // "block|probe" pairs whose specs are passed over: calibrate() fills it when a block's first probe gave
    // fits that are not trusted and the block is calibrated again from the next probe with results.
    std::set<std::string> passOver;
    // How the report's texts write sizes and rates (the GUI passes its Preferences).
    FormatOptions format;
};

// Fits every block instance in the design whose type has calibration specs,
// from the results. Throws ModelError when `results` is malformed (naming the
// entry and field, e.g. "results[0].summary.series.latency@1024.median = null
// is not a number"), when a block/input/probe filter names something the
// design does not have, or when no input at all could be calibrated (the
// message then gives every reason, e.g. a result whose status is "failed").
// A spec whose probe has no results is passed over silently; one that has
// results but cannot be used (all failed, too few points, a series missing,
// a fit that does not converge, a value outside the input's range) is
// skipped with a warning naming the block.input, probe and what to read.
//
// A block whose inputs from its first probe are not all trusted (mpi.loggp on a token-bucket link, say) is
// calibrated again without that probe: when the inputs then trusted outnumber those before, the second
// report stands, with a warning that names the probe passed over, its untrusted inputs and their first
// cause. (Limit the probes with `probes` to keep the first one's fits.)
CalibrationReport calibrate(const DesignDocument& doc, const nlohmann::json& results,
                            const CalibrationOptions& options = {});

// The results array of a probe results file ({"format":
// "clusterscope-probe-results", "version": 1, "results": [...]},
// docs/agent-protocol.md "Results"), of a design document (its "measured"
// array, read as loadDocument reads it), or of a bare array of results.
// Checked like a document (strict JSON; version; every result's members of
// their documented types): throws ModelError naming the file and the JSON
// path of each problem ("r.json: results[0].parts[0].samples.rtt[1]:
// expected a number, got string"). A result's members the format does not
// define are kept (a record from another version), each named in
// `warnings` with the file and its path, when given. The one reader of
// results files: calibrate --results, verify --results and the GUI's
// "Load application results".
nlohmann::json readResultsFile(const std::string& path, std::vector<std::string>* warnings = nullptr);
// The same for text already read; `path` names it in messages.
nlohmann::json resultsFromText(const std::string& text, const std::string& path,
                               std::vector<std::string>* warnings = nullptr);

// One change made by applyCalibration, so the GUI can undo it.
struct AppliedChange {
    std::string block, param;
    ParamValue before, after;
};
struct ApplyOptions {
    // Apply the inputs that have issues too (`calibrate --accept-poor-fits`,
    // the GUI's explicit choice). Otherwise they are skipped, with the issue.
    bool acceptPoorFits = false;
    // How the reasons in `skipped` write sizes and rates.
    FormatOptions format;
};
// What applying `report` to `doc` sets, computed once from the document as it
// is: every calibrated input (provenance Calibrated: detail = run id, CI,
// time, nodes) in `changes`, and the record the document keeps (reportToJson
// with the network the values were measured on). Inputs that are wired,
// whose value is out of the input's range, or that are not trusted (unless
// options.acceptPoorFits) are left out, each in `skipped` with why.
// edit::applyCalibration applies it as one step (values() and record); the
// GUI as one undo step, the command line before it saves.
struct CalibrationPlan {
    std::vector<AppliedChange> changes;
    std::vector<std::string> skipped;
    nlohmann::json record;
    std::vector<edit::ValueAssignment> values() const;
};
CalibrationPlan planCalibration(const DesignDocument& doc, const CalibrationReport& report,
                                const ApplyOptions& options = {});
// The document with the plan applied through the editing layer, and the probe
// results `measured` (null: none) after its measured ones; throws ModelError
// with the layer's reason when it is refused. For those that own a document
// (the command line, tests); the GUI applies edit::op::applyCalibration.
DesignDocument withCalibration(const DesignDocument& doc, const CalibrationPlan& plan,
                               nlohmann::json measured = nullptr);
// The issues of one input ("net", "G"), in report order.
std::vector<const FitIssue*> issuesOf(const CalibrationReport& report, const std::string& block,
                                      const std::string& param);

// The report as JSON (what doc.calibration keeps) and back. reportFromJson
// throws ModelError naming the missing or mistyped field.
nlohmann::json reportToJson(const CalibrationReport& report);
CalibrationReport reportFromJson(const nlohmann::json& j);

// Probe runs that would calibrate the design: one per (probe, xValues entry)
// with the specs' suggested parameters merged. Duplicates are dropped.
// When the design's job runs more than one rank a node (topology.ranks_per_node
// at the document's values or along a sweep axis), a logp.loggp block that
// mpi.loggp calibrates also gets the one-host pair: mpi.loggp with both its
// ranks on one host (ranksPerHost 2), which sets its intra-node LogGP
// (IntraNodeFit.h); the pair across hosts still sets the network's.
struct ProbeRun {
    std::string probe;
    nlohmann::json params = nlohmann::json::object(); // name -> SI value
    std::vector<std::string> targets;                 // "block.input" it can set
    int ranksPerHost = 0; // MPI probes: ranks a host (2: the pair on one host); 0: as the nodes place them
};
std::vector<ProbeRun> calibrationPlan(const DesignDocument& doc);

// ---------------------------------------------------------------- measured series

// A measured curve to draw over predictions.
struct MeasuredSeries {
    std::string name;          // "net.pingpong latency@" or the CSV's series name
    std::string probe;         // "" for a CSV
    std::string xName, xUnit;  // "size", "B"
    std::string yName, yUnit;  // "latency", "s"
    std::vector<double> x, y;
    std::vector<double> yLow, yHigh; // the medians' 95% CIs (empty when unknown)
    // Where it sits in the design, when a block instance's calibration spec
    // says (CalibrationSpec::xInput / yOutput): "net.k" against "net.T_oneway".
    std::string xPath, yPath;
};

// Every series family in the results: "PFX@X" series grouped by prefix (x =
// X), and "series:NAME" with x from a probe parameter when several results
// vary it (keys for cpu.sort, sockets for net.stream). With a document, xPath
// and yPath are filled from its blocks' calibration specs.
std::vector<MeasuredSeries> measuredSeries(const nlohmann::json& results, const DesignDocument* doc = nullptr);

// Reads a CSV of measured points: a header line naming the columns (x and y
// required, series optional, any order; other columns ignored), then one
// point per line; '#' starts a comment line. One MeasuredSeries per distinct
// series value (named after the file when there is no series column).
// Throws ModelError naming the file, line and column of a bad cell, e.g.
// "m.csv line 4, column y: 'abc' is not a number".
std::vector<MeasuredSeries> readMeasuredCsv(const std::string& path);

// Imported series as a document keeps them (DesignDocument::imported; docs/format.md "imported[]"):
// {"name", "file", "x_name", "x_unit", "y_name", "y_unit", "x_path", "y_path", "x": [...], "y": [...]}.
struct ImportedSeries {
    MeasuredSeries series;
    std::string file; // the CSV file's name it came from
};
nlohmann::json importedJson(const MeasuredSeries& s, const std::string& file);
// The document's imported series, in order (entries the reader would reject are skipped).
std::vector<ImportedSeries> importedSeries(const DesignDocument& doc);

// Measured against what the design predicts: for each x, the design is
// evaluated with xPath set to x and yPath read. Points the model rejects are
// left out (their message in `errors`).
struct Comparison {
    std::vector<ValidationPoint> points; // fit = -1, heldOut = false
    double meanAbsRelError = 0.0;        // NaN when there are no points
    double maxAbsRelError = 0.0;
    std::vector<std::string> errors;
};
Comparison compareWithDesign(const DesignDocument& doc, const MeasuredSeries& series);

// ---------------------------------------------------------------- uncertainty

struct BandOptions {
    enum class Method { MonteCarlo, Corners };
    Method method = Method::MonteCarlo;
    int draws = 200;            // Monte Carlo draws
    std::uint64_t seed = 12345; // fixed: the same band every time
    double coverage = 0.95;     // Monte Carlo: the central share of draws kept per row
    unsigned threads = 1;       // passed to runSweep
};
// Per-row band of one sweep column over the calibrated inputs' CIs.
struct UncertaintyBand {
    std::string column;           // the column (e.g. "T") or output path
    std::vector<double> nominal;  // the sweep with the calibrated values as they are
    std::vector<double> lo, hi;   // per row (rows of SweepTable)
    std::vector<std::string> params; // "block.input" drawn
};
// Monte Carlo: each calibrated input (provenance Calibrated with a CI) is
// drawn from a normal with mean its value and sigma = CI half-width / 1.96,
// truncated to its CI and to its valid range, independently; lo/hi are the
// (1 -/+ coverage)/2 quantiles per row. Corners: every combination of CI ends
// (at most 2^12), lo/hi the min/max per row. `column` is a SweepTable column
// ("T", "speedup", a phase name) or an output path "block.port" (added as an
// extra output). Throws when the document has no calibrated input with a CI,
// or the column is unknown.
UncertaintyBand uncertaintyBand(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                                const std::string& column, const BandOptions& options = {});

} // namespace cs::calib
