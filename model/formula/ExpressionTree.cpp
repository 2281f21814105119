#include "model/formula/ExpressionTree.h"

#include <muParser.h>
#include <muParserBytecode.h>

#include "model/core/Unit.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <deque>

namespace cs::formula {

namespace {

struct Function {
    const char* name;
    Op op;
};
// The functions a formula may call: the list, and nothing of
// muparser's own (sin, exp, sum, ...), so that every call has a unit rule.
constexpr Function kFunctions[] = {
    {"log2", Op::Log2}, {"ln", Op::Ln},   {"sqrt", Op::Sqrt}, {"ceil", Op::Ceil}, {"floor", Op::Floor},
    {"abs", Op::Abs},   {"min", Op::Min}, {"max", Op::Max},   {"if", Op::Select},
};

// muparser calls these while it checks the expression; the operation rides
// in the user-data pointer, so that the byte code says which function it is.
double call1(void* op, double a)
{
    return apply(*static_cast<const Op*>(op), a, 0, 0);
}
double call2(void* op, double a, double b)
{
    return apply(*static_cast<const Op*>(op), a, b, 0);
}
double call3(void* op, double a, double b, double c)
{
    return apply(*static_cast<const Op*>(op), a, b, c);
}
double negate(double a)
{
    return -a;
}
double unaryPlus(double a)
{
    return a;
}

void setUp(mu::Parser& p)
{
    p.ClearFun();
    p.ClearConst(); // no _pi, _e: a constant with a meaning is an input
    p.ClearPostfixOprt();
    p.ClearInfixOprt();
    p.DefineInfixOprt("-", negate);
    p.DefineInfixOprt("+", unaryPlus);
    p.EnableOptimizer(false); // the byte code stays the expression's postfix form
    for (const Function& f : kFunctions) {
        void* op = const_cast<Op*>(&f.op);
        switch (arity(f.op)) {
        case 1: p.DefineFunUserData(f.name, call1, op); break;
        case 2: p.DefineFunUserData(f.name, call2, op); break;
        default: p.DefineFunUserData(f.name, call3, op); break;
        }
    }
}

bool isIdentifier(std::string_view s)
{
    if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_'))
        return false;
    for (char c : s)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_'))
            return false;
    return true;
}

bool isFunction(std::string_view s)
{
    for (const Function& f : kFunctions)
        if (s == f.name)
            return true;
    return false;
}

void checkLimits(std::string_view text)
{
    if (text.size() > kMaxExpressionChars)
        throw ExpressionError(0, "is " + std::to_string(text.size()) + " characters long; at most " +
                                     std::to_string(kMaxExpressionChars) + " are accepted");
    int depth = 0;
    bool blank = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '(' && ++depth > kMaxNesting)
            throw ExpressionError(i + 1, "parentheses are nested more than " + std::to_string(kMaxNesting) + " deep");
        if (text[i] == ')')
            --depth;
        if (!std::isspace(static_cast<unsigned char>(text[i])))
            blank = false;
    }
    if (blank)
        throw ExpressionError(0, "is empty");
}

// muparser's words, with its position turned 1-based and a name it does not
// know called what it is.
ExpressionError translate(const mu::ParserError& e, std::string_view text)
{
    const std::string token = e.GetToken();
    const int pos = e.GetPos();
    const std::size_t at = pos >= 0 ? static_cast<std::size_t>(pos) : 0;
    auto followedByParen = [&](std::size_t from) {
        while (from < text.size() && std::isspace(static_cast<unsigned char>(text[from])))
            ++from;
        return from < text.size() && text[from] == '(';
    };
    if (e.GetCode() == mu::ecUNASSIGNABLE_TOKEN && isIdentifier(token))
        return ExpressionError(at + 1, (followedByParen(at + token.size()) ? "unknown function '" : "unknown name '") +
                                           token + "'");
    if (e.GetCode() == mu::ecUNEXPECTED_PARENS && at <= text.size()) {
        // With a variable factory an unknown function reads as a name followed by '('.
        std::size_t end = at;
        while (end > 0 && std::isspace(static_cast<unsigned char>(text[end - 1])))
            --end;
        std::size_t begin = end;
        while (begin > 0 && (std::isalnum(static_cast<unsigned char>(text[begin - 1])) || text[begin - 1] == '_'))
            --begin;
        const std::string_view name = text.substr(begin, end - begin);
        if (isIdentifier(name) && !isFunction(name))
            return ExpressionError(begin + 1, "unknown function '" + std::string(name) + "'");
    }
    std::string msg = e.GetMsg();
    for (const char* suffix : {" at expression position", " at position"})
        if (const auto cut = msg.find(suffix); cut != std::string::npos)
            msg.erase(cut);
    while (!msg.empty() && (msg.back() == '.' || msg.back() == ' '))
        msg.pop_back();
    if (!msg.empty())
        msg[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(msg[0])));
    return ExpressionError(pos >= 0 ? at + 1 : 0, msg);
}

