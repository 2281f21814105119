// Fitting a preset's uncertain parameters to some claims of the seeds and
// predicting the others (docs/validation.md, "Fit on some claims, predict
// the others"). The solver is Eigen's MINPACK Levenberg-Marquardt, as in
// model/calibration/LevenbergMarquardtFit.cpp, with a central-difference
// Jacobian: a claim is a whole design evaluation, with no derivative.
#include "model/validation/ClaimFit.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/validation/AssumedInputs.h"

#include <Eigen/Dense>
#include <unsupported/Eigen/NonLinearOptimization>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <set>

namespace cs {

namespace {

// A variant's override of the path, or null.
template <class Variants>
auto overrideOf(Variants& variants, const std::string& variant, const std::string& path)
    -> decltype(&variants.front().overrides.front().second)
{
    for (auto& v : variants)
        if (v.name == variant)
            for (auto& [p, value] : v.overrides)
                if (p == path)
                    return &value;
    return nullptr;
}

void setPath(Design& design, std::vector<Variant>& variants, const std::string& path, double v, const Provenance& prov,
             const std::string& variant = {})
{
    if (!variant.empty()) {
        if (double* o = overrideOf(variants, variant, path))
            *o = v;
        else
            throw ModelError("validate --fit: variant '" + variant + "' does not override '" + path + "'");
        return;
    }
    if (path.find('.') == std::string::npos)
        design.setDesignParam(path, v, prov);
    else
        design.setValue(Endpoint::parse(path), v, prov);
}

// The presets as documents, loaded once; the fitter writes its values into them.
// With `forget`, a block input whose provenance says it was fitted to one of
// those claims is put back to its block default as the document is loaded,
// so that a figure left out is predicted without the values fitted to it
// (a design parameter has no default apart from the document: it is kept),
// and marked assumed, so that the fit determines it from the other figures.
class Documents {
public:
    explicit Documents(std::string dir, std::set<std::string> forget = {})
        : dir_(std::move(dir)), forget_(std::move(forget))
    {
    }
    const DesignDocument& get(const std::string& name) { return load(name)->second; }
    // A value the fitter tries (or its result) in preset `name`: the variant's override of `path` when a
    // variant is named, else the input or design parameter itself.
    void set(const std::string& name, const std::string& path, double v, const Provenance& prov,
             const std::string& variant = {})
    {
        const auto it = load(name);
        setPath(it->second.design, it->second.variants, path, v, prov, variant);
    }
    ClaimDocuments accessor()
    {
        return [this](const std::string& n) -> const DesignDocument& { return get(n); };
    }
    // "preset:path value -> default" for each value put back, in load order.
    const std::vector<std::string>& forgotten() const { return forgotten_; }

private:
    bool fittedToForgotten(const Provenance& p) const
    {
        return std::any_of(forget_.begin(), forget_.end(), [&](const std::string& id) { return fittedToClaim(p, id); });
    }
    std::map<std::string, DesignDocument>::iterator load(const std::string& name)
    {
        auto it = docs_.find(name);
        if (it == docs_.end()) {
            it = docs_.emplace(name, loadDocument((std::filesystem::path(dir_) / (name + ".json")).string())).first;
            forgetFits(name, it->second.design);
        }
        return it;
    }
    void forgetFits(const std::string& name, Design& design)
    {
        if (forget_.empty())
            return;
        for (const DesignParam& p : design.designParams())
            if (fittedToForgotten(p.value.provenance))
                forgotten_.push_back(name + ":" + p.spec.symbol + " kept (a design parameter has no default)");
        for (const BlockInstance& b : design.blocks())
            for (const ParamSpec& in : b.spec().inputs) {
                const Endpoint e{b.name, in.symbol};
                const ParamValue v = design.value(e);
                if (!fittedToForgotten(v.provenance))
                    continue;
                design.resetValue(e);
                // The default stands in for a value the held-out figure fixed, so it is
                // an unknown like an assumed one: the other figures fit it again if it
                // matters (a default derived from the same figure, or under other
                // inputs, would otherwise be taken as the paper's).
                Provenance again = Provenance::user();
                again.basis = "assumed";
                again.note = "block default in place of a value fitted to the figure held out";
                design.setValue(e, design.value(e).value, again);
                const std::string was = formatQuantity(v.value, in.displayUnit, in.unit);
                const std::string def = formatQuantity(design.value(e).value, in.displayUnit, in.unit);
                // A block default derived from the same figure (its source says so) cannot be forgotten.
                forgotten_.push_back(name + ":" + b.name + "." + in.symbol + " " + was +
                                     (was == def ? " (the block default is the same)" : " -> default " + def));
            }
    }

