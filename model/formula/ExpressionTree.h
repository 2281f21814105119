#pragma once
// A formula's expression as a tree, parsed by muparser (libmuparser-dev):
// muparser tokenizes and orders the expression, and its byte code, taken
// unoptimized, is the expression in postfix order. That order is kept here
// as the node list, so that units can be checked and a term named in an
// error (UnitCheck.h), and a re-entrant program compiled (FormulaProgram.h).
#include "model/core/ModelError.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cs::formula {

enum class Op : std::uint8_t {
    Const, Var,                                   // leaves
    Neg,                                          // unary minus
    Add, Sub, Mul, Div, Pow, Lt, Le, Gt, Ge, Eq, Ne, And, Or, // binary operators
    Log2, Ln, Sqrt, Ceil, Floor, Abs, Min, Max,   // functions
    Select,                                       // if(c, a, b) and c ? a : b
};

int arity(Op op);
const char* opName(Op op); // "+", "log2", "if"
// The operation's value; comparisons and logic give 1 or 0, Select(c, a, b) is a when c != 0.
double apply(Op op, double a, double b, double c);

struct Node {
    Op op = Op::Const;
    std::int32_t a = -1, b = -1, c = -1; // operands: indices of earlier nodes
    std::int32_t var = -1;               // Var: index into the names
    double value = 0.0;                  // Const
};

// Nodes in postfix order: operands come before their operation, the last
// node is the root.
struct ExpressionTree {
    std::vector<Node> nodes;
    int root() const { return static_cast<int>(nodes.size()) - 1; }
    // Each node's value when it depends on constants only.
    std::vector<std::optional<double>> constants() const;
};

// Limits checked on the text before it is parsed: a formula is written by a
// person, and a megabyte or a nesting of 10^5 is refused at once instead of
// being parsed (or overflowing a stack).
inline constexpr std::size_t kMaxExpressionChars = 10000;
inline constexpr int kMaxNesting = 64;

// A refused expression: `position` is 1-based (0 when it is the whole text),
// `reason` the words without the position.
class ExpressionError : public ModelError {
public:
    ExpressionError(std::size_t position, const std::string& reason);
    std::size_t position;
    std::string reason;
};

// Parses `text` over the given names (inputs, outputs, coefficients). A name
// must be an identifier; the functions are log2, ln, sqrt, ceil, floor, abs,
// min, max and if. Throws ExpressionError: text too long or too deeply
// nested, a syntax error, an unknown name or function, an assignment, or more
// than one expression.
ExpressionTree parseExpression(std::string_view text, const std::vector<std::string>& names);

// The names `text` uses, in order of first use (function names excluded).
// Throws ExpressionError as parseExpression does.
std::vector<std::string> expressionNames(std::string_view text);

// The term rooted at `node` as text, for messages: "w * N^2 / P^(2 / 3) * G",
// clipped to about 80 characters.
std::string termText(const ExpressionTree& tree, int node, const std::vector<std::string>& names);

// "" when `name` can be a formula's input or output, else why not.
std::string symbolProblem(const std::string& name);

} // namespace cs::formula
