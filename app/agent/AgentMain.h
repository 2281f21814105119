#pragma once

namespace cs::agent {

// The whole of clusterscope-agent; main() only calls it. Returns the exit
// status: 0 when the controller went away cleanly, 2 on a bad command line
// or setup failure, 3 when the controller was refused (token, version,
// framing).
int agentMain(int argc, char** argv);

} // namespace cs::agent