// The byte code of a parsed expression as nodes. `vars` is the storage the
// names were defined on (a cmVAR token points into it).
ExpressionTree treeOf(const mu::ParserByteCode& bc, const double* vars, std::size_t nVars)
{
    ExpressionTree tree;
    std::vector<int> stack;
    auto push = [&](Node n) {
        tree.nodes.push_back(n);
        stack.push_back(static_cast<int>(tree.nodes.size()) - 1);
    };
    auto operation = [&](Op op) {
        const int k = arity(op);
        if (static_cast<int>(stack.size()) < k)
            throw ExpressionError(0, "is malformed");
        Node n;
        n.op = op;
        std::int32_t* slots[3] = {&n.a, &n.b, &n.c};
        for (int i = 0; i < k; ++i)
            *slots[i] = stack[stack.size() - static_cast<std::size_t>(k - i)];
        stack.resize(stack.size() - static_cast<std::size_t>(k));
        push(n);
    };
    const mu::SToken* t = bc.GetBase();
    for (std::size_t i = 0; i < bc.GetSize(); ++i) {
        switch (t[i].Cmd) {
        case mu::cmVAL: {
            Node n;
            n.value = t[i].Val.data2; // a value token is ptr * data + data2, ptr null
            push(n);
            break;
        }
        case mu::cmVAR: {
            const std::ptrdiff_t idx = t[i].Val.ptr - vars;
            if (idx < 0 || static_cast<std::size_t>(idx) >= nVars)
                throw ExpressionError(0, "refers to a variable it does not know");
            Node n;
            n.op = Op::Var;
            n.var = static_cast<std::int32_t>(idx);
            push(n);
            break;
        }
        case mu::cmADD: operation(Op::Add); break;
        case mu::cmSUB: operation(Op::Sub); break;
        case mu::cmMUL: operation(Op::Mul); break;
        case mu::cmDIV: operation(Op::Div); break;
        case mu::cmPOW: operation(Op::Pow); break;
        case mu::cmLT: operation(Op::Lt); break;
        case mu::cmLE: operation(Op::Le); break;
        case mu::cmGT: operation(Op::Gt); break;
        case mu::cmGE: operation(Op::Ge); break;
        case mu::cmEQ: operation(Op::Eq); break;
        case mu::cmNEQ: operation(Op::Ne); break;
        case mu::cmLAND: operation(Op::And); break;
        case mu::cmLOR: operation(Op::Or); break;
        case mu::cmFUNC: {
            const mu::generic_callable_type& cb = t[i].Fun.cb;
            if (cb._pUserData) {
                operation(*static_cast<const Op*>(cb._pUserData));
            } else if (cb._pRawFun == reinterpret_cast<mu::erased_fun_type>(negate)) {
                operation(Op::Neg);
            } else if (cb._pRawFun != reinterpret_cast<mu::erased_fun_type>(unaryPlus)) {
                throw ExpressionError(0, "calls a function this version does not know");
            }
            break;
        }
        // c ? a : b: the condition and both branches stay on the stack and
        // the end of the conditional selects (both are evaluated; they have
        // no side effects).
        case mu::cmIF:
        case mu::cmELSE: break;
        case mu::cmENDIF: operation(Op::Select); break;
        case mu::cmEND: i = bc.GetSize(); break;
        case mu::cmASSIGN: throw ExpressionError(0, "assigns with '='; an output is an expression, not an assignment");
        default: throw ExpressionError(0, "uses a construct formulas do not support");
        }
    }
    if (stack.size() != 1)
        throw ExpressionError(0, "holds " + std::to_string(stack.size()) +
                                     " expressions separated by ','; an output is one expression");
    return tree;
}

struct NameFactory {
    std::vector<std::string> names;
    std::deque<double> storage; // stable addresses
};

double* makeName(const char* name, void* user)
{
    auto* f = static_cast<NameFactory*>(user);
    f->names.emplace_back(name);
    f->storage.push_back(1.0);
    return &f->storage.back();
}

