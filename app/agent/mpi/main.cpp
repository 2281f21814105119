#include "app/agent/mpi/MpiAgent.h"

int main(int argc, char** argv)
{
    return cs::agent::mpi::mpiAgentMain(argc, argv);
}
