#include "model/calibration/TimeText.h"

#include <ctime>

namespace cs::calib {

std::string isoTimeNow()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

} // namespace cs::calib
