#pragma once
// The block canvas tests' wired design: LogGP's outputs wired into the FFTW 2D-FFT, whose run time feeds the
// speedup block; P is a design parameter shared by all three (9 wires).

namespace cs::test {

inline constexpr const char* kWiredDoc = R"({
  "format": "clusterscope-design", "version": 2, "name": "fft over loggp",
  "parameters": [{"name": "P", "unit": "count", "value": 8, "min": 1, "max": 1024,
                  "meaning": "processors"}],
  "blocks": [
    {"name": "net", "type": "logp.loggp"},
    {"name": "fft", "type": "fftw.transpose"},
    {"name": "s", "type": "speedup.efficiency", "values": {"T_ref": 2}}
  ],
  "wires": [
    {"from": "P", "to": "net.P"}, {"from": "P", "to": "fft.P"}, {"from": "P", "to": "s.P"},
    {"from": "net.L_out", "to": "fft.L"}, {"from": "net.o_s_out", "to": "fft.o_s"},
    {"from": "net.o_r_out", "to": "fft.o_r"}, {"from": "net.g_out", "to": "fft.g"},
    {"from": "net.G_out", "to": "fft.G"}, {"from": "fft.T", "to": "s.T"}
  ]
})";

} // namespace cs::test
