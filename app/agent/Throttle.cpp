#include "app/agent/Throttle.h"

#include <algorithm>
#include <iterator>

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

void SourceBackoff::failed(const std::string& source, SteadyTime now)
{
    auto it = entries_.find(source);
    if (it == entries_.end()) {
        makeRoom(now);
        it = entries_.emplace(source, FailureBackoff()).first;
    }
    it->second.failed(now);
}

bool SourceBackoff::waiting(const std::string& source, SteadyTime now) const
{
    const auto it = entries_.find(source);
    return it != entries_.end() && it->second.waiting(now);
}

SteadyTime SourceBackoff::until(const std::string& source) const
{
    const auto it = entries_.find(source);
    return it == entries_.end() ? SteadyTime{} : it->second.until();
}

int SourceBackoff::failures(const std::string& source) const
{
    const auto it = entries_.find(source);
    return it == entries_.end() ? 0 : it->second.failures();
}

void SourceBackoff::makeRoom(SteadyTime now)
{
    if (entries_.size() < capacity_)
        return;
    for (auto it = entries_.begin(); it != entries_.end();)
        it = it->second.waiting(now) ? std::next(it) : entries_.erase(it);
    while (!entries_.empty() && entries_.size() >= capacity_)
        entries_.erase(std::min_element(entries_.begin(), entries_.end(), [](const auto& a, const auto& b) {
            return a.second.until() < b.second.until();
        }));
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
