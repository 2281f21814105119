#pragma once
// Where the presets are, for the GUI and the command line alike. The claims
// catalogue is the folder's claims/ (presets/claims).
#include <string>

namespace cs {

// The first folder that exists of:
// 1. $CLUSTERSCOPE_PRESETS;
// 2. <exeDir>/../<datadir>/clusterscope/presets (an installed program; datadir
//    is CMAKE_INSTALL_DATADIR, "share" by default), then <exeDir>/presets;
// 3. the source tree's presets/, for a program that runs from the build tree
//    (exeDir inside the build folder) and so was not installed;
// 4. <dir>/clusterscope/presets for each dir of $XDG_DATA_DIRS (default
//    /usr/local/share:/usr/share), so that a program moved away from its
//    data still finds an installed copy.
// An installed program never reads the source tree. When none exists it
// returns the first candidate of 2 (or 3 in the build tree), so that a message
// can name where the presets were looked for. `exeDir` defaults to the
// running program's folder.
std::string presetFolder(const std::string& exeDir = {});

} // namespace cs
