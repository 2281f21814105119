#include "BuildPaths.h"
#include "LiveStorePath.h"

namespace cs::buildpaths {

const char* sourceDir()
{
    return CS_PATH_SOURCE_DIR;
}

const char* cliExe()
{
    return CS_PATH_CLI_EXE;
}

const char* agentExe()
{
    return CS_PATH_AGENT_EXE;
}

const char* mpiAppChecksExe()
{
    return CS_PATH_MPI_APP_CHECKS_EXE;
}

const char* jacobiExe()
{
    return CS_PATH_JACOBI_EXE;
}

const char* cgExe()
{
    return CS_PATH_CG_EXE;
}

const char* fft2dExe()
{
    return CS_PATH_FFT2D_EXE;
}

const char* badApiDir()
{
    return CS_PATH_BADAPI_DIR;
}

const char* recordLib()
{
    return CS_PATH_RECORD_LIB;
}

const char* recordSequenceExe()
{
    return CS_PATH_RECORD_SEQUENCE_EXE;
}

const char* liveStoreDir()
{
    return CS_PATH_LIVE_STORE_DIR;
}

} // namespace cs::buildpaths
