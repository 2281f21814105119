// Catch2 main for the GUI tests: one QApplication for the whole run, on the
// offscreen platform, with QSettings and QStandardPaths in test mode so a
// test run never touches the user's settings or recovery files.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "app/gui/mainwindow/GuiApplication.h"
#include "app/gui/runner/ProbeSession.h"
#include "app/gui/topology/GeneratorDialog.h"

#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cstdio>

int main(int argc, char** argv)
{
    qputenv("QT_QPA_PLATFORM", qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QStandardPaths::setTestModeEnabled(true);
    // The program's own application object: its notify() is under test too.
    cs::app::GuiApplication app(argc, argv);
    // A test that runs probes on nodes needing consent answers the prompt
    // itself; any other would block on a dialog offscreen, so it is refused.
    cs::app::ProbeSession::setConsentPrompt([](const QStringList& commands) {
        std::fprintf(stderr, "unexpected consent prompt for: %s\n", commands.join("; ").toLocal8Bit().constData());
        return false;
    });
    // Generating over a drawing asks first; tests that do it mean it.
    cs::app::GeneratorDialog::setReplacePrompt([](const QString&) { return true; });
    // Each test process keeps its settings in a directory of its own: ctest
    // runs two processes at once, and one that stores a preference (bytes
    // for bandwidths) must not change what another one formats.
    const QTemporaryDir settingsDir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, settingsDir.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir.path());
    QApplication::setOrganizationName("ClusterScopeTests");
    QApplication::setApplicationName("ClusterScopeTests");
    return Catch::Session().run(argc, argv);
}
