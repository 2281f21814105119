#include "model/calibration/Expression.h"
#include "model/core/ModelError.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace cs::calib {

namespace {

// Recursive descent over: expr = term {(+|-) term}; term = unary {(*|/) unary};
// unary = [-|+] power; power = atom [^ unary]; atom = number | symbol |
// func '(' expr {',' expr} ')' | '(' expr ')'.
class Parser {
public:
    Parser(const std::string& text, const std::function<double(const std::string&)>* lookup,
           std::vector<std::string>* symbols)
        : s_(text), lookup_(lookup), symbols_(symbols)
    {
    }

    double parse()
    {
        const double v = expr();
        skip();
        if (pos_ != s_.size())
            fail("unexpected '" + std::string(1, s_[pos_]) + "'");
        return v;
    }

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        throw ModelError("expression '" + s_ + "' at position " + std::to_string(pos_ + 1) + ": " + what);
    }
    void skip()
    {
        while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_])))
            ++pos_;
    }
    bool eat(char c)
    {
        skip();
        if (pos_ < s_.size() && s_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }
    double expr()
    {
        double v = term();
        for (;;) {
            if (eat('+'))
                v += term();
            else if (eat('-'))
                v -= term();
            else
                return v;
        }
    }
    double term()
    {
        double v = unary();
        for (;;) {
            if (eat('*'))
                v *= unary();
            else if (eat('/'))
                v /= unary();
            else
                return v;
        }
    }
    double unary()
    {
        if (eat('-'))
            return -unary();
        if (eat('+'))
            return unary();
        return power();
    }
    double power()
    {
        const double base = atom();
        if (eat('^'))
            return std::pow(base, unary());
        return base;
    }
    double atom()
    {
        skip();
        if (pos_ >= s_.size())
            fail("expected a number, symbol or '('");
        if (eat('(')) {
            const double v = expr();
            if (!eat(')'))
                fail("expected ')'");
            return v;
        }
        const char c = s_[pos_];
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            const char* begin = s_.c_str() + pos_;
            char* end = nullptr;
            const double v = std::strtod(begin, &end);
            if (end == begin)
                fail("bad number");
            pos_ += static_cast<std::size_t>(end - begin);
            return v;
        }
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
            const std::size_t start = pos_;
            while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_'))
                ++pos_;
            const std::string name = s_.substr(start, pos_ - start);
            if (eat('('))
                return call(name);
            if (symbols_ && std::find(symbols_->begin(), symbols_->end(), name) == symbols_->end())
                symbols_->push_back(name);
            return lookup_ ? (*lookup_)(name) : 1.0;
        }
        fail("unexpected '" + std::string(1, c) + "'");
    }
    double call(const std::string& name)
    {
        std::vector<double> args{expr()};
        while (eat(','))
            args.push_back(expr());
        if (!eat(')'))
            fail("expected ')' after the arguments of " + name);
        auto want = [&](std::size_t k) {
            if (args.size() != k)
                fail(name + "() takes " + std::to_string(k) + " argument(s), not " + std::to_string(args.size()));
        };
        if (name == "log2") {
            want(1);
            return std::log2(args[0]);
        }
        if (name == "ln") {
            want(1);
            return std::log(args[0]);
        }
        if (name == "sqrt") {
            want(1);
            return std::sqrt(args[0]);
        }
        if (name == "min") {
            want(2);
            return std::min(args[0], args[1]);
        }
        if (name == "max") {
            want(2);
            return std::max(args[0], args[1]);
        }
        fail("unknown function " + name + "()");
    }

    const std::string& s_;
    const std::function<double(const std::string&)>* lookup_;
    std::vector<std::string>* symbols_;
    std::size_t pos_ = 0;
};

} // namespace

double evaluateExpression(const std::string& expr, const std::function<double(const std::string&)>& lookup)
{
    return Parser(expr, &lookup, nullptr).parse();
}

std::vector<std::string> expressionSymbols(const std::string& expr)
{
    std::vector<std::string> symbols;
    Parser(expr, nullptr, &symbols).parse();
    return symbols;
}

} // namespace cs::calib
