#pragma once
#include <stdexcept>
#include <string>

namespace cs {

// The one exception type the model library throws. Its message is a complete,
// user-facing sentence that names the culprit (block, parameter, value, range).
class ModelError : public std::runtime_error {
public:
    explicit ModelError(const std::string& what) : std::runtime_error(what) {}
};

} // namespace cs
