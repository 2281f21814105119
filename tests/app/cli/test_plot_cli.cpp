// clusterscope-cli plot, driven in-process (this test program has no
// QApplication: the command makes its own, offscreen).
#include "../../model/document/FftSweepDesign.h"
#include "CliTestSupport.h"
#include "app/cli/Cli.h"
#include "app/plots/SweepCsv.h"
#include "model/document/DocumentFormat.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using cs::test::cli;
namespace fs = std::filesystem;

namespace {

const std::string kFftDoc = cs::test::fftSweepDesign();

fs::path tempDir()
{
    const fs::path d = fs::temp_directory_path() / ("cs_plot_cli_" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

std::string writeDoc(const std::string& name, const std::string& text)
{
    const fs::path p = tempDir() / name;
    std::ofstream(p) << text;
    return p.string();
}

std::string head(const fs::path& p, std::size_t n)
{
    std::ifstream f(p, std::ios::binary);
    std::string s(n, '\0');
    f.read(s.data(), static_cast<std::streamsize>(n));
    s.resize(static_cast<std::size_t>(f.gcount()));
    return s;
}

bool oneLine(const std::string& s)
{
    return std::count(s.begin(), s.end(), '\n') == 1 && s.back() == '\n';
}

} // namespace

TEST_CASE("plot writes the speedup and breakdown charts as PNG, SVG and PDF", "[plots][cli]")
{
    const std::string doc = writeDoc("fft.json", kFftDoc);
    const fs::path png = tempDir() / "fft.png", svg = tempDir() / "fft.svg", pdf = tempDir() / "fft.pdf";
    fs::remove(png);

    const cs::test::CliResult r = cli({"plot", doc, "-o", png.string()});
    REQUIRE(r.rc == 0);
    CHECK(r.err.empty());
    // The document's P = 4 is swept, so the breakdown is taken there.
    CHECK(r.out == "wrote " + png.string() + ": speedup of 2 variants over 5 points, breakdown at P = 4\n");
    CHECK(head(png, 8) == std::string("\x89PNG\r\n\x1a\n", 8));
    CHECK(fs::file_size(png) > 5000);
    // Width and height of the PNG (IHDR, big-endian at bytes 16..23): the defaults 1400 x 560.
    const std::string ihdr = head(png, 24);
    auto be32 = [&](std::size_t at) {
        return (static_cast<unsigned char>(ihdr[at]) << 24) | (static_cast<unsigned char>(ihdr[at + 1]) << 16) |
               (static_cast<unsigned char>(ihdr[at + 2]) << 8) | static_cast<unsigned char>(ihdr[at + 3]);
    };
    CHECK(be32(16) == 1400);
    CHECK(be32(20) == 560);

    REQUIRE(cli({"plot", doc, "--log", "--at", "16", "-o", svg.string()}).rc == 0);
    CHECK(head(svg, 300).find("<svg") != std::string::npos);
    CHECK(fs::file_size(svg) > 5000);

    const cs::test::CliResult p = cli({"plot", doc, "--param", "P=1:8:log2", "--set", "rows=2048", "--stacked", "--width", "600",
                          "--height", "800", "-o", pdf.string()});
    REQUIRE(p.rc == 0);
    CHECK(p.out.find("over 4 points, breakdown at P = 4") != std::string::npos);
    CHECK(head(pdf, 5) == "%PDF-");
    CHECK(fs::file_size(pdf) > 2000);

    // --at picks the nearest swept value.
    const cs::test::CliResult at = cli({"plot", doc, "--at", "10", "-o", png.string()});
    REQUIRE(at.rc == 0);
    CHECK(at.out.find("breakdown at P = 8") != std::string::npos);
}

TEST_CASE("plot sweeps P over 1:16 when the document has no sweep axes", "[plots][cli]")
{
    std::string text = kFftDoc;
    const std::string axes = R"("axes": [{"path": "P", "values": "1,2,4,8,16"}])";
    text.replace(text.find(axes), axes.size(), R"("axes": [])");
    const std::string doc = writeDoc("noaxes.json", text);
    const cs::test::CliResult r = cli({"plot", doc, "-o", (tempDir() / "noaxes.png").string()});
    REQUIRE(r.rc == 0);
    CHECK(r.out.find("over 16 points") != std::string::npos);
}

TEST_CASE("plot rejects bad input with a one-line error and a non-zero exit", "[plots][cli]")
{
    const std::string doc = writeDoc("fft.json", kFftDoc);
    const std::string out = (tempDir() / "bad.png").string();

    const cs::test::CliResult noOut = cli({"plot", doc});
    CHECK(noOut.rc == 2);
    CHECK(oneLine(noOut.err));
    CHECK_THAT(noOut.err, Catch::Contains("plot needs -o FILE.png, FILE.svg or FILE.pdf"));

    const cs::test::CliResult gif = cli({"plot", doc, "-o", (tempDir() / "x.gif").string()});
    CHECK(gif.rc == 2);
    CHECK(oneLine(gif.err));
    CHECK_THAT(gif.err, Catch::Contains("use .png, .svg or .pdf"));
    CHECK_FALSE(fs::exists(tempDir() / "x.gif"));

    const cs::test::CliResult missing = cli({"plot", (tempDir() / "nosuch.json").string(), "-o", out});
    CHECK(missing.rc == 1);
    CHECK(oneLine(missing.err));

    const cs::test::CliResult broken = cli({"plot", writeDoc("broken.json", "{ not json"), "-o", out});
    CHECK(broken.rc == 1);
    CHECK_THAT(broken.err, Catch::StartsWith("clusterscope-cli plot: error: "));

    const cs::test::CliResult badParam = cli({"plot", doc, "--param", "nosuch=1:4", "-o", out});
    CHECK(badParam.rc == 1);
    CHECK(oneLine(badParam.err));
    CHECK_THAT(badParam.err, Catch::Contains("nosuch"));

    const cs::test::CliResult badWidth = cli({"plot", doc, "--width", "wide", "-o", out});
    CHECK(badWidth.rc == 2);
    CHECK_THAT(badWidth.err, Catch::Contains("--width must be a whole number of pixels from 100 to 20000, got 'wide'"));

    const cs::test::CliResult badAt = cli({"plot", doc, "--at", "many", "-o", out});
    CHECK(badAt.rc == 1);
    CHECK(oneLine(badAt.err));

    const cs::test::CliResult noDir = cli({"plot", doc, "-o", (tempDir() / "no" / "such" / "dir.png").string()});
    CHECK(noDir.rc == 1);
    CHECK(oneLine(noDir.err));
    CHECK_THAT(noDir.err, Catch::Contains("cannot write"));

    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("sweep --csv and the GUI's CSV export are one writer", "[plots][cli]")
{
    const std::string doc = writeDoc("fft.json", kFftDoc);
    const cs::test::CliResult r = cli({"sweep", doc, "--csv"});
    REQUIRE(r.rc == 0);
    const cs::DesignDocument d = cs::parseDocument(kFftDoc);
    std::ostringstream expected;
    cs::plots::writeSweepCsv(cs::runSweep(d, cs::documentAxes(d)), expected);
    CHECK(r.out == expected.str());
}
