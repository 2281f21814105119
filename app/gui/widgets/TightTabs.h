#pragma once
class QTabBar;

namespace cs::app {

// A tab bar whose tabs have `saved` pixels less padding than the application
// style gives them, drawn by that style otherwise: for a dock whose pages'
// names must read whole in a narrow column (the Calibration dock's six at
// 1280 x 800, issue 34 defect 12). The proxy style is owned by the bar.
void tightenTabs(QTabBar* bar, int saved);

} // namespace cs::app
