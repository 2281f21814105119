#include "model/core/ModelError.h"
#include "model/core/AtomicFile.h"

#include <catch2/catch.hpp>

#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace cs;
namespace fs = std::filesystem;

namespace {

struct TempDir {
    fs::path path;
    TempDir() : path(fs::temp_directory_path() / ("cs-atomic-" + std::to_string(::getpid()))) { fs::create_directories(path); }
    ~TempDir() { fs::remove_all(path); }
};

std::string make(const fs::path& p, double ageSeconds)
{
    std::ofstream(p) << "partial";
    const timespec when{::time(nullptr) - static_cast<time_t>(ageSeconds), 0};
    const timespec times[2] = {when, when};
    REQUIRE(::utimensat(AT_FDCWD, p.c_str(), times, 0) == 0);
    return p.string();
}

} // namespace

TEST_CASE("a save removes the temporary files a killed save of the same file left behind", "[document][atomic]")
{
    TempDir dir;
    const fs::path target = dir.path / "d.json";
    const fs::path stale = make(dir.path / "d.json.tmp-Ab12Cd", 120);   // killed a while ago
    const fs::path fresh = make(dir.path / "d.json.tmp-Ef34Gh", 0);     // a save in progress right now
    const fs::path locked = make(dir.path / "d.json.tmp-Ij56Kl", 120);  // old, but its writer still holds it
    const fs::path other = make(dir.path / "e.json.tmp-Mn78Op", 120);   // another file's
    const fs::path unlike = make(dir.path / "d.json.tmp-Qr90StX", 120); // not a name mkstemp makes

    const int holder = ::open(locked.c_str(), O_RDONLY);
    REQUIRE(holder >= 0);
    REQUIRE(::flock(holder, LOCK_EX) == 0);

    writeFileAtomically(target.string(), "{}\n");

    CHECK(readFile(target.string()) == "{}\n");
    CHECK_FALSE(fs::exists(stale));
    CHECK(fs::exists(fresh));
    CHECK(fs::exists(locked));
    CHECK(fs::exists(other));
    CHECK(fs::exists(unlike));

    ::close(holder); // the writer died: the next save may clean up
    CHECK(removeStaleTemporaries(target.string()) == 1);
    CHECK_FALSE(fs::exists(locked));
}

TEST_CASE("a writer writes in pieces and leaves nothing behind when not committed", "[document][atomic]")
{
    TempDir dir;
    const std::string target = (dir.path / "big.csv").string();
    {
        AtomicFileWriter w(target);
        w.write("a,b\n");
        w.write("1,2\n");
        CHECK_FALSE(fs::exists(target)); // nothing visible before the commit
        w.commit();
    }
    CHECK(readFile(target) == "a,b\n1,2\n");
    {
        AtomicFileWriter w(target);
        w.write("half");
    } // abandoned: the old file stays, the temporary file goes
    CHECK(readFile(target) == "a,b\n1,2\n");
    std::size_t files = 0;
    for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path))
        ++files;
    CHECK(files == 1);
}

TEST_CASE("a save keeps the file's permissions and writes through a symbolic link", "[document][atomic]")
{
    TempDir dir;
    const fs::path target = dir.path / "private.json";
    std::ofstream(target) << "old";
    REQUIRE(::chmod(target.c_str(), 0600) == 0);
    writeFileAtomically(target.string(), "new");
    struct stat st {};
    REQUIRE(::stat(target.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0600); // not reset to 0644
    CHECK(readFile(target.string()) == "new");

    // Saving through a link changes the target and leaves the link a link.
    const fs::path link = dir.path / "link.json";
    fs::create_symlink("private.json", link); // relative, as `ln -s` makes them
    writeFileAtomically(link.string(), "through the link");
    CHECK(fs::is_symlink(fs::symlink_status(link)));
    CHECK(readFile(target.string()) == "through the link");
    REQUIRE(::stat(target.c_str(), &st) == 0);
    CHECK((st.st_mode & 07777) == 0600);

    // A link to a link, and a dangling link that names the file to create.
    const fs::path link2 = dir.path / "link2.json";
    fs::create_symlink(link, link2);
    writeFileAtomically(link2.string(), "two hops");
    CHECK(fs::is_symlink(fs::symlink_status(link2)));
    CHECK(readFile(target.string()) == "two hops");
    const fs::path dangling = dir.path / "dangling.json";
    fs::create_symlink("created.json", dangling);
    writeFileAtomically(dangling.string(), "created");
    CHECK(fs::is_symlink(fs::symlink_status(dangling)));
    CHECK(readFile((dir.path / "created.json").string()) == "created");
}
