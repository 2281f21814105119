#pragma once
#include "model/os/AvailableMemory.h"
#include "model/core/DefaultInitAllocator.h"
#include "model/core/Unit.h"
#include "model/document/AxisResolve.h"
#include "model/document/DesignDocument.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace cs {

struct SweepRow;

// The table a sweep produces: one row per grid point and variant. Row r is
// point r / variants.size(), variant r % variants.size(). Points enumerate
// the full grid with the last axis varying fastest.
struct SweepTable {
    std::vector<std::string> axes;     // axis paths
    std::vector<std::string> variants; // variant names
    // What each variant's total is: output symbol, unit and display unit
    // (usually seconds, but a throughput design's total is in B/s).
    struct Total {
        std::string symbol;
        Unit unit = Unit::Seconds;
        std::string displayUnit;
    };
    std::vector<Total> totals; // per variant
    // Fixed columns: "T", "speedup", "efficiency", "cost", then one column
    // per phase name (union over variants; NaN where a variant lacks it), then
    // any extra outputs asked for.
    std::vector<std::string> columns;
    std::size_t points = 0;
    // The sweep's threads write these, each its own points: their allocator
    // leaves them unwritten until then (DefaultInitAllocator).
    std::vector<double, DefaultInitAllocator<double>> axisValues; // points x axes
    std::vector<double, DefaultInitAllocator<double>> values;     // rows x columns (NaN = not applicable or failed)
    std::vector<std::pair<std::size_t, std::string>> errors; // row -> message, sorted by row
    // What speedup is measured against, for axis labels: "serial baseline:
    // Gigabit Ethernet at P = 1", or "each variant at P = 1"; "" without speedup.
    std::string speedupBasis;
    int speedupAgainst = -1; // index of the serial baseline variant, -1 = each variant against itself
    double speedupReference = 1.0; // the speedup parameter's reference value (P = 1)
    bool cancelled = false;

    std::size_t rows() const { return points * variants.size(); }
    double axis(std::size_t point, std::size_t a) const { return axisValues[point * axes.size() + a]; }
    double at(std::size_t row, std::size_t column) const { return values[row * columns.size() + column]; }
    int column(const std::string& name) const; // -1 if none
    const std::string* error(std::size_t row) const;
    // Row r of a held table as a streamed row, so that one writer per format
    // serves both (the CSV, text and JSON writers take SweepRow).
    SweepRow row(std::size_t r) const;
};

// One row of a streamed sweep (SweepOptions::onRow); pointers valid during the call.
struct SweepRow {
    std::size_t point = 0;
    std::size_t variant = 0;           // row = point * variants + variant
    const double* axes = nullptr;      // one value per axis
    const double* values = nullptr;    // one value per column (NaN = not applicable or failed)
    const std::string* error = nullptr; // why the point failed, or nullptr
};

struct SweepOptions {
    unsigned threads = 0; // 0 = hardware concurrency
    std::vector<std::string> extraOutputs; // output paths to add as columns
    // Called with (points done, points total) now and then, from the calling
    // thread only. Keep it cheap.
    std::function<void(std::size_t, std::size_t)> progress;
    const std::atomic<bool>* cancel = nullptr; // checked between chunks
    // When set, rows are handed over in row order, from the calling thread,
    // as they are computed, and the returned table holds only the layout
    // (axes, variants, totals, columns, points; no values or errors): the
    // memory a sweep needs stays a few MB whatever its size.
    std::function<void(const SweepTable& layout, const SweepRow& row)> onRow;
    // Memory the table may take, bytes; 0 = the physical memory available
    // now (availableMemory()) less a margin. A sweep whose table would not
    // fit is refused before anything is allocated.
    std::size_t memoryLimit = 0;
};

// What speedup is measured against, as the user chooses it (CLI --baseline,
// the GUI's baseline choice): "self" measures each variant against itself at
// the reference value; any other word must name a variant of `doc`, which
// becomes the serial baseline. Returns the document with that choice (the
// editing layer's setSpeedupAgainst); throws ModelError naming the choice and
// the variants otherwise.
inline constexpr const char* kBaselineSelf = "self";
DesignDocument withSpeedupBaseline(DesignDocument doc, const std::string& choice);

// Why a row's efficiency exceeds 1, in the model's own terms, or "" when it
// does not. Against the variant itself the reason says so. The row's
// processor time P x T is less than the baseline's time; the reason names
// the baseline's phases (at the same point) that the row's variant lacks,
// e.g. "P x T = 16 x 0.231 s = 3.70 s < serial 6.04 s: the variant skips
// the serial baseline's T_bucket1 + T_bucket2 = 5.37 s".
std::string superlinearReason(const SweepTable& table, std::size_t row);

// Bytes a table of `points` grid points over `axes` axes, `variants`
// variants and `columns` columns holds (values and axis values).
double sweepTableBytes(double points, std::size_t axes, std::size_t variants, std::size_t columns);


// Evaluates `doc` over the full grid of `axes` for every variant. Speedup is
// the baseline time divided by T at the point: the serial baseline variant's
// total (SweepSettings::speedupAgainst) at the speedup parameter's reference
// value, shared by every variant, or each variant's own total there when no
// baseline variant is named; every other value is the point's. Efficiency is
// speedup * reference / P.
// Points where the model rejects the input record the message and NaN values;
// the sweep goes on. Throws ModelError for a bad axis path, an empty grid,
// more than 10^8 points, or a table that would not fit in memory.
SweepTable runSweep(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                    const SweepOptions& options = {});

// The axes stored in the document's sweep settings, expanded.
std::vector<SweepAxisValues> documentAxes(const DesignDocument& doc);

} // namespace cs