    std::string dir_;
    std::set<std::string> forget_;
    std::map<std::string, DesignDocument> docs_;
    std::vector<std::string> forgotten_;
};

struct Unknown {
    ClaimFitParam p;
    const ParamSpec* spec = nullptr;
    // Inputs of blocks of the same type with the same symbol and value in
    // the preset (acc-fft's parallel and serial FFTW both have bw_mem): one
    // physical quantity, so one unknown that sets them all.
};

const ParamSpec* specOf(const DesignDocument& doc, const std::string& path, double& value)
{
    for (const DesignParam& p : doc.design.designParams())
        if (p.spec.symbol == path) {
            value = p.value.value;
            return &p.spec;
        }
    const auto dot = path.find('.');
    if (dot == std::string::npos)
        return nullptr;
    const BlockInstance* b = doc.design.findBlock(path.substr(0, dot));
    if (!b)
        return nullptr;
    const int i = b->spec().inputIndex(path.substr(dot + 1));
    if (i < 0)
        return nullptr;
    value = b->values[static_cast<std::size_t>(i)].value;
    return &b->spec().inputs[static_cast<std::size_t>(i)];
}

// The presets a claim's model reads.
std::set<std::string> presetsOf(const Claim& c)
{
    std::set<std::string> s{c.model.preset};
    if (!c.model.a.preset.empty())
        s.insert(c.model.a.preset);
    if (!c.model.b.preset.empty())
        s.insert(c.model.b.preset);
    return s;
}

// A claim's residual: its relative error, or for a bound how far the model
// misses the bound (0 when met).
double residual(const Claim& c, double model)
{
    if (!std::isfinite(model))
        return 10.0; // a point where the model fails: far from anything
    if (c.compare == "value")
        return model / c.paper - 1.0;
    const double bound = c.paper * (c.compare == "atLeast" ? 1.0 + c.margin : 1.0 - c.margin);
    const double miss = c.compare == "atLeast" ? std::min(0.0, model - bound) : std::max(0.0, model - bound);
    return miss / std::abs(bound);
}

bool excludedUnit(const std::string& unit)
{
    return unit == "count" || unit == "choice" || unit == "USD" || unit.empty();
}

const double kDecade = std::log(10.0);

struct Problem {
    Documents& docs;
    std::vector<Unknown>& unknowns;
    std::vector<const Claim*> targets;
    double prior;
    int evaluations = 0;

    double valueAt(const Unknown& u, double q) const
    {
        // Within a decade of the preset's value: a fit that needs more says so by missing its claims.
        double v = u.p.before * std::exp(std::clamp(q, -kDecade, kDecade));
        if (u.spec)
            v = std::clamp(v, u.spec->min, u.spec->max);
        return v;
    }

    void apply(const Eigen::VectorXd& q)
    {
        for (std::size_t j = 0; j < unknowns.size(); ++j) {
            const Unknown& u = unknowns[j];
            const double v = valueAt(u, q(static_cast<Eigen::Index>(j)));
            docs.set(u.p.preset, u.p.path, v, Provenance::user(), u.p.variant);
            for (const std::string& t : u.p.tied)
                docs.set(u.p.preset, t, v, Provenance::user());
        }
    }

