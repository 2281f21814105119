#include "sim/Patterns.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace cs::sim {

namespace {

constexpr std::size_t kMaxParticipants = 1u << 16;

void checkCount(const char* what, std::size_t n, std::size_t min)
{
    if (n < min || n > kMaxParticipants)
        throw ModelError(std::string(what) + " = " + std::to_string(n) + " must be between " + std::to_string(min) +
                         " and " + std::to_string(kMaxParticipants));
}

void checkBytes(const char* what, double b)
{
    if (!std::isfinite(b) || b < 0 || b > 1e15)
        throw ModelError(std::string(what) + " = " + formatNumber(b) + " B must be between 0 and 1e15 B");
}

void checkOverheads(const Overheads& o)
{
    if (!std::isfinite(o.o_s) || o.o_s < 0)
        throw ModelError("o_s = " + formatNumber(o.o_s) + " s must be a time >= 0");
    if (!std::isfinite(o.o_r) || o.o_r < 0)
        throw ModelError("o_r = " + formatNumber(o.o_r) + " s must be a time >= 0");
}

SimProgram make(std::size_t P, std::string pattern, std::vector<std::string> phases)
{
    SimProgram p;
    p.pattern = std::move(pattern);
    p.phases = std::move(phases);
    p.hostIndex.resize(P);
    std::iota(p.hostIndex.begin(), p.hostIndex.end(), std::size_t{0});
    p.ops.resize(P);
    return p;
}

using K = SimOp::Kind;

void sleep(std::vector<SimOp>& ops, double s, std::uint16_t phase)
{
    if (s > 0)
        ops.push_back({K::Sleep, 0, phase, s});
}
void send(std::vector<SimOp>& ops, std::size_t to, double bytes, std::uint16_t phase)
{
    ops.push_back({K::Send, static_cast<std::uint32_t>(to), phase, bytes});
}
void recv(std::vector<SimOp>& ops, std::size_t from, std::uint16_t phase)
{
    ops.push_back({K::Recv, static_cast<std::uint32_t>(from), phase, 0.0});
}
void wait(std::vector<SimOp>& ops, std::uint16_t phase)
{
    ops.push_back({K::Wait, 0, phase, 0.0});
}

// One message on the critical path of a collective step: the sender pays o_s
// before it, the receiver o_r after it.
void message(SimProgram& p, std::size_t from, std::size_t to, double bytes, const Overheads& o, std::uint16_t ph)
{
    sleep(p.ops[from], o.o_s, ph);
    send(p.ops[from], to, bytes, ph);
    wait(p.ops[from], ph);
    recv(p.ops[to], from, ph);
    wait(p.ops[to], ph);
    sleep(p.ops[to], o.o_r, ph);
    wait(p.ops[to], ph);
}

std::size_t largestPowerOfTwoAtMost(std::size_t n)
{
    std::size_t p = 1;
    while (p * 2 <= n)
        p *= 2;
    return p;
}

} // namespace

double SimProgram::bytes() const
{
    double b = 0;
    for (const auto& host : ops)
        for (const SimOp& op : host)
            if (op.kind == SimOp::Kind::Send)
                b += op.value;
    return b;
}

std::size_t SimProgram::messages() const
{
    std::size_t n = 0;
    for (const auto& host : ops)
        for (const SimOp& op : host)
            n += op.kind == SimOp::Kind::Send;
    return n;
}

std::string SimProgram::problem() const
{
    if (hostIndex.size() != ops.size())
        return "the program places " + std::to_string(hostIndex.size()) + " participants but has " +
               std::to_string(ops.size()) + " programs";
    if (phases.empty())
        return "the program has no phase";
    // sends[i][j] - receives posted by j from i must be 0 for every pair.
    std::vector<long long> balance;
    const std::size_t n = ops.size();
    if (n > 4096)
        balance.clear(); // too many pairs to count densely; the per-op checks still run
    else
        balance.assign(n * n, 0);
    for (std::size_t i = 0; i < n; ++i) {
        for (const SimOp& op : ops[i]) {
            if (op.phase >= phases.size())
                return "participant " + std::to_string(i) + " uses phase " + std::to_string(op.phase) + " of " +
                       std::to_string(phases.size());
            if ((op.kind == K::Send || op.kind == K::Recv) && (op.peer >= n || op.peer == i))
                return "participant " + std::to_string(i) + " names peer " + std::to_string(op.peer) +
                       ", not another of the " + std::to_string(n) + " participants";
            if (!std::isfinite(op.value) || op.value < 0)
                return "participant " + std::to_string(i) + " has an operation of size " + formatNumber(op.value);
            if (!balance.empty() && op.kind == K::Send)
                ++balance[i * n + op.peer];
            if (!balance.empty() && op.kind == K::Recv)
                --balance[op.peer * n + i];
        }
    }
    for (std::size_t k = 0; k < balance.size(); ++k)
        if (balance[k] != 0)
            return "participant " + std::to_string(k / n) + " sends " + std::to_string(balance[k]) +
                   " more messages to " + std::to_string(k % n) + " than it receives";
    return {};
}

