#include "model/calibration/ResultsData.h"
#include "model/core/JsonKeys.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/calibration/Calibration.h"
#include "model/core/AtomicFile.h"
#include "model/document/DocumentFormat.h"
#include "model/document/SectionShapes.h"
#include "model/core/StrictJson.h"

#include <cmath>
#include <filesystem>
#include <new>
#include <cstdlib>
#include <numeric>
#include <algorithm>

namespace cs::calib {

using nlohmann::json;

namespace {

std::string typeName(const json& j)
{
    return j.is_null() ? "null" : j.type_name();
}

// A finite number at obj[key]; throws naming path.key.
double number(const json& obj, const char* key, const std::string& path)
{
    const auto it = obj.find(key);
    if (it == obj.end())
        throw ModelError(path + "." + key + " is missing");
    if (!it->is_number())
        throw ModelError(path + "." + key + " = " + it->dump() + " is not a number");
    const double v = it->get<double>();
    if (!std::isfinite(v))
        throw ModelError(path + "." + key + " = " + formatNumber(v) + " is not a finite number");
    return v;
}

double sigmaOf(const json& s)
{
    const auto lo = s.find("ci_lo");
    const auto hi = s.find("ci_hi");
    if (lo == s.end() || hi == s.end() || !lo->is_number() || !hi->is_number())
        return 0.0;
    const double w = hi->get<double>() - lo->get<double>();
    return std::isfinite(w) && w > 0.0 ? w / (2.0 * 1.959963984540054) : 0.0;
}

// Parses the text after '@' as a number; false when it is not one.
bool parseSuffix(const std::string& text, double& out)
{
    if (text.empty())
        return false;
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    return end == text.c_str() + text.size() && std::isfinite(out);
}

} // namespace

std::string ResultEntry::where() const
{
    return "results[" + std::to_string(index) + "] (" + probe + ")";
}

std::vector<ResultEntry> resultEntries(const json& results)
{
    const json* arr = &results;
    if (results.is_object()) {
        const auto it = results.find("results");
        if (it == results.end())
            throw ModelError("the probe results object has no \"results\" array");
        arr = &*it;
    }
    if (!arr->is_array())
        throw ModelError("probe results must be an array of results, not " + typeName(*arr));
    std::vector<ResultEntry> out;
    for (std::size_t i = 0; i < arr->size(); ++i) {
        const json& r = (*arr)[i];
        const std::string path = "results[" + std::to_string(i) + "]";
        if (!r.is_object())
            throw ModelError(path + " is " + typeName(r) + ", not an object");
        ResultEntry e;
        e.json = &r;
        e.index = i;
        for (const char* key : {"probe", "status"}) {
            const auto it = r.find(key);
            if (it == r.end())
                throw ModelError(path + "." + key + " is missing");
            if (!it->is_string())
                throw ModelError(path + "." + key + " = " + it->dump() + " is not a string");
        }
        e.probe = r["probe"].get<std::string>();
        e.status = r["status"].get<std::string>();
        if (e.status != "ok" && e.status != "failed" && e.status != "cancelled" && e.status != "pending" &&
            e.status != "skipped")
            throw ModelError(path + ".status = \"" + e.status +
                             "\" is not one of ok, failed, cancelled, pending, skipped");
        e.reason = r.value("reason", std::string());
        e.started = r.contains("started") && r["started"].is_string() ? r["started"].get<std::string>() : "";
        if (const auto it = r.find("nodes"); it != r.end() && it->is_array())
            for (const json& n : *it)
                if (n.is_string())
                    e.nodes += (e.nodes.empty() ? "" : ",") + n.get<std::string>();
        if (e.status == "ok") {
            const auto s = r.find("summary");
            if (s == r.end() || !s->is_object())
                throw ModelError(path + ".summary is missing or not an object (status ok)");
        }
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<const ResultEntry*> okResults(const std::vector<ResultEntry>& entries, const std::string& probe)
{
    std::vector<const ResultEntry*> ok;
    std::string notOk;
    for (const ResultEntry& e : entries) {
        if (e.probe != probe)
            continue;
        if (e.status == "ok")
            ok.push_back(&e);
        else
            notOk += (notOk.empty() ? "" : "; ") + e.where() + ".status = \"" + e.status + "\"" +
                     (e.reason.empty() ? std::string() : " (" + e.reason + ")");
    }
    if (ok.empty())
        throw ModelError(notOk.empty() ? "no result of probe " + probe + " is given"
                                       : "no result of probe " + probe + " succeeded: " + notOk);
    return ok;
}

SpecPoints readSeriesPoints(const std::vector<ResultEntry>& entries, const std::string& probe, const std::string& read,
                            const std::string& xParam)
{
    if (read.rfind("series:", 0) != 0)
        throw ModelError("read = \"" + read + "\" is not series:PREFIX@ or series:NAME");
    const std::string name = read.substr(7);
    const bool byPrefix = !name.empty() && name.back() == '@';
    if (!byPrefix && xParam.empty())
        throw ModelError("read = \"" + read + "\" needs xParam (the probe parameter that gives x)");
    SpecPoints pts;
    std::string present;
    for (const ResultEntry* e : okResults(entries, probe)) {
        const json& summary = (*e->json)["summary"];
        const auto seriesIt = summary.find("series");
        if (seriesIt == summary.end() || !seriesIt->is_object())
            continue;
        const std::string path = "results[" + std::to_string(e->index) + "].summary.series";
        bool usedThis = false;
        for (auto it = seriesIt->begin(); it != seriesIt->end(); ++it) {
            const std::string& key = it.key();
            if (present.size() < 200)
                present += (present.empty() ? "" : ", ") + key;
            double x = 0.0;
            if (byPrefix) {
                if (key.rfind(name, 0) != 0)
                    continue;
                if (!parseSuffix(key.substr(name.size()), x))
                    throw ModelError(path + " key \"" + key + "\": '" + key.substr(name.size()) +
                                     "' after '@' is not a number");
            } else {
                if (key != name)
                    continue;
                const json& params = e->json->contains("params") ? (*e->json)["params"] : json::object();
                x = number(params, xParam.c_str(), "results[" + std::to_string(e->index) + "].params");
            }
            if (!it->is_object())
                throw ModelError(path + "." + key + " is " + typeName(*it) + ", not an object");
            pts.x.push_back(x);
            pts.y.push_back(number(*it, "median", path + "." + key));
            pts.sigma.push_back(sigmaOf(*it));
            if (pts.yUnit.empty())
                pts.yUnit = it->value("unit", std::string());
            usedThis = true;
        }
        if (usedThis)
            pts.used.push_back(e);
    }
    // In order of x (JSON objects come sorted by key: "@1048576" before "@262144").
    std::vector<std::size_t> order(pts.x.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return pts.x[a] < pts.x[b]; });
    SpecPoints sorted;
    sorted.used = pts.used;
    sorted.yUnit = pts.yUnit;
    for (std::size_t i : order) {
        sorted.x.push_back(pts.x[i]);
        sorted.y.push_back(pts.y[i]);
        sorted.sigma.push_back(pts.sigma[i]);
    }
    pts = std::move(sorted);
    if (pts.x.empty())
        throw ModelError("no result of probe " + probe + " has series " + (byPrefix ? name + "N" : name) +
                         (present.empty() ? std::string(" (they have no series)") : " (series present: " + present + ")"));
    return pts;
}

SpecPoints poolReplicates(const SpecPoints& pts, std::vector<std::pair<double, double>>* spread)
{
    SpecPoints out;
    out.used = pts.used;
    out.yUnit = pts.yUnit;
    for (std::size_t i = 0; i < pts.x.size();) {
        std::size_t j = i;
        while (j < pts.x.size() && pts.x[j] == pts.x[i])
            ++j;
        const std::size_t k = j - i;
        out.x.push_back(pts.x[i]);
        if (k == 1) {
            out.y.push_back(pts.y[i]);
            out.sigma.push_back(pts.sigma[i]);
        } else {
            std::vector<double> ys(pts.y.begin() + static_cast<std::ptrdiff_t>(i),
                                   pts.y.begin() + static_cast<std::ptrdiff_t>(j));
            std::sort(ys.begin(), ys.end());
            out.y.push_back(k % 2 ? ys[k / 2] : 0.5 * (ys[k / 2 - 1] + ys[k / 2]));
            double mean = 0, ss = 0, s2 = 0;
            for (double v : ys)
                mean += v / static_cast<double>(k);
            for (std::size_t m = i; m < j; ++m) {
                ss += (pts.y[m] - mean) * (pts.y[m] - mean);
                s2 += pts.sigma[m] * pts.sigma[m];
            }
            const double dk = static_cast<double>(k);
            out.sigma.push_back(std::sqrt(ss / (dk - 1.0) / dk + s2 / dk / dk));
            if (spread)
                spread->emplace_back(pts.x[i], ys.front() > 0.0 ? ys.back() / ys.front() : std::nan(""));
        }
        i = j;
    }
    return out;
}

DerivedValue readDerived(const std::vector<ResultEntry>& entries, const std::string& probe, const std::string& read)
{
    if (read.rfind("derived:", 0) != 0)
        throw ModelError("read = \"" + read + "\" is not derived:NAME");
    const std::string name = read.substr(8);
    std::string present;
    for (const ResultEntry* e : okResults(entries, probe)) {
        const json& summary = (*e->json)["summary"];
        const auto d = summary.find("derived");
        if (d == summary.end() || !d->is_object())
            continue;
        const auto it = d->find(name);
        if (it == d->end()) {
            for (auto k = d->begin(); k != d->end(); ++k)
                present += (present.empty() ? "" : ", ") + k.key();
            continue;
        }
        const std::string path = "results[" + std::to_string(e->index) + "].summary.derived." + name;
        DerivedValue v;
        v.from = e;
        if (it->is_number()) {
            v.value = it->get<double>();
        } else if (it->is_object()) {
            v.value = number(*it, "value", path);
            // Probes write null bounds when they know none (SummaryJson.h derived()).
            const auto lo = it->find("ci_lo");
            const auto hi = it->find("ci_hi");
            if (lo != it->end() && hi != it->end() && !lo->is_null() && !hi->is_null()) {
                v.ciLow = number(*it, "ci_lo", path);
                v.ciHigh = number(*it, "ci_hi", path);
                v.hasCi = true;
            }
            v.unit = it->value("unit", std::string());
        } else {
            throw ModelError(path + " is " + typeName(*it) + ", not a number or an object");
        }
        if (!std::isfinite(v.value))
            throw ModelError(path + " = " + formatNumber(v.value) + " is not a finite number");
        return v;
    }
    throw ModelError("no result of probe " + probe + " has derived value " + name +
                     (present.empty() ? std::string() : " (derived values present: " + present + ")"));
}

namespace {

// Under a memory limit a results file can fail to fit: said in one line
// naming the file, as a document is (loadDocument), never an abort.
[[noreturn]] void outOfMemory(const std::string& path, std::size_t bytes)
{
    throw ModelError(path + ": not enough memory to read this results file (" + std::to_string(bytes >> 20) +
                     " MiB of text)");
}

json resultsFromTree(json& j, json& results, const std::string& path, std::vector<std::string>* warnings);

} // namespace

json readResultsFile(const std::string& path, std::vector<std::string>* warnings)
{
    std::string text;
    try {
        text = readFile(path);
    } catch (const std::bad_alloc&) {
        std::error_code ec;
        outOfMemory(path, static_cast<std::size_t>(std::filesystem::file_size(path, ec)));
    }
    return resultsFromText(text, path, warnings);
}

json resultsFromText(const std::string& text, const std::string& path, std::vector<std::string>* warnings)
{
    json j, results;
    try {
        j = parseStrictJson(text);
    } catch (const DocumentError& e) {
        throw ModelError(path + ": not JSON: " + e.what());
    } catch (const std::bad_alloc&) {
        outOfMemory(path, text.size()); // parseStrictJson took its partial tree apart
    }
    try {
        return resultsFromTree(j, results, path, warnings);
    } catch (const std::bad_alloc&) {
        releaseJson(j); // their destructors would allocate
        releaseJson(results);
        outOfMemory(path, text.size());
    }
}

namespace {

// `j` parsed; `results` is where its results array is moved to. Both belong
// to the caller, which takes them apart without allocating when memory ran out.
json resultsFromTree(json& j, json& results, const std::string& path, std::vector<std::string>* warnings)
{
    if (j.is_object() && j.contains("measured") && !j.contains("results")) {
        try {
            DesignDocument doc = documentFromJson(std::move(j)); // every check a document passes
            if (warnings)
                for (const std::string& w : doc.warnings)
                    warnings->push_back(path + ": " + w);
            return std::move(doc.measured);
        } catch (const DocumentError& e) {
            std::string lines;
            for (const std::string& p : e.problems())
                lines += (lines.empty() ? "" : "\n") + path + ": " + p;
            throw ModelError(lines);
        }
    }
    std::vector<std::string> problems;
    if (j.is_array()) {
        results = std::move(j);
    } else if (j.is_object() && j.contains("results")) {
        // The file's own members: a results file of another kind or version
        // would be read as something it is not. "recordings": run-app --record's traces beside the runs
        // (docs/format.md, "Recorded runs"), which the results' readers leave to the recording's.
        forUnknownKeys(j, {"format", "version", "created", "results", "recordings"},
                       [&](const std::string& key, const std::string& takes) {
                           problems.push_back(clipText(key, 40) + ": unknown key " + clipJson(json(key), 40) +
                                              " (a results file takes " + takes + ")");
                       });
        const auto format = j.find("format");
        if (format == j.end())
            problems.push_back("format: missing; expected \"clusterscope-probe-results\"");
        else if (*format != "clusterscope-probe-results")
            problems.push_back("format: expected \"clusterscope-probe-results\", got " + clipJson(*format));
        const auto version = j.find("version");
        if (version == j.end())
            problems.push_back("version: missing; expected 1");
        else if (!version->is_number_integer() || *version != 1)
            problems.push_back("version: unknown version " + clipJson(*version) + " (this program reads 1)");
        if (const auto created = j.find("created"); created != j.end() && !created->is_string())
            problems.push_back("created: expected a string, got " + typeName(*created));
        results = std::move(j["results"]);
        if (!results.is_array())
            problems.push_back("results: expected an array, got " + typeName(results));
    } else {
        throw ModelError(path + ": expected a probe results file (an object with \"results\") or a design with "
                                "\"measured\" results");
    }
    constexpr std::size_t kShown = 20;
    bool complete = true;
    if (problems.empty())
        complete = checkResultEntries(results, problems, 1000);
    if (problems.empty()) {
        if (warnings) {
            std::vector<std::string> kept;
            recordExtensionKeys("measured", results, kept, 20, "results"); // paths as checkResultEntries gives them
            for (const std::string& w : kept)
                warnings->push_back(path + ": " + w);
        }
        return std::move(results); // a reference: moved, never copied
    }
    std::string lines;
    for (std::size_t i = 0; i < problems.size() && i < kShown; ++i)
        lines += (lines.empty() ? "" : "\n") + path + ": " + problems[i];
    if (problems.size() > kShown)
        lines += "\n" + path + ": and " + (complete ? "" : "more than ") + std::to_string(problems.size() - kShown) +
                 " more problems";
    throw ModelError(lines);
}

} // namespace

} // namespace cs::calib
