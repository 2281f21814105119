#include "model/document/SectionShapes.h"
#include "model/cluster/NodeFields.h"
#include "model/core/JsonKeys.h"
#include "model/core/StrictJson.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string_view>

namespace cs {

using nlohmann::json;

namespace {

// The first problem of an entry; thrown to leave the entry at once.
struct Bad {
    std::string path, what;
};

std::string typeOf(const json& v)
{
    return v.is_null() ? "null" : v.type_name();
}

[[noreturn]] void bad(const std::string& path, const std::string& what)
{
    throw Bad{path, what};
}

std::string at(const std::string& path, const std::string& key)
{
    return path + "." + clipText(key, 40);
}

std::string at(const std::string& path, std::size_t index)
{
    return path + "[" + std::to_string(index) + "]";
}

void expectObject(const json& v, const std::string& path)
{
    if (!v.is_object())
        bad(path, "expected an object, got " + typeOf(v));
}

const json* find(const json& o, const char* key)
{
    const auto it = o.find(key);
    return it == o.end() ? nullptr : &*it;
}

void str(const json& o, const std::string& path, const char* key, bool required = false)
{
    const json* v = find(o, key);
    if (!v) {
        if (required)
            bad(path, std::string("missing required member '") + key + "'");
        return;
    }
    if (!v->is_string())
        bad(at(path, key), "expected a string, got " + typeOf(*v));
}

// A number, or null (what a NaN is written as).
void numberValue(const json& v, const std::string& path)
{
    if (!v.is_number() && !v.is_null())
        bad(path, "expected a number, got " + typeOf(v));
}

void num(const json& o, const std::string& path, const char* key)
{
    if (const json* v = find(o, key))
        numberValue(*v, at(path, key));
}

// A whole number in [lo, hi]: readers convert these to int.
void integer(const json& o, const std::string& path, const char* key, double lo, double hi)
{
    const json* v = find(o, key);
    if (!v)
        return;
    if (!v->is_number())
        bad(at(path, key), "expected a whole number, got " + typeOf(*v));
    const double d = v->get<double>();
    if (!(d >= lo && d <= hi) || std::floor(d) != d)
        bad(at(path, key), clipJson(*v) + " is not a whole number in [" + std::to_string(static_cast<long long>(lo)) +
                               ", " + std::to_string(static_cast<long long>(hi)) + "]");
}

// The members a strict entry (a node, an imported series) may have: any
// other is refused, since a misspelled key would be dropped without a word.
void keys(const json& o, const std::string& path, std::initializer_list<std::string_view> known)
{
    forUnknownKeys(o, known, [&](const std::string& key, const std::string& takes) {
        bad(at(path, key), "unknown key " + clipJson(json(key), 40) + " (this object takes " + takes + ")");
    });
}

// A string member shown to the user: no control or bidirectional
// formatting characters, and (`nonEmpty`) not empty.
void text(const json& o, const std::string& path, const char* key, bool nonEmpty = false)
{
    const json* v = find(o, key);
    if (!v || !v->is_string())
        return;
    const std::string& s = v->get_ref<const std::string&>();
    if (nonEmpty && s.empty())
        bad(at(path, key), "must not be empty");
    if (std::string p = textProblem(s); !p.empty())
        bad(at(path, key), clipJson(*v, 40) + " " + p);
}

void boolean(const json& o, const std::string& path, const char* key)
{
    if (const json* v = find(o, key); v && !v->is_boolean())
        bad(at(path, key), "expected true or false, got " + typeOf(*v));
}

const json* array(const json& o, const std::string& path, const char* key)
{
    const json* v = find(o, key);
    if (v && !v->is_array())
        bad(at(path, key), "expected an array, got " + typeOf(*v));
    return v;
}

const json* object(const json& o, const std::string& path, const char* key)
{
    const json* v = find(o, key);
    if (v && !v->is_object())
        bad(at(path, key), "expected an object, got " + typeOf(*v));
    return v;
}

void strings(const json& o, const std::string& path, const char* key)
{
    if (const json* a = array(o, path, key))
        for (std::size_t i = 0; i < a->size(); ++i)
            if (!(*a)[i].is_string())
                bad(at(at(path, key), i), "expected a string, got " + typeOf((*a)[i]));
}

void numbers(const json& a, const std::string& path)
{
    if (!a.is_array())
        bad(path, "expected an array of numbers, got " + typeOf(a));
    for (std::size_t i = 0; i < a.size(); ++i)
        numberValue(a[i], at(path, i));
}

void numbers(const json& o, const std::string& path, const char* key)
{
    if (const json* a = find(o, key))
        numbers(*a, at(path, key));
}

// {"NAME": {"median": 1e-5, ..., "unit": "s"}}: series statistics or derived values.
void statsByName(const json& o, const std::string& path, const char* key)
{
    const json* m = object(o, path, key);
    if (!m)
        return;
    for (auto it = m->begin(); it != m->end(); ++it) {
        const std::string p = at(at(path, key), it.key());
        expectObject(it.value(), p);
        for (auto f = it.value().begin(); f != it.value().end(); ++f) {
            if (f.key() == "unit")
                str(it.value(), p, "unit");
            else
                numberValue(f.value(), at(p, f.key()));
        }
    }
}

void summary(const json& o, const std::string& path, const char* key)
{
    const json* s = object(o, path, key);
    if (!s)
        return;
    statsByName(*s, at(path, key), "series");
    statsByName(*s, at(path, key), "derived");
}

void measuredEntry(const json& e, const std::string& path)
{
    expectObject(e, path);
    str(e, path, "probe", true);
    str(e, path, "status", true);
    const std::string& status = e["status"].get_ref<const std::string&>();
    // "skipped": a job the runner did not start (a node that failed earlier).
    if (status != "ok" && status != "failed" && status != "cancelled" && status != "pending" && status != "skipped")
        bad(at(path, "status"), "\"" + clipText(status) + "\" is not one of ok, failed, cancelled, pending, skipped");
    for (const char* key : {"name", "reason", "started"})
        str(e, path, key);
    text(e, path, "name");
    strings(e, path, "nodes");
    strings(e, path, "failed_nodes");
    if (const json* params = object(e, path, "params"))
        for (auto it = params->begin(); it != params->end(); ++it)
            numberValue(it.value(), at(at(path, "params"), it.key()));
    num(e, path, "duration_s");
    summary(e, path, "summary");
    if (const json* cal = array(e, path, "calibrates"))
        for (std::size_t i = 0; i < cal->size(); ++i) {
            const std::string p = at(at(path, "calibrates"), i);
            expectObject((*cal)[i], p);
            for (const char* key : {"target", "from", "unit"})
                str((*cal)[i], p, key);
            for (const char* key : {"value", "ci_lo", "ci_hi"})
                num((*cal)[i], p, key);
        }
    if (const json* parts = array(e, path, "parts"))
        for (std::size_t i = 0; i < parts->size(); ++i) {
            const json& part = (*parts)[i];
            const std::string p = at(at(path, "parts"), i);
            expectObject(part, p);
            for (const char* key : {"node", "transport", "role", "status", "reason", "command"})
                str(part, p, key);
            integer(part, p, "rank", 0, 1 << 20);
            summary(part, p, "summary");
            object(part, p, "details");
            object(part, p, "environment");
            if (const json* samples = object(part, p, "samples"))
                for (auto it = samples->begin(); it != samples->end(); ++it)
                    numbers(it.value(), at(at(p, "samples"), it.key()));
        }
}

// A whole-number member of a node, checked against the node table.
void nodeInteger(const json& n, const std::string& path, const NodeIntField& field)
{
    const json* v = find(n, std::string(field.key).c_str());
    if (!v)
        return;
    if (!v->is_number())
        bad(at(path, std::string(field.key)), "expected a whole number, got " + typeOf(*v));
    if (std::string p = field.check(v->get<double>()); !p.empty())
        bad(path, p);
}

void nodeEntry(const json& n, const std::string& path)
{
    expectObject(n, path);
    forUnknownKeys(n, kNodeKeys, [&](const std::string& key, const std::string& takes) {
        bad(at(path, key), "unknown key " + clipJson(json(key), 40) + " (this object takes " + takes + ")");
    });
    for (const char* key : {"name", "transport", "host", "user", "address", "bind", "agent", "identity", "partition",
                            "tokenFile", "netns", "hostfile", "launch"}) {
        str(n, path, key);
        text(n, path, key, std::string_view(key) == "name");
    }
    if (const json* t = find(n, "transport")) {
        const std::string& s = t->get_ref<const std::string&>();
        if (!isNodeTransport(s))
            bad(at(path, "transport"), "unknown transport \"" + clipText(s) + "\" (" + nodeTransportList() + ")");
    }
    for (const NodeIntField* field : {&nodefield::port, &nodefield::ranks, &nodefield::immediate, &nodefield::slotsPerHost})
        nodeInteger(n, path, *field);
    boolean(n, path, "copyAgent");
    boolean(n, path, "allocation");
    if (const json* cpus = array(n, path, "cpus"))
        for (std::size_t i = 0; i < cpus->size(); ++i) {
            const json& c = (*cpus)[i];
            if (!c.is_number())
                bad(at(at(path, "cpus"), i), "expected a whole number, got " + typeOf(c));
            if (std::string p = nodefield::cpu.check(c.get<double>()); !p.empty())
                bad(at(at(path, "cpus"), i), p);
        }
    for (const char* key : {"sshOptions", "hosts", "btl"}) {
        strings(n, path, key);
        if (const json* a = find(n, key))
            for (std::size_t i = 0; i < a->size(); ++i)
                if (std::string p = textProblem((*a)[i].get_ref<const std::string&>()); !p.empty())
                    bad(at(at(path, key), i), clipJson((*a)[i], 40) + " " + p);
    }
}

void fitMembers(const json& f, const std::string& path)
{
    for (const char* key : {"block", "probe", "read", "xParam", "method", "form"})
        str(f, path, key);
    for (const char* key : {"xOffset", "r2", "smape", "rmse", "sigma"})
        num(f, path, key);
    for (const char* key : {"n", "dof"})
        integer(f, path, key, -1e9, 1e9);
    strings(f, path, "names");
    for (const char* key : {"values", "ci_lo", "ci_hi", "covariance", "breakpoints", "x", "y", "fitted",
                            "held_out_x", "held_out_y", "heldOutX", "heldOutY"})
        numbers(f, path, key);
    if (const json* segs = array(f, path, "segments"))
        for (std::size_t i = 0; i < segs->size(); ++i) {
            const json& s = (*segs)[i];
            if (!s.is_array() || s.size() != 2 || !s[0].is_number() || !s[1].is_number())
                bad(at(at(path, "segments"), i), "expected [low, high]");
        }
    if (const json* r = object(f, path, "result"))
        fitMembers(*r, at(path, "result"));
}

void calibrationEntry(const json& c, const std::string& path)
{
    expectObject(c, path);
    for (const char* key : {"format", "time", "nodes"})
        str(c, path, key);
    for (const char* key : {"version", "mean_abs_rel_error", "held_out_mean_abs_rel_error", "held_out_max_abs_rel_error"})
        num(c, path, key);
    if (const json* params = array(c, path, "params"))
        for (std::size_t i = 0; i < params->size(); ++i) {
            const json& p = (*params)[i];
            const std::string pp = at(at(path, "params"), i);
            expectObject(p, pp);
            for (const char* key : {"block", "param", "unit", "displayUnit", "method", "form", "expression", "probe",
                                    "run", "time", "nodes"})
                str(p, pp, key);
            for (const char* key : {"value", "previous", "r2", "smape"})
                num(p, pp, key);
            integer(p, pp, "fit", -1e9, 1e9);
            numbers(p, pp, "ci");
        }
    if (const json* fits = array(c, path, "fits"))
        for (std::size_t i = 0; i < fits->size(); ++i) {
            expectObject((*fits)[i], at(at(path, "fits"), i));
            fitMembers((*fits)[i], at(at(path, "fits"), i));
        }
    if (const json* validation = array(c, path, "validation"))
        for (std::size_t i = 0; i < validation->size(); ++i) {
            const json& v = (*validation)[i];
            const std::string vp = at(at(path, "validation"), i);
            expectObject(v, vp);
            str(v, vp, "series");
            for (const char* key : {"x", "measured", "predicted", "rel_error"})
                num(v, vp, key);
            integer(v, vp, "fit", -1e9, 1e9);
            boolean(v, vp, "held_out");
        }
    strings(c, path, "warnings");
    if (const json* net = object(c, path, "network"))
        for (const char* key : {"signature", "description"})
            str(*net, at(path, "network"), key);
}

// An imported CSV series (docs/format.md "imported"): x and y are required
// arrays of numbers of the same length.
void importedEntry(const json& e, const std::string& path)
{
    expectObject(e, path);
    keys(e, path, {"name", "file", "x_name", "x_unit", "y_name", "y_unit", "x_path", "y_path", "x", "y"});
    str(e, path, "name", true);
    text(e, path, "name", true);
    for (const char* key : {"file", "x_name", "x_unit", "y_name", "y_unit", "x_path", "y_path"}) {
        str(e, path, key);
        text(e, path, key);
    }
    std::size_t lengths[2] = {0, 0};
    for (int k = 0; k < 2; ++k) {
        const char* key = k == 0 ? "x" : "y";
        const json* values = find(e, key);
        if (!values)
            bad(path, std::string("missing required member '") + key + "'");
        if (!values->is_array())
            bad(at(path, key), "expected an array, got " + typeOf(*values));
        for (std::size_t v = 0; v < values->size(); ++v)
            if (!(*values)[v].is_number())
                bad(at(at(path, key), v), "expected a number, got " + typeOf((*values)[v]));
        lengths[k] = values->size();
    }
    if (lengths[0] != lengths[1])
        bad(path, "x has " + std::to_string(lengths[0]) + " values but y has " + std::to_string(lengths[1]));
}

} // namespace

bool checkSectionEntries(const std::string& section, const json& entries, std::vector<std::string>& problems,
                         std::size_t maxProblems)
{
    if (!entries.is_array())
        return true; // the reader reports the section itself
    auto check = section == "measured"   ? measuredEntry
                 : section == "nodes"    ? nodeEntry
                 : section == "imported" ? importedEntry
                                         : calibrationEntry;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (problems.size() >= maxProblems)
            return false; // a file of a million bad entries: the first ones say enough
        try {
            check(entries[i], at(section, i));
        } catch (const Bad& b) {
            problems.push_back(b.path + ": " + b.what);
        }
    }
    return true;
}