int precedence(Op op)
{
    switch (op) {
    case Op::Or: return 1;
    case Op::And: return 2;
    case Op::Lt: case Op::Le: case Op::Gt: case Op::Ge: case Op::Eq: case Op::Ne: return 4;
    case Op::Add: case Op::Sub: return 5;
    case Op::Mul: case Op::Div: case Op::Neg: return 6;
    case Op::Pow: return 7;
    default: return 10; // leaves and calls
    }
}

bool isBinary(Op op)
{
    return op >= Op::Add && op <= Op::Or;
}

} // namespace

ExpressionError::ExpressionError(std::size_t pos, const std::string& why)
    : ModelError(pos ? "at position " + std::to_string(pos) + ": " + why : why), position(pos), reason(why)
{
}

int arity(Op op)
{
    switch (op) {
    case Op::Const:
    case Op::Var: return 0;
    case Op::Neg:
    case Op::Log2:
    case Op::Ln:
    case Op::Sqrt:
    case Op::Ceil:
    case Op::Floor:
    case Op::Abs: return 1;
    case Op::Select: return 3;
    default: return 2;
    }
}

const char* opName(Op op)
{
    switch (op) {
    case Op::Const: return "constant";
    case Op::Var: return "name";
    case Op::Neg: return "-";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::Pow: return "^";
    case Op::Lt: return "<";
    case Op::Le: return "<=";
    case Op::Gt: return ">";
    case Op::Ge: return ">=";
    case Op::Eq: return "==";
    case Op::Ne: return "!=";
    case Op::And: return "&&";
    case Op::Or: return "||";
    case Op::Log2: return "log2";
    case Op::Ln: return "ln";
    case Op::Sqrt: return "sqrt";
    case Op::Ceil: return "ceil";
    case Op::Floor: return "floor";
    case Op::Abs: return "abs";
    case Op::Min: return "min";
    case Op::Max: return "max";
    case Op::Select: return "if";
    }
    return "?";
}

double apply(Op op, double a, double b, double c)
{
    switch (op) {
    case Op::Const:
    case Op::Var: return a;
    case Op::Neg: return -a;
    case Op::Add: return a + b;
    case Op::Sub: return a - b;
    case Op::Mul: return a * b;
    case Op::Div: return a / b;
    case Op::Pow: return std::pow(a, b);
    case Op::Lt: return a < b ? 1.0 : 0.0;
    case Op::Le: return a <= b ? 1.0 : 0.0;
    case Op::Gt: return a > b ? 1.0 : 0.0;
    case Op::Ge: return a >= b ? 1.0 : 0.0;
    case Op::Eq: return a == b ? 1.0 : 0.0;
    case Op::Ne: return a != b ? 1.0 : 0.0;
    case Op::And: return (a != 0.0 && b != 0.0) ? 1.0 : 0.0;
    case Op::Or: return (a != 0.0 || b != 0.0) ? 1.0 : 0.0;
    case Op::Log2: return std::log2(a);
    case Op::Ln: return std::log(a);
    case Op::Sqrt: return std::sqrt(a);
    case Op::Ceil: return std::ceil(a);
    case Op::Floor: return std::floor(a);
    case Op::Abs: return std::fabs(a);
    case Op::Min: return b < a ? b : a;
    case Op::Max: return b > a ? b : a;
    case Op::Select: return a != 0.0 ? b : c;
    }
    return a;
}

std::vector<std::optional<double>> ExpressionTree::constants() const
{
    std::vector<std::optional<double>> v(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        const Node& n = nodes[i];
        if (n.op == Op::Const) {
            v[i] = n.value;
            continue;
        }
        if (n.op == Op::Var)
            continue;
        const int k = arity(n.op);
        const std::int32_t operands[3] = {n.a, n.b, n.c};
        double x[3] = {0, 0, 0};
        bool known = true;
        for (int j = 0; j < k; ++j) {
            known = known && v[static_cast<std::size_t>(operands[j])].has_value();
            if (known)
                x[j] = *v[static_cast<std::size_t>(operands[j])];
        }
        if (known)
            v[i] = apply(n.op, x[0], x[1], x[2]);
    }
    return v;
}

std::string symbolProblem(const std::string& name)
{
    if (!isIdentifier(name))
        return "'" + name.substr(0, 64) + "' is not a name (letters, digits and '_', not starting with a digit)";
    if (name.size() > 64)
        return "'" + name.substr(0, 64) + "...' is longer than 64 characters";
    if (isFunction(name))
        return "'" + name + "' is the name of a function";
    return {};
}

