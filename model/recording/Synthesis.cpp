#include "model/recording/Synthesis.h"
#include "model/scaling/ScalingSearch.h"
#include "model/core/ModelError.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/CsrecWriter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cs::rec {

namespace {

enum Role { First, Last, Interior };
const char* kRoleNames[] = {"first rank", "last rank", "interior rank"};

int roleRank(Role role, int P)
{
    return role == First ? 0 : role == Last ? P - 1 : P / 2;
}

Role roleOf(int r, int P)
{
    return r == 0 ? First : r == P - 1 ? Last : Interior;
}

bool sameLines(const RankTrace& a, const RankTrace& b)
{
    if (a.events.size() != b.events.size())
        return false;
    for (std::size_t i = 0; i < a.events.size(); ++i)
        if (a.events[i].kind != b.events[i].kind || (a.events[i].kind == Kind::Loop && a.events[i].count != b.events[i].count))
            return false;
    return true;
}

// The term of the grid with c fitted (relative least squares) that misses the points least.
calib::ScalingHypothesis bestTerm(const std::vector<double>& P, const std::vector<double>& v)
{
    calib::ScalingHypothesis best;
    best.smape = 1e300;
    for (const calib::ScalingTerm& term : calib::scalingTerms()) {
        calib::ScalingHypothesis h;
        h.terms = {term};
        h.coefficients = {1.0};
        double num = 0, den = 0;
        bool usable = true;
        for (std::size_t i = 0; i < P.size(); ++i) {
            const double f = h(P[i]);
            if (!std::isfinite(f) || (f == 0 && v[i] != 0)) {
                usable = false;
                break;
            }
            const double w = v[i] != 0 ? 1.0 / (v[i] * v[i]) : 1.0;
            num += w * f * v[i];
            den += w * f * f;
        }
        if (!usable || den <= 0)
            continue;
        h.coefficients = {num / den};
        double smape = 0;
        for (std::size_t i = 0; i < P.size(); ++i) {
            const double f = h(P[i]), s = std::abs(f) + std::abs(v[i]);
            smape += s > 0 ? 2.0 * std::abs(f - v[i]) / s : 0.0;
        }
        h.smape = smape / static_cast<double>(P.size());
        // Ties go to the simpler term (the grid lists them first by |a| only by chance): prefer a = b = 0.
        const double simpler = std::abs(term.a) + term.b;
        const double bestSimpler = best.terms.empty() ? 1e300 : std::abs(best.terms[0].a) + best.terms[0].b;
        if (h.smape < best.smape - 1e-12 || (std::abs(h.smape - best.smape) <= 1e-12 && simpler < bestSimpler))
            best = h;
    }
    return best;
}

} // namespace

