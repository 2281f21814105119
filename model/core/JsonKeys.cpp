#include "model/core/JsonKeys.h"

#include <algorithm>

namespace cs {

void forUnknownKeys(const nlohmann::json& obj, std::initializer_list<std::string_view> keys,
                    const std::function<void(const std::string& key, const std::string& takes)>& unknown)
{
    forUnknownKeys(obj, std::span<const std::string_view>(keys.begin(), keys.size()), unknown);
}

void forUnknownKeys(const nlohmann::json& obj, std::span<const std::string_view> keys,
                    const std::function<void(const std::string& key, const std::string& takes)>& unknown)
{
    if (!obj.is_object())
        return;
    std::string takes; // built only when a key is unknown: most objects have none
    for (auto it = obj.begin(); it != obj.end(); ++it) {
        if (std::find(keys.begin(), keys.end(), it.key()) != keys.end())
            continue;
        if (takes.empty())
            for (std::string_view k : keys)
                takes += (takes.empty() ? "" : ", ") + std::string(k);
        unknown(it.key(), takes);
    }
}

} // namespace cs
