#include "app/plots/SweepCsv.h"
#include "model/core/Unit.h"

#include <cmath>
#include <ostream>
#include <string>

namespace cs::plots {

namespace {

void appendField(const std::string& s, std::string& out)
{
    if (s.find_first_of(",\"\n") == std::string::npos) {
        out += s;
        return;
    }
    out += '"';
    for (char c : s) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

void appendCell(double v, std::string& out)
{
    if (std::isnan(v))
        return;
    char buf[kNumberChars];
    out.append(buf, formatNumberTo(v, buf));
}

} // namespace

void appendSweepCsvHeader(const SweepTable& t, std::string& out)
{
    for (const auto& a : t.axes) {
        appendField(a, out);
        out += ',';
    }
    out += "variant";
    for (const auto& c : t.columns) {
        out += ',';
        appendField(c, out);
    }
    out += ",error\n";
}

void appendSweepCsvRow(const SweepTable& t, const SweepRow& row, std::string& out)
{
    for (std::size_t a = 0; a < t.axes.size(); ++a) {
        appendCell(row.axes[a], out);
        out += ',';
    }
    appendField(t.variants[row.variant], out);
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        out += ',';
        appendCell(row.values[c], out);
    }
    out += ',';
    if (row.error)
        appendField(*row.error, out);
    out += '\n';
}

void writeSweepCsv(const SweepTable& t, std::ostream& out)
{
    std::string buffer;
    appendSweepCsvHeader(t, buffer);
    for (std::size_t r = 0; r < t.rows(); ++r) {
        appendSweepCsvRow(t, t.row(r), buffer);
        if (buffer.size() >= (1u << 20)) {
            out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
            buffer.clear();
        }
    }
    out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
}

} // namespace cs::plots
