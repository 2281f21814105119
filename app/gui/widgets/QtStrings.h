#pragma once
// The model speaks std::string (UTF-8) and the widgets QString: one short
// name for the conversion, so that a label reads as its text.
#include <QString>

#include <string>

namespace cs::app {

inline QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace cs::app
