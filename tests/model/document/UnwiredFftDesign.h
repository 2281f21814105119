#pragma once
// Issue 45's design, kept as the tests' example of a rank count set apart from the job's: a logp.loggp
// block `net` whose outputs drive an fftw.transpose block `fft`, the topology wired into LogGP as
// scripts/netns-cluster.sh writes it, on its 8-host tree (2 hosts a leaf, 2 leaves a pod, one core) at
// 100 Mbit/s. The design's P follows topology.hosts and is the job's size, but it is not wired into fft.P,
// which the file sets to 8 (its default). With `wired` it is, as the script's design has it.
//
// In the issue the file left fft.P out, at its default; such an input now follows the job when the
// document is read (Design::wireJobRanks), so the design sets it apart with a value of its own, as a
// user who means another count would. `leftOut` gives the file as it was: neither wire nor value.
#include <nlohmann/json.hpp>

#include <string>

namespace cs::test {

inline nlohmann::json unwiredFftDesign(bool wired = false, bool leftOut = false)
{
    using nlohmann::json;
    json vertices = json::array({{{"id", "core"}, {"kind", "switch"}}});
    json edges = json::array();
    for (int p = 0; p < 2; ++p) {
        vertices.push_back({{"id", "pod" + std::to_string(p)}, {"kind", "switch"}});
        edges.push_back({{"from", "pod" + std::to_string(p)}, {"to", "core"}, {"bandwidth", "100Mbit/s"}});
    }
    for (int l = 0; l < 4; ++l) {
        vertices.push_back({{"id", "leaf" + std::to_string(l)}, {"kind", "switch"}});
        edges.push_back({{"from", "leaf" + std::to_string(l)}, {"to", "pod" + std::to_string(l / 2)},
                         {"bandwidth", "100Mbit/s"}});
    }
    for (int h = 0; h < 8; ++h) {
        vertices.push_back({{"id", "h" + std::to_string(h)}, {"kind", "host"}});
        edges.push_back({{"from", "h" + std::to_string(h)}, {"to", "leaf" + std::to_string(h / 2)},
                         {"bandwidth", "100Mbit/s"}});
    }
    json wires = json::array({{{"from", "P"}, {"to", "net.P"}},
                              {{"from", "net.L_out"}, {"to", "fft.L"}},
                              {{"from", "net.o_s_out"}, {"to", "fft.o_s"}},
                              {{"from", "net.o_r_out"}, {"to", "fft.o_r"}},
                              {{"from", "net.g_out"}, {"to", "fft.g"}},
                              {{"from", "net.G_out"}, {"to", "fft.G"}},
                              {{"from", "topology.xchg_bw"}, {"to", "net.B_net"}},
                              {{"from", "topology.inj_bw"}, {"to", "net.B_pair"}},
                              {{"from", "topology.L"}, {"to", "net.L_net"}}});
    if (wired)
        wires.push_back({{"from", "P"}, {"to", "fft.P"}});
    return {{"format", "clusterscope-design"},
            {"version", 3},
            {"name", wired ? "FFT over LogGP, P wired" : "FFT over LogGP, fft.P unwired (issue 45)"},
            {"parameters",
             {{{"name", "P"}, {"unit", "count"}, {"min", 1}, {"max", 8}, {"follows", "topology.hosts"}}}},
            {"blocks",
             {{{"name", "fft"},
               {"type", "fftw.transpose"},
               {"values", wired || leftOut ? json{{"t_pen", 0}} : json{{"t_pen", 0}, {"P", 8}}}},
              {{"name", "net"}, {"type", "logp.loggp"}, {"values", {{"G_floor", "scaled"}}}}}},
            {"wires", wires},
            {"variants", {{{"name", "FFTW"}, {"total", "fft.T"}}}},
            {"topology", {{"vertices", vertices}, {"edges", edges}, {"job", {{"schedule", "shift"}}}}}};
}

} // namespace cs::test
