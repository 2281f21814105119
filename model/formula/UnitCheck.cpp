#include "model/formula/UnitCheck.h"

namespace cs::formula {

namespace {

std::string unitWords(const std::optional<Dimension>& d)
{
    return d ? d->text() : "any unit";
}

} // namespace

std::optional<Dimension> checkUnits(const ExpressionTree& tree, const std::vector<Dimension>& dims,
                                    const std::vector<std::string>& names)
{
    const std::vector<std::optional<double>> constant = tree.constants();
    // Per node: its dimension; nullopt for the literal 0 (and what only it makes).
    std::vector<std::optional<Dimension>> dim(tree.nodes.size());
    auto term = [&](std::int32_t i) { return "'" + termText(tree, i, names) + "'"; };
    auto termIn = [&](std::int32_t i) { return term(i) + " in " + unitWords(dim[static_cast<std::size_t>(i)]); };
    for (std::size_t i = 0; i < tree.nodes.size(); ++i) {
        const Node& n = tree.nodes[i];
        const auto& da = n.a >= 0 ? dim[static_cast<std::size_t>(n.a)] : dim[i];
        const auto& db = n.b >= 0 ? dim[static_cast<std::size_t>(n.b)] : dim[i];
        const auto& dc = n.c >= 0 ? dim[static_cast<std::size_t>(n.c)] : dim[i];
        const int self = static_cast<int>(i);
        // Both terms of one dimension (or one of them the literal 0).
        auto same = [&](const std::optional<Dimension>& x, const std::optional<Dimension>& y, std::int32_t xi,
                        std::int32_t yi, const char* verb) {
            if (x && y && !(*x == *y))
                throw ModelError(term(self) + " " + verb + " " + termIn(xi) + " and " + termIn(yi) +
                                 "; the units must agree");
            return x ? x : y;
        };
        switch (n.op) {
        case Op::Const:
            if (n.value != 0.0)
                dim[i] = Dimension{};
            break;
        case Op::Var: dim[i] = dims[static_cast<std::size_t>(n.var)]; break;
        case Op::Neg:
        case Op::Abs:
        case Op::Ceil:
        case Op::Floor: dim[i] = da; break;
        case Op::Add: dim[i] = same(da, db, n.a, n.b, "adds"); break;
        case Op::Sub: dim[i] = same(da, db, n.a, n.b, "subtracts"); break;
        case Op::Min:
        case Op::Max: dim[i] = same(da, db, n.a, n.b, "takes the extreme of"); break;
        case Op::Lt:
        case Op::Le:
        case Op::Gt:
        case Op::Ge:
        case Op::Eq:
        case Op::Ne:
            same(da, db, n.a, n.b, "compares");
            dim[i] = Dimension{};
            break;
        case Op::And:
        case Op::Or: dim[i] = Dimension{}; break;
        case Op::Select: dim[i] = same(db, dc, n.b, n.c, "chooses between"); break;
        case Op::Mul:
            if (da && db)
                dim[i] = *da * *db;
            break;
        case Op::Div:
            if (da && db)
                dim[i] = *da / *db;
            else if (!da && db) // 0 / x
                dim[i] = std::nullopt;
            break;
        case Op::Sqrt:
            if (da)
                dim[i] = da->pow({1, 2});
            break;
        case Op::Log2:
        case Op::Ln:
            if (da && !da->dimensionless())
                throw ModelError(term(self) + ": the argument " + termIn(n.a) +
                                 "; a logarithm takes a dimensionless number");
            dim[i] = Dimension{};
            break;
        case Op::Pow: {
            if (db && !db->dimensionless())
                throw ModelError(term(self) + ": the exponent " + termIn(n.b) + "; an exponent is a dimensionless number");
            if (!da || da->dimensionless()) {
                dim[i] = da;
                break;
            }
            const auto& e = constant[static_cast<std::size_t>(n.b)];
            if (!e)
                throw ModelError(term(self) + ": the base " + termIn(n.a) + ", so the exponent " + term(n.b) +
                                 " must be a constant number");
            const auto r = rationalOf(*e);
            if (!r)
                throw ModelError(term(self) + ": the base " + termIn(n.a) + ", and the exponent " + formatNumber(*e) +
                                 " is not a fraction with a denominator of at most 12, so the result has no unit");
            dim[i] = da->pow(*r);
            break;
        }
        }
    }
    return dim.back();
}

} // namespace cs::formula
