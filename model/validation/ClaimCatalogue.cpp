#include "model/validation/Claim.h"
#include "model/core/ModelError.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

namespace cs {

namespace {

using nlohmann::json;
namespace fs = std::filesystem;

// Reads one claims file; every error names file and JSON path.
class ClaimReader {
public:
    explicit ClaimReader(std::string file) : file_(std::move(file)) {}

    [[noreturn]] void fail(const std::string& path, const std::string& what) const
    {
        throw ModelError(file_ + ": " + path + ": " + what);
    }

    std::string str(const json& o, const std::string& path, const char* key, bool required) const
    {
        const auto it = o.find(key);
        if (it == o.end()) {
            if (required)
                fail(path + "." + key, "missing");
            return {};
        }
        if (!it->is_string())
            fail(path + "." + key, "expected a string, got " + it->dump().substr(0, 60));
        return it->get<std::string>();
    }

    double num(const json& o, const std::string& path, const char* key, double fallback, bool required) const
    {
        const auto it = o.find(key);
        if (it == o.end()) {
            if (required)
                fail(path + "." + key, "missing");
            return fallback;
        }
        if (!it->is_number())
            fail(path + "." + key, "expected a number, got " + it->dump().substr(0, 60));
        return it->get<double>();
    }

    std::vector<std::pair<std::string, double>> assignments(const json& o, const std::string& path) const
    {
        std::vector<std::pair<std::string, double>> out;
        const auto it = o.find("at");
        if (it == o.end())
            return out;
        if (!it->is_object())
            fail(path + ".at", "expected an object of slot path: value");
        for (const auto& [k, v] : it->items()) {
            if (!v.is_number())
                fail(path + ".at." + k, "expected a number, got " + v.dump().substr(0, 60));
            out.emplace_back(k, v.get<double>());
        }
        return out;
    }

    ClaimQuery query(const json& o, const std::string& path, bool required) const
    {
        ClaimQuery q;
        q.preset = str(o, path, "preset", false);
        q.variant = str(o, path, "variant", required);
        if (auto out = str(o, path, "output", false); !out.empty())
            q.output = out;
        q.at = assignments(o, path);
        return q;
    }

