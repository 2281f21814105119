#pragma once
// A window's first size, made to fit the screen (issue 34, defect 5): the main window asked for a 1280x800
// client area, so on a 1280x800 screen its frame pushed the status bar off it, and the Validate dialog's
// 1300 px cut off its Close button.
#include <QSize>

class QWidget;

namespace cs::app {

// Room a window manager's frame takes around a client area (borders and title bar), at most.
inline constexpr int kFrameWidth = 16, kFrameHeight = 48;

// `wanted` no larger than `available` less the frame.
QSize fitWithin(QSize wanted, QSize available);

// `wanted` fitted to the available area of the screen `w` is on (the primary screen before it is shown).
QSize sizeOnScreen(const QWidget* w, QSize wanted);

} // namespace cs::app
