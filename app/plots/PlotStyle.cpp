#include "app/plots/PlotStyle.h"
#include "app/plots/ChartWords.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace cs::plots {

QColor variantColor(int i)
{
    // Okabe-Ito: distinguishable with colour-vision deficiencies.
    static const QColor colors[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115),
                                    QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                    QColor(240, 228, 66), QColor(0, 0, 0)};
    return colors[static_cast<unsigned>(i) % 8];
}

QColor phaseColor(int i)
{
    // Tableau 20: ten hues, each dark then light, readable as adjacent
    // stacked segments; designs with many phases rarely show 20 at one point.
    static const QColor colors[] = {
        QColor(78, 121, 167),  QColor(242, 142, 43),  QColor(225, 87, 89),   QColor(118, 183, 178),
        QColor(89, 161, 79),   QColor(237, 201, 72),  QColor(176, 122, 161), QColor(255, 157, 167),
        QColor(156, 117, 95),  QColor(186, 176, 172), QColor(160, 203, 232), QColor(255, 190, 125),
        QColor(255, 157, 154), QColor(134, 188, 182), QColor(140, 209, 125), QColor(241, 206, 99),
        QColor(212, 166, 200), QColor(250, 191, 210), QColor(215, 181, 166), QColor(121, 112, 110)};
    return colors[static_cast<unsigned>(i) % 20];
}

QColor curveShade(const QColor& variant, double f)
{
    // From the colour mixed 60% with white to the colour mixed 45% with black:
    // every shade stays visible on white and keeps the variant's hue.
    f = std::clamp(std::isfinite(f) ? f : 0.0, 0.0, 1.0);
    auto mix = [](double a, double b, double t) { return a + (b - a) * t; };
    const double r = variant.redF(), g = variant.greenF(), b = variant.blueF();
    const double light[] = {mix(r, 1, 0.6), mix(g, 1, 0.6), mix(b, 1, 0.6)};
    const double dark[] = {r * 0.55, g * 0.55, b * 0.55};
    return QColor::fromRgbF(static_cast<float>(mix(light[0], dark[0], f)), static_cast<float>(mix(light[1], dark[1], f)),
                            static_cast<float>(mix(light[2], dark[2], f)));
}

ScaleUnit timeUnitFor(double maxSeconds)
{
    const double m = std::abs(maxSeconds);
    if (!(m > 0) || m >= 1.0)
        return {1.0, "s"};
    if (m >= 1e-3)
        return {1e-3, "ms"};
    if (m >= 1e-6)
        return {1e-6, "us"};
    return {1e-9, "ns"};
}

ScaleUnit scaleFor(Unit unit, double maxAbs, const FormatOptions& options)
{
    const double m = std::abs(maxAbs);
    struct Step {
        double scale;
        const char* name;
    };
    auto pick = [m](std::initializer_list<Step> steps) {
        // The largest unit that keeps the value at 1 or more.
        ScaleUnit best{steps.begin()->scale, steps.begin()->name};
        for (const Step& st : steps)
            if (m >= st.scale)
                best = {st.scale, st.name};
        return best;
    };
    switch (unit) {
    case Unit::Seconds:
        return timeUnitFor(maxAbs);
    case Unit::BytesPerSecond: // in the prefixes the user chose (Preferences; plots::formatOptions)
        if (options.bytePrefixes == BytePrefixes::Binary)
            return pick({{1, "B/s"}, {1024, "KiB/s"}, {1048576, "MiB/s"}, {1073741824, "GiB/s"}});
        return pick({{1, "B/s"}, {1e3, "KB/s"}, {1e6, "MB/s"}, {1e9, "GB/s"}});
    case Unit::Bytes:
        if (options.bytePrefixes == BytePrefixes::SI)
            return pick({{1, "B"}, {1e3, "KB"}, {1e6, "MB"}, {1e9, "GB"}});
        return pick({{1, "B"}, {1024, "KiB"}, {1048576, "MiB"}, {1073741824, "GiB"}});
    case Unit::SecondsPerByte:
        return pick({{1e-12, "ps/B"}, {1e-9, "ns/B"}, {1e-6, "us/B"}, {1e-3, "ms/B"}, {1, "s/B"}});
    case Unit::PerSecond:
        return pick({{1, "1/s"}, {1e3, "k/s"}, {1e6, "M/s"}});
    case Unit::USD:
        return {1, "USD"};
    default:
        return {1, ""};
    }
}

