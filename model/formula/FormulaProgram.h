#pragma once
// A formula block's outputs compiled to a flat three-address program over
// one frame of doubles: [inputs | outputs | constants | intermediates]. It
// is run from the block's evaluate(), on the sweep's threads at once: the
// frame lives on the caller's stack, so a run is re-entrant and allocates
// nothing. (muparser's own Eval keeps its stack in the parser object and
// costs 130-170 ns for the INIC FFT's equations against 8.5 ns native;
// this program is parsed by muparser and run from its postfix byte code.)
#include "model/formula/ExpressionTree.h"

#include <cstdint>
#include <vector>

namespace cs::formula {

class FormulaProgram {
public:
    // Most doubles a frame may hold (32 KiB of the caller's stack).
    static constexpr std::uint32_t kMaxFrame = 4096;

    FormulaProgram() = default;
    // `trees[k]` computes output k over names [inputs..., outputs...]
    // (Var index i < nIn is input i, nIn + k is output k); outputs are given
    // in an order where each uses only outputs before it. Throws ModelError
    // when the frame would exceed kMaxFrame.
    FormulaProgram(std::uint32_t nIn, std::uint32_t nOut, const std::vector<ExpressionTree>& trees);

    // Writes the nOut outputs from the nIn inputs.
    void run(const double* in, double* out) const;

    std::size_t instructions() const { return code_.size(); }

private:
    enum class Code : std::uint8_t {
        Mov, Neg, Add, Sub, Mul, Div, Pow, Sq, Cube, Lt, Le, Gt, Ge, Eq, Ne, And, Or,
        Log2, Ln, Sqrt, Ceil, Floor, Abs, Min, Max, Select,
    };
    struct Instr {
        Code code;
        std::uint32_t dst, a, b, c;
    };
    std::vector<Instr> code_;
    std::vector<double> constants_;
    std::uint32_t nIn_ = 0, nOut_ = 0, constBase_ = 0;
};

} // namespace cs::formula
