#pragma once
// Helpers for the preset tests: load a preset from presets/ in the source
// tree, sweep it with cs::runSweep, and read the table by variant name and
// axis value.
#include "model/core/Plan.h"
#include "model/document/DocumentFormat.h"
#include "model/sweep/Sweep.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace cs::test::presets {

inline std::string presetDirectory()
{
    return std::string(CS_SOURCE_DIR) + "/presets";
}

inline std::string presetPath(const std::string& name)
{
    return presetDirectory() + "/" + name + ".json";
}

inline DesignDocument loadPreset(const std::string& name)
{
    return loadDocument(presetPath(name));
}

// The preset `name` evaluated at its point with the inputs `set` ({path, value}, e.g. {"app.ack", 0.0218}): the
// values of `read`, in order.
inline std::vector<double> evaluatePreset(const std::string& name, const std::vector<std::pair<std::string, double>>& set,
                                          const std::vector<std::string>& read)
{
    const DesignDocument doc = loadPreset(name);
    const Plan plan = doc.design.compile();
    std::vector<double> slots = plan.initialSlots();
    for (const auto& [path, value] : set)
        slots[static_cast<std::size_t>(plan.slotOf(path))] = value;
    plan.runOrThrow(slots.data());
    std::vector<double> out;
    for (const std::string& path : read)
        out.push_back(slots[static_cast<std::size_t>(plan.slotOf(path))]);
    return out;
}

// Every preset file, by name (file name without ".json"), sorted.
inline std::vector<std::string> presetNames()
{
    std::vector<std::string> names;
    for (const auto& e : std::filesystem::directory_iterator(presetDirectory()))
        if (e.is_regular_file() && e.path().extension() == ".json")
            names.push_back(e.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

// A sweep table read by variant name, point and column.
class Result {
public:
    explicit Result(SweepTable t) : table(std::move(t)) {}

    SweepTable table;

    std::size_t variant(const std::string& name) const
    {
        const auto it = std::find(table.variants.begin(), table.variants.end(), name);
        INFO("variant '" << name << "'");
        REQUIRE(it != table.variants.end());
        return static_cast<std::size_t>(it - table.variants.begin());
    }
    // The point whose first axis has value `x`.
    std::size_t point(double x) const
    {
        for (std::size_t p = 0; p < table.points; ++p)
            if (table.axis(p, 0) == x)
                return p;
        INFO("axis value " << x);
        FAIL("no such point");
        return 0;
    }
    double at(const std::string& variantName, std::size_t point, const std::string& column = "T") const
    {
        const int c = table.column(column);
        INFO("column '" << column << "'");
        REQUIRE(c >= 0);
        return table.at(point * table.variants.size() + variant(variantName), static_cast<std::size_t>(c));
    }
    // The table row of the variant at the point where the first axis is x.
    std::size_t rowAt(const std::string& variantName, double x) const
    {
        return point(x) * table.variants.size() + variant(variantName);
    }
    // Value of `column` for the variant at the point where the first axis is x.
    double atAxis(const std::string& variantName, double x, const std::string& column = "T") const
    {
        return at(variantName, point(x), column);
    }
};

// Runs the sweep on one thread and requires that no point failed.
inline Result sweep(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes,
                    const std::vector<std::string>& extraOutputs = {})
{
    SweepOptions o;
    o.threads = 1;
    o.extraOutputs = extraOutputs;
    Result r(runSweep(doc, axes, o));
    if (!r.table.errors.empty())
        FAIL("row " << r.table.errors.front().first << ": " << r.table.errors.front().second);
    return r;
}

// |value / reference - 1| <= tolerance.
inline bool within(double value, double reference, double tolerance)
{
    return std::abs(value / reference - 1.0) <= tolerance;
}

} // namespace cs::test::presets
