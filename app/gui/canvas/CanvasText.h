#pragma once
// What the block canvas writes on and over its nodes (BlockCanvas.cpp builds them, BlockCanvasSync.cpp keeps
// them up to date): the tooltips of ports and a design parameter's text, and how many nodes it draws.
#include "model/core/Block.h"
#include "model/core/Design.h"

#include <QString>

#include <cstddef>

namespace cs::app::canvas {

// Parameters and blocks the canvas draws one item each; beyond, a note.
inline constexpr std::size_t kMaxCanvasNodes = 1000;

QString provenanceText(const ParamValue& v);
QString inputTip(const ParamSpec& s, const ParamValue& v);
QString outputTip(const OutputSpec& o);
// What a design parameter's node shows: its value, or what it follows.
QString paramText(const DesignParam& p);

} // namespace cs::app::canvas
