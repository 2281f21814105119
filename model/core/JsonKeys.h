#pragma once
// The one rule for a JSON object whose keys a format lists (a design
// document's sections, its nodes and imported series, a drawn topology, a
// probe results file): a key the format does not define is refused, since
// dropped it would change what the file means without a word (a misspelled
// `overides`). Each reader words the refusal in its own way (path syntax,
// quoting); which keys are unknown, and the list the message gives, come
// from here.
#include <nlohmann/json.hpp>

#include <functional>
#include <initializer_list>
#include <span>
#include <string>
#include <string_view>

namespace cs {

// Calls `unknown(key, takes)` for every key of `obj` (in its order) that is
// not one of `keys`; `takes` lists `keys` ("name, total, overrides"). Does
// nothing when `obj` is not an object. `unknown` may throw to stop.
void forUnknownKeys(const nlohmann::json& obj, std::initializer_list<std::string_view> keys,
                    const std::function<void(const std::string& key, const std::string& takes)>& unknown);
// The same for a key table kept elsewhere (model/cluster/NodeFields.h).
void forUnknownKeys(const nlohmann::json& obj, std::span<const std::string_view> keys,
                    const std::function<void(const std::string& key, const std::string& takes)>& unknown);

} // namespace cs