    Eigen::VectorXd residuals(const Eigen::VectorXd& q)
    {
        apply(q);
        ++evaluations;
        const Eigen::Index n = static_cast<Eigen::Index>(targets.size());
        Eigen::VectorXd f(n + q.size());
        const ClaimDocuments acc = docs.accessor();
        for (Eigen::Index i = 0; i < n; ++i) {
            const Claim& c = *targets[static_cast<std::size_t>(i)];
            double m = std::numeric_limits<double>::quiet_NaN();
            try {
                m = evaluateClaimModel(acc, c.model);
            } catch (const ModelError&) {
            }
            f(i) = residual(c, m);
        }
        for (Eigen::Index j = 0; j < q.size(); ++j)
            f(n + j) = prior * q(j);
        return f;
    }
};

struct Functor {
    Problem& pb;
    int inputs() const { return static_cast<int>(pb.unknowns.size()); }
    int values() const { return static_cast<int>(pb.targets.size() + pb.unknowns.size()); }
    int operator()(const Eigen::VectorXd& q, Eigen::VectorXd& f) const
    {
        f = pb.residuals(q);
        return 0;
    }
    int df(const Eigen::VectorXd& q, Eigen::MatrixXd& J) const
    {
        constexpr double h = 1e-3; // 0.1% of a value: designs have ceilings and kinks
        Eigen::VectorXd qq = q;
        for (Eigen::Index j = 0; j < q.size(); ++j) {
            qq(j) = q(j) + h;
            const Eigen::VectorXd up = pb.residuals(qq);
            qq(j) = q(j) - h;
            const Eigen::VectorXd down = pb.residuals(qq);
            qq(j) = q(j);
            J.col(j) = (up - down) / (2.0 * h);
        }
        return 0;
    }
};

std::vector<Unknown> chooseUnknowns(Documents& docs, const std::vector<const Claim*>& targets,
                                    const std::vector<std::string>& explicitParams)
{
    std::vector<Unknown> out;
    auto add = [&](const std::string& preset, const std::string& path, const std::string& basis, double effect,
                   const std::string& variant) {
        for (const Unknown& u : out)
            if (u.p.preset == preset && u.p.path == path && u.p.variant == variant)
                return;
        Unknown u;
        u.p.preset = preset;
        u.p.path = path;
        u.p.variant = variant;
        u.p.basis = basis;
        u.p.effect = effect;
        u.spec = specOf(docs.get(preset), path, u.p.before);
        if (u.spec && !variant.empty()) {
            const double* o = overrideOf(docs.get(preset).variants, variant, path);
            if (!o)
                throw ModelError("validate --fit: variant '" + variant + "' of " + preset + " does not override '" +
                                 path + "'");
            u.p.before = *o;
        }
        if (!u.spec)
            throw ModelError("validate --fit: preset '" + preset + "' has no parameter or block input '" + path + "'");
        if (!(u.p.before > 0.0))
            throw ModelError("validate --fit: " + preset + ":" + path + " = " + std::to_string(u.p.before) +
                             " cannot be fitted (the fit works on ln(value), which needs a value above 0)");
        out.push_back(std::move(u));
    };
    if (!explicitParams.empty()) {
        for (const std::string& p : explicitParams) {
            const auto colon = p.find(':');
            if (colon == std::string::npos || colon == 0 || colon + 1 == p.size())
                throw ModelError("validate --fit: parameter '" + p + "' is not PRESET:PATH (e.g. acc-fft:t_fft1d)");
            // PRESET:PATH, or PRESET:PATH@VARIANT for a variant's override
            std::string path = p.substr(colon + 1), variant;
            if (const auto at = path.find('@'); at != std::string::npos) {
                variant = path.substr(at + 1);
                path = path.substr(0, at);
            }
            add(p.substr(0, colon), path, "given", 0.0, variant);
        }
        return out;
    }
    std::set<std::string> presets;
    for (const Claim* c : targets)
        for (const std::string& p : presetsOf(*c))
            presets.insert(p);
    for (const std::string& preset : presets) {
        const AssumedInputsReport r = rankAssumedInputs(docs.get(preset), preset, 0.1, {"assumed", "fitted"});
        for (const AssumedInput& a : r.assumed) {
            if (a.effect < kMattersSwing || excludedUnit(a.unit) || a.path.rfind("topology.", 0) == 0 || !(a.value > 0))
                continue;
            double v = 0.0;
            if (const ParamSpec* sp = specOf(docs.get(preset), a.path, v); sp && sp->integer)
                continue; // a whole number (a block size in bytes) is a configuration, not a fit
            // Another block of the same type holding the same value for the same input is tied to this one.
            bool tiedToEarlier = false;
            const DesignDocument& doc = docs.get(preset);
            const auto dot = a.path.find('.');
            const BlockInstance* mine = dot == std::string::npos ? nullptr : doc.design.findBlock(a.path.substr(0, dot));
            if (mine) {
                const std::string sym = a.path.substr(dot + 1);
                for (Unknown& u : out) {
                    const auto d2 = u.p.path.find('.');
                    const BlockInstance* other =
                        u.p.preset != preset || d2 == std::string::npos ? nullptr : doc.design.findBlock(u.p.path.substr(0, d2));
                    if (other && other->spec().id == mine->spec().id && u.p.path.substr(d2 + 1) == sym &&
                        u.p.variant.empty() && u.p.before == a.value) {
                        u.p.tied.push_back(a.path);
                        tiedToEarlier = true;
                        break;
                    }
                }
            }
            if (tiedToEarlier)
                continue;
            add(preset, a.path, a.basis, a.effect, {});
            // A variant that overrides the value has its own (Fast Ethernet's G against GigE's).
            for (const Variant& var : docs.get(preset).variants)
                for (const auto& [path, value] : var.overrides)
                    if (path == a.path && value > 0)
                        add(preset, a.path, a.basis, a.effect, var.name);
        }
    }
    return out;
}

std::string joinIds(const std::vector<const Claim*>& cs)
{
    std::string s;
    for (const Claim* c : cs)
        s += (s.empty() ? "" : ", ") + c->id;
    return s;
}

ClaimFitResult fitWith(const std::vector<Claim>& claims, const std::string& presetDirectory,
                       const std::vector<const Claim*>& targets, const ClaimFitOptions& options,
                       const std::set<std::string>& forget = {})
{
    Documents docs(presetDirectory, forget);
    // Load every preset the targets read first, so that a value fitted to a
    // forgotten claim is back at its default before the unknowns are chosen.
    for (const Claim* c : targets)
        for (const std::string& p : presetsOf(*c))
            docs.get(p);
    std::vector<Unknown> unknowns = chooseUnknowns(docs, targets, options.params);
    if (unknowns.empty())
        throw ModelError("validate --fit: no assumed or fitted parameter of these presets matters (a -/+10% change "
                         "moves no variant total by 2%); name some with --param PRESET:PATH");
    Problem pb{docs, unknowns, targets, options.prior};
    Functor fn{pb};
    Eigen::VectorXd q = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(unknowns.size()));
    Eigen::LevenbergMarquardt<Functor, double> lm(fn);
    lm.parameters.maxfev = 200 * static_cast<Eigen::Index>(unknowns.size() + 1);
    lm.parameters.ftol = 1e-10;
    lm.parameters.xtol = 1e-10;
    lm.minimize(q);
    for (Eigen::Index j = 0; j < q.size(); ++j)
        q(j) = std::clamp(q(j), -kDecade, kDecade);

