#include "model/recording/TimeIndependent.h"
#include "model/core/ModelError.h"
#include "model/core/TextLines.h"
#include "model/core/Unit.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/CsrecWriter.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <string_view>
#include <tuple>

namespace cs::rec {

namespace {

class Importer {
public:
    Importer(int rank, int P, double flopRate) : rank_(rank), P_(P), flopRate_(flopRate) {}
    std::string convert(std::string_view text);

private:
    [[noreturn]] void fail(const std::string& what) const
    {
        throw ModelError("rank " + std::to_string(rank_) + " (SimGrid trace), line " + std::to_string(line_) + ": " +
                         what);
    }
    double number(std::size_t i)
    {
        if (i >= tok_.size())
            fail(std::string(tok_[1]) + " has too few fields");
        double v = 0;
        auto [p, ec] = std::from_chars(tok_[i].data(), tok_[i].data() + tok_[i].size(), v);
        if (ec != std::errc() || p != tok_[i].data() + tok_[i].size() || !std::isfinite(v))
            fail("'" + std::string(tok_[i].substr(0, 40)) + "' is not a number");
        if (v < 0 && !(v == -1 && (i == 2 || i == 3)))
            fail("a negative number (" + std::string(tok_[i].substr(0, 40)) + ")");
        return v;
    }
    std::string size(std::size_t i) { return wholeText(number(i) * unit_); }
    void arity(std::size_t lo, std::size_t hi)
    {
        if (tok_.size() < lo + 2)
            fail(std::string(tok_[1]) + " has too few fields");
        if (tok_.size() > hi + 2)
            fail(std::string(tok_[1]) + " has a datatype or other field this reader does not take (sizes count the "
                                        "default datatype set by init)");
    }
    std::string line();

