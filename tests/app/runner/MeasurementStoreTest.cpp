// The live tests' store of measurements (MeasurementStore.h): a request measured once is reused with its files
// as they were; another request, a failed run, or another digest of the sources that measure is measured anew.
#include "MeasurementStore.h"

#include <QDir>
#include <QTemporaryDir>

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using cs::test::MeasurementStore;
using nlohmann::json;

namespace {

std::string readFile(const std::string& path)
{
    std::ifstream f(path);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

} // namespace

TEST_CASE("the store of measurements reuses a request's files and what it said, and measures anything else anew",
          "[store]")
{
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string root = dir.filePath("store").toStdString(), out = dir.filePath("runs.json").toStdString();
    int runs = 0;
    // A measurement that writes its run's number: a reused one writes nothing and keeps the first number.
    const auto measure = [&](std::string& said) {
        ++runs;
        std::ofstream(out) << "run " << runs;
        said = "measured " + std::to_string(runs);
        return 0;
    };
    const json request = {{"command", "run-app"}, {"argv", {"P=2"}}};
    MeasurementStore store(root, "aaaaaaaaaaaaaaaaaaaa");
    REQUIRE(store.enabled());
    const MeasurementStore::Measured first = store.measure("a run", request, {out}, measure);
    CHECK_FALSE(first.reused);
    CHECK(first.said == "measured 1");
    std::ofstream(out) << "changed since";
    const MeasurementStore::Measured again = store.measure("a run", request, {out}, measure);
    CHECK(again.reused);
    CHECK(again.said == "measured 1");
    CHECK(readFile(out) == "run 1"); // written back as it was measured
    CHECK(runs == 1);

    // Another request is measured; a failed run is not kept, and is run again next time.
    CHECK_FALSE(store.measure("a run", {{"command", "run-app"}, {"argv", {"P=4"}}}, {out}, measure).reused);
    CHECK(runs == 2);
    const json failing = {{"command", "verify --nodes"}};
    const auto fail = [&](std::string& said) {
        ++runs;
        said = "no";
        return 3;
    };
    CHECK(store.measure("a failing run", failing, {out}, fail).rc == 3);
    CHECK(store.measure("a failing run", failing, {out}, fail).rc == 3);
    CHECK(runs == 4);

    // Another digest (a change to what measures) starts empty, and the old digest's runs are gone.
    MeasurementStore changed(root, "bbbbbbbbbbbbbbbbbbbb");
    CHECK_FALSE(changed.measure("a run", request, {out}, measure).reused);
    CHECK(runs == 5);
    CHECK_FALSE(QDir(dir.filePath("store/aaaaaaaaaaaaaaaa")).exists());

    // A seed is kept once and given back.
    CHECK(changed.seed("tree22", 17) == 17);
    CHECK(changed.seed("tree22", 99) == 17);

    // "off": every run measured, nothing kept.
    MeasurementStore off("off", "cccccccccccccccccccc");
    CHECK_FALSE(off.enabled());
    CHECK_FALSE(off.measure("a run", request, {out}, measure).reused);
    CHECK(off.seed("tree22", 5) == 5);
}