SimProgram allToAll(std::size_t P, double bytes, bool pairwise, Overheads o, const char* phase)
{
    checkCount("P", P, 1);
    checkBytes("bytes per block", bytes);
    checkOverheads(o);
    SimProgram p = make(P, pairwise ? "all-to-all (pairwise exchange)" : "all-to-all (linear)", {phase});
    for (std::size_t i = 0; i < P; ++i) {
        auto& ops = p.ops[i];
        for (std::size_t r = 1; r < P; ++r) {
            sleep(ops, o.o_s, 0);
            send(ops, (i + r) % P, bytes, 0);
            recv(ops, (i + P - r) % P, 0);
            if (pairwise) {
                wait(ops, 0);
                sleep(ops, o.o_r, 0);
            }
        }
        wait(ops, 0);
        if (!pairwise)
            sleep(ops, o.o_r * static_cast<double>(P - 1), 0);
        wait(ops, 0);
    }
    return p;
}

SimProgram exchangeRounds(std::size_t P, const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& rounds,
                          double bytes, std::vector<std::size_t> hostOf)
{
    checkCount("P", P, 1);
    checkBytes("bytes per flow", bytes);
    if (rounds.size() > 65535)
        throw ModelError("rounds = " + std::to_string(rounds.size()) + ": at most 65535 (one phase each)");
    std::vector<std::string> names;
    for (std::size_t r = 0; r < rounds.size(); ++r)
        names.push_back("round " + std::to_string(r + 1));
    SimProgram p = make(P, "exchange in rounds", names);
    if (!hostOf.empty()) {
        if (hostOf.size() != P)
            throw ModelError("hostOf names " + std::to_string(hostOf.size()) + " hosts for P = " + std::to_string(P));
        p.hostIndex = std::move(hostOf);
    }
    for (std::size_t r = 0; r < rounds.size(); ++r) {
        const auto ph = static_cast<std::uint16_t>(r);
        for (const auto& [from, to] : rounds[r]) {
            if (from >= P || to >= P)
                throw ModelError("round " + std::to_string(r + 1) + ": flow " + std::to_string(from) + " -> " +
                                 std::to_string(to) + " names a participant beyond P = " + std::to_string(P));
            send(p.ops[from], to, bytes, ph);
            recv(p.ops[to], from, ph);
        }
        // The round ends for all at once: zero bytes to participant 0 and back.
        for (std::size_t i = 0; i < P; ++i)
            wait(p.ops[i], ph);
        for (std::size_t i = 1; i < P; ++i) {
            send(p.ops[i], 0, 0.0, ph);
            recv(p.ops[0], i, ph);
        }
        wait(p.ops[0], ph);
        for (std::size_t i = 1; i < P; ++i) {
            send(p.ops[0], i, 0.0, ph);
            recv(p.ops[i], 0, ph);
            wait(p.ops[i], ph);
        }
        wait(p.ops[0], ph);
    }
    return p;
}

SimProgram bucketExchange(const std::vector<std::vector<double>>& bucket, const char* phase)
{
    const std::size_t P = bucket.size();
    checkCount("P (bucket rows)", P, 1);
    SimProgram p = make(P, "bucket exchange", {phase});
    for (std::size_t i = 0; i < P; ++i) {
        if (bucket[i].size() != P)
            throw ModelError("bucket row " + std::to_string(i) + " has " + std::to_string(bucket[i].size()) +
                             " entries, not P = " + std::to_string(P));
        for (std::size_t r = 1; r < P; ++r) {
            const std::size_t to = (i + r) % P;
            checkBytes("bucket size", bucket[i][to]);
            send(p.ops[i], to, bucket[i][to], 0);
            recv(p.ops[i], (i + P - r) % P, 0);
        }
        wait(p.ops[i], 0);
    }
    return p;
}

SimProgram pingPong(double bytes, std::size_t reps, Overheads o)
{
    checkBytes("message size", bytes);
    checkCount("repetitions", reps, 1);
    checkOverheads(o);
    SimProgram p = make(2, "ping-pong", {"ping-pong"});
    for (std::size_t r = 0; r < reps; ++r) {
        message(p, 0, 1, bytes, o, 0);
        message(p, 1, 0, bytes, o, 0);
    }
    return p;
}

SimProgram oneWay(double bytes, Overheads o)
{
    checkBytes("message size", bytes);
    checkOverheads(o);
    SimProgram p = make(2, "one-way message", {"one-way"});
    message(p, 0, 1, bytes, o, 0);
    return p;
}