bool checkResultEntries(const json& entries, std::vector<std::string>& problems, std::size_t maxProblems)
{
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (problems.size() >= maxProblems)
            return false;
        try {
            measuredEntry(entries[i], at("results", i));
        } catch (const Bad& b) {
            problems.push_back(b.path + ": " + b.what);
        }
    }
    return true;
}

void recordExtensionKeys(const std::string& section, const json& entries, std::vector<std::string>& warnings,
                         std::size_t maxWarnings, const std::string& prefix)
{
    if (!entries.is_array() || (section != "measured" && section != "calibration"))
        return;
    auto note = [&](const json& o, const std::string& path, std::initializer_list<std::string_view> known) {
        forUnknownKeys(o, known, [&](const std::string& key, const std::string&) {
            if (warnings.size() < maxWarnings)
                warnings.push_back(at(path, key) + ": unknown key " + clipJson(json(key), 40) +
                                   ", kept as it is (a record from another version or program?)");
        });
    };
    for (std::size_t i = 0; i < entries.size() && warnings.size() < maxWarnings; ++i) {
        const json& e = entries[i];
        const std::string path = at(prefix.empty() ? section : prefix, i);
        if (section == "measured") {
            note(e, path, {"probe", "name", "nodes", "status", "reason", "failed_nodes", "params", "started",
                           "duration_s", "summary", "calibrates", "parts", "rank_hosts"});
            if (const auto parts = e.is_object() ? e.find("parts") : e.end(); e.is_object() && parts != e.end() &&
                                                                                parts->is_array())
                for (std::size_t k = 0; k < parts->size(); ++k)
                    note((*parts)[k], at(at(path, "parts"), k),
                         {"node", "transport", "role", "rank", "status", "reason", "summary", "details", "environment",
                          "command", "deploy", "samples"});
        } else {
            note(e, path, {"format", "version", "time", "nodes", "params", "fits", "validation", "mean_abs_rel_error",
                           "held_out_mean_abs_rel_error", "held_out_max_abs_rel_error", "warnings", "issues",
                           "disagreements", "network"});
        }
    }
}

} // namespace cs
