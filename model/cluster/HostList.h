#pragma once
// Node lists as clusters write them: Slurm's host list syntax
// ("node[01-64,70],login1"), the allocation's list (SLURM_JOB_NODELIST) and
// MPI hostfiles ("node01 slots=4"). Qt-free, so it is easy to test.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace cs {

// The most hosts one list may name: a mistyped range ("node[1-100000]")
// fails at once instead of planning millions of jobs.
inline constexpr std::size_t kMaxHosts = 4096;

// Expands a host list: comma-separated names, each a mix of literal text and
// bracketed ranges ("node[01-04,07]", "rack[1-2]n[1-3]"). Zero padding is
// kept: the width of a range is the width of its first number ("[08-10]" is
// 08 09 10; "[8-10]" is 8 9 10). Literal text may hold letters, digits,
// '.', '_' and '-'. Throws std::invalid_argument naming `text` (backwards
// range, unclosed bracket, more than `limit` hosts, ...).
std::vector<std::string> expandHostList(const std::string& text, std::size_t limit = kMaxHosts);

// The reverse: names folded into one host list in the order given, runs of
// consecutive numbers with the same prefix, suffix and width joined into a
// bracket ("node01,node02,node03,x" -> "node[01-03],x"). Each name's last
// number is the one folded. expandHostList(compressHostList(v)) == v.
std::string compressHostList(const std::vector<std::string>& names);

// True when `text` is a host list rather than one plain name (it has a
// bracket or a comma).
bool isHostList(const std::string& text);

// Splits `text` at `sep`, except inside brackets, so that "slurm:n[1-2,5],local"
// splits into two entries.
std::vector<std::string> splitOutsideBrackets(const std::string& text, char sep);

// Looks up an environment variable; the default reads the process's.
using EnvLookup = std::function<std::optional<std::string>(const std::string&)>;
EnvLookup processEnvironment();

// The hosts of the Slurm allocation this process runs in: SLURM_JOB_NODELIST,
// else SLURM_NODELIST, expanded. Throws std::invalid_argument when neither is
// set (not inside salloc, sbatch or srun) or the list is malformed.
std::vector<std::string> allocationHosts(const EnvLookup& env);

// One line of an MPI hostfile.
struct HostfileEntry {
    std::string host;
    int slotCount = 1; // "slots=N" (Open MPI) or "host:N" (MPICH); 1 when not given
};

// Parses an Open MPI or MPICH hostfile: one host per line, optionally
// "slots=N" and "max_slots=N"/"max-slots=N" (Open MPI) or "host:N" (MPICH);
// '#' starts a comment; blank lines are skipped. Throws std::invalid_argument
// naming `source` and the line ("hosts.txt line 3: ...").
std::vector<HostfileEntry> parseHostfile(const std::string& text, const std::string& source);
// Reads and parses the file (at most 1 MiB). Throws std::invalid_argument.
std::vector<HostfileEntry> readHostfile(const std::string& path);

} // namespace cs
