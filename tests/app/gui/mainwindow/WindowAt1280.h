#pragma once
// The window the issues' users drove: 1280x800, the default layout.
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/sweeppanel/SweepPanel.h"

#include <QSignalSpy>

#include <QTest>
#include <catch2/catch.hpp>

namespace cs::test {

// Shows `w` at 1280x800 with its docks where a fresh start puts them, and waits until it is on screen.
inline void showAt1280x800(app::MainWindow& w)
{
    w.resize(1280, 800);
    w.show();
    REQUIRE(QTest::qWaitForWindowExposed(&w));
    w.resetLayout();
}

// showAt1280x800, then the preset `name` opened, the sweep panel in front and its first charts drawn (30 s at
// most): the sweep panel.
inline app::SweepPanel* openPresetCharted(app::MainWindow& w, const QString& name)
{
    showAt1280x800(w);
    app::SweepPanel* panel = w.sweepPanel();
    QSignalSpy updated(panel, &app::SweepPanel::plotsUpdated);
    REQUIRE(w.openPreset(name));
    w.showTab(0);
    REQUIRE((updated.count() > 0 || updated.wait(30000)));
    return panel;
}

} // namespace cs::test
