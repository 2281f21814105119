// Issue 34, defect 5: first sizes that fit the screen, frame and all.
#include "app/gui/validation/ValidationDialog.h"
#include "app/gui/widgets/ScreenFit.h"

#include <QGuiApplication>
#include <QScreen>

#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

TEST_CASE("a window's first size leaves room for its frame on the screen", "[gui][widgets]")
{
    // The walkthrough's 1280x800 screen: the main window's 1280x800 becomes 1264x752, so its frame (at most
    // 16 x 48 px) and its status bar are on the screen; the Validate dialog's 1280x700 becomes 1264x700.
    CHECK(fitWithin(QSize(1280, 800), QSize(1280, 800)) == QSize(1264, 752));
    CHECK(fitWithin(QSize(1280, 700), QSize(1280, 800)) == QSize(1264, 700));
    // A bigger screen takes the size asked for.
    CHECK(fitWithin(QSize(1280, 800), QSize(1920, 1080)) == QSize(1280, 800));
    // A tiny or absent screen never gives an empty window.
    CHECK(fitWithin(QSize(1280, 800), QSize(0, 0)) == QSize(1, 1));
}

TEST_CASE("the Validate dialog fits the screen it opens on", "[gui][widgets][validation]")
{
    ValidationDialog dialog(std::string(CS_SOURCE_DIR) + "/presets");
    const QSize screen = QGuiApplication::primaryScreen()->availableGeometry().size();
    CHECK(dialog.width() + kFrameWidth <= screen.width());
    CHECK(dialog.height() + kFrameHeight <= screen.height());
}