    ClaimFitResult result;
    const Eigen::VectorXd f = pb.residuals(q);
    double ss = 0.0;
    for (std::size_t i = 0; i < targets.size(); ++i)
        ss += f(static_cast<Eigen::Index>(i)) * f(static_cast<Eigen::Index>(i));
    result.rmsFit = targets.empty() ? 0.0 : std::sqrt(ss / static_cast<double>(targets.size()));
    Provenance prov = Provenance::user();
    prov.basis = "fitted";
    prov.fittedTo = joinIds(targets);
    prov.note = "validate --fit: Levenberg-Marquardt on the claims it names";
    for (std::size_t j = 0; j < unknowns.size(); ++j) {
        Unknown& u = unknowns[j];
        u.p.after = pb.valueAt(u, q(static_cast<Eigen::Index>(j)));
        docs.set(u.p.preset, u.p.path, u.p.after, prov, u.p.variant);
        for (const std::string& t : u.p.tied)
            docs.set(u.p.preset, t, u.p.after, prov);
        u.p.shownBefore = formatQuantity(u.p.before, u.spec->displayUnit, u.spec->unit);
        u.p.shownAfter = formatQuantity(u.p.after, u.spec->displayUnit, u.spec->unit);
        result.params.push_back(u.p);
    }
    result.evaluations = pb.evaluations;
    result.report = validateClaimsWith(claims, docs.accessor());
    result.forgotten = docs.forgotten();
    return result;
}

} // namespace

