#pragma once
#include "model/core/DocumentError.h"
#include "model/core/ModelError.h"
#include "model/document/DesignDocument.h"
#include "model/formula/FormulaBlock.h"

#include <nlohmann/json_fwd.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace cs {

inline constexpr const char* kDocumentFormat = "clusterscope-design";
inline constexpr int kDocumentVersion = 3;

// Parses and validates a document. Older versions are migrated first.
// Throws DocumentError listing every problem (malformed JSON, wrong types,
// unknown blocks, bad wires, cycles, values out of range, unknown version).
DesignDocument parseDocument(const std::string& text, const BlockRegistry& registry = BlockRegistry::builtin());
DesignDocument documentFromJson(const nlohmann::json& j, const BlockRegistry& registry = BlockRegistry::builtin());
// The same, reading the tree in place (its sections are moved into the
// document): a large document is never copied.
DesignDocument documentFromJson(nlohmann::json&& j, const BlockRegistry& registry = BlockRegistry::builtin());

// A formula block as the document writes it ({"name", "type": "formula", "inputs", "outputs"}, each input with
// the block's own value), and the definition such a block reads back as, checked as a document's formula block
// is (DocumentError listing the problems, the block at "blocks[0]"): how a copied formula block travels on the
// clipboard (issue 48: a pasted copy had no inputs, outputs or expressions). The first throws ModelError
// when `b` is no formula block.
nlohmann::json formulaBlockToJson(const BlockInstance& b);
FormulaDefinition formulaDefinitionFromJson(const nlohmann::json& block);

// The current version's JSON. Output is stable: the same document always
// gives the same text.
nlohmann::json documentToJson(const DesignDocument& doc);
std::string serializeDocument(const DesignDocument& doc);

// Brings an older document up to kDocumentVersion in place; records each
// step in `notes`. Throws DocumentError for a version it does not know.
void migrateDocument(nlohmann::json& j, std::vector<std::string>* notes = nullptr);

// File helpers: load (with the path in every message) and atomic save.
// loadDocument turns a failed allocation into a DocumentError naming the
// file and its size, so that no document ends the program.
DesignDocument loadDocument(const std::string& path, const BlockRegistry& registry = BlockRegistry::builtin());
void saveDocument(const DesignDocument& doc, const std::string& path);

} // namespace cs
