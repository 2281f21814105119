#pragma once
// The intra-node LogGP (logp.loggp's L_node, o_s_node, o_r_node, g_node,
// G_node) from mpi.loggp run with both ranks on one host: the PRTT(n,d,s)
// measurement (Netgauge) between ranks that exchange through the node's
// shared memory rather than the network.
//
// Which results qualify: an ok mpi.loggp result whose
// environment.mpi.placement (the MPI agent's MPI_Get_processor_name of
// every rank) names one host for rank 0 and rank 1. A result without a
// placement, or with two hosts, measured the network and is left out.
//
// The fit (as mpi.loggp fits the network's L and G, LogGPCalibration.cpp):
//  - o_s_node, o_r_node, g_node: the probe's derived o_s, o_r, g as they are;
//  - PRTT(1,0,s) = 2 (o_s + L + (s-1) G + o_r), the plain ping-pong, fitted
//    over x = s - 1 as a segmented line of relative errors; its segment of the
//    largest sizes, RTT = a + b x, gives G_node = b / 2 and
//    L_node = a / 2 - o_s_node - o_r_node.
#include "model/calibration/Calibration.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace cs::calib {

// True when `result` (one RESULT object) placed rank 0 and rank 1 on one host.
bool onOneHost(const nlohmann::json& result);

struct IntraNodeFit {
    // L_node, o_s_node, o_r_node, g_node, G_node of `block` (SI), in that
    // order; empty when no result qualifies.
    std::vector<CalibratedParam> params;
    FitResult rtt;                     // the segmented fit of PRTT(1,0,s) over s - 1
    std::vector<std::string> warnings; // why nothing was fitted
    std::vector<FitIssue> issues;      // L_node clamped to 0; a line that does not follow the points (R^2)
};

// From the results array (or results file object). Throws ModelError as
// calibrate() does for malformed results; a qualifying result without the
// series or derived values it needs is a warning, not a throw.
IntraNodeFit fitIntraNode(const nlohmann::json& results, const std::string& block,
                          const SegmentOptions& segments = {}, const QualityLimits& limits = {});

struct CurrentValues;

// calibrate()'s part: for every logp.loggp block the options let through
// (blocks, inputs, probes "mpi.loggp", passOver), fitIntraNode's values are
// appended to report.params (`previous` from `current`), its warnings to
// report.warnings and its issues to report.issues; nothing when no result placed both ranks on one host.
void calibrateIntraNode(const DesignDocument& doc, const nlohmann::json& results, const CalibrationOptions& options,
                        const CurrentValues& current, CalibrationReport& report);

} // namespace cs::calib
