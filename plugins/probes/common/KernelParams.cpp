#include "common/KernelParams.h"
#include "common/LogGPShared.h"

#include "cs/probe/SizeSweep.h"

namespace cs::probeplugin {

cs::probe::PingPongParams pingPongParamsFrom(const ParamLookup& param)
{
    cs::probe::PingPongParams p;
    p.transport = param("transport") == 1 ? cs::probe::Transport::Udp : cs::probe::Transport::Tcp;
    p.sizes = cs::probe::geometricSizes(param("size_min"), param("size_max"), param("size_factor"));
    p.warmups = static_cast<std::uint32_t>(param("warmups"));
    p.repetitions = static_cast<std::uint32_t>(param("reps"));
    p.lossTimeout_s = param("loss_timeout");
    p.budget_s = param("budget");
    p.minRepetitions = static_cast<std::uint32_t>(param("min_reps"));
    return p;
}


} // namespace cs::probeplugin
