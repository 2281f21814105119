#pragma once
// The communication patterns of ClusterScope's models as simulation programs.
// Participants are numbered 0 .. P-1 and placed on the topology's first P
// hosts (host order) unless a pattern says otherwise. Sizes are bytes, times
// seconds. Every function throws ModelError naming the argument and its value
// when it is out of range.
#include "sim/SimProgram.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace cs::sim {

// Host overheads paid around each message (LogGP o_s, o_r; 002 §3), seconds.
struct Overheads {
    double o_s = 0.0;
    double o_r = 0.0;
};

// All-to-all: every participant sends `bytes` to each of the P - 1 others.
// Pairwise (MPI's pairwise exchange; LogGPMath alltoallTime): P - 1 rounds;
// in round r participant i sends to i + r and receives from i - r (mod P).
// Linear: every participant posts all P - 1 sends and receives at once.
// This is the FFT transpose's exchange of S/P blocks (000 eq. (8)) and, with
// uniform keys, the sort's bucket exchange (000 §3.2.2).
SimProgram allToAll(std::size_t P, double bytes, bool pairwise = true, Overheads o = {},
                    const char* phase = "all-to-all");

// An exchange as its schedule's rounds (model/topology/placement/ExchangeSchedule.h),
// one phase per round ("round 1", ...): in each round every flow (source,
// destination participant) carries `bytes`, and no participant starts the
// next round before every flow of this one has arrived (a zero-byte barrier
// after each round: the rounds the model sums, not MPI's drift between them).
// Participant i runs on topology host hostOf[i] (host ordinals; empty: host i).
SimProgram exchangeRounds(std::size_t P, const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& rounds,
                          double bytes, std::vector<std::size_t> hostOf = {});

// The sort's bucket exchange: participant i sends bucket[i][j] bytes to j
// (a P x P matrix; the diagonal stays local), all posted at once.
SimProgram bucketExchange(const std::vector<std::vector<double>>& bucket, const char* phase = "bucket exchange");

// Ping-pong between participants 0 and 1: `reps` round trips of a `bytes`
// message and a `bytes` reply; phase "ping-pong".
SimProgram pingPong(double bytes, std::size_t reps = 1, Overheads o = {});

// One-way: participant 0 sends one `bytes` message to participant 1.
SimProgram oneWay(double bytes, Overheads o = {});

// LogGP PRTT(n, d, k) (Kielmann et al.'s parameterised round trip): 0 sends n
// messages of `bytes`, `delay` seconds apart (plus o_s each), 1 receives them
// and replies with one 0-byte message. Phase "train" ends when the last
// message has arrived, "reply" when 0 has the reply.
SimProgram prtt(std::size_t n, double bytes, double delay = 0.0, Overheads o = {});

// Binomial-tree broadcast of `bytes` from participant 0 (ceil(log2 P) steps;
// in step s every holder i < 2^s sends to i + 2^s). One phase per step.
SimProgram binomialBroadcast(std::size_t P, double bytes, Overheads o = {});

// Recursive-doubling allreduce of `bytes` as MPICH does it (LogGPMath.h):
// with P' the largest power of two <= P, the P - P' extra participants first
// hand their data to a partner, the P' run log2 P' exchange steps (partner
// i XOR 2^s), and the partners hand the result back. Reduction arithmetic
// is not simulated. A barrier is this with 0 bytes.
SimProgram recursiveDoubling(std::size_t P, double bytes, Overheads o = {});

// The token exchange of 004 §3: each pair (a, b) exchanges a `bytes` token
// `rounds` times (a sends, b receives it whole and sends it back). Pairs are
// participant indices; every pair is in flight at once. `hostOf` places
// participant i on topology host hostOf[i] (empty: host i). `turnaround`
// seconds pass at the receiving end between a token's arrival and the send
// that follows (mesh.routing's p t_host: the hosts' handling of its packets).
SimProgram tokenExchange(const std::vector<std::pair<std::size_t, std::size_t>>& pairs, double bytes,
                         std::size_t rounds, std::vector<std::size_t> hostOf = {}, double turnaround = 0.0);

} // namespace cs::sim
