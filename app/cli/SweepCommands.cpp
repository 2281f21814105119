#include "app/cli/SweepCommands.h"
#include "app/cli/Cli.h"
#include "app/cli/DocumentInput.h"
#include "app/cli/PrintableStream.h"
#include "app/cli/TableOutput.h"
#include "model/core/ModelError.h"
#include "model/core/Plan.h"
#include "model/core/Printable.h"
#include "model/core/AtomicFile.h"
#include "model/sweep/RankCounts.h"
#include "app/plots/SweepCsv.h"
#include "model/sweep/Pareto.h"
#include "model/sweep/Sensitivity.h"
#include "model/document/SweepAxis.h"
#include "model/document/VariantSlots.h"
#include "model/document/AxisResolve.h"

#include <nlohmann/json.hpp>

#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>

namespace cs::cli {

DesignDocument documentFromArgs(const Args& args, const char* command)
{
    if (args.positional().size() != 1)
        throw UsageError(std::string(command) + " expects one DESIGN.json or preset name");
    DesignDocument doc = openDocument(args.positional()[0]);
    for (const std::string& s : args.values("--set"))
        doc = withAssignment(std::move(doc), s);
    if (auto b = args.value("--baseline"))
        doc = withSpeedupBaseline(std::move(doc), *b);
    return doc;
}

std::vector<SweepAxisValues> axesFromArgs(const DesignDocument& doc, const Args& args)
{
    const auto params = args.values("--param");
    if (params.empty())
        return documentAxes(doc);
    std::vector<SweepAxis> wanted;
    for (const std::string& p : params) {
        auto [path, spec] = splitAssignment(p, "--param");
        wanted.push_back({path, spec});
    }
    try {
        return resolveAxes(doc.design, wanted);
    } catch (const ModelError& e) {
        throw ModelError(std::string("--param ") + e.what());
    }
}

SweepTable sweepWithProgress(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes, std::ostream& err,
                             std::vector<std::string> extraOutputs, SweepOptions opts)
{
    std::size_t points = 1;
    for (const auto& a : axes)
        points *= a.values.size();
    opts.extraOutputs = std::move(extraOutputs);
    int lastPercent = -1;
    const bool show = points >= 20000;
    if (show)
        opts.progress = [&](std::size_t done, std::size_t total) {
            const int percent = static_cast<int>(100 * done / total);
            if (percent / 5 != lastPercent / 5) {
                startLine(err);
                err << "sweep: " << std::setw(3) << percent << "% (" << done << "/" << total << " points)"
                    << std::flush;
                lastPercent = percent;
            }
        };
    // A progress line, once written, ends before anything else is, an error too.
    struct EndLine {
        const int& lastPercent;
        std::ostream& err;
        ~EndLine()
        {
            if (lastPercent >= 0)
                err << "\n";
        }
    } endLine{lastPercent, err};
    // A block that counts other ranks than the job's is told, with both numbers (RankCounts.h).
    for (const std::string& w : rankCountWarnings(doc, axes))
        err << "clusterscope-cli: warning: " << printable(w) << "\n";
    return runSweep(doc, axes, opts);
}

void emit(const Args& args, const std::string& text, std::ostream& out)
{
    if (auto file = args.value("-o"))
        writeFileAtomically(*file, text);
    else
        out << text;
}

namespace {

// `sweep`: rows are written as they are computed, in any of the three
// formats, never held as a table, so a sweep's size is bounded by time, not
// memory (a 10^7-point sweep needs a few MB). With -o they go to the file
// through an atomic writer (nothing appears until the end).
enum class Format { Text, Csv, Json };

int streamRows(const DesignDocument& doc, const std::vector<SweepAxisValues>& axes, const Args& args, Format format,
               std::ostream& out, std::ostream& err)
{
    std::optional<AtomicFileWriter> file;
    if (auto path = args.value("-o"))
        file.emplace(*path);
    // One buffer of text, written out in pieces of about 1 MiB. CSV rows are
    // appended to it directly (to_chars numbers, no stream); the text and
    // JSON writers go through a reused stream.
    std::string buffer;
    buffer.reserve((1 << 20) + (1 << 16));
    std::ostringstream piece;
    auto append = [&](auto write) {
        piece.str({});
        write(piece);
        buffer += piece.view();
    };
    bool header = false;
    bool first = true;
    auto flush = [&](bool always) {
        if (!always && buffer.size() < (1 << 20))
            return;
        if (file)
            file->write(buffer);
        else
            out.write(buffer.data(), static_cast<std::streamsize>(buffer.size()));
        buffer.clear();
    };
    auto writeHeader = [&](const SweepTable& layout) {
        if (format == Format::Csv)
            plots::appendSweepCsvHeader(layout, buffer);
        else if (format == Format::Json)
            append([&](std::ostream& o) { writeJsonHeader(layout, o); });
        else
            append([&](std::ostream& o) { writeTextHeader(layout, o); });
        header = true;
    };
    SweepOptions opts;
    opts.onRow = [&](const SweepTable& layout, const SweepRow& row) {
        if (!header)
            writeHeader(layout);
        if (format == Format::Csv)
            plots::appendSweepCsvRow(layout, row, buffer);
        else if (format == Format::Json)
            append([&](std::ostream& o) { writeJsonRow(layout, row, first, o); });
        else
            append([&](std::ostream& o) { writeTextRow(layout, row, o); });
        first = false;
        flush(false);
    };
    const SweepTable layout = sweepWithProgress(doc, axes, err, args.values("--output"), std::move(opts));
    if (!header)
        writeHeader(layout);
    if (format == Format::Json)
        append([&](std::ostream& o) { writeJsonEnd(layout, o); });
    flush(true);
    if (file)
        file->commit();
    else
        out.flush();
    return 0;
}

} // namespace

int sweepCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--param", "--set", "--baseline", "-o", "--output"}, {"--csv", "--json"});
    const DesignDocument doc = documentFromArgs(args, "sweep");
    const auto axes = axesFromArgs(doc, args);
    if (axes.empty())
        throw UsageError("sweep needs --param NAME=SPEC (or sweep axes in the document)");
    const Format format = args.flag("--json") ? Format::Json : args.flag("--csv") ? Format::Csv : Format::Text;
    return streamRows(doc, axes, args, format, out, err);
}

int paretoCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream& err)
{
    const Args args(words, {"--param", "--set", "--baseline", "-o", "--target", "--target-speedup"}, {"--json", "--csv"});
    const DesignDocument doc = documentFromArgs(args, "pareto");
    const auto axes = axesFromArgs(doc, args);
    const SweepTable t = sweepWithProgress(doc, axes, err);
    const bool bySpeedup = args.value("--target-speedup").has_value();
    const std::vector<std::size_t> front = paretoFront(t, bySpeedup);
    std::optional<std::size_t> cheapest;
    double target = 0;
    if (auto v = args.value(bySpeedup ? "--target-speedup" : "--target")) {
        target = parseQuantity(*v, bySpeedup ? Unit::Ratio : Unit::Seconds);
        cheapest = cheapestMeeting(t, target, bySpeedup);
    }
    std::ostringstream s;
    if (args.flag("--json")) {
        nlohmann::json j;
        j["front"] = nlohmann::json::array();
        for (std::size_t r : front)
            j["front"].push_back(rowToJson(t, r));
        if (args.value("--target") || bySpeedup) {
            j["target"] = target;
            j["cheapest"] = cheapest ? rowToJson(t, *cheapest) : nlohmann::json(nullptr);
        }
        s << j.dump(2) << "\n";
    } else {
        s << "Pareto front of cost against " << (bySpeedup ? "speedup" : "time") << " (" << front.size() << " of "
          << t.rows() << " designs):\n";
        auto describe = [&](std::size_t r) {
            std::ostringstream d;
            d << std::left << std::setw(10) << printable(t.variants[r % t.variants.size()]);
            for (std::size_t a = 0; a < t.axes.size(); ++a)
                d << " " << t.axes[a] << "=" << formatNumber(t.axis(r / t.variants.size(), a));
            d << "  cost " << formatNumber(t.at(r, 3)) << " USD  T " << formatNumber(t.at(r, 0)) << " s  speedup "
              << formatRatio(t.at(r, 1));
            return d.str();
        };
        for (std::size_t r : front)
            s << "  " << describe(r) << "\n";
        if (args.value("--target") || bySpeedup) {
            if (cheapest)
                s << "cheapest design meeting " << (bySpeedup ? "speedup >= " : "T <= ") << formatNumber(target)
                  << ":\n  " << describe(*cheapest) << "\n";
            else
                s << "no design meets " << (bySpeedup ? "speedup >= " : "T <= ") << formatNumber(target) << "\n";
        }
    }
    emit(args, s.str(), out);
    return 0;
}

int sensitivityCommand(const std::vector<std::string>& words, std::ostream& out, std::ostream&)
{
    const Args args(words, {"--set", "--baseline", "--variant", "--at", "--output", "--step", "-o"}, {"--json"});
    const DesignDocument doc = documentFromArgs(args, "sensitivity");
    const auto variants = doc.effectiveVariants();
    if (variants.empty())
        throw ModelError("the design has no variant to analyse");
    const std::string variant = args.value("--variant").value_or(variants.front().name);
    std::vector<std::pair<std::string, double>> at;
    const Plan plan = doc.design.compile();
    for (const std::string& a : args.values("--at")) {
        auto [path, text] = splitAssignment(a, "--at");
        const int slot = writableSlot(plan, path);
        at.emplace_back(path, plan.inputSpecAt(slot)->parse(text));
    }
    const double step = args.value("--step") ? parseQuantity(*args.value("--step"), Unit::Ratio) : 0.1;
    if (!(step > 0 && step < 1))
        throw ModelError("--step must be between 0 and 1, got " + formatNumber(step));
    const SensitivityResult r = sensitivity(doc, variant, at, args.value("--output").value_or(""), step);
    std::ostringstream s;
    if (args.flag("--json")) {
        nlohmann::json bars = nlohmann::json::array();
        for (const auto& b : r.bars)
            bars.push_back({{"path", b.path}, {"base", b.base}, {"low", b.low}, {"high", b.high},
                            {"outLow", b.outLow}, {"outHigh", b.outHigh}, {"swing", b.swing()}});
        s << nlohmann::json{{"variant", variant}, {"output", r.output}, {"base", r.baseOutput}, {"step", step},
                            {"bars", bars}}
                 .dump(2)
          << "\n";
    } else {
        s << "sensitivity of " << r.output << " (variant " << variant << ") = " << formatNumber(r.baseOutput)
          << " to +/-" << formatNumber(step * 100) << "% in each parameter:\n";
        for (const auto& b : r.bars) {
            if (b.swing() == 0)
                continue;
            s << "  " << std::left << std::setw(22) << b.path << std::right << std::setw(13)
              << formatNumber(b.outLow) << " .. " << std::left << std::setw(13) << formatNumber(b.outHigh)
              << " swing " << formatNumber(b.swing()) << "\n";
        }
    }
    emit(args, s.str(), out);
    return 0;
}

} // namespace cs::cli
