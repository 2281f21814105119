#pragma once
#include <QString>

namespace cs::app {

// The file name the Save dialog proposes for a design called `name`: the
// characters a file name cannot hold on some system (: / \ ? * " < > |) and
// control characters become " - ", leading and trailing dots and spaces go,
// and ".json" is appended. "INIC: fat-tree" -> "INIC - fat-tree.json";
// nothing left -> "untitled.json".
QString proposedSaveName(const QString& name);

} // namespace cs::app
