#pragma once
// A tiny arithmetic expression language for CalibrationSpec::value: numbers,
// symbols (fit coefficients and block inputs), + - * / ^, parentheses, unary
// minus, and the functions log2(), ln(), sqrt(), min(,), max(,).
#include <functional>
#include <string>
#include <vector>

namespace cs::calib {

// Evaluates `expr`, looking every symbol up through `lookup` (which throws
// for an unknown one). Throws ModelError naming the expression and position
// on a syntax error.
double evaluateExpression(const std::string& expr, const std::function<double(const std::string&)>& lookup);

// The distinct symbols `expr` uses, in order of first appearance (function
// names excluded). Throws on a syntax error.
std::vector<std::string> expressionSymbols(const std::string& expr);

} // namespace cs::calib
