#include "model/formula/FormulaProgram.h"
#include "model/core/ModelError.h"

#include <cmath>
#include <cstring>

namespace cs::formula {

namespace {

// Operand tags before the frame layout is known (constants and
// intermediates are placed after all outputs are compiled).
constexpr std::uint32_t kConst = 0x80000000u;
constexpr std::uint32_t kTemp = 0x40000000u;
constexpr std::uint32_t kTagMask = kConst | kTemp;

} // namespace

FormulaProgram::FormulaProgram(std::uint32_t nIn, std::uint32_t nOut, const std::vector<ExpressionTree>& trees)
    : nIn_(nIn), nOut_(nOut)
{
    std::uint32_t maxTemps = 0;
    auto constSlot = [&](double v) {
        for (std::size_t i = 0; i < constants_.size(); ++i)
            if (std::memcmp(&constants_[i], &v, sizeof v) == 0)
                return kConst | static_cast<std::uint32_t>(i);
        constants_.push_back(v);
        return kConst | static_cast<std::uint32_t>(constants_.size() - 1);
    };
    for (std::uint32_t k = 0; k < trees.size(); ++k) {
        const ExpressionTree& t = trees[k];
        const std::uint32_t outSlot = nIn + k;
        std::vector<std::uint32_t> loc(t.nodes.size());
        std::vector<std::optional<double>> value(t.nodes.size()); // folded constants
        std::uint32_t depth = 0; // the postfix stack's height: intermediate i lives at temp i
        for (std::size_t i = 0; i < t.nodes.size(); ++i) {
            const Node& n = t.nodes[i];
            const int ar = arity(n.op);
            depth -= static_cast<std::uint32_t>(ar);
            if (n.op == Op::Const) {
                value[i] = n.value;
                loc[i] = constSlot(n.value);
            } else if (n.op == Op::Var) {
                loc[i] = static_cast<std::uint32_t>(n.var);
            } else {
                const std::int32_t operands[3] = {n.a, n.b, n.c};
                bool folded = true;
                double x[3] = {0, 0, 0};
                for (int j = 0; j < ar; ++j) {
                    const auto& v = value[static_cast<std::size_t>(operands[j])];
                    folded = folded && v.has_value();
                    if (folded)
                        x[j] = *v;
                }
                if (folded) {
                    value[i] = apply(n.op, x[0], x[1], x[2]);
                    loc[i] = constSlot(*value[i]);
                } else {
                    const bool root = i + 1 == t.nodes.size();
                    loc[i] = root ? outSlot : (kTemp | depth);
                    if (!root)
                        maxTemps = std::max(maxTemps, depth + 1);
                    Instr in{Code::Mov, loc[i], 0, 0, 0};
                    std::uint32_t* ops[3] = {&in.a, &in.b, &in.c};
                    for (int j = 0; j < ar; ++j)
                        *ops[j] = loc[static_cast<std::size_t>(operands[j])];
                    // Op from Neg to Select, in its order.
                    static constexpr Code kCodes[] = {
                        Code::Neg, Code::Add, Code::Sub, Code::Mul, Code::Div, Code::Pow, Code::Lt, Code::Le,
                        Code::Gt, Code::Ge, Code::Eq, Code::Ne, Code::And, Code::Or, Code::Log2, Code::Ln,
                        Code::Sqrt, Code::Ceil, Code::Floor, Code::Abs, Code::Min, Code::Max, Code::Select};
                    in.code = kCodes[static_cast<int>(n.op) - static_cast<int>(Op::Neg)];
                    // Common powers without std::pow (N^3 in a stencil, x^2).
                    if (n.op == Op::Pow && value[static_cast<std::size_t>(n.b)]) {
                        const double e = *value[static_cast<std::size_t>(n.b)];
                        if (e == 2.0)
                            in.code = Code::Sq;
                        else if (e == 3.0)
                            in.code = Code::Cube;
                        else if (e == 0.5)
                            in.code = Code::Sqrt;
                        else if (e == 1.0)
                            in.code = Code::Mov;
                    }
                    code_.push_back(in);
                }
            }
            ++depth;
        }
        const std::size_t root = t.nodes.size() - 1;
        if (loc[root] != outSlot)
            code_.push_back({Code::Mov, outSlot, loc[root], 0, 0});
    }
    constBase_ = nIn + nOut;
    const std::uint64_t frame = static_cast<std::uint64_t>(constBase_) + constants_.size() + maxTemps;
    if (frame > kMaxFrame)
        throw ModelError("needs " + std::to_string(frame) + " values (inputs, outputs, constants and intermediate "
                         "results); a formula block may hold at most " + std::to_string(kMaxFrame));
    const std::uint32_t tempBase = constBase_ + static_cast<std::uint32_t>(constants_.size());
    auto place = [&](std::uint32_t& slot) {
        if (slot & kConst)
            slot = constBase_ + (slot & ~kTagMask);
        else if (slot & kTemp)
            slot = tempBase + (slot & ~kTagMask);
    };
    for (Instr& in : code_) {
        place(in.dst);
        place(in.a);
        place(in.b);
        place(in.c);
    }
}

void FormulaProgram::run(const double* in, double* out) const
{
    double f[kMaxFrame]; // only the first frame() are touched
    std::memcpy(f, in, nIn_ * sizeof(double));
    if (!constants_.empty())
        std::memcpy(f + constBase_, constants_.data(), constants_.size() * sizeof(double));
    for (const Instr& i : code_) {
        const double a = f[i.a];
        double r;
        switch (i.code) {
        case Code::Mov: r = a; break;
        case Code::Neg: r = -a; break;
        case Code::Add: r = a + f[i.b]; break;
        case Code::Sub: r = a - f[i.b]; break;
        case Code::Mul: r = a * f[i.b]; break;
        case Code::Div: r = a / f[i.b]; break;
        case Code::Pow: r = std::pow(a, f[i.b]); break;
        case Code::Sq: r = a * a; break;
        case Code::Cube: r = a * a * a; break;
        case Code::Lt: r = a < f[i.b] ? 1.0 : 0.0; break;
        case Code::Le: r = a <= f[i.b] ? 1.0 : 0.0; break;
        case Code::Gt: r = a > f[i.b] ? 1.0 : 0.0; break;
        case Code::Ge: r = a >= f[i.b] ? 1.0 : 0.0; break;
        case Code::Eq: r = a == f[i.b] ? 1.0 : 0.0; break;
        case Code::Ne: r = a != f[i.b] ? 1.0 : 0.0; break;
        case Code::And: r = (a != 0.0 && f[i.b] != 0.0) ? 1.0 : 0.0; break;
        case Code::Or: r = (a != 0.0 || f[i.b] != 0.0) ? 1.0 : 0.0; break;
        case Code::Log2: r = std::log2(a); break;
        case Code::Ln: r = std::log(a); break;
        case Code::Sqrt: r = std::sqrt(a); break;
        case Code::Ceil: r = std::ceil(a); break;
        case Code::Floor: r = std::floor(a); break;
        case Code::Abs: r = std::fabs(a); break;
        case Code::Min: r = f[i.b] < a ? f[i.b] : a; break;
        case Code::Max: r = f[i.b] > a ? f[i.b] : a; break;
        case Code::Select: r = a != 0.0 ? f[i.b] : f[i.c]; break;
        default: r = a; break;
        }
        f[i.dst] = r;
    }
    std::memcpy(out, f + nIn_, nOut_ * sizeof(double));
}

} // namespace cs::formula