    Claim claim(const json& c, const std::string& path) const
    {
        if (!c.is_object())
            fail(path, "expected an object");
        Claim k;
        k.id = str(c, path, "id", true);
        k.seed = str(c, path, "seed", true);
        k.section = str(c, path, "section", true);
        k.figure = str(c, path, "figure", false);
        k.quantity = str(c, path, "quantity", true);
        k.text = str(c, path, "text", false);
        if (!k.text.empty())
            k.quotes.push_back(k.text);
        if (const auto q = c.find("quotes"); q != c.end()) {
            if (!q->is_array() || q->empty())
                fail(path + ".quotes", "expected a non-empty array of the seed's sentences");
            for (std::size_t i = 0; i < q->size(); ++i) {
                if (!(*q)[i].is_string() || (*q)[i].get<std::string>().empty())
                    fail(path + ".quotes[" + std::to_string(i) + "]",
                         "expected a non-empty string, got " + (*q)[i].dump().substr(0, 60));
                k.quotes.push_back((*q)[i].get<std::string>());
            }
        }
        if (k.quotes.empty())
            fail(path + ".quotes", "a claim quotes its seed: give \"text\" or \"quotes\"");
        k.text.clear();
        for (const std::string& q : k.quotes)
            k.text += (k.text.empty() ? "" : " [...] ") + q;
        k.paper = num(c, path, "paper", k.paper, true);
        k.unit = str(c, path, "unit", false);
        if (auto cmp = str(c, path, "compare", false); !cmp.empty())
            k.compare = cmp;
        if (k.compare != "value" && k.compare != "atLeast" && k.compare != "atMost")
            fail(path + ".compare", "'" + k.compare + "' is not one of value, atLeast, atMost");
        k.tolerance = num(c, path, "tolerance", 0.10, false);
        if (!(k.tolerance >= 0.0 && k.tolerance < 10.0))
            fail(path + ".tolerance", "tolerance = " + std::to_string(k.tolerance) + " is out of range [0, 10)");
        if (k.compare != "value") {
            // A bound says by how much it must be cleared; nothing is implied.
            k.margin = num(c, path, "margin", 0.0, true);
            if (!(k.margin > -1.0 && k.margin < 1.0))
                fail(path + ".margin", "margin = " + std::to_string(k.margin) + " is out of range (-1, 1)");
        } else if (c.contains("margin")) {
            fail(path + ".margin", "only a bound (compare atLeast or atMost) has a margin");
        }
        if (const auto ch = c.find("check"); ch != c.end()) {
            if (!ch->is_boolean())
                fail(path + ".check", "expected true or false, got " + ch->dump().substr(0, 60));
            k.check = ch->get<bool>();
        }
        k.reason = str(c, path, "reason", false);
        if (!k.check && k.reason.empty())
            fail(path + ".reason", "a claim that is no check must say why (an input, or a bound or value no parameter can move)");
        k.expect = str(c, path, "expect", false);
        k.expectModel = num(c, path, "expectModel", k.expectModel, false);
        const auto m = c.find("model");
        if (m == c.end() || m->is_null()) {
            if (k.reason.empty())
                fail(path + ".reason", "a claim without a model must say why it is not modelled");
            k.model.preset = str(c, path, "preset", false);
            return k;
        }
        if (!m->is_object())
            fail(path + ".model", "expected an object or null");
        const std::string mp = path + ".model";
        k.modelled = true;
        k.model.preset = str(*m, mp, "preset", true);
        k.model.a = query(*m, mp, true);
        if (auto f = str(*m, mp, "form", false); !f.empty())
            k.model.form = f;
        if (k.model.form != "value" && k.model.form != "ratio" && k.model.form != "reduction" &&
            k.model.form != "gain")
            fail(mp + ".form", "'" + k.model.form + "' is not one of value, ratio, reduction, gain");
        if (const auto b = m->find("of"); b != m->end()) {
            if (!b->is_object())
                fail(mp + ".of", "expected an object");
            k.model.b = query(*b, mp + ".of", false);
        } else if (k.model.form != "value") {
            fail(mp + ".of", "the form " + k.model.form + " needs the variant it compares with");
        }
        if (const auto o = m->find("over"); o != m->end()) {
            if (!o->is_object())
                fail(mp + ".over", "expected {\"path\": ..., \"values\": [...], \"take\": \"max\"|\"min\"}");
            k.model.overPath = str(*o, mp + ".over", "path", true);
            k.model.aggregate = str(*o, mp + ".over", "take", true);
            if (k.model.aggregate != "max" && k.model.aggregate != "min")
                fail(mp + ".over.take", "'" + k.model.aggregate + "' is not max or min");
            const auto v = o->find("values");
            if (v == o->end() || !v->is_array() || v->empty())
                fail(mp + ".over.values", "expected a non-empty array of numbers");
            for (const auto& x : *v) {
                if (!x.is_number())
                    fail(mp + ".over.values", "expected numbers, got " + x.dump().substr(0, 60));
                k.model.overValues.push_back(x.get<double>());
            }
        }
        return k;
    }

private:
    std::string file_;
};

} // namespace

std::vector<Claim> loadClaims(const std::string& directory)
{
    std::vector<fs::path> files;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(directory, ec))
        if (e.path().extension() == ".json")
            files.push_back(e.path());
    if (ec)
        throw ModelError("claims directory '" + directory + "': " + ec.message());
    std::sort(files.begin(), files.end());
    std::vector<Claim> claims;
    std::set<std::string> ids;
    for (const fs::path& f : files) {
        const ClaimReader r(f.filename().string());
        std::ifstream in(f);
        json j;
        try {
            j = json::parse(in);
        } catch (const json::exception& e) {
            r.fail("$", std::string("not JSON: ") + e.what());
        }
        if (!j.is_object() || j.value("format", "") != "clusterscope-claims" || j.value("version", 0) != 1)
            r.fail("$", "expected {\"format\": \"clusterscope-claims\", \"version\": 1, \"claims\": [...]}");
        const auto list = j.find("claims");
        if (list == j.end() || !list->is_array())
            r.fail("claims", "expected an array");
        for (std::size_t i = 0; i < list->size(); ++i) {
            const std::string path = "claims[" + std::to_string(i) + "]";
            Claim c = r.claim((*list)[i], path);
            if (!ids.insert(c.id).second)
                r.fail(path + ".id", "id '" + c.id + "' is used twice");
            claims.push_back(std::move(c));
        }
    }
    return claims;
}

} // namespace cs
