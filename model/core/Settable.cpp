#include "model/core/Settable.h"
#include "model/core/Design.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"

namespace cs {

namespace {

// Paths come from files and may be huge; a message quotes at most 60 characters.
std::string clipText(std::string_view s)
{
    return s.size() <= 60 ? std::string(s) : std::string(s.substr(0, 57)) + "...";
}

SettableCheck wired(std::string_view path, const std::string& from)
{
    return {SettableKind::Wired,
            "input " + std::string(path) + " is wired" + (from.empty() ? "" : " from " + from) + " and cannot be set"};
}

} // namespace

bool slotExists(const Design& d, std::string_view path)
{
    if (d.findDesignParam(path))
        return true;
    if (path.find('.') == std::string_view::npos)
        return false;
    try {
        const Endpoint ep = Endpoint::parse(path);
        const BlockInstance* b = d.findBlock(ep.block);
        return b && (b->spec().inputIndex(ep.port) >= 0 || b->spec().outputIndex(ep.port) >= 0);
    } catch (const ModelError&) {
        return false; // "x." names nothing either
    }
}

SettableCheck checkSettable(const Design& d, std::string_view path)
{
    if (path.find('.') == std::string_view::npos) {
        if (d.findDesignParam(path))
            return {};
        return {SettableKind::NoParameter, "no design parameter named '" + clipText(path) + "'"};
    }
    Endpoint ep;
    try {
        ep = Endpoint::parse(path);
    } catch (const ModelError& e) {
        return {SettableKind::Malformed, e.what()};
    }
    const BlockInstance* b = d.findBlock(ep.block);
    if (!b)
        return {SettableKind::NoBlock, "no block named '" + clipText(ep.block) + "'"};
    if (b->spec().inputIndex(ep.port) < 0)
        return {SettableKind::NoInput,
                "block '" + ep.block + "' (" + b->spec().id + ") has no input '" + clipText(ep.port) + "'"};
    if (const Wire* w = d.wireInto(ep))
        return wired(path, w->from.str());
    return {};
}

std::string rangeProblemAt(const Design& d, std::string_view path, double value)
{
    if (const DesignParam* p = d.findDesignParam(path)) {
        const std::string problem = p->spec.rangeProblem(value);
        return problem.empty() ? problem : "design parameter " + p->spec.symbol + " " + problem;
    }
    if (path.find('.') == std::string_view::npos)
        return {};
    Endpoint ep;
    try {
        ep = Endpoint::parse(path);
    } catch (const ModelError&) {
        return {};
    }
    const BlockInstance* b = d.findBlock(ep.block);
    const int i = b ? b->spec().inputIndex(ep.port) : -1;
    if (i < 0)
        return {};
    const ParamSpec& ps = b->spec().inputs[static_cast<std::size_t>(i)];
    const std::string problem = ps.rangeProblem(value);
    return problem.empty() ? problem : "block '" + b->name + "' (" + b->spec().id + "): input " + ps.symbol + " " + problem;
}

SettableCheck checkSettable(const Plan& plan, std::string_view path)
{
    const int s = plan.slotOf(path);
    if (s < 0)
        return {path.find('.') == std::string_view::npos ? SettableKind::NoParameter : SettableKind::NoInput,
                "'" + clipText(path) + "' names no design parameter or block input"};
    if (!plan.inputSpecAt(s))
        return {SettableKind::NoInput, "'" + clipText(path) + "' is an output and cannot be set"};
    if (plan.isWiredInput(s))
        return wired(path, {});
    return {};
}

} // namespace cs
