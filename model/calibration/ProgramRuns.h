#pragma once
// The runs of the user's own program (app.run results: run-app, Probes > Run my program...) told apart by
// the program and the arguments they ran with. Runs of `./jacobi 32 10` and of `./jacobi 96 50` time two
// problems: their points are never one series, and a fit takes the runs the block's inputs describe.
// run-app keeps both in its result's part (docs/format.md): details.program, the command as typed with its
// placeholders ({P}, {name} of --set), and details.settings, the --set values. A result without them (an
// import, a file from before) is of arguments not known: label "", and never refused for them. Qt-free.
#include "model/document/DesignDocument.h"
#include "model/scaling/TimedPoints.h" // runRankCount

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::calib {

// "./jacobi 96 50 {P}": the program and its arguments as run, the --set placeholders filled in and {P} kept;
// "" when the result does not say.
std::string programRunLabel(const nlohmann::json& result);

// Why a run of `result` was made with other arguments than block `block`'s inputs, in a sentence: a --set
// value named as an input with another value, or a number among its arguments that is the value of no
// input ("the runs of './jacobi 32 10' were made with 32 and 10, which are no values of block app's inputs
// (N = 96, cores = 0, iters = 50)"); "" when they agree, or the result does not say.
std::string argumentsMismatch(const DesignDocument& doc, const std::string& block, const nlohmann::json& result);

// The app.run results of `results` that a fit of block `block` takes: those of one program and arguments,
// the last group whose arguments agree with the block's inputs, else the last group. `notes` gets a
// sentence for each group left out (its label, P values and why), and the warning when the runs taken
// disagree with the inputs. Results of another probe are left out silently.
nlohmann::json runsToFit(const DesignDocument& doc, const std::string& block, const nlohmann::json& results,
                         std::vector<std::string>& notes);

} // namespace cs::calib
