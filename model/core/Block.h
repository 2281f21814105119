#pragma once
#include "model/core/ParamSpec.h"

#include <string>
#include <string_view>
#include <vector>

namespace cs {

// Static description of a block type.
struct BlockSpec {
    std::string id;          // registry key, e.g. "inic.fft2d"
    std::string name;        // human name, e.g. "INIC 2D-FFT"
    std::string category;    // palette group, e.g. "Applications", "Network", "Collectives"
    std::string description; // a few sentences
    std::string source;      // seed file and section
    std::vector<ParamSpec> inputs;
    std::vector<OutputSpec> outputs;

    int inputIndex(std::string_view symbol) const;  // -1 if none
    int outputIndex(std::string_view symbol) const; // -1 if none
};

// One analytic model. Blocks are stateless and thread-safe: evaluate() may be
// called concurrently from sweep threads on the same instance.
class Block {
public:
    virtual ~Block() = default;

    virtual const BlockSpec& spec() const = 0;

    // Inputs arrive in the order of spec().inputs, in SI units, each already
    // inside its declared range. Returns "" when they are consistent with one
    // another, otherwise a sentence naming the inputs and values at fault,
    // e.g. "P = 3 exceeds rows = 2". Must not allocate when returning "".
    virtual std::string check(const double* in) const;

    // Writes every output, in the order of spec().outputs. Called only after
    // check() returned "". Must not allocate.
    virtual void evaluate(const double* in, double* out) const = 0;
};

} // namespace cs
