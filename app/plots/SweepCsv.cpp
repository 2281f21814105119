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

void writeSweepCsv(const SweepTable& t, std::ostream& out)
{
    for (const auto& a : t.axes)
        out << csvField(a) << ",";
    out << "variant";
    for (const auto& c : t.columns)
        out << "," << csvField(c);
    out << ",error\n";
    for (std::size_t r = 0; r < t.rows(); ++r) {
        const std::size_t p = r / t.variants.size();
        for (std::size_t a = 0; a < t.axes.size(); ++a)
            out << cell(t.axis(p, a)) << ",";
        out << csvField(t.variants[r % t.variants.size()]);
        for (std::size_t c = 0; c < t.columns.size(); ++c)
            out << "," << cell(t.at(r, c));
        out << "," << (t.error(r) ? csvField(*t.error(r)) : "") << "\n";
    }
}

} // namespace cs::plots
