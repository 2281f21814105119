#include "app/agent/Throttle.h"

#include <algorithm>

namespace cs::agent {

std::chrono::milliseconds FailureBackoff::currentDelay() const
{
    if (failures_ <= 0)
        return std::chrono::milliseconds(0);
    const int doublings = std::min(failures_ - 1, 10);
    return std::min(std::chrono::milliseconds(100 << doublings), std::chrono::milliseconds(5000));
}

void FailureBackoff::failed(SteadyTime now)
{
    ++failures_;
    until_ = now + currentDelay();
}

std::string LogThrottle::pass(const std::string& line, SteadyTime now)
{
    if (any_ && now - last_ < std::chrono::seconds(1)) {
        ++held_;
        return {};
    }
    any_ = true;
    last_ = now;
    const std::string more = pending();
    return more.empty() ? line : line + " " + more;
}

std::string LogThrottle::pending()
{
    if (held_ == 0)
        return {};
    const std::string s = "(" + std::to_string(held_) + " more like it before this)";
    held_ = 0;
    return s;
}

} // namespace cs::agent
