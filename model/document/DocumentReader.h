#pragma once
#include "model/document/DesignDocument.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cs {

// Reads a current-version document JSON into a DesignDocument, collecting
// every problem with its JSON path instead of stopping at the first.
class DocumentReader {
public:
    explicit DocumentReader(const BlockRegistry& registry) : registry_(registry) {}

    // Throws DocumentError listing all problems when there are any. The
    // sections kept as JSON (topology, calibration, measured, imported,
    // nodes, layout) are moved out of `j`, not copied.
    DesignDocument read(nlohmann::json&& j);

private:
    void problem(const std::string& path, const std::string& what);
    void problemLine(const std::string& line); // a message that starts with its path
    // Refuses every key of `obj` (at `path`) that is not one of `keys`: a
    // misspelled or misplaced key would otherwise be dropped and change what
    // the file means without a word (DocumentReaderKeys.cpp).
    void knownKeys(const nlohmann::json& obj, const std::string& path, std::initializer_list<std::string_view> keys);
    void knownKeys(const nlohmann::json& obj, const std::string& path, std::span<const std::string_view> keys);
    void knownTopLevelKeys(const nlohmann::json& j);
    // Text the GUI and the terminal show: refused when it holds control or
    // bidirectional formatting characters, or (with `nonEmpty`) is empty.
    void checkText(const std::string& text, const std::string& path, bool nonEmpty, bool multiline = false);
    // Typed member access: records a problem and returns false when the
    // member is missing (and required) or of the wrong type.
    bool getString(const nlohmann::json& obj, const std::string& path, const char* key, std::string& out,
                   bool required);
    bool getNumber(const nlohmann::json& obj, const std::string& path, const char* key, double& out, bool required);
    bool getArray(const nlohmann::json& obj, const std::string& path, const char* key, const nlohmann::json*& out);
    // The objects of the top-level array `key` ("wires"), for a range-for
    // over {object, path ("wires[2]")}: as the loop reaches each entry, its
    // keys are checked against `keys` (knownKeys), and one that is no object
    // is reported and skipped (DocumentReaderKeys.cpp).
    class ObjectEntries;
    ObjectEntries objectEntries(const nlohmann::json& j, const char* key, std::initializer_list<std::string_view> keys);
    bool readValue(const nlohmann::json& v, const std::string& path, ParamValue& out);

    void readParameters(const nlohmann::json& j, DesignDocument& doc);
    void readTopology(nlohmann::json& j, DesignDocument& doc); // moves its section out of j
    void applyFollows(DesignDocument& doc);
    void readBlocks(const nlohmann::json& j, DesignDocument& doc);
    // A block of type "formula": its inputs and outputs (DocumentReaderFormula.cpp).
    void readFormulaBlock(const nlohmann::json& bj, const std::string& path, const std::string& name,
                          DesignDocument& doc);
    // A block of type "recorded" with the recording it embeds
    // (DocumentReaderRecorded.cpp). False when the recording is refused.
    bool readRecordedBlock(const nlohmann::json& bj, const std::string& path, const std::string& name,
                           DesignDocument& doc);
    void readWires(const nlohmann::json& j, DesignDocument& doc);
    void readVariants(const nlohmann::json& j, DesignDocument& doc);
    void readSweep(const nlohmann::json& j, DesignDocument& doc);
    void readCosts(const nlohmann::json& j, DesignDocument& doc);
    void readExtras(nlohmann::json& j, DesignDocument& doc); // moves its section out of j
    void readImported(nlohmann::json& j, DesignDocument& doc); // moves its section out of j
    // True when `path` ("P", "fft.rows") names a parameter or block that
    // failed to load: its own problem is reported, the references are not.
    bool refersToBroken(const std::string& path) const;

    static constexpr std::size_t kMaxProblems = 20;
    // How many problems the validator may list (only kMaxProblems are shown;
    // the rest are counted up to this bound, then checking stops).
    static constexpr std::size_t kMaxCounted = 1000;

    const BlockRegistry& registry_;
    std::vector<std::string> problems_; // the first kMaxProblems
    std::size_t problemCount_ = 0;      // all of them
    struct PendingFollow {
        std::string param, output, path;
    };
    std::vector<PendingFollow> pendingFollows_; // applied once blocks and wires exist
    std::set<std::string> broken_;                             // names of parameters and blocks not loaded
};

class DocumentReader::ObjectEntries {
public:
    struct Entry {
        const nlohmann::json& obj;
        std::string path;
    };
    class iterator {
    public:
        iterator(ObjectEntries* owner, std::size_t i) : owner_(owner), i_(i) {}
        Entry operator*() const { return {(*owner_->array_)[i_], owner_->pathOf(i_)}; }
        iterator& operator++()
        {
            i_ = owner_->next(i_ + 1);
            return *this;
        }
        bool operator!=(const iterator& o) const { return i_ != o.i_; }

    private:
        ObjectEntries* owner_;
        std::size_t i_;
    };

    // The keys are copied: the list a caller writes in the loop's header
    // ends with that expression, before the loop runs.
    ObjectEntries(DocumentReader& reader, const nlohmann::json* array, const char* key,
                  std::initializer_list<std::string_view> keys)
        : reader_(reader), array_(array), key_(key), keys_(keys)
    {
    }
    iterator begin() { return {this, next(0)}; }
    iterator end() { return {this, array_ ? array_->size() : 0}; }

private:
    std::string pathOf(std::size_t i) const { return key_ + "[" + std::to_string(i) + "]"; }
    // The first object at or after entry i, reporting the others on the way.
    std::size_t next(std::size_t i);

    DocumentReader& reader_;
    const nlohmann::json* array_; // nullptr: the document has no such array
    std::string key_;
    std::vector<std::string_view> keys_;
};

} // namespace cs
