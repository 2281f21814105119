// A CalibrationReport as JSON: one entry of a document's "calibration" array
// (docs/format.md, "calibration[]"). NaN (no held-out points) is written as null.
#include "model/calibration/Calibration.h"
#include "model/core/ModelError.h"

#include <cmath>

namespace cs::calib {

using nlohmann::json;

namespace {

json num(double v)
{
    return std::isfinite(v) ? json(v) : json(nullptr);
}

json nums(const std::vector<double>& v)
{
    json a = json::array();
    for (double x : v)
        a.push_back(num(x));
    return a;
}

// Typed readers naming the field on failure.
const json& member(const json& o, const std::string& path, const char* key)
{
    if (!o.is_object())
        throw ModelError(path + " is not an object");
    const auto it = o.find(key);
    if (it == o.end())
        throw ModelError(path + "." + key + " is missing");
    return *it;
}

double getNum(const json& o, const std::string& path, const char* key)
{
    const json& v = member(o, path, key);
    if (v.is_null())
        return std::nan("");
    if (!v.is_number())
        throw ModelError(path + "." + key + " = " + v.dump() + " is not a number");
    return v.get<double>();
}

std::string getStr(const json& o, const std::string& path, const char* key)
{
    const json& v = member(o, path, key);
    if (!v.is_string())
        throw ModelError(path + "." + key + " = " + v.dump() + " is not a string");
    return v.get<std::string>();
}

std::vector<double> getNums(const json& o, const std::string& path, const char* key)
{
    const json& v = member(o, path, key);
    if (!v.is_array())
        throw ModelError(path + "." + key + " is not an array");
    std::vector<double> out;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i].is_null())
            out.push_back(std::nan(""));
        else if (v[i].is_number())
            out.push_back(v[i].get<double>());
        else
            throw ModelError(path + "." + key + "[" + std::to_string(i) + "] = " + v[i].dump() + " is not a number");
    }
    return out;
}

const json& getArr(const json& o, const std::string& path, const char* key)
{
    const json& v = member(o, path, key);
    if (!v.is_array())
        throw ModelError(path + "." + key + " is not an array");
    return v;
}

} // namespace

json reportToJson(const CalibrationReport& r)
{
    json params = json::array();
    for (const CalibratedParam& p : r.params)
        params.push_back({{"block", p.block},
                          {"param", p.param},
                          {"value", num(p.value)},
                          {"ci", {num(p.ciLow), num(p.ciHigh)}},
                          {"unit", p.unit},
                          {"displayUnit", p.displayUnit},
                          {"previous", num(p.previous)},
                          {"method", p.method},
                          {"form", p.form},
                          {"expression", p.expression},
                          {"probe", p.probe},
                          {"run", p.run},
                          {"time", p.time},
                          {"nodes", p.nodes},
                          {"r2", num(p.r2)},
                          {"smape", num(p.smape)},
                          {"fit", p.fit},
                          {"trusted", p.trusted}});
    json fits = json::array();
    for (const FitRecord& f : r.fits) {
        const FitResult& x = f.result;
        json segs = json::array();
        for (const auto& [lo, hi] : x.segments)
            segs.push_back({num(lo), num(hi)});
        json names = json::array();
        for (const auto& n : x.names)
            names.push_back(n);
        fits.push_back({{"block", f.block},
                        {"probe", f.probe},
                        {"read", f.read},
                        {"xParam", f.xParam},
                        {"xOffset", f.xOffset},
                        {"method", x.method},
                        {"form", x.form},
                        {"names", names},
                        {"values", nums(x.values)},
                        {"ci_lo", nums(x.ciLow)},
                        {"ci_hi", nums(x.ciHigh)},
                        {"covariance", nums(x.covariance)},
                        {"n", x.n},
                        {"dof", x.dof},
                        {"r2", num(x.r2)},
                        {"smape", num(x.smape)},
                        {"rmse", num(x.rmse)},
                        {"sigma", num(x.sigma)},
                        {"breakpoints", nums(x.breakpoints)},
                        {"segments", segs},
                        {"x", nums(x.x)},
                        {"y", nums(x.y)},
                        {"fitted", nums(x.fitted)},
                        {"held_out_x", nums(f.heldOutX)},
                        {"held_out_y", nums(f.heldOutY)}});
    }
    json validation = json::array();
    for (const ValidationPoint& v : r.validation)
        validation.push_back({{"fit", v.fit},
                              {"series", v.series},
                              {"x", num(v.x)},
                              {"measured", num(v.measured)},
                              {"predicted", num(v.predicted)},
                              {"rel_error", num(v.relError)},
                              {"held_out", v.heldOut}});
    json warnings = json::array();
    for (const auto& w : r.warnings)
        warnings.push_back(w);
    json issues = json::array();
    for (const FitIssue& i : r.issues)
        issues.push_back({{"block", i.block}, {"param", i.param}, {"check", i.check}, {"figure", i.figure}, {"cause", i.cause}});
    json disagreements = json::array();
    for (const Disagreement& d : r.disagreements)
        disagreements.push_back({{"block", d.block},
                                 {"param", d.param},
                                 {"calibrated", num(d.calibrated)},
                                 {"drawn", num(d.drawn)},
                                 {"drawn_from", d.drawnFrom},
                                 {"drawn_wins", d.drawnWins},
                                 {"choice", d.choice},
                                 {"calibrated_stands", d.calibratedStands},
                                 {"text", d.text}});
    return {{"format", "clusterscope-calibration"},
            {"version", 1},
            {"time", r.time},
            {"nodes", r.nodes},
            {"params", params},
            {"fits", fits},
            {"validation", validation},
            {"mean_abs_rel_error", num(r.meanAbsRelError)},
            {"held_out_mean_abs_rel_error", num(r.heldOutMeanAbsRelError)},
            {"held_out_max_abs_rel_error", num(r.heldOutMaxAbsRelError)},
            {"warnings", warnings},
            {"issues", issues},
            {"disagreements", disagreements}};
}

