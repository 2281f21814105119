// libcsrecord.so's loop folder and bounded trace file (app/record), without MPI: what the folder prints expands
// to exactly the events it was given, iterations fold into counted loops with the mean compute, and a file at
// its limit ends with "truncated".
#ifdef CS_RECORD_LIB
#include "app/record/LoopFolder.h"
#include "app/record/TraceFile.h"

#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using cs::record::FoldItem;
using cs::record::LoopFolder;

namespace {

// Folds `events` (with computes) and returns the printed text.
std::string folded(const std::vector<std::string>& events, const std::vector<double>& computes,
                   std::size_t window = 1024, std::size_t maxBody = 128)
{
    std::string out;
    LoopFolder f([&](const FoldItem& i) { LoopFolder::print(i, out); }, window, maxBody);
    for (std::size_t i = 0; i < events.size(); ++i)
        f.add(events[i], computes.empty() ? 0.0 : computes[i]);
    f.finish();
    return out;
}

// The events that text stands for, loops expanded (the format's reading of "loop COUNT LEN": the next LEN
// lines, nested loops' lines among them, repeated COUNT times).
void expand(const std::vector<std::string>& lines, std::size_t from, std::size_t to, std::vector<std::string>& out)
{
    for (std::size_t i = from; i < to;) {
        const std::string& l = lines[i];
        if (l.rfind("loop ", 0) == 0) {
            std::istringstream in(l.substr(5));
            std::size_t count = 0, len = 0;
            in >> count >> len;
            REQUIRE(i + 1 + len <= to);
            for (std::size_t k = 0; k < count; ++k)
                expand(lines, i + 1, i + 1 + len, out);
            i += 1 + len;
        } else {
            if (l.rfind("c ", 0) != 0)
                out.push_back(l);
            ++i;
        }
    }
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> v;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        v.push_back(l);
    return v;
}

std::vector<std::string> expanded(const std::string& text)
{
    const std::vector<std::string> ls = lines(text);
    std::vector<std::string> out;
    expand(ls, 0, ls.size(), out);
    return out;
}

} // namespace

TEST_CASE("record: an iteration repeated folds into one loop with the mean compute", "[record]")
{
    // 5 iterations of irecv, isend, waitall, allreduce; the compute before the allreduce is 1, 2, 3, 4, 5 ms.
    std::vector<std::string> ev;
    std::vector<double> c;
    for (int k = 1; k <= 5; ++k)
        for (const char* e : {"irecv 1 2048 0 0 0", "isend 1 2048 1 0 1", "waitall 2 0 1", "allreduce 8 0"}) {
            ev.push_back(e);
            c.push_back(std::string(e).rfind("allreduce", 0) == 0 ? 0.001 * k : 0.0);
        }
    ev.push_back("end");
    c.push_back(0.5);
    CHECK(folded(ev, c) == "loop 5 8\n"
                           "c 0\nirecv 1 2048 0 0 0\n"
                           "c 0\nisend 1 2048 1 0 1\n"
                           "c 0\nwaitall 2 0 1\n"
                           "c 0.003\nallreduce 8 0\n"
                           "c 0.5\nend\n");
}

TEST_CASE("record: loops nest, and a loop's LEN counts the lines of the loops inside it", "[record]")
{
    // (a a b) three times: the pair of a's folds first, then the body (loop 2 of a, b) three times.
    const std::vector<std::string> ev = {"a", "a", "b", "a", "a", "b", "a", "a", "b"};
    CHECK(folded(ev, {}) == "loop 3 5\nloop 2 2\nc 0\na\nc 0\nb\n");
    CHECK(expanded(folded(ev, {})) == ev);
}

TEST_CASE("record: what the folder prints expands to exactly the events it was given", "[record]")
{
    // Random programs: iterations of random bodies (some with inner repeats), between runs of random events,
    // folded with a small window so that items are emitted mid-stream.
    std::mt19937 rng(44);
    for (int trial = 0; trial < 200; ++trial) {
        std::vector<std::string> ev;
        const int segments = 1 + static_cast<int>(rng() % 6);
        for (int s = 0; s < segments; ++s) {
            std::vector<std::string> body;
            const int len = 1 + static_cast<int>(rng() % 7);
            for (int i = 0; i < len; ++i) {
                const std::string e = "send " + std::to_string(rng() % 3) + " 8 0 0";
                const int inner = rng() % 4 == 0 ? 2 + static_cast<int>(rng() % 3) : 1;
                for (int k = 0; k < inner; ++k)
                    body.push_back(e);
            }
            const int reps = 1 + static_cast<int>(rng() % 40);
            for (int r = 0; r < reps; ++r)
                ev.insert(ev.end(), body.begin(), body.end());
        }
        const std::string text = folded(ev, {}, 16 + rng() % 32, 1 + rng() % 12);
        INFO("trial " << trial << "\n" << text);
        REQUIRE(expanded(text) == ev);
    }
}

TEST_CASE("record: a stream that never repeats is emitted in order through a bounded window", "[record]")
{
    std::vector<std::string> ev;
    for (int i = 0; i < 3000; ++i)
        ev.push_back("send " + std::to_string(i) + " 8 0 0");
    std::size_t emittedBeforeEnd = 0;
    std::string out;
    LoopFolder f([&](const FoldItem& i) { LoopFolder::print(i, out); ++emittedBeforeEnd; }, 64, 16);
    for (const std::string& e : ev)
        f.add(e, 0.0);
    CHECK(emittedBeforeEnd >= 3000 - 64); // at most the window held back
    f.finish();
    CHECK(expanded(out) == ev);
}

TEST_CASE("record: a trace file at its byte limit ends with truncated and stays under the limit", "[record]")
{
    QTemporaryDir dir;
    const std::string path = dir.path().toStdString() + "/rank-0.csrec";
    {
        cs::record::TraceFile f;
        REQUIRE(f.open(path, 1000));
        f.put("csrec 1 0 1\n", "");
        for (int i = 0; i < 100; ++i)
            f.put("c 0.001\nsend 1 8 0 0\n", "the limit");
        CHECK(f.truncated());
        f.close();
    }
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(text.size() <= 1000);
    CHECK(text.size() > 1000 - cs::record::TraceFile::kReserve - 40);
    CHECK(text.rfind("csrec 1 0 1\nc 0.001\nsend 1 8 0 0\n", 0) == 0);
    CHECK(text.substr(text.rfind('\n', text.size() - 2) + 1) == "truncated the limit\n");
}
#endif
