#pragma once
// The stencil formula block of issue 31, as the issue writes it: the tests of
// formula blocks, their editing, the inspector's editor and `fit` build their
// documents around this one block.
//   T_comp = iters N^3 t_cell / P,  T_halo = iters 6 (L + w N^2 / P^(2/3) G),  T = T_comp + T_halo
// At its point (N 96, P 8, iters 50, t_cell 2.5e-9 s, w 8 B, L 4e-6 s, G 8e-10 s/B):
// T_comp = 0.013824 s, T_halo = 5.62368e-3 s (test_formula_block.cpp derives both).
#include <nlohmann/json.hpp>

namespace cs::test {

inline const char* const kStencilBlock = R"json({"name": "app", "type": "formula",
 "inputs": {"N": {"unit": "1", "value": 96}, "P": {"unit": "1", "value": 8},
            "iters": {"unit": "1", "value": 50}, "t_cell": {"unit": "s", "value": 2.5e-9, "fit": true},
            "w": {"unit": "B", "value": 8}, "L": {"unit": "s", "value": 4e-6}, "G": {"unit": "s/B", "value": 8e-10}},
 "outputs": {"T_comp": {"unit": "s", "expr": "iters * N^3 * t_cell / P"},
             "T_halo": {"unit": "s", "expr": "iters * 6 * (L + w * N^2 / P^(2/3) * G)"},
             "T": {"unit": "s", "expr": "T_comp + T_halo"}}})json";

// A version-3 document named "stencil" holding the block, with `extra`'s members added.
inline nlohmann::json stencilDocument(const nlohmann::json& extra = nlohmann::json::object())
{
    nlohmann::json j{{"format", "clusterscope-design"},
                     {"version", 3},
                     {"name", "stencil"},
                     {"blocks", nlohmann::json::array({nlohmann::json::parse(kStencilBlock)})}};
    for (auto it = extra.begin(); it != extra.end(); ++it)
        j[it.key()] = it.value();
    return j;
}

} // namespace cs::test
