#pragma once
// The FFT design the sweep tests share (command line and GUI): fftw.transpose over GigE against the INIC
// (inic.fft2d), both fed P (range [1, 64]) and rows = 1024 from design parameters, P swept over `values`.
#include <string>

namespace cs::test {

inline std::string fftSweepDesign(const std::string& values = "1,2,4,8,16")
{
    return R"({
  "format": "clusterscope-design", "version": 2, "name": "fft",
  "parameters": [{"name": "P", "unit": "count", "value": 4, "min": 1, "max": 64},
                 {"name": "rows", "unit": "count", "value": 1024, "min": 1, "max": 1048576}],
  "blocks": [{"name": "gige", "type": "fftw.transpose", "values": {}},
             {"name": "inic", "type": "inic.fft2d", "values": {}}],
  "wires": [{"from": "P", "to": "gige.P"}, {"from": "P", "to": "inic.P"},
            {"from": "rows", "to": "gige.rows"}, {"from": "rows", "to": "inic.rows"}],
  "variants": [{"name": "INIC", "total": "inic.T", "overrides": {}},
               {"name": "GigE", "total": "gige.T", "overrides": {}}],
  "sweep": {"axes": [{"path": "P", "values": ")" +
           values + R"("}], "speedup": {"param": "P", "baseline": 1}}
})";
}

} // namespace cs::test
