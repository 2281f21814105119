#include "app/agent/AgentMain.h"

int main(int argc, char** argv)
{
    return cs::agent::agentMain(argc, argv);
}
