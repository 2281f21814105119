#pragma once
// One P's runs of `./jacobi ARGS` as run-app and the GUI's Run my program store them: probe app.run on the mpi
// node "mpi0", the program and its arguments in the part's details, T's median with a 95% CI of +-1% and 5 runs.
// Shared by the CLI's and the GUI's tests of a user's program runs (issue 48, defect 3).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::test {

inline nlohmann::json jacobiRun(const std::vector<std::string>& args, double P, double T)
{
    nlohmann::json program = nlohmann::json::array({"./jacobi"});
    for (const std::string& a : args)
        program.push_back(a);
    return {{"probe", "app.run"},
            {"name", "run-app: ./jacobi"},
            {"nodes", {"mpi0"}},
            {"status", "ok"},
            {"params", {{"P", P}}},
            {"summary", {{"series", {{"T", {{"median", T}, {"ci_lo", 0.99 * T}, {"ci_hi", 1.01 * T}, {"n", 5}}}}}}},
            {"parts", nlohmann::json::array(
                          {{{"node", "mpi0"}, {"details", {{"program", program}, {"settings", nlohmann::json::object()}}}}})}};
}

} // namespace cs::test
