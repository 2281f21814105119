#pragma once
// The live tests' store of measurements (tests/app/runner/MeasurementStore.h), defined in BuildPaths.cpp with the
// build's other paths. A header of its own: BuildPaths.h is included first by every test source (-include), and a
// change to it recompiles them all.
namespace cs::buildpaths {

const char* liveStoreDir();

} // namespace cs::buildpaths