CalibrationReport reportFromJson(const json& j)
{
    const std::string root = "calibration";
    if (!j.is_object())
        throw ModelError("a calibration report must be an object");
    if (getStr(j, root, "format") != "clusterscope-calibration")
        throw ModelError(root + ".format = " + j["format"].dump() + " is not \"clusterscope-calibration\"");
    if (const double v = getNum(j, root, "version"); v != 1)
        throw ModelError(root + ".version = " + j["version"].dump() + " is not 1");
    CalibrationReport r;
    r.time = getStr(j, root, "time");
    r.nodes = getStr(j, root, "nodes");
    const json& params = getArr(j, root, "params");
    for (std::size_t i = 0; i < params.size(); ++i) {
        const json& p = params[i];
        const std::string path = root + ".params[" + std::to_string(i) + "]";
        CalibratedParam c;
        c.block = getStr(p, path, "block");
        c.param = getStr(p, path, "param");
        c.value = getNum(p, path, "value");
        const std::vector<double> ci = getNums(p, path, "ci");
        if (ci.size() != 2)
            throw ModelError(path + ".ci must be [low, high]");
        c.ciLow = ci[0];
        c.ciHigh = ci[1];
        c.unit = getStr(p, path, "unit");
        c.displayUnit = getStr(p, path, "displayUnit");
        c.previous = getNum(p, path, "previous");
        c.method = getStr(p, path, "method");
        c.form = getStr(p, path, "form");
        c.expression = getStr(p, path, "expression");
        c.probe = getStr(p, path, "probe");
        c.run = getStr(p, path, "run");
        c.time = getStr(p, path, "time");
        c.nodes = getStr(p, path, "nodes");
        c.r2 = getNum(p, path, "r2");
        c.smape = getNum(p, path, "smape");
        c.fit = static_cast<int>(getNum(p, path, "fit"));
        if (p.contains("trusted")) { // reports before the quality limits have none
            if (!p["trusted"].is_boolean())
                throw ModelError(path + ".trusted = " + p["trusted"].dump() + " is not true or false");
            c.trusted = p["trusted"].get<bool>();
        }
        r.params.push_back(c);
    }
    const json& fits = getArr(j, root, "fits");
    for (std::size_t i = 0; i < fits.size(); ++i) {
        const json& f = fits[i];
        const std::string path = root + ".fits[" + std::to_string(i) + "]";
        FitRecord rec;
        rec.block = getStr(f, path, "block");
        rec.probe = getStr(f, path, "probe");
        rec.read = getStr(f, path, "read");
        rec.xParam = getStr(f, path, "xParam");
        rec.xOffset = getNum(f, path, "xOffset");
        FitResult& x = rec.result;
        x.method = getStr(f, path, "method");
        x.form = getStr(f, path, "form");
        for (const json& n : getArr(f, path, "names")) {
            if (!n.is_string())
                throw ModelError(path + ".names holds " + n.dump() + ", not a string");
            x.names.push_back(n.get<std::string>());
        }
        x.values = getNums(f, path, "values");
        x.ciLow = getNums(f, path, "ci_lo");
        x.ciHigh = getNums(f, path, "ci_hi");
        x.covariance = getNums(f, path, "covariance");
        if (x.values.size() != x.names.size() || x.ciLow.size() != x.names.size() || x.ciHigh.size() != x.names.size())
            throw ModelError(path + ": names, values, ci_lo and ci_hi must have the same length");
        x.n = static_cast<int>(getNum(f, path, "n"));
        x.dof = static_cast<int>(getNum(f, path, "dof"));
        x.r2 = getNum(f, path, "r2");
        x.smape = getNum(f, path, "smape");
        x.rmse = getNum(f, path, "rmse");
        x.sigma = getNum(f, path, "sigma");
        x.breakpoints = getNums(f, path, "breakpoints");
        for (const json& s : getArr(f, path, "segments")) {
            if (!s.is_array() || s.size() != 2 || !s[0].is_number() || !s[1].is_number())
                throw ModelError(path + ".segments holds " + s.dump() + ", not [low, high]");
            x.segments.emplace_back(s[0].get<double>(), s[1].get<double>());
        }
        x.x = getNums(f, path, "x");
        x.y = getNums(f, path, "y");
        x.fitted = getNums(f, path, "fitted");
        rec.heldOutX = getNums(f, path, "held_out_x");
        rec.heldOutY = getNums(f, path, "held_out_y");
        r.fits.push_back(std::move(rec));
    }
    const json& validation = getArr(j, root, "validation");
    for (std::size_t i = 0; i < validation.size(); ++i) {
        const json& v = validation[i];
        const std::string path = root + ".validation[" + std::to_string(i) + "]";
        ValidationPoint p;
        p.fit = static_cast<int>(getNum(v, path, "fit"));
        p.series = getStr(v, path, "series");
        p.x = getNum(v, path, "x");
        p.measured = getNum(v, path, "measured");
        p.predicted = getNum(v, path, "predicted");
        p.relError = getNum(v, path, "rel_error");
        const json& h = member(v, path, "held_out");
        if (!h.is_boolean())
            throw ModelError(path + ".held_out = " + h.dump() + " is not true or false");
        p.heldOut = h.get<bool>();
        r.validation.push_back(p);
    }
    r.meanAbsRelError = getNum(j, root, "mean_abs_rel_error");
    r.heldOutMeanAbsRelError = getNum(j, root, "held_out_mean_abs_rel_error");
    r.heldOutMaxAbsRelError = getNum(j, root, "held_out_max_abs_rel_error");
    for (const json& w : getArr(j, root, "warnings")) {
        if (!w.is_string())
            throw ModelError(root + ".warnings holds " + w.dump() + ", not a string");
        r.warnings.push_back(w.get<std::string>());
    }
    if (j.contains("issues"))
        for (std::size_t i = 0; i < getArr(j, root, "issues").size(); ++i) {
            const json& v = j["issues"][i];
            const std::string path = root + ".issues[" + std::to_string(i) + "]";
            r.issues.push_back({getStr(v, path, "block"), getStr(v, path, "param"), getStr(v, path, "check"),
                                getStr(v, path, "figure"), getStr(v, path, "cause")});
        }
    if (j.contains("disagreements"))
        for (std::size_t i = 0; i < getArr(j, root, "disagreements").size(); ++i) {
            const json& v = j["disagreements"][i];
            const std::string path = root + ".disagreements[" + std::to_string(i) + "]";
            Disagreement d;
            d.block = getStr(v, path, "block");
            d.param = getStr(v, path, "param");
            d.calibrated = getNum(v, path, "calibrated");
            d.drawn = getNum(v, path, "drawn");
            d.drawnFrom = getStr(v, path, "drawn_from");
            const json& w = member(v, path, "drawn_wins");
            if (!w.is_boolean())
                throw ModelError(path + ".drawn_wins = " + w.dump() + " is not true or false");
            d.drawnWins = w.get<bool>();
            d.choice = getStr(v, path, "choice");
            d.calibratedStands = getNum(v, path, "calibrated_stands");
            d.text = getStr(v, path, "text");
            r.disagreements.push_back(std::move(d));
        }
    return r;
}

} // namespace cs::calib
