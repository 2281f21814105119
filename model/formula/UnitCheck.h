#pragma once
// Dimensional analysis of a formula's expression: every sum, comparison,
// min, max and if joins terms of one dimension; a logarithm takes a
// dimensionless number; a power of a dimensioned term needs a constant
// (rational) exponent. The literal 0 fits any dimension ("if(c, x, 0)").
#include "model/formula/Dimension.h"
#include "model/formula/ExpressionTree.h"

#include <optional>
#include <string>
#include <vector>

namespace cs::formula {

// The dimension of the expression's value, or none when it is the literal
// 0 (any dimension). Throws ModelError naming the term and the units at
// fault: "'L + G' adds L in s and G in s/B". `dims` and `names` are per name
// of the tree's Var nodes.
std::optional<Dimension> checkUnits(const ExpressionTree& tree, const std::vector<Dimension>& dims,
                                    const std::vector<std::string>& names);

} // namespace cs::formula
