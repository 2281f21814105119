// readMeasuredCsv: measured points from a CSV file, with errors that name
// the file, line and column.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"
#include "model/core/TextLines.h"
#include "model/core/AtomicFile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>

namespace cs::calib {

namespace {

std::string trim(const std::string& s)
{
    std::size_t b = 0, e = s.size();
    while (b < e && std::isspace(static_cast<unsigned char>(s[b])))
        ++b;
    while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1])))
        --e;
    std::string out = s.substr(b, e - b);
    if (out.size() >= 2 && out.front() == '"' && out.back() == '"')
        out = out.substr(1, out.size() - 2);
    return out;
}

std::vector<std::string> splitFields(const std::string& line)
{
    std::vector<std::string> out;
    std::size_t p = 0;
    for (;;) {
        const std::size_t q = line.find(',', p);
        out.push_back(trim(line.substr(p, q == std::string::npos ? std::string::npos : q - p)));
        if (q == std::string::npos)
            return out;
        p = q + 1;
    }
}

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string stem(const std::string& path)
{
    std::string name = path.substr(path.find_last_of('/') + 1);
    const std::size_t dot = name.rfind('.');
    return dot == std::string::npos || dot == 0 ? name : name.substr(0, dot);
}

} // namespace

std::vector<MeasuredSeries> readMeasuredCsv(const std::string& path)
{
    const std::string text = readFile(path);
    int xCol = -1, yCol = -1, sCol = -1;
    std::size_t columns = 0;
    bool haveHeader = false;
    std::map<std::string, std::size_t> index;
    std::vector<MeasuredSeries> out;
    TextLines lines(text);
    std::string_view view;
    while (lines.next(view)) {
        const std::size_t lineNo = lines.number();
        const std::string line(view);
        const std::string t = trim(line);
        if (t.empty() || t[0] == '#')
            continue;
        const std::vector<std::string> fields = splitFields(line);
        const std::string where = path + " line " + std::to_string(lineNo);
        if (!haveHeader) {
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const std::string name = lower(fields[i]);
                if (name != "x" && name != "y" && name != "series")
                    continue; // other columns are ignored
                int& col = name == "x" ? xCol : name == "y" ? yCol : sCol;
                if (col >= 0)
                    throw ModelError(where + ": column " + name + " appears twice in the header");
                col = static_cast<int>(i);
            }
            if (xCol < 0 || yCol < 0) {
                std::string found;
                for (const auto& f : fields)
                    found += (found.empty() ? "" : ", ") + f;
                throw ModelError(where + ": the header must name columns x and y (found: " + found + ")");
            }
            columns = fields.size();
            haveHeader = true;
            continue;
        }
        if (fields.size() != columns)
            throw ModelError(where + ": expected " + std::to_string(columns) + " columns as in the header, found " +
                             std::to_string(fields.size()));
        auto number = [&](int col, const char* name) {
            const std::string& cell = fields[static_cast<std::size_t>(col)];
            const std::string cellWhere = where + ", column " + name;
            if (cell.empty())
                throw ModelError(cellWhere + ": the cell is empty");
            char* stop = nullptr;
            const double v = std::strtod(cell.c_str(), &stop);
            if (stop != cell.c_str() + cell.size())
                throw ModelError(cellWhere + ": '" + cell + "' is not a number");
            if (!std::isfinite(v))
                throw ModelError(cellWhere + ": '" + cell + "' is not a finite number");
            return v;
        };
        const double x = number(xCol, "x");
        const double y = number(yCol, "y");
        const std::string series = sCol >= 0 ? fields[static_cast<std::size_t>(sCol)] : stem(path);
        auto it = index.find(series);
        if (it == index.end()) {
            MeasuredSeries m;
            m.name = series;
            m.xName = "x";
            m.yName = "y";
            it = index.emplace(series, out.size()).first;
            out.push_back(std::move(m));
        }
        out[it->second].x.push_back(x);
        out[it->second].y.push_back(y);
    }
    if (!haveHeader)
        throw ModelError(path + ": the file is empty (expected a header naming columns x and y)");
    if (out.empty())
        throw ModelError(path + ": no data lines after the header");
    return out;
}

nlohmann::json importedJson(const MeasuredSeries& s, const std::string& file)
{
    return {{"name", s.name},         {"file", file},       {"x_name", s.xName}, {"x_unit", s.xUnit},
            {"y_name", s.yName},      {"y_unit", s.yUnit},  {"x_path", s.xPath}, {"y_path", s.yPath},
            {"x", s.x},               {"y", s.y}};
}

std::vector<ImportedSeries> importedSeries(const DesignDocument& doc)
{
    std::vector<ImportedSeries> out;
    if (!doc.imported.is_array())
        return out;
    for (const nlohmann::json& e : doc.imported) {
        if (!e.is_object() || !e.contains("x") || !e.contains("y"))
            continue;
        ImportedSeries i;
        try {
            i.series.name = e.value("name", std::string());
            i.file = e.value("file", std::string());
            i.series.xName = e.value("x_name", std::string("x"));
            i.series.xUnit = e.value("x_unit", std::string());
            i.series.yName = e.value("y_name", std::string("y"));
            i.series.yUnit = e.value("y_unit", std::string());
            i.series.xPath = e.value("x_path", std::string());
            i.series.yPath = e.value("y_path", std::string());
            i.series.x = e["x"].get<std::vector<double>>();
            i.series.y = e["y"].get<std::vector<double>>();
        } catch (const nlohmann::json::exception&) {
            continue; // DocumentReader rejects such an entry on load
        }
        if (i.series.x.size() == i.series.y.size())
            out.push_back(std::move(i));
    }
    return out;
}

} // namespace cs::calib
