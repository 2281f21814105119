#include "cs/probe/RunControl.h"

#include "cs/probe/Error.h"

#include <sstream>

namespace cs::probe {

void RunControl::check(const char* what) const
{
    if (stopRequested())
        throw ProbeError(ErrorKind::Cancelled, std::string(what) + ": cancelled");
    if (deadline && std::chrono::steady_clock::now() >= *deadline)
        throw ProbeError(ErrorKind::Timeout, std::string(what) + ": the run exceeded its deadline");
}

std::string RunControl::validate() const
{
    std::ostringstream os;
    if (!(ioTimeout_s > 0.0 && ioTimeout_s <= 3600.0))
        os << "ioTimeout_s = " << ioTimeout_s << " must be in (0, 3600] seconds";
    else if (!(connectTimeout_s >= 0.0 && connectTimeout_s <= 3600.0))
        os << "connectTimeout_s = " << connectTimeout_s << " must be in [0, 3600] seconds";
    else if (!(pollSlice_s >= 0.001 && pollSlice_s <= 1.0))
        os << "pollSlice_s = " << pollSlice_s << " must be in [0.001, 1] seconds";
    else if (token.size() > 256)
        os << "token length " << token.size() << " must be at most 256 bytes";
    return os.str();
}

} // namespace cs::probe
