#include "app/cli/TableOutput.h"
#include "app/plots/SweepCsv.h"
#include "model/core/Unit.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <ostream>

namespace cs::cli {

void writeCsv(const SweepTable& t, std::ostream& out)
{
    // One CSV format for the CLI and the GUI's export: it lives in cs_plots.
    plots::writeSweepCsv(t, out);
}

void writeText(const SweepTable& t, std::ostream& out)
{
    const int w = 13;
    for (const auto& a : t.axes)
        out << std::left << std::setw(w) << a << " ";
    out << std::left << std::setw(10) << "variant";
    for (const auto& c : t.columns)
        out << " " << std::right << std::setw(w) << c;
    out << "\n";
    for (std::size_t r = 0; r < t.rows(); ++r) {
        const std::size_t p = r / t.variants.size();
        for (std::size_t a = 0; a < t.axes.size(); ++a)
            out << std::left << std::setw(w) << formatNumber(t.axis(p, a)) << " ";
        out << std::left << std::setw(10) << t.variants[r % t.variants.size()];
        if (const std::string* e = t.error(r)) {
            out << "  error: " << *e << "\n";
            continue;
        }
        for (std::size_t c = 0; c < t.columns.size(); ++c) {
            char buf[32];
            const double v = t.at(r, c);
            if (std::isnan(v))
                std::snprintf(buf, sizeof buf, "-");
            else
                std::snprintf(buf, sizeof buf, "%.6g", v);
            out << " " << std::right << std::setw(w) << buf;
        }
        out << "\n";
    }
}

nlohmann::json rowToJson(const SweepTable& t, std::size_t r)
{
    nlohmann::json row;
    const std::size_t p = r / t.variants.size();
    row["variant"] = t.variants[r % t.variants.size()];
    nlohmann::json axes = nlohmann::json::object();
    for (std::size_t a = 0; a < t.axes.size(); ++a)
        axes[t.axes[a]] = t.axis(p, a);
    row["axes"] = axes;
    for (std::size_t c = 0; c < t.columns.size(); ++c) {
        const double v = t.at(r, c);
        row[t.columns[c]] = std::isnan(v) ? nlohmann::json(nullptr) : nlohmann::json(v);
    }
    if (const std::string* e = t.error(r))
        row["error"] = *e;
    return row;
}

std::string formatRatio(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
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
