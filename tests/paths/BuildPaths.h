#pragma once
// Where this build's files are, for the tests and benchmarks (issue 46). The tests name them with the macros
// CS_SOURCE_DIR, CS_CLI_EXE, CS_AGENT_EXE, ... (tests/paths/CMakeLists.txt), which expand to these calls instead
// of the paths themselves: with a path on every source's command line, a clone at another folder compiled every
// test anew, where ccache now finds them. BuildPaths.cpp alone holds the paths. Each returns "" where this build
// has no such program.
namespace cs::buildpaths {

const char* sourceDir();       // the checkout
const char* cliExe();          // clusterscope-cli
const char* agentExe();        // clusterscope-agent
const char* mpiAppChecksExe(); // tests/mpi/mpi_app_checks.cpp's program
const char* jacobiExe();       // examples/jacobi
const char* cgExe();           // examples/cg
const char* fft2dExe();        // examples/fft2d
const char* badApiDir();       // the test plugin built for a future API version
const char* recordLib();       // libcsrecord.so (app/record)
const char* recordSequenceExe(); // tests/mpi/record_sequence.cpp's program

} // namespace cs::buildpaths
