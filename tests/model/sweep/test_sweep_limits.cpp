// A sweep within the point cap can still need more memory than the machine
// has: it is refused before anything is allocated, and a streamed sweep
// needs no table at all.
#include "../core/TestBlocks.h"
#include "model/core/ModelError.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <catch2/catch.hpp>

#include <cmath>

using namespace cs;
using cs::test::testRegistry;

namespace {

DesignDocument twoVariants()
{
    return parseDocument(R"({
      "format": "clusterscope-design", "version": 2, "name": "counts",
      "parameters": [{"name": "P", "unit": "count", "value": 1, "min": 1, "max": 64}],
      "blocks": [{"name": "c", "type": "test.count"}],
      "wires": [{"from": "P", "to": "c.P"}],
      "variants": [{"name": "slow", "total": "c.t", "overrides": {}},
                   {"name": "fast", "total": "c.t", "overrides": {"c.c": 0.5}}]
    })", testRegistry());
}

std::vector<double> range(int from, int to)
{
    std::vector<double> v;
    for (int i = from; i <= to; ++i)
        v.push_back(i);
    return v;
}

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

} // namespace

TEST_CASE("a sweep whose table would not fit in memory is refused before it starts", "[sweep][limits]")
{
    const DesignDocument doc = twoVariants();
    SweepOptions small;
    small.memoryLimit = 4096; // bytes
    // 704 points x (2 variants x 4 columns + 2 axis values) x 8 B = 56,320 B.
    const std::vector<SweepAxisValues> axes = {{"P", range(1, 64)}, {"c.c", {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}};
    CHECK_THROWS_WITH(runSweep(doc, axes, small),
                      Catch::StartsWith("the sweep needs about 5.63e-05 GB for its table (704 points x 2 variants x "
                                        "4 columns), more than the 4.1e-06 GB of memory it may use here"));
    CHECK(sweepTableBytes(704, 2, 2, 4) == 704 * 8 * (2 + 2 * 4));
    // The memory this machine has now is what the default limit is made of.
    CHECK(availableMemory() > 0);
}

TEST_CASE("a streamed sweep hands over every row in order, as the table would hold them", "[sweep][limits]")
{
    const DesignDocument doc = twoVariants();
    // Beyond one streamed block (16,384 points), with errors (c.c above 10 is out of range).
    const std::vector<SweepAxisValues> axes = {{"P", range(1, 64)}, {"c.c", range(0, 299)}};
    const SweepTable table = runSweep(doc, axes, {});
    REQUIRE(!table.errors.empty());

    SweepOptions stream;
    stream.memoryLimit = 4096; // a streamed sweep holds no table: not refused
    std::size_t rows = 0;
    bool ordered = true, equal = true;
    stream.onRow = [&](const SweepTable& layout, const SweepRow& row) {
        const std::size_t r = row.point * layout.variants.size() + row.variant;
        ordered = ordered && r == rows;
        for (std::size_t a = 0; a < layout.axes.size(); ++a)
            equal = equal && row.axes[a] == table.axis(row.point, a);
        for (std::size_t c = 0; c < layout.columns.size(); ++c)
            equal = equal && same(row.values[c], table.at(r, c));
        const std::string* e = table.error(r);
        equal = equal && (e ? row.error && *row.error == *e : row.error == nullptr);
        ++rows;
    };
    const SweepTable layout = runSweep(doc, axes, stream);
    CHECK(rows == table.rows());
    CHECK(ordered);
    CHECK(equal);
    CHECK(layout.columns == table.columns);
    CHECK(layout.values.empty());
    CHECK(layout.axisValues.empty());
}
