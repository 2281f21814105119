// The results table reads the document's "measured" array: entries of any
// shape are shown as rows, never thrown at the event loop.
#include "app/gui/runner/ResultsTable.h"
#include "app/gui/runner/RunnerText.h"

#include <catch2/catch.hpp>

using namespace cs::app;
using nlohmann::json;

TEST_CASE("results of any shape are shown without throwing", "[g-runner][hostile]")
{
    ResultsTable t;
    const json stored = json::parse(R"([
        5,
        {"probe": 7, "status": ["ok"], "duration_s": "long", "nodes": "a", "parts": 3},
        {"probe": "p", "status": "ok", "summary": {"derived": {"L": {"unit": 3}, "G": 5, "o": {"value": "x"}},
                                                    "series": 4}},
        {"probe": "q", "status": "failed", "reason": 12, "failed_nodes": "n1"},
        {"probe": "r", "status": "ok", "summary": {"derived": {"L": {"value": 1e-5, "unit": "s", "ci_lo": null}}}}
    ])");
    REQUIRE_NOTHROW(t.setResults(stored));
    REQUIRE(t.rowCount() == 5);
    CHECK(t.item(0, ResultsTable::Status)->text() == "unreadable");
    CHECK(t.item(1, ResultsTable::Probe)->text() == "?");
    CHECK(t.item(4, ResultsTable::Result)->text().startsWith("L = 10"));
    CHECK(derivedSummary(json(3), 3).isEmpty());
    CHECK(nodesText(json::array()).isEmpty());
}
