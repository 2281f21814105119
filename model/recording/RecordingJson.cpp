#include "model/recording/RecordingJson.h"
#include "model/core/JobSize.h"
#include "model/core/ModelError.h"
#include "model/core/AtomicFile.h"
#include "model/core/DocumentError.h"
#include "model/core/StrictJson.h"
#include "model/recording/CsrecParser.h"

#include <cmath>

namespace cs::rec {

using nlohmann::json;

namespace {

const json* member(const json& o, const char* key)
{
    const auto it = o.find(key);
    return it == o.end() || it->is_null() ? nullptr : &*it;
}

std::vector<std::string> strings(const json& o, const char* key, const std::string& at)
{
    std::vector<std::string> v;
    const json* a = member(o, key);
    if (!a)
        return v;
    if (!a->is_array())
        throw ModelError(at + "." + key + ": expected an array of strings");
    for (std::size_t i = 0; i < a->size(); ++i) {
        if (!(*a)[i].is_string())
            throw ModelError(at + "." + key + "[" + std::to_string(i) + "]: expected a string");
        v.push_back((*a)[i].get<std::string>());
    }
    return v;
}

} // namespace

RecordedRun recordedRunFromJson(const json& r, const std::string& at, std::size_t index)
{
    if (!r.is_object())
        throw ModelError(at + ": expected an object");
    RecordedRun run;
    run.index = index;
    const json* P = member(r, kJobSize);
    if (!P || !P->is_number_integer() || P->get<std::int64_t>() < 1 || P->get<std::int64_t>() > kMaxRanks)
        throw ModelError(at + ".P: expected the rank count, a whole number from 1 to " + std::to_string(kMaxRanks));
    run.P = P->get<int>();
    if (const json* s = member(r, "program"); s && s->is_string())
        run.program = s->get<std::string>();
    if (const json* s = member(r, "nodes"); s && s->is_string())
        run.nodes = s->get<std::string>();
    run.args = strings(r, "args", at);
    run.hosts = strings(r, "hosts", at);
    if (!run.hosts.empty() && run.hosts.size() != static_cast<std::size_t>(run.P))
        throw ModelError(at + ".hosts: " + std::to_string(run.hosts.size()) + " hosts for " + std::to_string(run.P) +
                         " ranks");
    if (const json* s = member(r, "compute_speed")) {
        if (!s->is_number() || !(s->get<double>() > 0) || !std::isfinite(s->get<double>()))
            throw ModelError(at + ".compute_speed: expected a number above 0");
        run.computeSpeed = s->get<double>();
    }
    if (const json* s = member(r, "truncated")) {
        if (!s->is_boolean())
            throw ModelError(at + ".truncated: expected true or false");
        run.truncated = s->get<bool>();
    }
    if (const json* s = member(r, "run")) {
        if (!s->is_number_integer() || s->get<std::int64_t>() < 0)
            throw ModelError(at + ".run: expected an index into results");
        run.run = s->get<int>();
    }
    const std::vector<std::string> ranks = strings(r, "ranks", at);
    if (ranks.size() != static_cast<std::size_t>(run.P))
        throw ModelError(at + ".ranks: " + std::to_string(ranks.size()) + " rank texts for P = " +
                         std::to_string(run.P));
    run.recording = parseRecording(ranks, at);
    return run;
}

std::vector<RecordedRun> recordingsFromJson(const json& file)
{
    std::vector<RecordedRun> out;
    if (!file.is_object())
        return out;
    const json* a = member(file, "recordings");
    if (!a)
        return out;
    if (!a->is_array())
        throw ModelError("recordings: expected an array");
    for (std::size_t i = 0; i < a->size(); ++i)
        out.push_back(recordedRunFromJson((*a)[i], "recordings[" + std::to_string(i) + "]", i));
    return out;
}

std::vector<RecordedRun> readRecordings(const std::string& path)
{
    json j;
    try {
        j = parseStrictJson(readFile(path));
    } catch (const DocumentError& e) {
        throw ModelError(path + ": not JSON: " + e.what());
    }
    try {
        return recordingsFromJson(j);
    } catch (const ModelError& e) {
        throw ModelError(path + ": " + e.what());
    }
}

} // namespace cs::rec