SimProgram prtt(std::size_t n, double bytes, double delay, Overheads o)
{
    checkCount("n (messages in the train)", n, 1);
    checkBytes("message size", bytes);
    checkOverheads(o);
    if (!std::isfinite(delay) || delay < 0)
        throw ModelError("delay = " + formatNumber(delay) + " s must be a time >= 0");
    SimProgram p = make(2, "PRTT(n, d, k)", {"train", "reply"});
    for (std::size_t m = 0; m < n; ++m) {
        if (m > 0)
            sleep(p.ops[0], delay, 0);
        sleep(p.ops[0], o.o_s, 0);
        send(p.ops[0], 1, bytes, 0);
        recv(p.ops[1], 0, 0);
    }
    wait(p.ops[0], 0);
    wait(p.ops[1], 0);
    sleep(p.ops[1], o.o_r, 0);
    message(p, 1, 0, 0.0, o, 1);
    return p;
}

SimProgram binomialBroadcast(std::size_t P, double bytes, Overheads o)
{
    checkCount("P", P, 1);
    checkBytes("message size", bytes);
    checkOverheads(o);
    std::vector<std::string> phases;
    for (std::size_t reach = 1; reach < P; reach *= 2)
        phases.push_back("step " + std::to_string(phases.size() + 1));
    if (phases.empty())
        phases.push_back("step 1");
    SimProgram p = make(P, "binomial broadcast", phases);
    std::uint16_t step = 0;
    for (std::size_t reach = 1; reach < P; reach *= 2, ++step)
        for (std::size_t i = 0; i < reach && i + reach < P; ++i)
            message(p, i, i + reach, bytes, o, step);
    return p;
}

SimProgram recursiveDoubling(std::size_t P, double bytes, Overheads o)
{
    checkCount("P", P, 1);
    checkBytes("message size", bytes);
    checkOverheads(o);
    const std::size_t p2 = largestPowerOfTwoAtMost(P);
    const std::size_t extra = P - p2;
    std::vector<std::string> phases;
    if (extra)
        phases.push_back("hand over");
    for (std::size_t d = 1; d < p2; d *= 2)
        phases.push_back("exchange " + std::to_string(phases.size() + (extra ? 0 : 1)));
    if (extra)
        phases.push_back("hand back");
    if (phases.empty())
        phases.push_back("exchange 1");
    SimProgram p = make(P, "recursive doubling", phases);
    std::uint16_t ph = 0;
    // The extra participants p2 .. P-1 pair with 0 .. extra-1.
    if (extra) {
        for (std::size_t e = 0; e < extra; ++e)
            message(p, p2 + e, e, bytes, o, ph);
        ++ph;
    }
    for (std::size_t d = 1; d < p2; d *= 2, ++ph) {
        for (std::size_t i = 0; i < p2; ++i) {
            auto& ops = p.ops[i];
            sleep(ops, o.o_s, ph);
            send(ops, i ^ d, bytes, ph);
            recv(ops, i ^ d, ph);
            wait(ops, ph);
            sleep(ops, o.o_r, ph);
            wait(ops, ph);
        }
    }
    if (extra)
        for (std::size_t e = 0; e < extra; ++e)
            message(p, e, p2 + e, bytes, o, ph);
    return p;
}

SimProgram tokenExchange(const std::vector<std::pair<std::size_t, std::size_t>>& pairs, double bytes,
                         std::size_t rounds, std::vector<std::size_t> hostOf, double turnaround)
{
    if (pairs.empty())
        throw ModelError("the token exchange needs at least one send/receive pair");
    checkBytes("token size", bytes);
    checkCount("rounds", rounds, 1);
    std::size_t n = 0;
    for (const auto& [a, b] : pairs)
        n = std::max({n, a + 1, b + 1});
    checkCount("participants", n, 2);
    SimProgram p = make(n, "token exchange", {"token exchange"});
    if (!hostOf.empty()) {
        if (hostOf.size() != n)
            throw ModelError("the token exchange places " + std::to_string(hostOf.size()) + " participants, not " +
                             std::to_string(n));
        p.hostIndex = std::move(hostOf);
    }
    std::vector<int> used(n, 0);
    for (const auto& [a, b] : pairs) {
        if (a == b || used[a]++ || used[b]++)
            throw ModelError("token exchange pair (" + std::to_string(a) + ", " + std::to_string(b) +
                             ") must join two participants that are in no other pair");
        for (std::size_t r = 0; r < rounds; ++r) {
            send(p.ops[a], b, bytes, 0);
            wait(p.ops[a], 0);
            recv(p.ops[b], a, 0);
            wait(p.ops[b], 0);
            sleep(p.ops[b], turnaround, 0);
            send(p.ops[b], a, bytes, 0);
            wait(p.ops[b], 0);
            recv(p.ops[a], b, 0);
            wait(p.ops[a], 0);
            sleep(p.ops[a], turnaround, 0);
        }
    }
    return p;
}

} // namespace cs::sim
