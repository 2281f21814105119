#include "app/runner/apprun/MeasuredImport.h"
#include "app/runner/apprun/AppResult.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace cs::runner::apprun {

namespace {

constexpr std::size_t kMaxFile = 64u << 20;

std::string clip(const std::string& s)
{
    return s.size() <= 40 ? s : s.substr(0, 40) + "...";
}

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos)
        return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);)
        out.push_back(l);
    return out;
}

std::invalid_argument bad(const std::string& file, std::size_t line, const std::string& what)
{
    return std::invalid_argument(file + ":" + std::to_string(line) + ": " + what);
}

double number(const std::string& text, const std::string& file, std::size_t line, const std::string& what)
{
    const std::string t = trim(text);
    char* end = nullptr;
    const double v = std::strtod(t.c_str(), &end);
    if (t.empty() || end != t.c_str() + t.size() || !std::isfinite(v))
        throw bad(file, line, what + ": '" + clip(t) + "' is not a number");
    return v;
}

int processCount(const std::string& text, const std::string& file, std::size_t line, const std::string& what)
{
    const double v = number(text, file, line, what);
    if (v < 1 || v > 1e7 || v != std::floor(v))
        throw bad(file, line, what + ": '" + clip(trim(text)) + "' is not a whole number of processes >= 1");
    return static_cast<int>(v);
}

std::vector<std::string> words(const std::string& s)
{
    std::istringstream in(s);
    std::vector<std::string> w;
    for (std::string x; in >> x;)
        w.push_back(x);
    return w;
}

// One result per P, in ascending P.
std::vector<JobResult> toResults(const std::map<int, std::vector<double>>& byP, const std::string& file,
                                 const std::string& format, const nlohmann::json& extra, const std::string& unit)
{
    std::vector<JobResult> out;
    const std::string now = isoNow();
    for (const auto& [P, values] : byP) {
        AppMeasurement m;
        m.P = P;
        m.unit = unit;
        m.T = values;
        m.name = "imported from " + file;
        m.node = "imported";
        m.transport = "import";
        m.started = now;
        m.details = extra;
        m.details["imported_from"] = file;
        m.details["format"] = format;
        out.push_back(toJobResult(m));
    }
    return out;
}

} // namespace

std::vector<JobResult> importCsv(const std::string& text, const std::string& file, const ImportChoice& choice)
{
    std::map<int, std::vector<double>> byP;
    bool first = true;
    const std::vector<std::string> all = lines(text);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string l = trim(all[i]);
        if (l.empty() || l[0] == '#')
            continue;
        const auto comma = l.find(',');
        if (comma == std::string::npos)
            throw bad(file, i + 1, "expected P,value, got '" + clip(l) + "'");
        const std::string p = trim(l.substr(0, comma)), v = trim(l.substr(comma + 1));
        if (v.find(',') != std::string::npos)
            throw bad(file, i + 1, "expected two columns P,value, got '" + clip(l) + "'");
        // A first line of names ("P,time"): its first column is not a number.
        char* end = nullptr;
        std::strtod(p.c_str(), &end);
        if (first && (p.empty() || end != p.c_str() + p.size())) {
            first = false;
            continue;
        }
        first = false;
        const int P = processCount(p, file, i + 1, "P");
        const double value = number(v, file, i + 1, "value at P = " + std::to_string(P));
        if (value < 0)
            throw bad(file, i + 1, "value at P = " + std::to_string(P) + ": " + clip(v) + " is negative");
        byP[P].push_back(value);
    }
    if (byP.empty())
        throw std::invalid_argument(file + ": no measurement (expected lines P,value)");
    return toResults(byP, file, "csv", nlohmann::json::object(), choice.unit);
}

