#pragma once
// Shared by the runner's and the GUI's tests on network namespaces.
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace cs::test {

namespace detail {

inline bool writeFile(const std::string& path, const std::string& text)
{
    std::ofstream f(path);
    f << text;
    f.flush();
    return static_cast<bool>(f);
}

inline std::string joinGroup()
{
    namespace fs = std::filesystem;
    std::error_code ec;
    const std::string pid = std::to_string(::getpid());
    if (fs::exists("/sys/fs/cgroup/cpu/cpu.shares")) { // cgroup v1's cpu controller
        const std::string group = "/sys/fs/cgroup/cpu/clusterscope-live";
        fs::create_directory(group, ec);
        if (!writeFile(group + "/cpu.shares", "262144") || !writeFile(group + "/cgroup.procs", pid))
            return "cannot join " + group + " (cgroup v1 cpu)";
        return {};
    }
    if (fs::exists("/sys/fs/cgroup/cgroup.controllers")) { // cgroup v2, the root's cpu controller enabled
        const std::string group = "/sys/fs/cgroup/clusterscope-live";
        writeFile("/sys/fs/cgroup/cgroup.subtree_control", "+cpu");
        fs::create_directory(group, ec);
        if (!writeFile(group + "/cpu.weight", "10000") || !writeFile(group + "/cgroup.procs", pid))
            return "cannot join " + group + " (cgroup v2 cpu)";
        return {};
    }
    return "no cpu control group file system under /sys/fs/cgroup";
}

} // namespace detail

// The namespaces stand for a cluster's hosts, which are machines of their own, and this machine's two CPUs are
// shared (CI, a contributor's compiler). Once per process, this moves the process (and so every process it
// starts later: the sshds, mpirun, the ranks, the agents) into the CPU control group "clusterscope-live", whose
// share (cgroup v1 cpu.shares 262144, v2 cpu.weight 10000) is 256 times a default process's: another program
// then gets the CPU only when the cluster's processes leave it. Measured on tree22's record and replay test and
// star8's run-app test under a niced compiler load of 9-12: P = 8 of the Jacobi ran 2.7x its unloaded time
// and failed its prediction by -62%, and one mpirun of 8 ranks failed; in the group, +8.6%.
// "" when done, else why not (no cgroup fs, not root): the tests then run as before, with a WARN.
inline std::string dedicateCpu()
{
    static const std::string why = ::geteuid() == 0 ? detail::joinGroup() : "not root: no CPU control group";
    return why;
}

} // namespace cs::test
