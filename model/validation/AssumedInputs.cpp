#include "model/validation/AssumedInputs.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/sweep/Sensitivity.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace cs {

namespace {

bool saysAssumed(const std::string& text)
{
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return lower.find("assumed") != std::string::npos;
}

std::string fromProvenance(const ParamValue& v, const std::string& source)
{
    if (!v.provenance.basis.empty())
        return v.provenance.basis;
    if (v.provenance.kind == ProvenanceKind::Calibrated)
        return "calibrated";
    if (v.provenance.kind == ProvenanceKind::Wired)
        return "wired";
    if (v.provenance.kind == ProvenanceKind::User)
        return "set";
    return saysAssumed(source) ? "assumed" : "paper";
}

// The value's provenance and spec of `path`: a design parameter or a block input.
bool lookUp(const DesignDocument& doc, const std::string& path, ParamValue& value, const ParamSpec*& spec,
            const BlockSpec*& block)
{
    block = nullptr;
    for (const DesignParam& p : doc.design.designParams())
        if (p.spec.symbol == path) {
            value = p.value;
            spec = &p.spec;
            return true;
        }
    const auto dot = path.find('.');
    if (dot == std::string::npos)
        return false;
    const BlockInstance* b = doc.design.findBlock(path.substr(0, dot));
    if (!b)
        return false;
    const int i = b->spec().inputIndex(path.substr(dot + 1));
    if (i < 0)
        return false;
    value = b->values[static_cast<std::size_t>(i)];
    spec = &b->spec().inputs[static_cast<std::size_t>(i)];
    block = &b->spec();
    return true;
}

// The probes that can fit `path`: its block's calibration specs, or for a
// design parameter those of every block input it is wired to.
std::string calibratingProbes(const DesignDocument& doc, const std::string& path, const ParamSpec& spec,
                              const BlockSpec* block)
{
    std::string probes;
    auto add = [&](const BlockSpec& b, const std::string& input) {
        for (const CalibrationSpec& c : b.calibration)
            if (c.input == input && probes.find(c.probe) == std::string::npos)
                probes += (probes.empty() ? "" : ", ") + c.probe;
    };
    if (block) {
        add(*block, spec.symbol);
        return probes;
    }
    for (const Wire& w : doc.design.wires())
        if (w.from.isDesignParam() && w.from.port == path)
            if (const BlockInstance* b = doc.design.findBlock(w.to.block))
                add(b->spec(), w.to.port);
    return probes;
}

} // namespace

std::string inputBasis(const DesignDocument& doc, const std::string& path)
{
    ParamValue value;
    const ParamSpec* spec = nullptr;
    const BlockSpec* block = nullptr;
    if (!lookUp(doc, path, value, spec, block))
        throw ModelError("'" + path + "' is neither a design parameter nor a block input");
    return fromProvenance(value, spec->source);
}

AssumedInputsReport rankAssumedInputs(const DesignDocument& doc, const std::string& preset, double step,
                                      const std::vector<std::string>& bases)
{
    AssumedInputsReport report;
    report.preset = preset;
    report.step = step;
    std::map<std::string, AssumedInput> byPath;
    bool counted = false;
    for (const Variant& v : doc.effectiveVariants()) {
        SensitivityResult r;
        try {
            r = sensitivity(doc, v.name, {}, {}, step);
        } catch (const ModelError&) {
            report.failedVariants.push_back(v.name);
            continue;
        }
        for (const SensitivityBar& bar : r.bars) {
            ParamValue value;
            const ParamSpec* spec = nullptr;
            const BlockSpec* block = nullptr;
            if (!lookUp(doc, bar.path, value, spec, block))
                continue;
            const std::string basis = fromProvenance(value, spec->source);
            if (!counted)
                ++report.inputsByBasis[basis];
            if (std::find(bases.begin(), bases.end(), basis) == bases.end())
                continue;
            // Relative to the larger of the two totals' magnitudes at the point: a
            // total of 0 (nothing to move) gives no effect rather than a division by 0.
            const double scale = std::abs(r.baseOutput);
            const double effect = scale > 0 ? bar.swing() / scale : 0.0;
            AssumedInput& a = byPath[bar.path];
            if (a.path.empty()) {
                a.path = bar.path;
                a.why = !value.provenance.note.empty() ? value.provenance.note : spec->source;
                a.calibrate = calibratingProbes(doc, bar.path, *spec, block);
                a.effect = -1.0;
                a.basis = basis;
                a.unit = std::string(unitSymbol(spec->unit));
            }
            if (effect > a.effect) { // the value where it moves most (a variant may override it)
                a.effect = effect;
                a.variant = v.name;
                a.value = bar.base;
                a.shown = formatQuantity(bar.base, spec->displayUnit, spec->unit);
            }
        }
        counted = true;
    }
    for (auto& [path, a] : byPath)
        report.assumed.push_back(std::move(a));
    std::stable_sort(report.assumed.begin(), report.assumed.end(),
                     [](const AssumedInput& a, const AssumedInput& b) { return a.effect > b.effect; });
    return report;
}

} // namespace cs
