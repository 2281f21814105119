// Measured series from probe results, and measured against predicted.
#include "model/calibration/Calibration.h"
#include "model/calibration/ResultsData.h"
#include "model/core/ModelError.h"
#include "model/core/Settable.h"
#include "model/core/Plan.h"
#include "model/core/Unit.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

namespace cs::calib {

using nlohmann::json;

namespace {

// The block instance and spec that say where a probe series sits in the design.
void placeInDesign(MeasuredSeries& m, const std::string& read, const DesignDocument* doc)
{
    if (!doc)
        return;
    for (const BlockInstance& bi : doc->design.blocks())
        for (const CalibrationSpec& s : bi.spec().calibration) {
            if (s.probe != m.probe || s.read != read)
                continue;
            if (!s.xInput.empty()) {
                m.xName = s.xInput;
                const int i = bi.spec().inputIndex(s.xInput);
                if (i >= 0)
                    m.xUnit = std::string(unitSymbol(bi.spec().inputs[static_cast<std::size_t>(i)].unit));
                if (m.xPath.empty())
                    m.xPath = bi.name + "." + s.xInput;
            }
            if (!s.yOutput.empty() && m.yPath.empty())
                m.yPath = bi.name + "." + s.yOutput;
            if (!m.xPath.empty() && !m.yPath.empty())
                return;
        }
}

// The xParam a design's spec gives for (probe, series:NAME), if any.
std::string specXParam(const std::string& probe, const std::string& read, const DesignDocument* doc)
{
    if (!doc)
        return {};
    for (const BlockInstance& bi : doc->design.blocks())
        for (const CalibrationSpec& s : bi.spec().calibration)
            if (s.probe == probe && s.read == read && !s.xParam.empty())
                return s.xParam;
    return {};
}

void sortByX(MeasuredSeries& m)
{
    std::vector<std::size_t> order(m.x.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return m.x[a] < m.x[b]; });
    auto permute = [&](std::vector<double>& v) {
        if (v.size() != order.size())
            return;
        std::vector<double> out(v.size());
        for (std::size_t i = 0; i < order.size(); ++i)
            out[i] = v[order[i]];
        v.swap(out);
    };
    permute(m.x);
    permute(m.y);
    permute(m.yLow);
    permute(m.yHigh);
}

double numberOr(const json& o, const char* key, double fallback)
{
    const auto it = o.find(key);
    return it != o.end() && it->is_number() ? it->get<double>() : fallback;
}

} // namespace

