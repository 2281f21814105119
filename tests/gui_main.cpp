// Catch2 main for the GUI tests: one QApplication for the whole run, on the
// offscreen platform, with QSettings and QStandardPaths in test mode so a
// test run never touches the user's settings or recovery files.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "app/gui/mainwindow/GuiApplication.h"

#include <QStandardPaths>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QStandardPaths::setTestModeEnabled(true);
    // The program's own application object: its notify() is under test too.
    cs::app::GuiApplication app(argc, argv);
    QApplication::setOrganizationName("ClusterScopeTests");
    QApplication::setApplicationName("ClusterScopeTests");
    return Catch::Session().run(argc, argv);
}
