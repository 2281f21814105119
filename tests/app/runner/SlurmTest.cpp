// The Slurm transport. With a working Slurm (sinfo answers) the agent is
// started by the real srun; otherwise by a stand-in `srun` on PATH that
// checks the options the runner passes and runs the command, so the
// transport's command line and stdio path are still exercised.
#include "TestSupport.h"

#include <catch2/catch.hpp>

#include <QTemporaryDir>

using namespace cs;

TEST_CASE("slurm transport: the agent started through srun", "[slurm]")
{
    QTemporaryDir dir;
    const QByteArray oldPath = qgetenv("PATH");
    const bool realSlurm = test::sh("sinfo -h >/dev/null 2>&1") == 0;
    if (!realSlurm) {
        WARN("no working Slurm cluster (sinfo failed): using a stand-in srun that checks its options");
        // Accepts exactly what the runner passes, then runs the program.
        test::writeScript(dir, "srun",
                          "[ \"$1\" = -N1 ] && [ \"$2\" = -n1 ] && [ \"$3\" = --quiet ] || { echo \"bad srun args: $*\" >&2; exit 64; }\n"
                          "shift 3\n"
                          "while [ $# -gt 0 ]; do case \"$1\" in -w|-p) shift 2;; --cpu-bind=*) shift;; *) break;; esac; done\n"
                          "exec \"$@\"");
        qputenv("PATH", dir.path().toUtf8() + ":" + oldPath);
    }
    const auto r = test::runOne(realSlurm ? "slurm:" : "slurm:localhost:partition=debug:cpu=0", "cpu.sort",
                                {{"keys", 2048}, {"reps", 3}});
    qputenv("PATH", oldPath);
    INFO(r.reason);
    REQUIRE(r.ok());
    CHECK(r.parts[0].transport == "slurm");
    CHECK_THAT(r.parts[0].command, Catch::StartsWith("srun -N1 -n1 --quiet"));
}