std::vector<JobResult> importExtraP(const std::string& text, const std::string& file, const ImportChoice& choice)
{
    std::string parameter;
    std::vector<int> points;
    std::string metric = "time", region;
    bool haveRegion = false;
    struct Section {
        std::string region, metric;
        std::size_t line = 0; // of its REGION or METRIC
        std::vector<std::vector<double>> data;
    };
    std::vector<Section> sections;
    auto newSection = [&](std::size_t line) {
        sections.push_back({region, metric, line, {}});
    };
    const std::vector<std::string> all = lines(text);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string l = trim(all[i]);
        const std::size_t n = i + 1;
        if (l.empty() || l[0] == '#')
            continue;
        const auto space = l.find_first_of(" \t");
        const std::string key = l.substr(0, space);
        const std::string rest = space == std::string::npos ? "" : trim(l.substr(space));
        if (key == "PARAMETER") {
            const std::vector<std::string> names = words(rest);
            if (names.empty())
                throw bad(file, n, "PARAMETER needs a name");
            if (!parameter.empty() || names.size() > 1)
                throw bad(file, n, "more than one PARAMETER: run-app imports one, the process count");
            parameter = names.front();
        } else if (key == "POINTS") {
            if (parameter.empty())
                throw bad(file, n, "POINTS before PARAMETER");
            std::string flat = rest;
            for (char& c : flat)
                if (c == '(' || c == ')')
                    c = ' ';
            const std::vector<std::string> ps = words(flat);
            if (ps.empty())
                throw bad(file, n, "POINTS lists no point");
            for (const std::string& p : ps)
                points.push_back(processCount(p, file, n, "POINTS " + parameter));
        } else if (key == "METRIC") {
            if (rest.empty())
                throw bad(file, n, "METRIC needs a name");
            metric = rest;
            // After a REGION with no DATA yet, the METRIC names that section's; later, it opens another.
            if (haveRegion && sections.back().data.empty()) {
                sections.back().metric = metric;
                sections.back().line = n;
            } else if (haveRegion) {
                newSection(n);
            }
        } else if (key == "REGION") {
            if (rest.empty())
                throw bad(file, n, "REGION needs a name");
            region = rest;
            haveRegion = true;
            newSection(n);
        } else if (key == "DATA") {
            if (points.empty())
                throw bad(file, n, "DATA before POINTS");
            if (!haveRegion)
                throw bad(file, n, "DATA before any REGION");
            std::vector<double> values;
            for (const std::string& w : words(rest))
                values.push_back(number(w, file, n, "DATA"));
            if (values.empty())
                throw bad(file, n, "DATA has no value");
            Section& s = sections.back();
            if (s.data.size() == points.size())
                throw bad(file, n, "a DATA line beyond the " + std::to_string(points.size()) + " POINTS (REGION " +
                                       clip(s.region) + ", METRIC " + clip(s.metric) + ")");
            s.data.push_back(std::move(values));
        } else {
            throw bad(file, n, "unknown line '" + clip(l) + "' (expected PARAMETER, POINTS, REGION, METRIC or DATA)");
        }
    }
    if (parameter.empty())
        throw std::invalid_argument(file + ": no PARAMETER line");
    if (points.empty())
        throw std::invalid_argument(file + ": no POINTS line");
    if (sections.empty())
        throw std::invalid_argument(file + ": no REGION with DATA");
    // Every section must be whole, also those not imported: a short one means the file is not what it seems.
    for (const Section& sec : sections)
        if (sec.data.size() != points.size())
            throw bad(file, sec.line, "REGION " + clip(sec.region) + " METRIC " + clip(sec.metric) + " has " +
                                          std::to_string(sec.data.size()) + " DATA lines for the " +
                                          std::to_string(points.size()) + " POINTS (one DATA line per point)");
    const std::vector<Section>& filled = sections;
    std::vector<const Section*> matching;
    for (const Section& s : filled)
        if ((choice.region.empty() || s.region == choice.region) &&
            (choice.metric.empty() || s.metric == choice.metric))
            matching.push_back(&s);
    auto listing = [&] {
        std::string names;
        for (const Section& s : filled)
            names += (names.empty() ? "" : ", ") + ("REGION " + clip(s.region) + " METRIC " + clip(s.metric));
        return names;
    };
    if (matching.empty())
        throw std::invalid_argument(file + ": no DATA for" +
                                    (choice.region.empty() ? std::string() : " REGION " + clip(choice.region)) +
                                    (choice.metric.empty() ? std::string() : " METRIC " + clip(choice.metric)) +
                                    "; the file has " + listing());
    if (matching.size() > 1)
        throw std::invalid_argument(file + ": " + std::to_string(matching.size()) + " measurements (" + listing() +
                                    "); choose one with --region and --metric");
    const Section& s = *matching.front();
    std::map<int, std::vector<double>> byP;
    for (std::size_t k = 0; k < points.size(); ++k)
        for (double v : s.data[k])
            byP[points[k]].push_back(v);
    return toResults(byP, file, "extra-p", {{"parameter", parameter}, {"region", s.region}, {"metric", s.metric}},
                     choice.unit);
}

std::vector<JobResult> importMeasurements(const std::string& path, const ImportChoice& choice)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw std::invalid_argument(path + ": cannot be read");
    std::string text;
    text.resize(kMaxFile + 1);
    in.read(text.data(), static_cast<std::streamsize>(text.size()));
    text.resize(static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxFile)
        throw std::invalid_argument(path + ": larger than 64 MiB; not a measurement file");
    if (text.find('\0') != std::string::npos)
        throw std::invalid_argument(path + ": holds a NUL byte; not a text file");
    for (const std::string& l : lines(text)) {
        const std::string t = trim(l);
        if (t.empty() || t[0] == '#')
            continue;
        return t.rfind("PARAMETER", 0) == 0 ? importExtraP(text, path, choice) : importCsv(text, path, choice);
    }
    throw std::invalid_argument(path + ": empty; expected CSV lines P,value or Extra-P's text format");
}

} // namespace cs::runner::apprun