ExpressionTree parseExpression(std::string_view text, const std::vector<std::string>& names)
{
    checkLimits(text);
    mu::Parser p;
    setUp(p);
    std::vector<double> vars(names.size(), 1.0);
    try {
        for (std::size_t i = 0; i < names.size(); ++i)
            p.DefineVar(names[i], &vars[i]);
    } catch (const mu::ParserError& e) {
        throw ExpressionError(0, "cannot use the name '" + e.GetToken() + "': " + e.GetMsg());
    }
    try {
        p.SetExpr(std::string(text));
        p.Eval(); // parses; the values are placeholders
    } catch (const mu::ParserError& e) {
        throw translate(e, text);
    }
    return treeOf(p.GetByteCode(), vars.data(), vars.size());
}

std::vector<std::string> expressionNames(std::string_view text)
{
    checkLimits(text);
    mu::Parser p;
    setUp(p);
    NameFactory factory;
    p.SetVarFactory(makeName, &factory);
    try {
        p.SetExpr(std::string(text));
        p.Eval();
    } catch (const mu::ParserError& e) {
        throw translate(e, text);
    }
    std::vector<std::string> out;
    for (const std::string& n : factory.names)
        if (std::find(out.begin(), out.end(), n) == out.end())
            out.push_back(n);
    return out;
}

std::string termText(const ExpressionTree& tree, int node, const std::vector<std::string>& names)
{
    // Without recursion: a chain of 5,000 additions is a tree 5,000 deep.
    constexpr std::size_t kClip = 80;
    struct Item {
        int node;        // >= 0: a node to write
        const char* lit; // else a literal
    };
    std::vector<Item> todo{{node, nullptr}};
    std::string out;
    auto lit = [](const char* s) { return Item{-1, s}; };
    while (!todo.empty() && out.size() <= kClip) {
        const Item it = todo.back();
        todo.pop_back();
        if (it.node < 0) {
            out += it.lit;
            continue;
        }
        const Node& n = tree.nodes[static_cast<std::size_t>(it.node)];
        if (n.op == Op::Const) {
            out += formatNumber(n.value);
            continue;
        }
        if (n.op == Op::Var) {
            out += n.var >= 0 && static_cast<std::size_t>(n.var) < names.size() ? names[n.var] : "?";
            continue;
        }
        // Pieces are pushed in reverse, so that they come off in order.
        if (isBinary(n.op)) {
            const Op la = tree.nodes[static_cast<std::size_t>(n.a)].op;
            const Op rb = tree.nodes[static_cast<std::size_t>(n.b)].op;
            const int p = precedence(n.op);
            const bool parenA = precedence(la) < p || (n.op == Op::Pow && precedence(la) == p);
            const bool parenB = precedence(rb) < p || (n.op != Op::Pow && precedence(rb) == p && n.op != Op::Add &&
                                                       n.op != Op::Mul);
            if (parenB)
                todo.push_back(lit(")"));
            todo.push_back({n.b, nullptr});
            if (parenB)
                todo.push_back(lit("("));
            static const std::string spaced[] = {" + ", " - ", " * ", " / ", "^", " < ", " <= ", " > ", " >= ",
                                                 " == ", " != ", " && ", " || "};
            todo.push_back(lit(spaced[static_cast<int>(n.op) - static_cast<int>(Op::Add)].c_str()));
            if (parenA)
                todo.push_back(lit(")"));
            todo.push_back({n.a, nullptr});
            if (parenA)
                todo.push_back(lit("("));
        } else if (n.op == Op::Neg) {
            const bool paren = precedence(tree.nodes[static_cast<std::size_t>(n.a)].op) < precedence(Op::Pow);
            if (paren)
                todo.push_back(lit(")"));
            todo.push_back({n.a, nullptr});
            todo.push_back(lit(paren ? "-(" : "-"));
        } else {
            todo.push_back(lit(")"));
            const std::int32_t operands[3] = {n.a, n.b, n.c};
            for (int j = arity(n.op) - 1; j >= 0; --j) {
                todo.push_back({operands[j], nullptr});
                if (j > 0)
                    todo.push_back(lit(", "));
            }
            todo.push_back(lit("("));
            todo.push_back(lit(opName(n.op)));
        }
    }
    if (out.size() > kClip || !todo.empty()) {
        out.resize(std::min(out.size(), kClip));
        out += "...";
    }
    return out;
}

} // namespace cs::formula