namespace {
// What a path names (a design parameter, a block's input or output), looked
// up in the design by name. Compiling the design to ask its plan cost the GUI
// thread about a second per call for a document of 300,000 parameters, and a
// finished sweep's charts made a dozen calls.
struct PathSpec {
    const ParamSpec* input = nullptr;
    const OutputSpec* output = nullptr;
};
PathSpec specOf(const Design& design, const std::string& path)
{
    if (const DesignParam* p = design.findDesignParam(path))
        return {&p->spec, nullptr};
    const auto dot = path.find('.'); // block names hold no '.'
    if (dot == std::string::npos)
        return {};
    const BlockInstance* b = design.findBlock(std::string_view(path).substr(0, dot));
    if (!b)
        return {};
    const std::string_view port = std::string_view(path).substr(dot + 1);
    if (const int i = b->spec().inputIndex(port); i >= 0)
        return {&b->spec().inputs[static_cast<std::size_t>(i)], nullptr};
    if (const int o = b->spec().outputIndex(port); o >= 0)
        return {nullptr, &b->spec().outputs[static_cast<std::size_t>(o)]};
    return {};
}
std::optional<Unit> outputUnit(const Design& design, const std::string& path)
{
    const PathSpec s = specOf(design, path);
    if (s.output)
        return s.output->unit;
    if (s.input)
        return s.input->unit;
    return std::nullopt;
}
std::string symbolOf(const std::string& path)
{
    const auto dot = path.rfind('.');
    return dot == std::string::npos ? path : path.substr(dot + 1);
}
} // namespace

Quantity totalQuantity(const DesignDocument& doc)
{
    Quantity q;
    {
        std::optional<Unit> unit;
        std::string symbol;
        bool sameUnit = true, sameSymbol = true;
        const auto variants = doc.effectiveVariants();
        for (const Variant& v : variants) {
            const auto u = outputUnit(doc.design, v.total);
            if (!u || (unit && *u != *unit))
                sameUnit = false;
            else
                unit = u;
            const std::string s = symbolOf(v.total);
            if (!symbol.empty() && s != symbol)
                sameSymbol = false;
            symbol = s;
        }
        if (variants.empty() || !sameUnit || !unit)
            return q;
        q.unit = *unit;
        q.symbol = sameSymbol ? QString::fromStdString(symbol)
                   : q.unit == Unit::Seconds ? QString("T")
                   : q.unit == Unit::BytesPerSecond ? QString("throughput")
                                                    : QString("total");
    }
    return q;
}

Quantity outputQuantity(const DesignDocument& doc, const std::string& path)
{
    Quantity q;
    q.symbol = QString::fromStdString(path);
    if (const auto u = outputUnit(doc.design, path))
        q.unit = *u;
    return q;
}

QString quantityLabel(const Quantity& q, const ScaleUnit& unit)
{
    return unit.name.isEmpty() ? q.symbol : QString("%1 (%2)").arg(q.symbol, unit.name);
}

QString formatWithUnit(double scaled, const ScaleUnit& unit)
{
    return unit.name.isEmpty() ? formatValue(scaled) : formatValue(scaled) + " " + unit.name;
}

int variantShape(int i)
{
    static const QCPScatterStyle::ScatterShape shapes[] = {QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                           QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    return shapes[(static_cast<unsigned>(i) / 8) % 4];
}

AxisDescription describeParameter(const DesignDocument& doc, const std::string& path)
{
    AxisDescription d;
    d.label = QString::fromStdString(path);
    {
        const ParamSpec* spec = specOf(doc.design, path).input;
        if (!spec)
            return d; // an unknown path: the bare path is the best label there is
        if (spec->unit == Unit::Count || spec->unit == Unit::Ratio) {
            // A count's "unit" is what it counts: say so from the meaning's first words.
            const QString meaning = shortMeaning(spec->meaning, 28);
            if (!meaning.isEmpty())
                d.label += " (" + meaning + ")";
            return d;
        }
        const std::string unitName = spec->displayUnit.empty() ? std::string(unitSymbol(spec->unit)) : spec->displayUnit;
        if (auto du = findDisplayUnit(unitName))
            d.unit = {du->scale, QString::fromUtf8(du->name.data(), static_cast<int>(du->name.size()))};
        else
            d.unit = {1.0, QString::fromStdString(unitName)};
        d.label += " (" + d.unit.name + ")";
    }
    return d;
}

QString shortMeaning(const std::string& meaning, int most)
{
    QString m = QString::fromStdString(meaning);
    const int cut = m.indexOf(QRegularExpression("[;,(]"));
    if (cut > 0)
        m = m.left(cut);
    m = m.trimmed();
    return m.size() <= most ? m : QString();
}

QString pathWords(const DesignDocument& doc, const std::string& path)
{
    const PathSpec s = specOf(doc.design, path);
    return shortMeaning(s.input ? s.input->meaning : s.output ? s.output->meaning : std::string());
}

QString totalWords(const DesignDocument& doc)
{
    std::optional<QString> words;
    for (const Variant& v : doc.effectiveVariants()) {
        const QString w = pathWords(doc, v.total);
        if (words && *words != w)
            return {};
        words = w;
    }
    return words.value_or(QString());
}

QString titleName(const QString& words, const QString& symbol)
{
    // The symbol stays, so the title still names what the axis and the tooltips write.
    return words.isEmpty() ? symbol : QString("%1 (%2)").arg(words, symbol);
}

QString formatValue(double v)
{
    if (std::isnan(v))
        return QStringLiteral("-");
    return QString::number(v, 'g', 4);
}

} // namespace cs::plots
