#include "app/cli/Args.h"
#include "app/cli/Cli.h"

#include <algorithm>

namespace cs::cli {

Args::Args(const std::vector<std::string>& words, const std::vector<std::string>& valued,
           const std::vector<std::string>& flags)
{
    auto contains = [](const std::vector<std::string>& v, const std::string& s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string& w = words[i];
        if (w.size() < 2 || w[0] != '-' || (w[1] != '-' && w != "-o")) {
            positional_.push_back(w);
            continue;
        }
        std::string name = w;
        std::optional<std::string> inlineValue;
        if (auto eq = w.find('='); eq != std::string::npos && w.rfind("--", 0) == 0) {
            name = w.substr(0, eq);
            inlineValue = w.substr(eq + 1);
        }
        if (contains(valued, name)) {
            if (inlineValue) {
                values_.emplace_back(name, *inlineValue);
            } else {
                if (i + 1 >= words.size())
                    throw UsageError("option " + name + " needs a value");
                values_.emplace_back(name, words[++i]);
            }
        } else if (contains(flags, name) && !inlineValue) {
            flags_.push_back(name);
        } else {
            throw UsageError("unknown option '" + w + "'");
        }
    }
}

bool Args::flag(const std::string& name) const
{
    return std::find(flags_.begin(), flags_.end(), name) != flags_.end();
}

std::optional<std::string> Args::value(const std::string& name) const
{
    std::optional<std::string> v;
    for (const auto& [k, val] : values_)
        if (k == name)
            v = val;
    return v;
}

std::vector<std::string> Args::values(const std::string& name) const
{
    std::vector<std::string> out;
    for (const auto& [k, val] : values_)
        if (k == name)
            out.push_back(val);
    return out;
}

std::pair<std::string, std::string> splitAssignment(const std::string& text, const std::string& option)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        throw UsageError(option + " expects NAME=VALUE, got '" + text + "'");
    return {text.substr(0, eq), text.substr(eq + 1)};
}

} // namespace cs::cli
