#pragma once
// Where the presets are, for the GUI and the command line alike.
#include <string>

namespace cs {

// The first of: $CLUSTERSCOPE_PRESETS; <exeDir>/../<datadir>/clusterscope/presets
// (an installed program; datadir is CMAKE_INSTALL_DATADIR, "share" by
// default); <exeDir>/presets; the source tree's presets/ (a build that was
// not installed). `exeDir` defaults to the running program's folder.
// Returns the last one when none exists, so a message can name it.
std::string presetFolder(const std::string& exeDir = {});

} // namespace cs
