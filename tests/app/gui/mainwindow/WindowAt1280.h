#pragma once
// The window the issues' users drove: 1280x800, the default layout.
#include "app/gui/mainwindow/MainWindow.h"

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

} // namespace cs::test
