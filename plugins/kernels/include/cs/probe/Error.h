#pragma once
// Errors raised by the probe kernels.
//
// Every kernel reports failure by throwing cs::probe::ProbeError. The kind says what went wrong so that a
// runner can classify a failed node (unreachable, timed out, cancelled, killed peer) without parsing text;
// what() is a complete sentence naming the operation, the peer and the cause, e.g.
//   "connect to 127.0.0.1:40123 failed after 0.30 s: Connection refused".

#include <stdexcept>
#include <string>

namespace cs::probe {

enum class ErrorKind {
    InvalidParameter, ///< a parameter is outside its documented bounds (checked before any I/O)
    ConnectFailed,    ///< the client could not connect before its connect timeout (refused, unreachable)
    Timeout,          ///< a socket operation or the whole run exceeded its time limit
    Cancelled,        ///< the stop flag was raised
    PeerClosed,       ///< the peer closed the connection in the middle of a run (agent killed, crash)
    Protocol,         ///< the peer sent something malformed, or a different kernel, version or token
    System,           ///< an operating-system call failed (socket, bind, allocation, sched_setaffinity, ...)
};

/// Short lowercase name of a kind ("timeout", "cancelled", ...), for logs and result files.
const char* errorKindName(ErrorKind kind) noexcept;

class ProbeError : public std::runtime_error {
public:
    ProbeError(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
    ErrorKind kind() const noexcept { return kind_; }

private:
    ErrorKind kind_;
};

} // namespace cs::probe
