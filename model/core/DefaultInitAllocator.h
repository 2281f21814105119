#pragma once
// An allocator whose value-less construct() leaves a trivial type
// uninitialized, so that std::vector::resize(n) allocates without writing.
// A sweep table of hundreds of MB is written by the worker threads, each its
// own rows; zero-filling it first on the calling thread was a serial pass
// over the whole table (and every page fault of it) before any work began.
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace cs {

template <class T>
class DefaultInitAllocator : public std::allocator<T> {
public:
    using value_type = T;
    template <class U>
    struct rebind {
        using other = DefaultInitAllocator<U>;
    };
    DefaultInitAllocator() noexcept = default;
    template <class U>
    DefaultInitAllocator(const DefaultInitAllocator<U>&) noexcept
    {
    }

    template <class U>
    void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>)
    {
        ::new (static_cast<void*>(p)) U; // default-, not value-initialized
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args)
    {
        ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
    }
};

template <class T, class U>
bool operator==(const DefaultInitAllocator<T>&, const DefaultInitAllocator<U>&) noexcept
{
    return true;
}

} // namespace cs
