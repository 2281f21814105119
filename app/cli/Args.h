#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs::cli {

// A small argument scanner: positional words, "--flag", "--key value" and
// "--key=value". Options may repeat ("--set a=1 --set b=2").
class Args {
public:
    // `valued` lists the options that take a value; everything else starting
    // with "--" (or "-o") is a flag. Throws UsageError on an unknown option.
    Args(const std::vector<std::string>& words, const std::vector<std::string>& valued,
         const std::vector<std::string>& flags);

    const std::vector<std::string>& positional() const { return positional_; }
    bool flag(const std::string& name) const;
    std::optional<std::string> value(const std::string& name) const; // last occurrence
    std::vector<std::string> values(const std::string& name) const;  // every occurrence

private:
    std::vector<std::string> positional_;
    std::vector<std::string> flags_;
    std::vector<std::pair<std::string, std::string>> values_;
};

// Splits "NAME=VALUE"; throws UsageError naming the text when there is no '='.
std::pair<std::string, std::string> splitAssignment(const std::string& text, const std::string& option);

} // namespace cs::cli
