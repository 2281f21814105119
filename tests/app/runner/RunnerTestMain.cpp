// Catch2 main for the runner tests: a QCoreApplication must exist for the
// plugin loader, QProcess and the runner's worker thread.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "TestSupport.h"

#include <QCoreApplication>

int main(int argc, char** argv)
{
    // Every runner test takes the CPU first (TestSupport.h), not only those on namespaces: a local agent's
    // 3 s probe beside a 16-host namespace cluster in the group timed out when it stayed outside it. A test
    // that needs the group and does not get it says so (namespacesUnavailable's WARN).
    cs::test::dedicateCpu();
    QCoreApplication app(argc, argv);
    return Catch::Session().run(argc, argv);
}
