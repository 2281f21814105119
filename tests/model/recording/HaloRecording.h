#pragma once
// A one-dimensional halo exchange as csrec texts, one a rank: the recording
// the synthesis tests (model and command line) make at several P.
#include <cstdio>
#include <string>
#include <vector>

namespace cs::test {

// One halo exchange as csrec lines: an irecv from each neighbour, an isend of `bytes` to each, and one waitall.
// `lines`: how many lines that is.
inline std::string haloExchange(const std::vector<int>& neighbours, long long bytes, int* lines = nullptr)
{
    std::string body;
    int req = 0;
    const std::string b = " " + std::to_string(bytes) + " 0 0 ";
    for (int n : neighbours)
        body += "irecv " + std::to_string(n) + b + std::to_string(req++) + "\n";
    for (int n : neighbours)
        body += "isend " + std::to_string(n) + b + std::to_string(req++) + "\n";
    body += "waitall " + std::to_string(req);
    for (int i = 0; i < req; ++i)
        body += " " + std::to_string(i);
    if (lines)
        *lines = req + 1;
    return body + "\n";
}

// 20 iterations: compute 0.08 / P s, 8192-byte planes to the neighbours that exist, an 8-byte allreduce.
// `extra`: bytes of a send that follow no power of P (rank 0 sends them to rank 1 first).
inline std::vector<std::string> haloTexts(int P, double extra = 0)
{
    std::vector<std::string> texts;
    for (int r = 0; r < P; ++r) {
        std::vector<int> nb;
        if (r > 0)
            nb.push_back(r - 1);
        if (r < P - 1)
            nb.push_back(r + 1);
        int exchange = 0;
        std::string body = haloExchange(nb, 8192, &exchange) + "allreduce 8 0\n";
        char c[64];
        std::snprintf(c, sizeof c, "c %.17g\n", 0.08 / P);
        const int lines = exchange + 2;
        std::string head = "csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\n";
        if (extra > 0)
            head += r == 0 ? "send 1 " + std::to_string(static_cast<long long>(extra)) + " 7 0\n"
                    : r == 1 ? "recv 0 " + std::to_string(static_cast<long long>(extra)) + " 7 0\n"
                             : "c 0\n";
        texts.push_back(head + "loop 20 " + std::to_string(lines) + "\n" + c + body + "end\n");
    }
    return texts;
}

} // namespace cs::test
