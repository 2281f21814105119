#include "app/gui/calibration/SweepOverlay.h"
#include "app/document/DocumentModel.h"
#include "app/gui/sweeppanel/SweepPanel.h"
#include "app/gui/widgets/QtStrings.h"
#include "app/plots/PlotLayout.h"
#include "app/plots/PlotStyle.h"
#include "app/plots/TableSlice.h"
#include "model/core/ModelError.h"
#include "model/core/OutOfMemory.h"
#include "model/core/Unit.h"
#include "model/document/DocumentFormat.h"
#include "model/verification/VerifyTargets.h"

#include <QtConcurrent>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <functional>

namespace cs::app::calibration {

namespace {

// The chart's y value of variant 0 at x along the x axis (other axes at
// point 0's values), linearly interpolated; NaN outside the swept range.
double interpolate(const SweepTable& t, const plots::SpeedupChartFrame& f, double x)
{
    std::vector<std::pair<double, double>> pts;
    const std::size_t nv = t.variants.size();
    for (std::size_t p = 0; p < t.points; ++p) {
        bool first = true;
        for (std::size_t a = 0; a < t.axes.size(); ++a)
            if (static_cast<int>(a) != f.xAxis && t.axis(p, a) != t.axis(0, a))
                first = false;
        const double y = t.at(p * nv, static_cast<std::size_t>(f.yColumn));
        if (first && std::isfinite(y))
            pts.emplace_back(t.axis(p, static_cast<std::size_t>(f.xAxis)), y);
    }
    std::sort(pts.begin(), pts.end());
    for (std::size_t i = 0; i + 1 < pts.size(); ++i)
        if (x >= pts[i].first && x <= pts[i + 1].first) {
            const double span = pts[i + 1].first - pts[i].first;
            const double w = span > 0 ? (x - pts[i].first) / span : 0.0;
            return pts[i].second + w * (pts[i + 1].second - pts[i].second);
        }
    if (pts.size() == 1 && pts[0].first == x)
        return pts[0].second;
    return std::nan("");
}

std::vector<SweepAxisValues> axesOf(const SweepTable& t)
{
    std::vector<SweepAxisValues> axes;
    for (std::size_t a = 0; a < t.axes.size(); ++a)
        axes.push_back({t.axes[a], plots::axisLevels(t, static_cast<int>(a))});
    return axes;
}

} // namespace

SweepOverlay::SweepOverlay(DocumentModel* model, SweepPanel* sweep, QObject* parent)
    : QObject(parent), model_(model), sweep_(sweep)
{
    connect(&watcher_, &QFutureWatcherBase::finished, this, &SweepOverlay::onBandDone);
    // New probe results are new measured series: redraw (the sweep itself is unchanged).
    connect(model_, &DocumentModel::resultsChanged, sweep_, &SweepPanel::redrawSpeedupChart);
    sweep_->setSpeedupOverlay([this](QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                                     const DesignDocument& doc, const plots::SpeedupChartOptions& options) {
        draw(plot, hover, table, doc, options);
    });
}

SweepOverlay::~SweepOverlay()
{
    watcher_.waitForFinished();
}

bool SweepOverlay::hasCalibratedInputs(const DesignDocument& doc)
{
    for (const BlockInstance& b : doc.design.blocks())
        for (const ParamValue& v : b.values)
            if (v.provenance.kind == ProvenanceKind::Calibrated && v.provenance.ciHigh > v.provenance.ciLow)
                return true;
    return false;
}

QString SweepOverlay::addImported(const std::vector<calib::MeasuredSeries>& series, const QString& file)
{
    // The chart redraws on the model's resultsChanged.
    nlohmann::json more = nlohmann::json::array();
    for (const calib::MeasuredSeries& s : series)
        more.push_back(calib::importedJson(s, file.toStdString()));
    return model_->apply(tr("Import %1").arg(file), edit::op::appendImported(std::move(more)));
}

QString SweepOverlay::clearImported()
{
    if (importedCount() == 0)
        return {};
    return model_->apply(tr("Clear imported series"), edit::op::setImported(nlohmann::json::array()));
}

int SweepOverlay::importedCount() const
{
    const nlohmann::json& imported = model_->doc().imported;
    return imported.is_array() ? static_cast<int>(imported.size()) : 0;
}

void SweepOverlay::setShowMeasured(bool on)
{
    showMeasured_ = on;
    sweep_->redrawSpeedupChart();
}

void SweepOverlay::setShowBand(bool on)
{
    showBand_ = on;
    sweep_->redrawSpeedupChart();
}

void SweepOverlay::draw(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                        const DesignDocument& doc, const plots::SpeedupChartOptions& options)
{
    states_.clear();
    chartHint_.clear();
    bandDrawn_ = false;
    const plots::SpeedupChartFrame frame = plots::speedupChartFrame(table, options);
    if (frame.xAxis < 0 || frame.yColumn < 0 || table.points == 0) {
        bandNote_.clear();
        emit drawn();
        return;
    }
    drawUncertainty(plot, hover, table, doc, frame); // under the measured points
    if (showMeasured_)
        drawSeries(plot, hover, table, doc, options, frame);
    plots::refitLegend(plot); // the legend's columns for the entries added here
    emit drawn();
}

void SweepOverlay::drawSeries(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                              const DesignDocument& doc, const plots::SpeedupChartOptions& options,
                              const plots::SpeedupChartFrame& frame)
{
    const std::string axisPath = table.axes[static_cast<std::size_t>(frame.xAxis)];
    std::vector<std::pair<calib::MeasuredSeries, QString>> all;
    // `doc` is the design as swept (the predictions); the measurements are the document's as it is now,
    // since results change without a new sweep (a probe run, an import, an undo).
    const DesignDocument& now = model_->doc();
    // The application runs are the Verify page's points (VerifyDraw), not series of a probe parameter.
    nlohmann::json probes = nlohmann::json::array();
    if (now.measured.is_array())
        for (const nlohmann::json& r : now.measured)
            if (!r.is_object() || !verify::isApplicationProbe(verify::probeOf(r)))
                probes.push_back(r);
    if (!probes.empty()) {
        try {
            for (calib::MeasuredSeries& s : calib::measuredSeries(probes, &doc))
                all.emplace_back(std::move(s), tr("probe results"));
        } catch (const ModelError& e) {
            SeriesState st;
            st.name = tr("probe results");
            st.note = q(e.what());
            states_.push_back(st);
        }
    }
    for (calib::ImportedSeries& i : calib::importedSeries(now))
        all.emplace_back(std::move(i.series), q(i.file));

    const std::vector<Variant> variants = doc.effectiveVariants();
    const std::string totalUnit(unitSymbol(options.total.unit));
    std::vector<PlacedSeries> placed;
    for (auto& [series, source] : all) {
        SeriesState st;
        st.name = q(series.name);
        st.source = source;
        st.points = static_cast<int>(series.x.size());
        calib::MeasuredSeries m = series;
        const bool csv = m.probe.empty();
        if (m.xPath.empty() && csv)
            m.xPath = axisPath; // a CSV's x is the chart's x
        if (m.xPath.empty()) {
            st.note = tr("no input of this design stands for its x (%1)").arg(q(m.xName));
            states_.push_back(st);
            continue;
        }
        if (m.xPath != axisPath) {
            st.note = tr("its x is %1; sweep %1 to see it here").arg(q(m.xPath));
            st.sweepPath = q(m.xPath);
            states_.push_back(st);
            continue;
        }
        PlacedSeries p;
        p.name = st.name;
        p.x = m.x;
        p.y = m.y;
        p.yLow = m.yLow;
        p.yHigh = m.yHigh;
        p.predicted.assign(m.x.size(), std::nan(""));
        // The chart's own quantity (speedup, or a variant's total time), or
        // another one (a link's latency beside an FFT's time): that one goes
        // on the right-hand axis, so it is never read as the chart's.
        const bool isTotal = m.yPath.empty() || std::any_of(variants.begin(), variants.end(), [&](const Variant& v) {
                                 return v.total == m.yPath;
                             });
        const bool same = frame.bySpeedup ? (m.yUnit.empty() || m.yUnit == "ratio")
                                          : ((m.yUnit.empty() || m.yUnit == totalUnit) && isTotal);
        if (!same) {
            const std::optional<Unit> unit = unitFromSymbol(m.yUnit);
            double biggest = 0;
            for (double y : m.y)
                if (std::isfinite(y))
                    biggest = std::max(biggest, std::fabs(y));
            const DisplayUnit du =
                unit ? autoDisplayUnit(biggest, *unit, options.format) : DisplayUnit{m.yUnit, Unit::Ratio, 1.0};
            p.ownAxis = true;
            p.axisScale = du.scale;
            p.axisLabel = du.name.empty() ? q(m.yName) : QString("%1 (%2)").arg(q(m.yName), q(std::string(du.name)));
        }
        if (frame.bySpeedup && same) {
            for (std::size_t i = 0; i < m.x.size(); ++i)
                p.predicted[i] = interpolate(table, frame, m.x[i]);
        } else if (!m.yPath.empty() || (same && !variants.empty())) {
            if (m.yPath.empty())
                m.yPath = variants.front().total;
            try {
                const calib::Comparison c = calib::compareWithDesign(doc, m);
                for (const calib::ValidationPoint& vp : c.points)
                    for (std::size_t i = 0; i < m.x.size(); ++i)
                        if (m.x[i] == vp.x && !std::isfinite(p.predicted[i]))
                            p.predicted[i] = vp.predicted;
            } catch (const ModelError& e) {
                st.note = tr("no prediction: %1").arg(q(e.what()));
            }
        }
        double sum = 0, worst = 0;
        int n = 0;
        for (std::size_t i = 0; i < m.x.size(); ++i)
            if (std::isfinite(p.predicted[i]) && m.y[i] != 0) {
                const double e = std::abs((p.predicted[i] - m.y[i]) / m.y[i]);
                sum += e;
                worst = std::max(worst, e);
                ++n;
            }
        p.meanAbsRelError = n ? sum / n : std::nan("");
        p.maxAbsRelError = n ? worst : std::nan("");
        st.drawn = true;
        st.meanAbsRelError = p.meanAbsRelError;
        if (n)
            st.note = tr("mean |error| %1, max %2 over %3 points")
                          .arg(percent(p.meanAbsRelError, false), percent(p.maxAbsRelError, false))
                          .arg(n);
        else if (st.note.isEmpty())
            st.note = tr("drawn; no prediction at its x values");
        states_.push_back(st);
        placed.push_back(std::move(p));
    }
    if (!placed.empty()) {
        drawMeasured(plot, hover, frame, q(axisPath), placed);
        return;
    }
    // Measurements that this sweep cannot show: say so on the chart, and what to sweep.
    QStringList paths;
    for (const SeriesState& st : states_)
        if (!st.sweepPath.isEmpty() && !paths.contains(st.sweepPath))
            paths << st.sweepPath;
    if (paths.isEmpty())
        return;
    chartHint_ = tr("Measured points are not shown: they were taken over %1, this chart is over %2.\n"
                    "Sweep %1 to see them against the prediction.")
                     .arg(paths.join(tr(" or ")), q(axisPath));
    auto* hint = new QCPItemText(plot);
    hint->setObjectName("measuredHint");
    hint->position->setType(QCPItemPosition::ptAxisRectRatio);
    hint->position->setCoords(0.5, 0.02);
    hint->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
    hint->setText(chartHint_);
    hint->setColor(QColor(0x55, 0x55, 0x55));
    hint->setBrush(QColor(255, 255, 255, 220));
    hint->setPadding(QMargins(6, 3, 6, 3));
    hint->setClipToAxisRect(true);
}

void SweepOverlay::drawUncertainty(QCustomPlot* plot, plots::ChartHover& hover, const SweepTable& table,
                                   const DesignDocument& doc, const plots::SpeedupChartFrame& frame)
{
    bandNote_.clear();
    if (!showBand_)
        return;
    if (!hasCalibratedInputs(doc)) {
        bandNote_ = tr("No band: the design has no calibrated parameter with a confidence interval.");
        return;
    }
    const std::string column = frame.bySpeedup ? "speedup" : "T";
    const std::vector<SweepAxisValues> axes = axesOf(table);
    std::string key = serializeDocument(doc) + "|" + column;
    for (const SweepAxisValues& a : axes) {
        key += "|" + a.path;
        for (double v : a.values)
            key += "," + formatNumber(v);
    }
    key = std::to_string(std::hash<std::string>{}(key));
    if (band_.key == key) {
        if (!band_.error.isEmpty()) {
            bandNote_ = tr("No band: %1").arg(band_.error);
            return;
        }
        if (!drawBand(plot, hover, frame, table, band_.lo, band_.hi, tr("95% band from calibrated CIs"))) {
            // Said, not drawn silently: e.g. a poor fit's lower bound at or below zero on a log axis.
            bandNote_ = tr("No band: its bounds fall outside what the chart can show (at or below zero on a "
                           "log axis, or not finite)");
            return;
        }
        bandDrawn_ = true;
        QStringList params;
        for (const std::string& p : band_.params)
            params << q(p);
        bandNote_ = tr("95% band over the CIs of %1").arg(params.join(", "));
        return;
    }
    bandNote_ = tr("Computing the uncertainty band...");
    if (pendingKey_ == key)
        return; // already computing this one
    if (watcher_.isRunning()) {
        pendingKey_ = key; // onBandDone sees the key changed and redraws, which starts it
        return;
    }
    pendingKey_ = key;
    watcher_.setFuture(QtConcurrent::run([doc, axes, column, key] {
        auto out = std::make_shared<BandOutcome>();
        out->key = key;
        try {
            const calib::UncertaintyBand b = calib::uncertaintyBand(doc, axes, column);
            out->lo = b.lo;
            out->hi = b.hi;
            out->params = b.params;
        } catch (const std::bad_alloc&) {
            out->error = QString::fromUtf8(kOutOfMemory);
        } catch (const std::exception& e) { // ModelError above all
            out->error = QString::fromStdString(e.what());
        }
        return out;
    }));
}

void SweepOverlay::onBandDone()
{
    if (const std::shared_ptr<BandOutcome> out = watcher_.result())
        band_ = *out;
    pendingKey_.clear();
    // The redraw draws this band, or, when the chart moved on meanwhile
    // (another design or sweep), starts computing the one it needs now.
    sweep_->redrawSpeedupChart();
}

} // namespace cs::app::calibration
