#include "app/gui/runner/SamplesPlot.h"
#include "app/gui/runner/RunnerText.h"
#include "app/gui/sweeppanel/ChartView.h"
#include "app/plots/ChartHover.h"
#include "app/plots/PlotExport.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"
#include "app/plots/RateUnit.h"

#include "model/core/Unit.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cs::app {

using nlohmann::json;

namespace {

// "rtt@64" before "rtt@1024": runs of digits compare as numbers. (QCollator's
// numeric mode needs ICU, which a Qt build may lack.)
bool naturalLess(const QString& a, const QString& b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i].isDigit() && b[j].isDigit()) {
            const qsizetype i0 = i, j0 = j;
            while (i < a.size() && a[i].isDigit())
                ++i;
            while (j < b.size() && b[j].isDigit())
                ++j;
            const double x = a.mid(i0, i - i0).toDouble(), y = b.mid(j0, j - j0).toDouble();
            if (x != y)
                return x < y;
            continue;
        }
        if (a[i] != b[j])
            return a[i] < b[j];
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

// The series of a part with at least one number among its samples.
QStringList seriesWithSamples(const json& part)
{
    QStringList names;
    if (!part.is_object() || !part.contains("samples") || !part["samples"].is_object())
        return names;
    for (auto it = part["samples"].begin(); it != part["samples"].end(); ++it)
        if (it->is_array() && std::any_of(it->begin(), it->end(), [](const json& v) { return v.is_number(); }))
            names << QString::fromStdString(it.key());
    std::sort(names.begin(), names.end(), naturalLess);
    return names;
}

double number(const json& stats, const char* key)
{
    const auto it = stats.find(key);
    return it != stats.end() && it->is_number() ? it->get<double>() : std::numeric_limits<double>::quiet_NaN();
}

} // namespace

SamplesPlot::SamplesPlot(QWidget* parent) : QWidget(parent)
{
    setObjectName("samplesPlot");
    seriesLabel_ = new QLabel(tr("Raw samples of:"), this);
    series_ = new QComboBox(this);
    series_->setObjectName("samplesSeries");
    series_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    series_->setToolTip(tr("The measured series to show (each one's samples in measurement order)"));
    plot_ = new sweeppanel::ChartView(this);
    plot_->setObjectName("samplesChart");
    plot_->setMinimumSize(200, 140);
    plot_->setContextMenuPolicy(Qt::CustomContextMenu);
    plot_->installEventFilter(this);

    auto* top = new QHBoxLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(seriesLabel_);
    top->addWidget(series_);
    top->addStretch(1);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(3);
    layout->addLayout(top);
    layout->addWidget(plot_, 1);

    connect(series_, &QComboBox::currentIndexChanged, this, [this] { drawSeries(); });
    connect(plot_, &QWidget::customContextMenuRequested, this, &SamplesPlot::showContextMenu);
    showPlaceholder(tr("select a result to see its raw samples"));
}

QString SamplesPlot::currentSeries() const
{
    return series_->currentText();
}

void SamplesPlot::clearGraphs()
{
    samples_ = median_ = ciHigh_ = ciLow_ = nullptr;
    message_ = nullptr;
    plot_->setHover({});
}

void SamplesPlot::showPlaceholder(const QString& text)
{
    title_.clear();
    placeholder(text);
}

void SamplesPlot::placeholder(const QString& text)
{
    placeholder_ = text;
    part_ = nullptr;
    {
        const QSignalBlocker block(series_);
        series_->clear();
    }
    series_->setEnabled(false);
    clearGraphs();
    heading_ = title_.isEmpty() ? tr("Raw samples") : title_;
    plots::resetPlot(plot_, heading_);
    // An empty legend left in a row below would still cap the layout's width
    // (its maximum size counts though it is hidden): back into the axes.
    QCPLegend* legend = plot_->legend;
    if (legend->layout() == plot_->plotLayout()) {
        plot_->plotLayout()->take(legend);
        plot_->plotLayout()->simplify();
        plot_->axisRect()->insetLayout()->addElement(legend, Qt::AlignTop | Qt::AlignRight);
    }
    plot_->xAxis->setLabel(tr("repetition"));
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis})
        axis->setTickLabels(false); // no made-up 0..1 scale
    plots::showMessage(plot_, text);
    message_ = qobject_cast<QCPItemText*>(plot_->item(plot_->itemCount() - 1));
    fitLayout();
    plot_->replot();
}

