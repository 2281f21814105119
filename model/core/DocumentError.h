#pragma once
#include "model/core/ModelError.h"

#include <string>
#include <vector>

namespace cs {

// Every problem found while loading, each with its JSON path
// ("blocks[2].values.P: = 0 is out of range [1, 65536]"). Here rather than in model/document, so that the
// readers below the document (a recording, strict JSON) can throw it.
class DocumentError : public ModelError {
public:
    explicit DocumentError(std::vector<std::string> problems);
    const std::vector<std::string>& problems() const { return problems_; }

private:
    std::vector<std::string> problems_;
};

} // namespace cs