Synthesized synthesize(const std::vector<const Recording*>& recordings, int P, double poorSmape)
{
    std::vector<const Recording*> recs = recordings;
    std::sort(recs.begin(), recs.end(), [](const Recording* a, const Recording* b) { return a->P() < b->P(); });
    recs.erase(std::unique(recs.begin(), recs.end(), [](const Recording* a, const Recording* b) { return a->P() == b->P(); }),
               recs.end());
    if (recs.size() < 3)
        throw ModelError("a P that was not recorded is synthesised from recordings at three or more P; there are " +
                         std::to_string(recs.size()));
    if (P < 2)
        throw ModelError("synthesis makes recordings of 2 ranks or more");
    for (const Recording* r : recs) {
        if (r->comms.size() > 1)
            throw ModelError("the recording at P = " + std::to_string(r->P()) +
                             " uses communicators other than MPI_COMM_WORLD, which synthesis does not carry to another P");
        if (r->truncated())
            throw ModelError("the recording at P = " + std::to_string(r->P()) + " was cut short by its limit");
        for (const RankTrace& t : r->ranks)
            for (const Event& e : t.events)
                if (e.kind == Kind::Alltoallv)
                    throw ModelError("the recording at P = " + std::to_string(r->P()) +
                                     " has alltoallv, whose per-rank bytes synthesis does not carry to another P");
    }
    const Recording& tmpl = *recs.back();
    Synthesized out;
    out.fromP = tmpl.P();

    // Each role's lines with their numbers at the new P.
    std::vector<RankTrace> roles;
    for (Role role : {First, Last, Interior}) {
        RankTrace t = tmpl.ranks[static_cast<std::size_t>(roleRank(role, tmpl.P()))];
        std::vector<const Recording*> alike; // recordings whose rank of this role has the template's lines
        for (const Recording* r : recs)
            if ((role != Interior || r->P() >= 3) &&
                sameLines(r->ranks[static_cast<std::size_t>(roleRank(role, r->P()))], t))
                alike.push_back(r);
        for (std::size_t i = 0; i < t.events.size(); ++i) {
            Event& e = t.events[i];
            if (e.kind == Kind::CommDef || e.kind == Kind::Wait || e.kind == Kind::Waitall || e.kind == Kind::Barrier)
                continue;
            const char* what = e.kind == Kind::Compute ? "compute" : e.kind == Kind::Loop ? "count" : "bytes";
            char where[160];
            std::snprintf(where, sizeof where, "%s, line %u (%s %s)", kRoleNames[role], e.line, kindName(e.kind), what);
            if (alike.size() < 3) {
                out.poorSites.push_back(std::string(where) + ": its lines differ between the recordings (" +
                                        std::to_string(alike.size()) + " alike): not fitted, as at P = " +
                                        std::to_string(tmpl.P()));
                continue;
            }
            std::vector<double> Ps, v;
            for (const Recording* r : alike) {
                Ps.push_back(r->P());
                v.push_back(r->ranks[static_cast<std::size_t>(roleRank(role, r->P()))].events[i].value);
            }
            const calib::ScalingHypothesis h = bestTerm(Ps, v);
            const double before = e.value;
            double value = std::max(0.0, h(P));
            if (e.kind != Kind::Compute)
                value = std::round(value);
            if (e.kind == Kind::Loop)
                value = std::clamp(value, 1.0, kMaxLoopCount);
            e.value = value;
            if (e.kind == Kind::Sendrecv)
                e.value2 = std::round(value * (e.value2 / std::max(1.0, before)));
            if (h.smape > poorSmape) {
                char b[80];
                std::snprintf(b, sizeof b, " misses the recorded values by %.0f%%", 100.0 * h.smape);
                out.poorSites.push_back(std::string(where) + ": " + h.formula() + b);
            }
        }
        roles.push_back(std::move(t));
    }

    // The new ranks: each its role's lines, peers at the template's offsets modulo P.
    Recording world; // the world of P ranks, for the writer
    world.comms.emplace_back(static_cast<std::size_t>(P));
    for (int i = 0; i < P; ++i)
        world.comms[0][static_cast<std::size_t>(i)] = i;
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r) {
        const Role role = roleOf(r, P);
        RankTrace t = roles[static_cast<std::size_t>(role)];
        const int from = roleRank(role, tmpl.P());
        auto move = [&](std::int32_t peer) {
            if (peer < 0)
                return peer;
            int d = peer - from;
            if (d > tmpl.P() / 2)
                d -= tmpl.P();
            if (d < -tmpl.P() / 2)
                d += tmpl.P();
            return static_cast<std::int32_t>(((r + d) % P + P) % P);
        };
        for (Event& e : t.events) {
            if (e.kind == Kind::Send || e.kind == Kind::Recv || e.kind == Kind::Isend || e.kind == Kind::Irecv ||
                e.kind == Kind::Sendrecv)
                e.peer = move(e.peer);
            if (e.kind == Kind::Sendrecv)
                e.src = move(e.src);
            if (isCollective(e.kind) && e.peer >= P)
                e.peer = 0;
        }
        t.rank = r;
        t.size = P;
        texts.push_back(csrecText(world, t));
    }
    out.recording = parseRecording(texts, "the recording synthesised at P = " + std::to_string(P));
    return out;
}

} // namespace cs::rec
