#pragma once
// The design and the runs files of the Recording window's tests
// (test_recording_window.cpp, test_recording_chart.cpp, shot_recording.cpp).
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::test::recording {

using nlohmann::json;

// Two leaves (s1: h0..h3, s2: h4..h7) joined by one uplink, every link 1
// Gbit/s = 1.25e8 B/s; LogGP L = 5 us, o_s = 2 us, o_r = 3 us, g = 1 us,
// G = 0: the links set the per-byte cost.
inline json twoLeaves()
{
    json v = json::array({{{"id", "s1"}, {"kind", "switch"}}, {{"id", "s2"}, {"kind", "switch"}}});
    json e = json::array({{{"from", "s1"}, {"to", "s2"}, {"bandwidth", 1.25e8}}});
    for (int i = 0; i < 8; ++i) {
        v.push_back({{"id", "h" + std::to_string(i)}, {"kind", "host"}});
        e.push_back({{"from", "h" + std::to_string(i)}, {"to", i < 4 ? "s1" : "s2"}, {"bandwidth", 1.25e8}});
    }
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", "two leaves"},
            {"parameters", {{{"name", "P"}, {"unit", "count"}, {"value", 8}, {"min", 1}, {"max", 8}}}},
            {"blocks",
             {{{"name", "net"},
               {"type", "logp.loggp"},
               {"values", {{"L", 5e-6}, {"o_s", 2e-6}, {"o_r", 3e-6}, {"g", 1e-6}, {"G", 0}}}}}},
            {"topology", {{"vertices", v}, {"edges", e}}},
            {"wires", {{{"from", "P"}, {"to", "net.P"}}}}};
}

// A halo exchange of P ranks on a ring: 5 iterations of compute (rank r's
// `compute` x (1 + imbalance r) s), then `bytes` to each neighbour and from
// each, and an 8-byte allreduce.
inline std::vector<std::string> ring(int P, double compute, long bytes, double imbalance = 0.1)
{
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r) {
        const int left = (r + P - 1) % P, right = (r + 1) % P;
        const std::string b = " " + std::to_string(bytes) + " 0 0 ";
        texts.push_back("csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\nloop 5 7\nc " +
                        std::to_string(compute * (1 + imbalance * r)) + "\nirecv " + std::to_string(left) + b +
                        "0\nirecv " + std::to_string(right) + b + "1\nisend " + std::to_string(left) + b +
                        "2\nisend " + std::to_string(right) + b + "3\nwaitall 4 0 1 2 3\nallreduce 8 0\nend\n");
    }
    return texts;
}

// An app.run result: the median `seconds` of `n` runs, its 95% CI [lo, hi] (both `seconds` when not given).
inline json appRun(int P, double seconds, int n = 1, double lo = -1, double hi = -1)
{
    if (lo < 0 || hi < 0)
        lo = hi = seconds;
    json r;
    r["probe"] = "app.run";
    r["status"] = "ok";
    r["params"]["P"] = P;
    r["summary"]["derived"]["T"] = {{"value", seconds}, {"ci_lo", lo}, {"ci_hi", hi}, {"unit", "s"}};
    r["summary"]["series"]["T"] = {{"median", seconds}, {"ci_lo", lo}, {"ci_hi", hi}, {"n", n}, {"unit", "s"}};
    return r;
}

} // namespace cs::test::recording
