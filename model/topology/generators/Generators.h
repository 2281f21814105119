#pragma once
// Factories for the built-in generators, one class per file in this folder.
#include "model/topology/generators/Generator.h"

#include <memory>

namespace cs {

std::unique_ptr<Generator> makeStarGenerator();           // "star"
std::unique_ptr<Generator> makeBusGenerator(bool hub);    // "bus" or "hub"
std::unique_ptr<Generator> makeBondedGenerator();         // "bonded"
std::unique_ptr<Generator> makeSegmentMeshGenerator();    // "beowulf-mesh"
std::unique_ptr<Generator> makeFatTreeGenerator();        // "fat-tree"
std::unique_ptr<Generator> makeGeneralFatTreeGenerator(); // "gfat"
std::unique_ptr<Generator> makeKaryNcubeGenerator(bool wrap); // "torus" or "mesh"
std::unique_ptr<Generator> makeHypercubeGenerator();      // "hypercube"
std::unique_ptr<Generator> makeFullGenerator();           // "full"
std::unique_ptr<Generator> makeLeafSpineGenerator();      // "leaf-spine"
std::unique_ptr<Generator> makeDragonflyGenerator();      // "dragonfly"
std::unique_ptr<Generator> makeHyperXGenerator();         // "hyperx"

// Shared parameter rows.
ParamSpec switchLatencyParam();
ParamSpec forwardCostParam(double def, const std::string& source);
// "0 = as many as needed" port count of a switch.
ParamSpec portsParam(const std::string& source);

// Appends the common link parameters to `params`; returns the index of "bw".
int appendLinkParams(std::vector<ParamSpec>& params, double defaultBw, const std::string& bwSource);
// Appends the hosts' parameter every generator takes last: `cores` (coresParam,
// TopologyFields.h), which generate() gives each host it built.
void appendHostParams(std::vector<ParamSpec>& params);

} // namespace cs