void SamplesPlot::setResult(const json& r)
{
    const QString previous = currentSeries();
    title_.clear();
    summary_ = json::object();
    if (!r.is_object()) {
        placeholder(tr("no raw samples in this result"));
        return;
    }
    title_ = QString("%1 %2").arg(QString::fromStdString(r.value("probe", std::string("?"))), nodesText(r));
    const std::string status = r.value("status", std::string());
    if (!status.empty() && status != "ok") {
        const std::string reason = r.value("reason", std::string());
        placeholder(reason.empty() ? tr("this result is %1; it has no raw samples").arg(QString::fromStdString(status))
                                       : QString("%1: %2").arg(QString::fromStdString(status),
                                                               QString::fromStdString(reason)));
        return;
    }
    if (r.contains("summary") && r["summary"].is_object())
        summary_ = r["summary"];

    // The primary part: the one whose summary is the job's (the client of a
    // pair, the only part, rank 0); else the first part that has samples.
    const json parts = r.value("parts", json::array());
    const json* chosen = nullptr;
    for (const json& p : parts)
        if (p.is_object() && p.contains("summary") && p["summary"] == summary_ && !seriesWithSamples(p).isEmpty()) {
            chosen = &p;
            break;
        }
    if (!chosen)
        for (const json& p : parts)
            if (!seriesWithSamples(p).isEmpty()) {
                chosen = &p;
                break;
            }
    if (!chosen) {
        placeholder(tr("no raw samples in this result"));
        return;
    }
    const json part = *chosen;
    const QStringList names = seriesWithSamples(part);
    {
        const QSignalBlocker block(series_);
        series_->clear();
        series_->addItems(names);
        series_->setCurrentIndex(std::max(0, static_cast<int>(names.indexOf(previous))));
    }
    series_->setEnabled(names.size() > 1);
    part_ = part;
    placeholder_.clear();
    drawSeries();
}

void SamplesPlot::drawSeries()
{
    const std::string name = series_->currentText().toStdString();
    if (!part_.is_object() || name.empty())
        return;
    const json& raw = part_.at("samples").at(name);
    // The series' statistics: the part's summary, else the job's.
    json stats = json::object();
    for (const json& s : {part_.value("summary", json::object()), summary_}) {
        const json st = s.is_object() ? s.value("series", json::object()) : json::object();
        if (st.is_object() && st.contains(name) && st[name].is_object()) {
            stats = st[name];
            break;
        }
    }
    const double median = number(stats, "median");
    const double ciLo = number(stats, "ci_lo");
    const double ciHi = number(stats, "ci_hi");

    std::vector<double> values;
    double maxAbs = 0;
    for (const json& v : raw)
        values.push_back(v.is_number() ? v.get<double>() : std::numeric_limits<double>::quiet_NaN());
    for (double v : values)
        if (std::isfinite(v))
            maxAbs = std::max(maxAbs, std::abs(v));

    // The display unit the median reads best in (the results table's choice).
    const std::string unit = stats.value("unit", std::string());
    unitScale_ = 1.0;
    unitName_ = QString::fromStdString(unit);
    if (const auto kind = unitFromSymbol(unit)) {
        const DisplayUnit d = autoDisplayUnit(std::isfinite(median) ? median : maxAbs, *kind, plots::formatOptions());
        unitScale_ = d.scale;
        unitName_ = *kind == Unit::Count || *kind == Unit::Ratio || *kind == Unit::Choice
                        ? QString()
                        : QString::fromUtf8(d.name.data(), static_cast<int>(d.name.size()));
    }
    const plots::ScaleUnit display{unitScale_, unitName_};

    clearGraphs();
    int count = 0;
    for (double v : values)
        count += std::isfinite(v) ? 1 : 0;
    heading_ = tr("%1 of %2, n = %3").arg(QString::fromStdString(name), title_).arg(count);
    plots::resetPlot(plot_, heading_);
    const double n = static_cast<double>(values.size());
    const double x0 = 0.5, x1 = n + 0.5;
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    auto extend = [&](double v) {
        if (std::isfinite(v)) {
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    };

    const QColor sampleColor = plots::variantColor(0);
    const QColor medianColor = plots::variantColor(1);
    plots::ChartHover hover;
    QVector<double> xs, ys;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!std::isfinite(values[i]))
            continue;
        const double x = static_cast<double>(i + 1), y = values[i] / unitScale_;
        xs << x;
        ys << y;
        extend(y);
        hover.addPoint(x, y, tr("repetition %1 of %2: %3").arg(i + 1).arg(values.size()).arg(plots::formatWithUnit(y, display)));
    }
    samples_ = plot_->addGraph();
    samples_->setName(tr("samples"));
    samples_->setData(xs, ys, true);
    samples_->setLineStyle(QCPGraph::lsNone);
    QColor face = sampleColor;
    face.setAlpha(110);
    samples_->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(sampleColor, 1.2), face, 6));
    samples_->setPen(QPen(sampleColor));
    // The band and the median are added after the dots, so they are drawn above them.
    if (std::isfinite(ciLo) && std::isfinite(ciHi)) {
        // The band: its upper edge filled down to its lower edge.
        QColor fill = medianColor;
        fill.setAlpha(45);
        QColor edge = medianColor;
        edge.setAlpha(90);
        ciLow_ = plot_->addGraph();
        ciLow_->setData(QVector<double>{x0, x1}, QVector<double>{ciLo / unitScale_, ciLo / unitScale_});
        ciLow_->setPen(QPen(edge, 1));
        ciLow_->removeFromLegend();
        ciHigh_ = plot_->addGraph();
        ciHigh_->setName(tr("95% CI of the median"));
        ciHigh_->setData(QVector<double>{x0, x1}, QVector<double>{ciHi / unitScale_, ciHi / unitScale_});
        ciHigh_->setPen(QPen(edge, 1));
        ciHigh_->setBrush(fill);
        ciHigh_->setChannelFillGraph(ciLow_);
        extend(ciLo / unitScale_);
        extend(ciHi / unitScale_);
    }
    if (std::isfinite(median)) {
        median_ = plot_->addGraph();
        median_->setName(tr("median"));
        median_->setData(QVector<double>{x0, x1}, QVector<double>{median / unitScale_, median / unitScale_});
        median_->setPen(QPen(medianColor, 2));
        extend(median / unitScale_);
    }

    plot_->xAxis->setLabel(tr("repetition"));
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis})
        axis->setTickLabels(true);
    plot_->yAxis->setLabel(unitName_.isEmpty() ? QString::fromStdString(name)
                                               : QString("%1 (%2)").arg(QString::fromStdString(name), unitName_));
    plot_->xAxis->setRange(x0, x1);
    plots::setIntegerTicks(plot_->xAxis);
    plots::setPaddedRange(plot_->yAxis, lo, hi, 0.08);
    fitLayout();
    plot_->setHover(std::move(hover));
    plot_->replot();
}

