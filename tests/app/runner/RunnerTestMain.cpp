// Catch2 main for the runner tests: a QCoreApplication must exist for the
// plugin loader, QProcess and the runner's worker thread.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QCoreApplication>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    return Catch::Session().run(argc, argv);
}
