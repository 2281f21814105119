#pragma once
// One expression over named values, evaluated once: the value a calibration
// spec gives an input (CalibrationSpec::value, e.g. "a - o_s - o_r",
// "c * rows * log2(rows)"). The same engine as formula blocks (muparser
// parses, FormulaProgram evaluates): numbers, names, + - * / ^ ( ),
// comparisons, and log2, ln, sqrt, ceil, floor, abs, min, max, if.
#include <functional>
#include <string>
#include <vector>

namespace cs {

// Evaluates `expr`, looking every name up through `lookup` (which throws for
// an unknown one). Throws ModelError "expression 'EXPR' at position N: why"
// on a syntax error.
double evaluateExpression(const std::string& expr, const std::function<double(const std::string&)>& lookup);

// The distinct names `expr` uses, in order of first appearance (function
// names excluded). Throws on a syntax error.
std::vector<std::string> expressionSymbols(const std::string& expr);

} // namespace cs
