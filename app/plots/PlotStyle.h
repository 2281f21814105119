#pragma once
#include <QColor>

namespace cs::plots {

// The colour of variant i in every chart, so a variant looks the same in
// the GUI and in `clusterscope-cli plot`.
QColor variantColor(int i);

} // namespace cs::plots