    int rank_, P_;
    double flopRate_, unit_ = 1.0;
    std::size_t line_ = 0;
    std::vector<std::string_view> tok_;
    std::map<std::tuple<long long, long long, long long>, int> open_; // (src, dst, tag) -> REQ
    std::vector<bool> used_;
};

std::string Importer::line()
{
    const std::string_view a = tok_[1];
    const std::string R = std::to_string(rank_);
    auto p2p = [&](const char* kind, bool withReq, bool recv) {
        arity(3, 3);
        const double peer = number(2), tag = number(3);
        std::string s = std::string(kind) + " " + wholeText(peer) + " " + size(4) + " " + wholeText(tag) + " 0";
        if (withReq) {
            std::size_t slot = 0;
            while (slot < used_.size() && used_[slot])
                ++slot;
            if (slot == used_.size())
                used_.push_back(false);
            used_[slot] = true;
            const auto key = recv ? std::make_tuple((long long)peer, (long long)rank_, (long long)tag)
                                  : std::make_tuple((long long)rank_, (long long)peer, (long long)tag);
            open_[key] = static_cast<int>(slot);
            s += " " + std::to_string(slot);
        }
        return s;
    };
    if (a == "init") {
        arity(0, 1);
        unit_ = tok_.size() > 2 ? 8.0 : 1.0; // MPE's traces count doubles, TAU's bytes (smpi_replay.cpp InitAction)
        return "c 0";
    }
    if (a == "finalize")
        return "end";
    if (a == "compute") {
        arity(1, 1);
        return "c " + formatNumber(number(2) / flopRate_);
    }
    if (a == "sleep") {
        arity(1, 1);
        return "c " + formatNumber(number(2));
    }
    if (a == "send" || a == "recv")
        return p2p(a == "send" ? "send" : "recv", false, a == "recv");
    if (a == "isend" || a == "irecv")
        return p2p(a == "isend" ? "isend" : "irecv", true, a == "irecv");
    if (a == "wait") {
        arity(3, 3);
        const auto key = std::make_tuple((long long)number(2), (long long)number(3), (long long)number(4));
        const auto it = open_.find(key);
        if (it == open_.end())
            return "c 0"; // completed by a test before, as SimGrid's replay takes it
        used_[static_cast<std::size_t>(it->second)] = false;
        const std::string s = "wait " + std::to_string(it->second);
        open_.erase(it);
        return s;
    }
    if (a == "waitall") {
        std::string s = "waitall " + std::to_string(open_.size());
        for (const auto& [key, slot] : open_) {
            s += " " + std::to_string(slot);
            used_[static_cast<std::size_t>(slot)] = false;
        }
        open_.clear();
        return s;
    }
    if (a == "test" || a == "comm_size" || a == "comm_split" || a == "comm_dup" || a == "location")
        return "c 0";
    if (a == "barrier")
        return "barrier 0";
    if (a == "bcast") {
        arity(1, 2);
        return "bcast " + size(2) + " " + (tok_.size() > 3 ? wholeText(number(3)) : "0") + " 0";
    }
    if (a == "reduce") {
        arity(2, 3);
        number(3);
        return "reduce " + size(2) + " " + (tok_.size() > 4 ? wholeText(number(4)) : "0") + " 0";
    }
    if (a == "allreduce") {
        arity(2, 2);
        number(3);
        return "allreduce " + size(2) + " 0";
    }
    if (a == "gather" || a == "scatter") {
        arity(2, 3);
        return std::string(a) + " " + size(a == "gather" ? 2 : 3) + " " + (tok_.size() > 4 ? wholeText(number(4)) : "0") +
               " 0";
    }
    if (a == "allgather" || a == "alltoall") {
        arity(2, 2);
        return std::string(a) + " " + size(2) + " 0";
    }
    if (a == "alltoallv") {
        arity(2 * static_cast<std::size_t>(P_) + 2, 2 * static_cast<std::size_t>(P_) + 2);
        std::string s = "alltoallv 0";
        for (int i = 0; i < P_; ++i)
            s += " " + size(3 + static_cast<std::size_t>(i));
        return s;
    }
    if (a == "reducescatter") {
        arity(static_cast<std::size_t>(P_) + 1, static_cast<std::size_t>(P_) + 1);
        return "reduce_scatter " + size(2 + static_cast<std::size_t>(rank_)) + " 0";
    }
    fail("unknown action '" + std::string(a.substr(0, 40)) + "'");
}

std::string Importer::convert(std::string_view text)
{
    std::string out = "csrec 1 " + std::to_string(rank_) + " " + std::to_string(P_) + "\n";
    TextLines lines(text);
    std::string_view l;
    std::size_t raw = 0;
    while (lines.next(l, &raw)) {
        ++line_;
        if (raw > kMaxLineBytes)
            fail("the line is longer than the limit of 1 MiB");
        tok_.clear();
        for (std::size_t i = 0; i < l.size();) {
            while (i < l.size() && (l[i] == ' ' || l[i] == '\t' || l[i] == '\r'))
                ++i;
            std::size_t j = i;
            while (j < l.size() && l[j] != ' ' && l[j] != '\t' && l[j] != '\r')
                ++j;
            if (j > i)
                tok_.push_back(l.substr(i, j - i));
            i = j;
        }
        if (tok_.empty() || tok_[0].front() == '#') { // a comment ("# version: 1.0") or an empty line
            out += "c 0\n";
            continue;
        }
        if (tok_.size() < 2)
            fail("a line is RANK ACTION ...");
        if (tok_[0] != std::to_string(rank_))
            fail("the line is of rank " + std::string(tok_[0].substr(0, 20)) + " in rank " + std::to_string(rank_) +
                 "'s trace");
        out += line();
        out += '\n';
    }
    return out;
}

} // namespace

Recording importTimeIndependent(const std::vector<std::string>& texts, double flopRate)
{
    if (!(flopRate > 0) || !std::isfinite(flopRate))
        throw ModelError("the flop rate that converts SimGrid's compute actions to seconds must be above 0");
    std::vector<RankTrace> ranks;
    const int P = static_cast<int>(texts.size());
    for (int r = 0; r < P; ++r) {
        const std::string csrec = Importer(r, P, flopRate).convert(texts[static_cast<std::size_t>(r)]);
        ranks.push_back(parseCsrec(csrec, "rank " + std::to_string(r) + " (SimGrid trace)", -1));
    }
    return link(std::move(ranks));
}

} // namespace cs::rec
