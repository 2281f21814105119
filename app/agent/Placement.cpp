#include "app/agent/Placement.h"

#include <sched.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace cs::agent {

namespace {

std::vector<int> currentAffinity()
{
    cpu_set_t set;
    CPU_ZERO(&set);
    std::vector<int> cpus;
    if (::sched_getaffinity(0, sizeof set, &set) != 0)
        return cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
        if (CPU_ISSET(c, &set))
            cpus.push_back(c);
    return cpus;
}

} // namespace

std::string cpuListText(const std::vector<int>& cpus)
{
    std::string s;
    for (std::size_t i = 0; i < cpus.size();) {
        std::size_t e = i;
        while (e + 1 < cpus.size() && cpus[e + 1] == cpus[e] + 1)
            ++e;
        s += (s.empty() ? "" : ",") + std::to_string(cpus[i]);
        if (e > i)
            s += "-" + std::to_string(cpus[e]);
        i = e + 1;
    }
    return s;
}

Placement pinAgent(const std::vector<int>& cpus, bool withinAllocation)
{
    Placement p;
    p.inherited = currentAffinity();
    if (cpus.empty())
        return p;
    std::vector<int> target = cpus;
    if (withinAllocation) {
        std::vector<int> allowed;
        for (int c : cpus)
            if (std::find(p.inherited.begin(), p.inherited.end(), c) != p.inherited.end())
                allowed.push_back(c);
        if (allowed.empty()) {
            p.note = "CPU " + cpuListText(cpus) + " is outside this process's allocation (CPU " +
                     cpuListText(p.inherited) + "); kept the CPUs the batch system bound it to";
            return p;
        }
        if (allowed.size() < cpus.size())
            p.note = "pinned to CPU " + cpuListText(allowed) + " only: the rest of CPU " + cpuListText(cpus) +
                     " is outside this process's allocation (CPU " + cpuListText(p.inherited) + ")";
        target = allowed;
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int c : target)
        CPU_SET(c, &set);
    if (::sched_setaffinity(0, sizeof set, &set) != 0)
        throw std::runtime_error("cannot pin to the requested CPUs: " + std::string(std::strerror(errno)));
    p.pinnedTo = target;
    return p;
}

void describePlacement(const Placement& p, nlohmann::json& environment)
{
    environment["cpus_inherited"] = cpuListText(p.inherited);
    if (!p.note.empty())
        environment["pin_note"] = p.note;
}

nlohmann::json slurmEnvironment()
{
    const char* job = std::getenv("SLURM_JOB_ID");
    if (!job)
        return nullptr;
    nlohmann::json s = {{"job_id", job}};
    const std::pair<const char*, const char*> fields[] = {{"step_id", "SLURM_STEP_ID"},
                                                          {"node", "SLURMD_NODENAME"},
                                                          {"job_nodelist", "SLURM_JOB_NODELIST"},
                                                          {"cpus_on_node", "SLURM_CPUS_ON_NODE"},
                                                          {"cpu_bind", "SLURM_CPU_BIND"},
                                                          {"cluster", "SLURM_CLUSTER_NAME"}};
    for (const auto& [key, var] : fields)
        if (const char* v = std::getenv(var))
            s[key] = v;
    return s;
}

} // namespace cs::agent