ClaimFitResult fitClaims(const std::vector<Claim>& claims, const std::string& presetDirectory,
                         const ClaimFitOptions& options)
{
    if (options.fitTo.empty())
        throw ModelError("validate --fit: name at least one claim to fit to");
    std::vector<const Claim*> targets;
    for (const std::string& id : options.fitTo) {
        const auto it = std::find_if(claims.begin(), claims.end(), [&](const Claim& c) { return c.id == id; });
        if (it == claims.end())
            throw ModelError("validate --fit: no claim '" + id + "' in the catalogue");
        if (!it->modelled || !it->check)
            throw ModelError("validate --fit: claim '" + id + "' is " + (!it->check ? "no check" : "not modelled") +
                             ": nothing to fit to");
        targets.push_back(&*it);
    }
    return fitWith(claims, presetDirectory, targets, options);
}

std::vector<FigureHoldOut> leaveOneFigureOut(const std::vector<Claim>& claims, const std::string& presetDirectory,
                                             const ClaimFitOptions& options)
{
    const ValidationReport before = validateClaims(claims, presetDirectory);
    std::map<const Claim*, const ClaimResult*> beforeOf;
    for (const ClaimResult& r : before.results)
        beforeOf[r.claim] = &r;
    // Figures in catalogue order; a claim without a figure is its section's.
    std::vector<std::pair<std::string, std::string>> order;
    std::map<std::pair<std::string, std::string>, std::vector<const Claim*>> groups;
    for (const Claim& c : claims) {
        if (!c.modelled || !c.check)
            continue;
        const auto key = std::make_pair(c.seed.substr(0, 3), c.figure.empty() ? c.section : c.figure);
        if (!groups.count(key))
            order.push_back(key);
        groups[key].push_back(&c);
    }
    std::vector<FigureHoldOut> out;
    for (const auto& key : order) {
        const std::vector<const Claim*>& held = groups[key];
        FigureHoldOut h;
        h.seed = key.first;
        h.figure = key.second;
        h.claims = held.size();
        std::set<std::string> presets;
        for (const Claim* c : held)
            for (const std::string& p : presetsOf(*c))
                presets.insert(p);
        h.presets.assign(presets.begin(), presets.end());
        for (const Claim* c : held)
            if (beforeOf[c]->verdict == Verdict::Within || claimMet(*c, beforeOf[c]->model))
                ++h.withinBefore;
        std::vector<const Claim*> train;
        for (const Claim& c : claims) {
            if (!c.modelled || !c.check || std::find(held.begin(), held.end(), &c) != held.end())
                continue;
            const std::set<std::string> ps = presetsOf(c);
            if (std::any_of(ps.begin(), ps.end(), [&](const std::string& p) { return presets.count(p) > 0; }))
                train.push_back(&c);
        }
        h.fittedOn = train.size();
        ClaimFitResult fit;
        bool fitted = false;
        if (train.empty()) {
            h.note = "no other figure of these presets to fit to";
        } else {
            try {
                std::set<std::string> heldIds;
                for (const Claim* c : held)
                    heldIds.insert(c->id);
                fit = fitWith(claims, presetDirectory, train, options, heldIds);
                fitted = true;
            } catch (const ModelError& e) {
                h.note = e.what();
            }
        }
        const ValidationReport& rep = fitted ? fit.report : before;
        double sumErr = 0.0;
        std::size_t nErr = 0;
        for (const ClaimResult& r : rep.results) {
            if (std::find(held.begin(), held.end(), r.claim) == held.end())
                continue;
            if (claimMet(*r.claim, r.model))
                ++h.within;
            if (r.claim->compare == "value" && std::isfinite(r.relError)) {
                sumErr += std::abs(r.relError);
                ++nErr;
            }
        }
        h.meanAbsError = nErr ? sumErr / static_cast<double>(nErr) : std::numeric_limits<double>::quiet_NaN();
        for (const ClaimFitParam& p : fit.params)
            if (p.shownBefore != p.shownAfter)
                h.params += (h.params.empty() ? "" : ", ") + p.preset + ":" + p.path +
                            (p.variant.empty() ? "" : "@" + p.variant) + " " + p.shownBefore + " -> " + p.shownAfter;
        if (fitted && h.params.empty())
            h.params = "(unchanged)";
        for (const std::string& f : fit.forgotten)
            h.forgotten += (h.forgotten.empty() ? "" : ", ") + f;
        out.push_back(std::move(h));
    }
    return out;
}

} // namespace cs
