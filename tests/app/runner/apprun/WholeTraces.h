#pragma once
// The check the live tests of a fetched recording share (RecordRemoteLiveTest.cpp over ssh, SlurmTest.cpp through
// srun): a runs file's one recording of P ranks, each rank's whole trace ("csrec 1 RANK P" first, "end" last).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace cs::test {

inline void checkWholeTraces(const nlohmann::json& results, int P)
{
    REQUIRE(results.at("recordings").size() == 1);
    const nlohmann::json& rec = results["recordings"][0];
    CHECK(rec["P"] == P);
    CHECK(rec["truncated"] == false);
    REQUIRE(rec["ranks"].size() == static_cast<std::size_t>(P));
    for (int r = 0; r < P; ++r) {
        const std::string trace = rec["ranks"][r].get<std::string>();
        INFO("rank " << r);
        CHECK(trace.rfind("csrec 1 " + std::to_string(r) + " " + std::to_string(P) + "\n", 0) == 0);
        CHECK(trace.size() > 6);
        CHECK(trace.substr(trace.size() - 4) == "end\n");
    }
}

} // namespace cs::test
