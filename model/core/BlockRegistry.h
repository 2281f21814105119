#pragma once
#include "model/core/Block.h"

#include <memory>
#include <string_view>
#include <vector>

namespace cs {

// Block types keyed by id. Blocks are stateless, so the registry owns one
// shared instance of each type and designs point at it.
class BlockRegistry {
public:
    // Adds a block type; throws ModelError when its id is already taken.
    void add(std::unique_ptr<Block> block);
    const Block* find(std::string_view id) const; // nullptr if unknown
    const Block& get(std::string_view id) const;  // throws ModelError naming the id
    std::vector<const Block*> all() const;        // sorted by id

    // The registry of every built-in block (created on first use).
    static const BlockRegistry& builtin();

private:
    std::vector<std::unique_ptr<Block>> blocks_;
};

} // namespace cs
