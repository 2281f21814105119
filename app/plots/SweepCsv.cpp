#include "app/plots/SweepCsv.h"
#include "model/core/Unit.h"

#include <cmath>
#include <ostream>
#include <string>

namespace cs::plots {

namespace {

std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n") == std::string::npos)
        return s;
    std::string q = "\"";
    for (char c : s)
        q += (c == '"') ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string cell(double v)
{
    return std::isnan(v) ? "" : formatNumber(v);
}

} // namespace

void writeSweepCsvHeader(const SweepTable& t, std::ostream& out)
{
    for (const auto& a : t.axes)
        out << csvField(a) << ",";
    out << "variant";
    for (const auto& c : t.columns)
        out << "," << csvField(c);
    out << ",error\n";
}

void writeSweepCsvRow(const SweepTable& t, const SweepRow& row, std::ostream& out)
{
    for (std::size_t a = 0; a < t.axes.size(); ++a)
        out << cell(row.axes[a]) << ",";
    out << csvField(t.variants[row.variant]);
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        out << "," << cell(row.values[c]);
    out << "," << (row.error ? csvField(*row.error) : "") << "\n";
}

void writeSweepCsv(const SweepTable& t, std::ostream& out)
{
    writeSweepCsvHeader(t, out);
    for (std::size_t r = 0; r < t.rows(); ++r) {
        SweepRow row;
        row.point = r / t.variants.size();
        row.variant = r % t.variants.size();
        row.axes = t.axisValues.data() + row.point * t.axes.size();
        row.values = t.values.data() + r * t.columns.size();
        row.error = t.error(r);
        writeSweepCsvRow(t, row, out);
    }
}

} // namespace cs::plots
