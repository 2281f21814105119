#pragma once
// Shared by the calibration GUI tests: a LogGP design to calibrate, and two
// network namespaces joined by a shaped veth pair (scripts/netns-pair.sh, as
// tests/app/runner/NetnsTest.cpp uses it; needs root, else the test skips).
#include "model/document/DesignDocument.h"

#include <string>

namespace cs::test {

// A logp.loggp block "net" whose one-way time is the variant total, swept
// over message sizes (net.k): what the ping-pong measures.
DesignDocument loggpDesign(const std::string& sweepValues = "1024,4096,16384,65536,262144");

class GuiNetnsPair {
public:
    explicit GuiNetnsPair(const std::string& rate);
    ~GuiNetnsPair();
    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    std::string nsA() const { return prefix_ + "-a"; }
    std::string nsB() const { return prefix_ + "-b"; }
    std::string addrA() const { return subnet_ + ".1"; }
    std::string addrB() const { return subnet_ + ".2"; }

private:
    std::string prefix_, subnet_, error_;
};

} // namespace cs::test
