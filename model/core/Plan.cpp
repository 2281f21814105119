#include "model/core/Plan.h"
#include "model/core/ModelError.h"

#include <algorithm>
#include <cmath>

namespace cs {

int Plan::slotOf(std::string_view path) const
{
    auto it = std::lower_bound(names_.begin(), names_.end(), path,
                               [](const auto& entry, std::string_view p) { return entry.first < p; });
    if (it != names_.end() && it->first == path)
        return static_cast<int>(it->second);
    return -1;
}

const ParamSpec* Plan::inputSpecAt(int slot) const
{
    return (slot >= 0 && static_cast<std::size_t>(slot) < inputSpecs_.size()) ? inputSpecs_[slot] : nullptr;
}

const OutputSpec* Plan::outputSpecAt(int slot) const
{
    return (slot >= 0 && static_cast<std::size_t>(slot) < outputSpecs_.size()) ? outputSpecs_[slot] : nullptr;
}

bool Plan::isFollowing(int slot) const
{
    // The checks are in slot order (the design parameters come first): a
    // search of the list for each parameter made sensitivity over 300,000
    // parameters quadratic.
    if (slot < 0)
        return false;
    const auto it = std::lower_bound(paramChecks_.begin(), paramChecks_.end(), static_cast<std::uint32_t>(slot),
                                     [](const Check& c, std::uint32_t s) { return c.slot < s; });
    return it != paramChecks_.end() && it->slot == static_cast<std::uint32_t>(slot) && it->boundSlot >= 0 &&
           std::isnan(initial_[it->slot]);
}

bool Plan::isWiredInput(int slot) const
{
    return slot >= 0 && static_cast<std::size_t>(slot) < wiredInput_.size() && wiredInput_[slot];
}

bool Plan::fail(EvalError* err, EvalError::Kind kind, int step, int port, const double* slots,
                const std::string& detail) const
{
    if (!err)
        return false;
    err->kind = kind;
    err->step = step;
    err->port = port;
    if (step < 0) {
        err->message = "design parameter " + paramChecks_[port].name + " " + detail;
        return false;
    }
    const Step& s = steps_[step];
    const BlockSpec& spec = s.block->spec();
    std::string where = "block '" + s.name + "' (" + spec.id + "): ";
    switch (kind) {
    case EvalError::Kind::InputRange:
        err->message = where + "input " + spec.inputs[port].symbol + " " + detail;
        break;
    case EvalError::Kind::NonFinite: {
        std::string inputs;
        for (std::uint32_t i = 0; i < s.nIn; ++i)
            inputs += (i ? ", " : "") + spec.inputs[i].symbol + "=" + formatNumber(slots[s.inBase + i]);
        err->message = where + "output " + spec.outputs[port].symbol + " " + detail + " for inputs " + inputs;
        break;
    }
    default:
        err->message = where + detail;
    }
    return false;
}

std::vector<std::uint32_t> Plan::stepsFor(const std::vector<int>& targets) const
{
    // Steps own consecutive slots in ascending order (the design parameters
    // come before them): the owner is found by a binary search, not a scan
    // per copy, which made this quadratic in the number of blocks.
    auto owner = [&](std::uint32_t slot) -> int {
        const auto it = std::upper_bound(steps_.begin(), steps_.end(), slot,
                                         [](std::uint32_t s, const Step& st) { return s < st.inBase; });
        if (it == steps_.begin())
            return -1; // a design parameter
        const Step& st = *(it - 1);
        return slot < st.outBase + st.nOut ? static_cast<int>(it - 1 - steps_.begin()) : -1;
    };
    std::vector<char> need(steps_.size(), 0);
    std::vector<int> stack;
    for (int t : targets)
        if (t >= 0)
            if (int o = owner(static_cast<std::uint32_t>(t)); o >= 0)
                stack.push_back(o);
    while (!stack.empty()) {
        const int s = stack.back();
        stack.pop_back();
        if (need[s])
            continue;
        need[s] = 1;
        for (std::uint32_t c = steps_[s].copyBegin; c < steps_[s].copyEnd; ++c)
            if (int o = owner(copies_[c].from); o >= 0 && !need[o])
                stack.push_back(o);
    }
    // The step that bounds design parameters runs whenever anything runs:
    // the parameters it bounds are read through copies and by sweeps.
    if (boundStep_ >= 0 && std::find(need.begin(), need.end(), 1) != need.end())
        need[static_cast<std::size_t>(boundStep_)] = 1;
    std::vector<std::uint32_t> out;
    for (std::size_t i = 0; i < steps_.size(); ++i)
        if (need[i])
            out.push_back(static_cast<std::uint32_t>(i));
    return out;
}

bool Plan::run(double* slots, EvalError* err, const std::vector<std::uint32_t>* only) const
{
    for (std::size_t c = 0; c < paramChecks_.size(); ++c)
        if (paramChecks_[c].boundSlot < 0 && !checkParam(c, slots, err))
            return false;
    const std::size_t count = only ? only->size() : steps_.size();
    for (std::size_t k = 0; k < count; ++k) {
        const std::size_t si = only ? (*only)[k] : k;
        const Step& s = steps_[si];
        for (std::uint32_t c = s.copyBegin; c < s.copyEnd; ++c)
            slots[copies_[c].to] = slots[copies_[c].from];
        // A design parameter that follows an output of this step (P follows
        // topology.hosts) is not a number until the step has run: it reaches
        // the step's own inputs as 0, which the topology reads as every host.
        if (static_cast<std::int64_t>(si) == boundStep_)
            for (std::uint32_t c = s.copyBegin; c < s.copyEnd; ++c)
                if (std::isnan(slots[copies_[c].to]))
                    slots[copies_[c].to] = 0.0;
        const double* in = slots + s.inBase;
        const Range* range = ranges_.data() + s.inBase;
        for (std::uint32_t i = 0; i < s.nIn; ++i) {
            const double v = in[i];
            // The negated form also rejects NaN.
            if (!acceptsValue(v, range[i].min, range[i].max, range[i].integer))
                return fail(err, EvalError::Kind::InputRange, static_cast<int>(si), static_cast<int>(i), slots,
                            s.block->spec().inputs[i].rangeProblem(v));
        }
        std::string problem = s.block->check(in);
        if (!problem.empty())
            return fail(err, EvalError::Kind::Inconsistent, static_cast<int>(si), -1, slots, problem);
        double* out = slots + s.outBase;
        s.block->evaluate(in, out);
        for (std::uint32_t o = 0; o < s.nOut; ++o)
            if (!std::isfinite(out[o]))
                return fail(err, EvalError::Kind::NonFinite, static_cast<int>(si), static_cast<int>(o), slots,
                            "is not finite (" + formatNumber(out[o]) + ")");
        if (static_cast<std::int64_t>(si) == boundStep_)
            for (std::size_t c = 0; c < paramChecks_.size(); ++c) {
                const Check& chk = paramChecks_[c];
                if (chk.boundSlot < 0)
                    continue;
                const double factor = chk.factorSlot >= 0 ? slots[chk.factorSlot] : 1.0;
                const double bound = slots[chk.boundSlot] * factor;
                if (std::isnan(slots[chk.slot])) // following: take the output's value, or the job's nodes'
                    slots[chk.slot] = chk.nodesSlot >= 0 && slots[chk.nodesSlot] >= 1 ? slots[chk.nodesSlot] * factor
                                                                                       : bound;
                if (!checkParam(c, slots, err))
                    return false;
                if (slots[chk.slot] > bound)
                    return fail(err, EvalError::Kind::ParamRange, -1, static_cast<int>(c), slots,
                                "= " + formatNumber(slots[chk.slot]) + " exceeds " +
                                    (factor == 1.0 ? chk.boundName + " = "
                                                   : chk.boundName + " x " + chk.factorName + " = " +
                                                         formatNumber(slots[chk.boundSlot]) + " x " +
                                                         formatNumber(factor) + " = ") +
                                    formatNumber(bound));
            }
    }
    return true;
}

int Plan::stepsRun(const EvalError& e) const
{
    if (e.step >= 0)
        return e.step;
    const bool afterBound = e.kind == EvalError::Kind::ParamRange && e.port >= 0 &&
                            static_cast<std::size_t>(e.port) < paramChecks_.size() &&
                            paramChecks_[static_cast<std::size_t>(e.port)].boundSlot >= 0 && boundStep_ >= 0;
    return afterBound ? static_cast<int>(boundStep_) + 1 : -1;
}

bool Plan::checkParam(std::size_t c, const double* slots, EvalError* err) const
{
    const Check& chk = paramChecks_[c];
    const double v = slots[chk.slot];
    if (!chk.spec.accepts(v))
        return fail(err, EvalError::Kind::ParamRange, -1, static_cast<int>(c), slots, chk.spec.rangeProblem(v));
    return true;
}

void Plan::runOrThrow(double* slots) const
{
    EvalError err;
    if (!run(slots, &err))
        throw ModelError(err.message);
}

} // namespace cs
