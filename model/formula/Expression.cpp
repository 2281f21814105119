#include "model/formula/Expression.h"
#include "model/formula/ExpressionTree.h"
#include "model/formula/FormulaProgram.h"

namespace cs {

namespace {

[[noreturn]] void refuse(const std::string& expr, const ModelError& e)
{
    const std::string shown = expr.size() > 80 ? expr.substr(0, 80) + "..." : expr;
    throw ModelError("expression '" + shown + "' " + e.what());
}

} // namespace

double evaluateExpression(const std::string& expr, const std::function<double(const std::string&)>& lookup)
{
    std::vector<std::string> names;
    formula::ExpressionTree tree;
    try {
        names = formula::expressionNames(expr);
        tree = formula::parseExpression(expr, names);
    } catch (const formula::ExpressionError& e) {
        refuse(expr, e);
    }
    std::vector<double> values;
    for (const std::string& n : names)
        values.push_back(lookup(n));
    const formula::FormulaProgram program(static_cast<std::uint32_t>(names.size()), 1, {tree});
    double out = 0.0;
    program.run(values.data(), &out);
    return out;
}

std::vector<std::string> expressionSymbols(const std::string& expr)
{
    try {
        return formula::expressionNames(expr);
    } catch (const formula::ExpressionError& e) {
        refuse(expr, e);
    }
}

} // namespace cs