std::vector<MeasuredSeries> measuredSeries(const json& results, const DesignDocument* doc)
{
    const std::vector<ResultEntry> entries = resultEntries(results);
    std::map<std::string, MeasuredSeries> byKey; // "probe|read"
    std::vector<std::string> order;
    // Plain series: collected per (probe, name) with their results, x chosen later.
    std::map<std::string, std::vector<std::pair<const ResultEntry*, const json*>>> plain;
    std::vector<std::string> plainOrder;

    for (const ResultEntry& e : entries) {
        if (e.status != "ok")
            continue;
        const json& summary = (*e.json)["summary"];
        const auto series = summary.find("series");
        if (series == summary.end() || !series->is_object())
            continue;
        for (auto it = series->begin(); it != series->end(); ++it) {
            if (!it->is_object() || !(*it).contains("median") || !(*it)["median"].is_number())
                continue;
            const std::string& key = it.key();
            const std::size_t at = key.rfind('@');
            if (at != std::string::npos) {
                char* end = nullptr;
                const std::string suffix = key.substr(at + 1);
                const double x = std::strtod(suffix.c_str(), &end);
                if (suffix.empty() || end != suffix.c_str() + suffix.size())
                    continue;
                const std::string read = "series:" + key.substr(0, at + 1);
                const std::string id = e.probe + "|" + read;
                MeasuredSeries& m = byKey[id];
                if (m.name.empty()) {
                    order.push_back(id);
                    m.name = e.probe + " " + key.substr(0, at + 1);
                    m.probe = e.probe;
                    m.xName = "x";
                    m.yName = key.substr(0, at);
                    m.yUnit = it->value("unit", std::string());
                    placeInDesign(m, read, doc);
                }
                m.x.push_back(x);
                m.y.push_back((*it)["median"].get<double>());
                m.yLow.push_back(numberOr(*it, "ci_lo", m.y.back()));
                m.yHigh.push_back(numberOr(*it, "ci_hi", m.y.back()));
            } else {
                const std::string id = e.probe + "|series:" + key;
                if (!plain.count(id))
                    plainOrder.push_back(id);
                plain[id].emplace_back(&e, &*it);
            }
        }
    }

    // Plain series: x is the probe parameter that varies over the results
    // (or the one a calibration spec names).
    for (const std::string& id : plainOrder) {
        const auto& list = plain[id];
        const std::string probe = id.substr(0, id.find('|'));
        const std::string read = id.substr(id.find('|') + 1);
        std::string xParam = specXParam(probe, read, doc);
        if (xParam.empty() && list.size() >= 2) {
            const json& p0 = list.front().first->json->value("params", json::object());
            for (auto it = p0.begin(); it != p0.end() && xParam.empty(); ++it)
                for (const auto& [e, s] : list)
                    if (e->json->value("params", json::object()).value(it.key(), json()) != *it) {
                        xParam = it.key();
                        break;
                    }
        }
        if (xParam.empty())
            continue;
        MeasuredSeries m;
        m.name = probe + " " + read.substr(7) + " vs " + xParam;
        m.probe = probe;
        m.xName = xParam;
        m.yName = read.substr(7);
        for (const auto& [e, s] : list) {
            const json params = e->json->value("params", json::object());
            if (!params.contains(xParam) || !params[xParam].is_number())
                continue;
            m.x.push_back(params[xParam].get<double>());
            m.y.push_back((*s)["median"].get<double>());
            m.yLow.push_back(numberOr(*s, "ci_lo", m.y.back()));
            m.yHigh.push_back(numberOr(*s, "ci_hi", m.y.back()));
            if (m.yUnit.empty())
                m.yUnit = s->value("unit", std::string());
        }
        if (m.x.empty())
            continue;
        placeInDesign(m, read, doc);
        m.xName = xParam; // the probe's own name for x
        byKey[id] = std::move(m);
        order.push_back(id);
    }

    std::vector<MeasuredSeries> out;
    for (const std::string& id : order) {
        MeasuredSeries m = byKey[id];
        sortByX(m);
        out.push_back(std::move(m));
    }
    return out;
}

Comparison compareWithDesign(const DesignDocument& doc, const MeasuredSeries& series)
{
    if (series.xPath.empty() || series.yPath.empty())
        throw ModelError("measured series \"" + series.name +
                         "\" has no place in the design (xPath and yPath must name an input and an output)");
    if (series.x.size() != series.y.size())
        throw ModelError("measured series \"" + series.name + "\" has " + std::to_string(series.x.size()) +
                         " x values but " + std::to_string(series.y.size()) + " y values");
    const Plan plan = doc.design.compile();
    const int xs = plan.slotOf(series.xPath);
    const int ys = plan.slotOf(series.yPath);
    if (xs < 0 || (!plan.inputSpecAt(xs) && plan.outputSpecAt(xs)))
        throw ModelError("xPath \"" + series.xPath + "\" is not an input or design parameter of the design");
    if (SettableCheck sc = checkSettable(plan, series.xPath); sc.kind == SettableKind::Wired)
        throw ModelError("xPath \"" + series.xPath + "\": " + sc.message);
    if (ys < 0)
        throw ModelError("yPath \"" + series.yPath + "\" is not an output of the design");
    Comparison c;
    double sum = 0.0;
    for (std::size_t i = 0; i < series.x.size(); ++i) {
        std::vector<double> slots = plan.initialSlots();
        slots[static_cast<std::size_t>(xs)] = series.x[i];
        EvalError err;
        if (!plan.run(slots.data(), &err)) {
            c.errors.push_back(series.xPath + " = " + formatNumber(series.x[i]) + ": " + err.message);
            continue;
        }
        ValidationPoint v;
        v.series = series.name;
        v.x = series.x[i];
        v.measured = series.y[i];
        v.predicted = slots[static_cast<std::size_t>(ys)];
        v.relError = v.measured != 0.0 ? (v.predicted - v.measured) / v.measured : 0.0;
        sum += std::fabs(v.relError);
        c.maxAbsRelError = std::max(c.maxAbsRelError, std::fabs(v.relError));
        c.points.push_back(v);
    }
    c.meanAbsRelError = c.points.empty() ? std::nan("") : sum / static_cast<double>(c.points.size());
    if (c.points.empty())
        c.maxAbsRelError = std::nan("");
    return c;
}

} // namespace cs::calib
