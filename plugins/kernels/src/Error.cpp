#include "cs/probe/Error.h"

namespace cs::probe {

const char* errorKindName(ErrorKind kind) noexcept
{
    switch (kind) {
    case ErrorKind::InvalidParameter: return "invalid-parameter";
    case ErrorKind::ConnectFailed: return "connect-failed";
    case ErrorKind::Timeout: return "timeout";
    case ErrorKind::Cancelled: return "cancelled";
    case ErrorKind::PeerClosed: return "peer-closed";
    case ErrorKind::Protocol: return "protocol";
    case ErrorKind::System: return "system";
    }
    return "unknown";
}

} // namespace cs::probe