void SamplesPlot::fitLayout()
{
    // The title and the message elided / wrapped to the plot's width.
    const int width = std::max(80, plot_->width() - 16);
    if (auto* title = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0)))
        title->setText(QFontMetrics(title->font()).elidedText(heading_, Qt::ElideMiddle, width));
    if (message_) {
        const QFontMetrics fm(message_->font());
        QStringList lines;
        for (const QString& word : placeholder_.split(' ')) {
            if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + ' ' + word) <= width)
                lines.back() += ' ' + word;
            else
                lines << word;
        }
        message_->setText(lines.join('\n'));
    }
    // The legend below the axes (inside, it would hide points: outliers sit
    // anywhere), in one row where the entries fit side by side;
    // placeLegendBelow's own estimate sizes every column for the widest entry.
    if (!samples_)
        return;
    QCPLegend* legend = plot_->legend;
    plots::placeLegendBelow(plot_);
    int needed = legend->margins().left() + legend->margins().right();
    int items = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (QCPAbstractLegendItem* item = legend->item(i)) {
            needed += item->minimumOuterSizeHint().width() + (items > 0 ? legend->columnSpacing() : 0);
            ++items;
        }
    if (items > 1 && needed + 8 <= plot_->width())
        plots::placeLegendBelow(plot_, items);
}

bool SamplesPlot::eventFilter(QObject* watched, QEvent* event)
{
    // After the chart's own resize handling has re-placed the legend.
    if (watched == plot_ && event->type() == QEvent::Resize)
        QMetaObject::invokeMethod(
            this,
            [this] {
                fitLayout();
                plot_->replot(QCustomPlot::rpQueuedReplot);
            },
            Qt::QueuedConnection);
    return QWidget::eventFilter(watched, event);
}

QString SamplesPlot::exportTo(const QString& path, int width, int height)
{
    // The whole title (the widget may show it elided).
    if (auto* title = qobject_cast<QCPTextElement*>(plot_->plotLayout()->element(0, 0)))
        title->setText(heading_);
    const QString problem = plots::exportPlot(plot_, path, width > 0 ? width : std::max(800, plot_->width()),
                                              height > 0 ? height : std::max(500, plot_->height()));
    fitLayout();
    plot_->replot();
    return problem;
}

void SamplesPlot::exportWithDialog()
{
    QString base = currentSeries();
    base.replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "-");
    const QString path =
        plots::askPlotExportPath(this, "samples" + (base.isEmpty() ? "" : "-" + base) + ".png");
    if (path.isEmpty())
        return;
    const QString problem = exportTo(path);
    if (!problem.isEmpty())
        QMessageBox::warning(this, tr("Export plot"), problem);
}

void SamplesPlot::showContextMenu(const QPoint& pos)
{
    QMenu menu(this);
    QAction* save = menu.addAction(tr("Export..."), this, &SamplesPlot::exportWithDialog);
    save->setToolTip(tr("Save this plot as PNG, SVG or PDF"));
    save->setEnabled(placeholder_.isEmpty());
    menu.exec(plot_->mapToGlobal(pos));
}

} // namespace cs::app
