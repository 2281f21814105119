#pragma once
// Verification: the calibrated design against a live run of the application it models (DESIGN.md,
// "Verification"). The application probes (app.fft2d, ...) run the seed workload on P live nodes and report
// the phases the block predicts; this compares them with the design evaluated at the same P, with the band
// the calibrated inputs' confidence intervals give. Qt-free: `clusterscope-cli verify` and the GUI share it.
//
// Error: (predicted - measured) / measured, the measured value being the median over the kept repetitions.
// Held out: a point whose P no calibration probe spanned (the node counts of the document's measured probe
// results, application runs excluded): the pair probes give P = 2, so P = 4 and 8 test the model where
// calibration never looked. The summary keeps held-out and other points apart.
#include "model/core/FormatOptions.h"
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <vector>

namespace cs::verify {

// Which application probe runs a block type's workload, and what it measures.
struct Application {
    std::string blockType;              // "fftw.transpose"
    std::string probe;                  // TCP between agents: "app.fft2d"
    std::string mpiProbe;               // the same under mpirun ("" = none yet)
    // Block inputs passed to the probe as its parameters (block input, probe parameter): the problem size
    // first ("rows"), then how the block says the work is done ("alltoall": pairwise or linear).
    std::vector<std::pair<std::string, std::string>> inputs;
    std::vector<std::string> quantities; // block outputs the probe measures, total first ("T", "T_a2a", ...)
};

// The application of a block type, or nullptr when none is known.
const Application* applicationFor(const std::string& blockType);
// The block types verify knows with their probes, for messages: "fftw.transpose (app.fft2d), ...".
std::string knownApplications();

// The "probe" of one result, or "" when it has none or it is not a string (results are untrusted).
std::string probeOf(const nlohmann::json& result);

// One measured quantity at one P: the median over repetitions and its spread.
struct MeasuredPoint {
    double P = 0;
    std::string quantity;   // block output symbol ("T", "T_a2a")
    std::string runs;       // the program and arguments of a run of the user's own (calib::programRunLabel), or ""
    double median = 0;      // s
    double lo = 0, hi = 0;  // the median's 95% confidence interval, s
    double min = 0, max = 0;
    int n = 0;              // kept repetitions
    // The busiest host of the run: how many of its processes (nodes, or MPI ranks) ran there and how many
    // CPUs it had online (0 = not known: a result without environments). Local namespaces are all one host.
    std::string host;
    int processes = 0, cpus = 0;
    // An MPI run's largest message (the FFT's block_bytes) and the TCP BTL's eager limit it ran with (0 = not
    // known): a message above the limit goes by Open MPI's rendezvous protocol, which the models leave out.
    double messageBytes = 0, eagerLimit = 0;
};

// The measured points of application probe results (the RESULT objects of docs/agent-protocol.md, as
// `probe -o` writes them): every ok result of `probe`, P its node count, one point per series the probe
// reports that is in `quantities`. Failed results are skipped.
std::vector<MeasuredPoint> measuredFromResults(const nlohmann::json& results, const std::string& probe,
                                               const std::vector<std::string>& quantities);

// Node counts the calibration's probes spanned: for each result in doc.measured that is not an
// application probe ("app." or "mpi.app."), its node count (an MPI result: its ranks).
std::set<double> calibratedNodeCounts(const DesignDocument& doc);

struct Row {
    std::string variant;
    double P = 0;
    std::string quantity;
    std::string runs; // the program and arguments the runs were made with ("" for the seed applications)
    double predicted = 0, bandLo = 0, bandHi = 0; // band = predicted when no calibrated input has a CI
    double measured = 0, measuredLo = 0, measuredHi = 0;
    int n = 0;
    double error = 0;        // (predicted - measured) / measured
    bool heldOut = false;
    bool measuredInBand = false; // [measuredLo, measuredHi] meets [bandLo, bandHi]
    // Processes per online CPU on the busiest host when above 1 (else 0): the run's compute phases shared
    // CPUs, which a design of one CPU per node does not model.
    double cpuShare = 0;
};

struct ErrorStats {
    int count = 0;
    double meanAbs = 0; // NaN when count = 0
    double maxAbs = 0;  // NaN when count = 0
};

// The statistics of one group of runs: the runs of one program with one set of arguments (Row::runs), which the
// chart and the fit keep apart (issue 48, defect 3), so the summary does too.
struct GroupStats {
    std::string runs; // "" for the seed applications' runs
    ErrorStats heldOut, used, all;
};

struct Report {
    std::vector<Row> rows;
    ErrorStats heldOut, used, all;
    std::vector<GroupStats> groups; // one per distinct Row::runs, in the rows' order
    std::vector<std::string> bandParams; // calibrated inputs the band was drawn over
    std::vector<std::string> notes;
};

// Evaluates `variant` of the design at every P of `measured` (the sweep path `pPath`, "P" or "fft.P") and
// compares each measured quantity with the output of the variant's total block of the same name.
// `heldOutP`: the P values calibration did not use (see calibratedNodeCounts). Throws ModelError naming the
// variant, the path or the quantity that is not in the design. `format`: how the notes write sizes.
Report compare(const DesignDocument& doc, const std::string& variant, const std::string& pPath,
               const std::vector<MeasuredPoint>& measured, const std::set<double>& calibratedP,
               const FormatOptions& format = {});

// The sweep path of P for a variant's block: the design parameter "P" when there is one, else "block.P".
std::string pathOfP(const DesignDocument& doc, const std::string& block);

// Throws ModelError, saying why, when `variant`'s model at one of `Ps` (the sweep path `pPath`) counts other
// ranks than the job's: an input that counts them (countsJobRanks, JobSize.h) apart from the job's size
// (RankCounts.h). A run of P ranks is not compared with a model of another P. compare() calls it.
void requireOneJobSize(const DesignDocument& doc, const std::string& variant, const std::string& pPath,
                       const std::vector<double>& Ps);

// {"rows": [{"variant", "P", "quantity", ("runs" when known,) "predicted", "predicted_lo", "predicted_hi", "measured",
//  "measured_lo", "measured_hi", "n", "error", "held_out", "cpu_share"}...], "summary": {"held_out", "calibrated", "all",
//  "groups": [{"runs", "held_out", "calibrated", "all"}...] (each program and arguments', when more than one)}};
// seconds, error a fraction, cpu_share null unless processes shared CPUs.
nlohmann::json toJson(const Report& r);

ErrorStats errorStats(const std::vector<Row>& rows, int which); // which: 1 held out, 0 used, -1 all
// Sets the report's statistics from its rows: heldOut, used, all, and each group's.
void summarize(Report& r);

} // namespace cs::verify
