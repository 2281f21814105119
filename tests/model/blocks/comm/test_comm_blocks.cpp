// The collectives and the halo exchange against hand derivations of the
// standard cost formulas (Thakur, Rabenseifner, Gropp 2005, sec. 4) in LogGP.
// Throughout: L = 5 us, o = 1 us, g = 0, G = 1 ns/B, so one message of m bytes
// costs ow(m) = o + L + o + (m - 1) G = 7e-6 + (m - 1) 1e-9 s:
//   ow(0) = ow(1) = 7e-6, ow(8192) = 1.5191e-5, ow(16384) = 2.3383e-5,
//   ow(32768) = 3.9767e-5, ow(65536) = 7.2535e-5.
#include "model/blocks/comm/CollectiveBlock.h"
#include "model/blocks/comm/HaloExchangeBlock.h"
#include "model/core/BlockRegistry.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace cs;

namespace {

struct Result {
    std::string problem;
    double T = 0, steps = 0;
};

Result collective(const std::string& op, const std::string& algo, double P, double k, double gamma = 0,
                  double B_net = 1e13)
{
    const Block& b = BlockRegistry::builtin().get("comm.collective");
    const BlockSpec& s = b.spec();
    std::vector<double> in(s.inputs.size());
    for (std::size_t i = 0; i < in.size(); ++i)
        in[i] = s.inputs[i].defaultValue;
    in[CollectiveBlock::L] = 5e-6;
    in[CollectiveBlock::o] = 1e-6;
    in[CollectiveBlock::g] = 0;
    in[CollectiveBlock::G] = 1e-9;
    in[CollectiveBlock::B_net] = B_net;
    in[CollectiveBlock::P] = P;
    in[CollectiveBlock::k] = k;
    in[CollectiveBlock::gamma] = gamma;
    in[CollectiveBlock::op] = s.inputs[CollectiveBlock::op].parse(op);
    in[CollectiveBlock::algorithm] = s.inputs[CollectiveBlock::algorithm].parse(algo);
    Result r;
    r.problem = b.check(in.data());
    if (!r.problem.empty())
        return r;
    double out[2];
    b.evaluate(in.data(), out);
    r.T = out[CollectiveBlock::T];
    r.steps = out[CollectiveBlock::steps];
    return r;
}

double halo(int dims, double face, double g)
{
    const Block& b = BlockRegistry::builtin().get("comm.halo");
    const double in[] = {5e-6, 1e-6, g, 1e-9, 1e13, static_cast<double>(dims - 1), face};
    double out[2];
    b.evaluate(in, out);
    CHECK(out[HaloExchangeBlock::messages] == 2.0 * dims);
    return out[HaloExchangeBlock::T];
}

} // namespace

TEST_CASE("broadcast: binomial and scatter + ring allgather", "[comm]")
{
    // Binomial: ceil(lg 8) = 3 steps of the whole 64 KiB: 3 ow(65536) = 3 x 7.2535e-5 = 2.17605e-4 s.
    const Result b = collective("broadcast", "binomial", 8, 65536);
    CHECK(b.T == Approx(2.17605e-4).epsilon(1e-9));
    CHECK(b.steps == 3);
    // Scatter by halving (32, 16, 8 KiB) then ring allgather of 7 blocks of 8 KiB:
    // 3.9767e-5 + 2.3383e-5 + 1.5191e-5 = 7.8341e-5; 7 x 1.5191e-5 = 1.06337e-4; sum 1.84678e-4 s.
    const Result r = collective("broadcast", "ring", 8, 65536);
    CHECK(r.T == Approx(1.84678e-4).epsilon(1e-9));
    CHECK(r.steps == 10);
    CHECK(collective("broadcast", "pairwise", 8, 65536).problem ==
          "algorithm pairwise is not one of broadcast's: binomial, ring");
}

TEST_CASE("allreduce: binomial, recursive doubling, ring and Rabenseifner", "[comm]")
{
    // gamma = 0.1 ns/B of reduction.
    // Recursive doubling: lg 8 = 3 steps of 64 KiB, 3 x 7.2535e-5 = 2.17605e-4, and 3 reductions of
    // 65536 B: 3 x 65536 x 1e-10 = 1.96608e-5; total 2.372658e-4 s.
    CHECK(collective("allreduce", "recursive_doubling", 8, 65536, 1e-10).T == Approx(2.372658e-4).epsilon(1e-9));
    // Binomial reduce + broadcast: 2 x 2.17605e-4 = 4.3521e-4, and 3 reductions 1.96608e-5: 4.548708e-4 s.
    CHECK(collective("allreduce", "binomial", 8, 65536, 1e-10).T == Approx(4.548708e-4).epsilon(1e-9));
    // Ring: 2 (p - 1) = 14 steps of n / p = 8 KiB: 14 x 1.5191e-5 = 2.12674e-4, and (p - 1) n / p gamma
    // = 7 x 8192 x 1e-10 = 5.7344e-6: 2.184084e-4 s.
    const Result ring = collective("allreduce", "ring", 8, 65536, 1e-10);
    CHECK(ring.T == Approx(2.184084e-4).epsilon(1e-9));
    CHECK(ring.steps == 14);
    // Rabenseifner: halving then doubling, 2 x (3.9767e-5 + 2.3383e-5 + 1.5191e-5) = 1.56682e-4, and
    // (p - 1)/p n gamma = 5.7344e-6: 1.624164e-4 s, in 2 lg p = 6 steps.
    const Result rab = collective("allreduce", "rabenseifner", 8, 65536, 1e-10);
    CHECK(rab.T == Approx(1.624164e-4).epsilon(1e-9));
    CHECK(rab.steps == 6);
    // P = 6: P' = 4, lg P' = 2, and MPICH's hand-over of the whole vector to and from the 2 extra
    // processes: 2 (ow(32768) + ow(16384)) + 2 ow(65536) = 2 x 6.315e-5 + 1.4507e-4 = 2.7137e-4 s, 6 steps.
    const Result rab6 = collective("allreduce", "rabenseifner", 6, 65536);
    CHECK(rab6.T == Approx(2.7137e-4).epsilon(1e-9));
    CHECK(rab6.steps == 6);
    // Recursive doubling at P = 6 is logp.loggp's: log2 4 + 2 = 4 steps of 64 KiB = 2.9014e-4 s.
    CHECK(collective("allreduce", "recursive_doubling", 6, 65536).T == Approx(4 * 7.2535e-5).epsilon(1e-9));
}

