// Benchmark: sweep output at the speed of the engine. The CSV writer against
// the JSON writer over the same 10^6 rows, in the same run:
//
//   bench_sweep_output [preset] [rows] [rounds]
//
// 1) The writers alone: a held table of `rows` rows (the acc-fft preset over
//    P = 1..16 and a t_fft1d axis), each written as CSV (the one writer
//    `sweep --csv` and the GUI's export share) and as the JSON rows `sweep
//    --json` writes, into a buffer emptied every MiB. Rows/s of each and
//    their ratio.
// 2) The whole `sweep --csv` and `sweep --json` command, in-process, the rows
//    computed as they are written, its output to /dev/null.
// The target: CSV no slower than JSON (ratio CSV rate / JSON rate >= 1).
// Rounds alternate the two formats; the medians are printed. No asserts.
#include "app/cli/Cli.h"
#include "app/cli/TableOutput.h"
#include "app/plots/SweepCsv.h"
#include "bench/BenchSupport.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace cs;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Writes every row with `row` into a buffer that is emptied each MiB, as
// `sweep` does; returns the bytes written (so nothing is optimised away).
template <class Row>
std::size_t writeAll(const SweepTable& t, Row row)
{
    std::string buffer;
    buffer.reserve((1 << 20) + (1 << 16));
    std::size_t bytes = 0;
    for (std::size_t r = 0; r < t.rows(); ++r) {
        row(t.row(r), r == 0, buffer);
        if (buffer.size() >= (1 << 20)) {
            bytes += buffer.size();
            buffer.clear();
        }
    }
    return bytes + buffer.size();
}

} // namespace

int main(int argc, char** argv)
{
    const std::string path = argc > 1 ? argv[1] : std::string(CS_SOURCE_DIR) + "/presets/acc-fft.json";
    const std::size_t rows = argc > 2 ? std::stoul(argv[2]) : 1'000'000;
    const int rounds = argc > 3 ? std::stoi(argv[3]) : 3;
    const DesignDocument doc = loadDocument(path);
    const std::size_t variants = doc.effectiveVariants().size();
    // P over 5 values, t_fft1d over the rest: rows = 5 x n x variants.
    const std::size_t n = std::max<std::size_t>(1, rows / (5 * variants));
    const std::vector<double> ps{1, 2, 4, 8, 16};
    std::vector<double> second;
    for (std::size_t i = 0; i < n; ++i)
        second.push_back(50e-6 + 1e-9 * static_cast<double>(i));
    const SweepTable t = runSweep(doc, {{"P", ps}, {"t_fft1d", second}});
    std::printf("design %s: %zu rows (%zu points x %zu variants), %zu columns; load average %s\n", doc.name.c_str(),
                t.rows(), t.points, variants, t.columns.size(), bench::loadAverage().c_str());

    // 1) The writers alone.
    std::vector<double> csvRate, jsonRate, ratio;
    std::size_t csvBytes = 0, jsonBytes = 0;
    for (int r = 0; r < rounds; ++r) {
        const bench::Time csv = bench::timedBoth([&] {
            csvBytes = writeAll(t, [&](const SweepRow& row, bool, std::string& out) {
                plots::appendSweepCsvRow(t, row, out);
            });
        });
        std::ostringstream piece;
        const bench::Time json = bench::timedBoth([&] {
            jsonBytes = writeAll(t, [&](const SweepRow& row, bool first, std::string& out) {
                piece.str({});
                cli::writeJsonRow(t, row, first, piece);
                out += piece.view();
            });
        });
        csvRate.push_back(double(t.rows()) / csv.cpu);
        jsonRate.push_back(double(t.rows()) / json.cpu);
        ratio.push_back(csvRate.back() / jsonRate.back());
        std::printf("round %d, writers: CSV %.3f s (%.3g rows/s, %.0f MB), JSON %.3f s (%.3g rows/s, %.0f MB); CSV/JSON "
                    "speed %.2f\n",
                    r + 1, csv.cpu, csvRate.back(), double(csvBytes) / 1e6, json.cpu, jsonRate.back(),
                    double(jsonBytes) / 1e6, ratio.back());
    }
    std::printf("writers, median of %d (CPU time): CSV %.3g rows/s, JSON %.3g rows/s, CSV/JSON speed %.2f (target >= 1)\n\n",
                rounds, median(csvRate), median(jsonRate), median(ratio));

    // 2) The whole command, rows computed as they are written.
    std::ofstream devnull("/dev/null");
    char spec[128];
    std::snprintf(spec, sizeof spec, "t_fft1d=%.17g:%.17g:%.17g", second.front(), second.back() + 0.5e-9, 1e-9);
    std::vector<double> cmdCsv, cmdJson, cmdRatio;
    for (int r = 0; r < rounds; ++r) {
        double wall[2] = {0, 0};
        for (int f = 0; f < 2; ++f) {
            std::ostringstream err;
            int rc = 0;
            wall[f] = bench::timedBoth([&] {
                          rc = cli::run({"sweep", path, "--param", "P=1,2,4,8,16", "--param", spec,
                                         f == 0 ? "--csv" : "--json"},
                                        devnull, err);
                      }).wall;
            if (rc != 0) {
                std::printf("sweep failed: %s\n", err.str().c_str());
                return 1;
            }
        }
        cmdCsv.push_back(double(t.rows()) / wall[0]);
        cmdJson.push_back(double(t.rows()) / wall[1]);
        cmdRatio.push_back(cmdCsv.back() / cmdJson.back());
        std::printf("round %d, sweep command: --csv %.3f s (%.3g rows/s), --json %.3f s (%.3g rows/s); CSV/JSON speed "
                    "%.2f; load average %s\n",
                    r + 1, wall[0], cmdCsv.back(), wall[1], cmdJson.back(), cmdRatio.back(),
                    bench::loadAverage().c_str());
    }
    std::printf("sweep command, median of %d (wall): --csv %.3g rows/s, --json %.3g rows/s, CSV/JSON speed %.2f "
                "(target >= 1)\n",
                rounds, median(cmdCsv), median(cmdJson), median(cmdRatio));
    return 0;
}
