#pragma once
// The program's version and the commit it was built from: `clusterscope-cli
// --version`, the GUI's About box and the "written_by" of every saved document.
// The two strings live in one small file the build generates (cmake/VersionInfo.cmake),
// so that a new commit recompiles that file alone and relinks, nothing else.
#include <string>

namespace cs {

// "0.1.0": the project's version (CMake's PROJECT_VERSION).
const char* programVersion();
// The git commit of the source tree at build time, abbreviated ("318b3b8"), or
// "unknown" when the tree was built without git (a tarball).
const char* programCommit();
// "ClusterScope 0.1.0 (commit 318b3b8)".
std::string programVersionLine();

} // namespace cs