TEST_CASE("allgather and reduce_scatter: recursive doubling or halving, ring, pairwise", "[comm]")
{
    // Allgather of 64 KiB (8 KiB each), recursive doubling: 8, 16, 32 KiB:
    // 1.5191e-5 + 2.3383e-5 + 3.9767e-5 = 7.8341e-5 s.
    CHECK(collective("allgather", "recursive_doubling", 8, 65536).T == Approx(7.8341e-5).epsilon(1e-9));
    // Ring: 7 x ow(8192) = 1.06337e-4 s.
    CHECK(collective("allgather", "ring", 8, 65536).T == Approx(1.06337e-4).epsilon(1e-9));
    // Reduce-scatter by recursive halving: 32, 16, 8 KiB = 7.8341e-5, and 7 x 8192 x 1e-10 = 5.7344e-6.
    CHECK(collective("reduce_scatter", "recursive_halving", 8, 65536, 1e-10).T ==
          Approx(8.40754e-5).epsilon(1e-9));
    CHECK(collective("reduce_scatter", "pairwise", 8, 65536).T == Approx(1.06337e-4).epsilon(1e-9));
    CHECK(collective("reduce_scatter", "ring", 8, 65536).T == Approx(1.06337e-4).epsilon(1e-9));
    // The network's all-to-all bandwidth of 100 MB/s raises G to 1e-8 s/B:
    // ring allgather 7 x (7e-6 + 8191 x 1e-8) = 7 x 8.891e-5 = 6.2237e-4 s.
    CHECK(collective("allgather", "ring", 8, 65536, 0, 1e8).T == Approx(6.2237e-4).epsilon(1e-9));
}

TEST_CASE("alltoall and barrier algorithms", "[comm]")
{
    // Pairwise: 7 rounds of one 8 KiB block: 7 x 1.5191e-5 = 1.06337e-4 s.
    CHECK(collective("alltoall", "pairwise", 8, 8192).T == Approx(1.06337e-4).epsilon(1e-9));
    // Linear: slot max(g = 0, 2o = 2e-6, 8191 G = 8.191e-6) = 8.191e-6; 6 slots + ow(8192)
    // = 4.9146e-5 + 1.5191e-5 = 6.4337e-5 s.
    CHECK(collective("alltoall", "linear", 8, 8192).T == Approx(6.4337e-5).epsilon(1e-9));
    // Bruck: lg 8 = 3 steps of P k / 2 = 32 KiB: 3 x 3.9767e-5 = 1.19301e-4 s.
    CHECK(collective("alltoall", "recursive_doubling", 8, 8192).T == Approx(1.19301e-4).epsilon(1e-9));
    // Barriers of empty messages, ow(0) = 7e-6: recursive doubling at 8 = 3 steps 2.1e-5; at 6,
    // log2 4 + 2 = 4 steps 2.8e-5; dissemination at 6: ceil(lg 6) = 3 rounds 2.1e-5; binomial
    // gather and release at 8: 6 steps 4.2e-5.
    CHECK(collective("barrier", "recursive_doubling", 8, 0).T == Approx(2.1e-5).epsilon(1e-9));
    CHECK(collective("barrier", "recursive_doubling", 6, 0).T == Approx(2.8e-5).epsilon(1e-9));
    CHECK(collective("barrier", "dissemination", 6, 0).T == Approx(2.1e-5).epsilon(1e-9));
    CHECK(collective("barrier", "binomial", 8, 0).T == Approx(4.2e-5).epsilon(1e-9));
    // One process: nothing to do.
    CHECK(collective("allreduce", "ring", 1, 65536).T == 0.0);
}

TEST_CASE("halo exchange of 1-, 2- and 3-D decompositions", "[comm]")
{
    // 3-D, 72 KiB faces: 6 messages; slot max(0, 2e-6, 73727e-9) = 7.3727e-5; 5 slots + ow(73728)
    // = 3.68635e-4 + (7e-6 + 7.3727e-5) = 4.49362e-4 s.
    CHECK(halo(3, 73728, 0) == Approx(4.49362e-4).epsilon(1e-9));
    // 1-D, 8-byte faces: 2 messages; slot 2o = 2e-6; 2e-6 + (7e-6 + 7e-9) = 9.007e-6 s.
    CHECK(halo(1, 8, 0) == Approx(9.007e-6).epsilon(1e-9));
    // The gap paces small messages: g = 10 us gives 1e-5 + 7.007e-6 = 1.7007e-5 s.
    CHECK(halo(1, 8, 1e-5) == Approx(1.7007e-5).epsilon(1e-9));
    // 2-D: 4 messages of 1 KiB: slot max(0, 2e-6, 1.023e-6) = 2e-6; 3 x 2e-6 + (7e-6 + 1.023e-6) = 1.4023e-5 s.
    CHECK(halo(2, 1024, 0) == Approx(1.4023e-5).epsilon(1e-9));
}
