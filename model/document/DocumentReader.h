#pragma once
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace cs {

// Reads a current-version document JSON into a DesignDocument, collecting
// every problem with its JSON path instead of stopping at the first.
class DocumentReader {
public:
    explicit DocumentReader(const BlockRegistry& registry) : registry_(registry) {}

    // Throws DocumentError listing all problems when there are any.
    DesignDocument read(const nlohmann::json& j);

private:
    void problem(const std::string& path, const std::string& what);
    // Typed member access: records a problem and returns false when the
    // member is missing (and required) or of the wrong type.
    bool getString(const nlohmann::json& obj, const std::string& path, const char* key, std::string& out,
                   bool required);
    bool getNumber(const nlohmann::json& obj, const std::string& path, const char* key, double& out, bool required);
    bool getArray(const nlohmann::json& obj, const std::string& path, const char* key, const nlohmann::json*& out);
    bool readValue(const nlohmann::json& v, const std::string& path, ParamValue& out);

    void readParameters(const nlohmann::json& j, DesignDocument& doc);
    void readTopology(const nlohmann::json& j, DesignDocument& doc);
    void applyFollows(DesignDocument& doc);
    void readBlocks(const nlohmann::json& j, DesignDocument& doc);
    void readWires(const nlohmann::json& j, DesignDocument& doc);
    void readVariants(const nlohmann::json& j, DesignDocument& doc);
    void readSweep(const nlohmann::json& j, DesignDocument& doc);
    void readCosts(const nlohmann::json& j, DesignDocument& doc);
    void readExtras(const nlohmann::json& j, DesignDocument& doc);
    void readImported(const nlohmann::json& j, DesignDocument& doc);
    // True when `path` ("P", "fft.rows") names a parameter or block that
    // failed to load: its own problem is reported, the references are not.
    bool refersToBroken(const std::string& path) const;

    static constexpr std::size_t kMaxProblems = 20;

    const BlockRegistry& registry_;
    std::vector<std::string> problems_;
    struct PendingFollow {
        std::string param, output, path;
    };
    std::vector<PendingFollow> pendingFollows_; // applied once blocks and wires exist
    std::set<std::string> broken_;                             // names of parameters and blocks not loaded
};

} // namespace cs
