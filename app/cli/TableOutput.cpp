#include "app/cli/TableOutput.h"
#include "model/core/NumberFormat.h"
#include "app/plots/SweepCsv.h"
#include "model/core/Printable.h"
#include "model/core/Unit.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <ostream>

namespace cs::cli {

namespace {

constexpr int kWidth = 13;

} // namespace

void writeCsv(const SweepTable& t, std::ostream& out)
{
    // One CSV format for the CLI and the GUI's export: it lives in cs_plots.
    plots::writeSweepCsv(t, out);
}

void writeTextHeader(const SweepTable& t, std::ostream& out)
{
    for (const auto& a : t.axes)
        out << std::left << std::setw(kWidth) << printable(a) << " ";
    out << std::left << std::setw(10) << "variant";
    for (const auto& c : t.columns)
        out << " " << std::right << std::setw(kWidth) << printable(c);
    out << "\n";
}

void writeTextRow(const SweepTable& t, const SweepRow& row, std::ostream& out)
{
    for (std::size_t a = 0; a < t.axes.size(); ++a)
        out << std::left << std::setw(kWidth) << formatNumber(row.axes[a]) << " ";
    out << std::left << std::setw(10) << printable(t.variants[row.variant]);
    if (row.error) {
        out << "  error: " << printable(*row.error) << "\n";
        return;
    }
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        const double v = row.values[c];
        out << " " << std::right << std::setw(kWidth) << (std::isnan(v) ? std::string("-") : formatSignificant(v, 6));
    }
    out << "\n";
}

void writeText(const SweepTable& t, std::ostream& out)
{
    writeTextHeader(t, out);
    for (std::size_t r = 0; r < t.rows(); ++r)
        writeTextRow(t, t.row(r), out);
}

nlohmann::json rowToJson(const SweepTable& t, const SweepRow& r)
{
    nlohmann::json row;
    row["variant"] = t.variants[r.variant];
    nlohmann::json axes = nlohmann::json::object();
    for (std::size_t a = 0; a < t.axes.size(); ++a)
        axes[t.axes[a]] = r.axes[a];
    row["axes"] = axes;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        const double v = r.values[c];
        row[t.columns[c]] = std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
    }
    if (r.error)
        row["error"] = *r.error;
    return row;
}

nlohmann::json rowToJson(const SweepTable& t, std::size_t r)
{
    return rowToJson(t, t.row(r));
}

std::string formatRatio(double v)
{
    return formatSignificant(v, 4);
}

void writeJsonHeader(const SweepTable& t, std::ostream& out)
{
    out << "{\n  \"axes\": " << nlohmann::json(t.axes).dump() << ",\n  \"variants\": " << nlohmann::json(t.variants).dump()
        << ",\n  \"columns\": " << nlohmann::json(t.columns).dump() << ",\n  \"rows\": [";
}

void writeJsonRow(const SweepTable& t, const SweepRow& row, bool first, std::ostream& out)
{
    out << (first ? "\n    " : ",\n    ") << rowToJson(t, row).dump();
}

void writeJsonEnd(const SweepTable& t, std::ostream& out)
{
    out << "\n  ],\n  \"cancelled\": " << (t.cancelled ? "true" : "false") << "\n}\n";
}

nlohmann::json tableToJson(const SweepTable& t)
{
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t r = 0; r < t.rows(); ++r)
        rows.push_back(rowToJson(t, r));
    return {{"axes", t.axes}, {"variants", t.variants}, {"columns", t.columns}, {"rows", rows},
            {"cancelled", t.cancelled}};
}

} // namespace cs::cli
