// clusterscope-cli saves as the GUI does (one function,
// model/core/AtomicFile.h): a 0600 file stays 0600, and a save through a
// symbolic link changes the file it leads to, leaving the link a link.
#include "CliTestSupport.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>

namespace fs = std::filesystem;
using cs::test::cli;

namespace {

unsigned modeOf(const fs::path& p)
{
    struct stat st {};
    REQUIRE(::stat(p.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

// A private file and a relative link to it, as `ln -s` makes them.
struct LinkedPrivateFile {
    fs::path dir, target, link;
    explicit LinkedPrivateFile(const std::string& name)
        : dir(cs::test::tempPath("saves_", name)), target(dir / "private"), link(dir / "link")
    {
        fs::create_directories(dir);
        std::ofstream(target) << "old";
        REQUIRE(::chmod(target.c_str(), 0600) == 0);
        fs::create_symlink("private", link);
    }
    ~LinkedPrivateFile() { fs::remove_all(dir); }
};

} // namespace

TEST_CASE("sweep -o keeps a 0600 file private and writes through a symbolic link", "[cli][saves]")
{
    LinkedPrivateFile f("sweep");
    const auto r = cli({"sweep", "acc-fft", "--param", "P=1:2", "--csv", "-o", f.link.string()});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    CHECK(fs::is_symlink(fs::symlink_status(f.link))); // not replaced by a regular file
    CHECK(modeOf(f.target) == 0600);                    // not reset to 0644
    std::ifstream in(f.target);
    std::string first;
    std::getline(in, first);
    CHECK_THAT(first, Catch::StartsWith("P,variant,T"));
}

TEST_CASE("a design saved by the CLI keeps its mode and its link", "[cli][saves]")
{
    LinkedPrivateFile f("design");
    const fs::path conf = f.dir / "topology.conf";
    std::ofstream(conf) << "SwitchName=s0 Nodes=n[0-15]\n";
    const auto r = cli({"topo", "--import", "slurm:" + conf.string(), "--into", "acc-fft", "-o", f.link.string()});
    INFO(r.err);
    REQUIRE(r.rc == 0);
    CHECK(fs::is_symlink(fs::symlink_status(f.link)));
    CHECK(modeOf(f.target) == 0600);
    CHECK(cli({"eval", f.link.string()}).rc == 0); // the target holds the design
}
