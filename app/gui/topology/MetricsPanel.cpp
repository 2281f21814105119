#include "app/gui/topology/MetricsPanel.h"
#include "app/document/DocumentModel.h"
#include "app/gui/topology/HopHistogramWidget.h"
#include "app/gui/topology/JobFiguresBox.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"
#include "model/topology/ComputeMetrics.h"
#include "model/topology/budget/TopologyBudget.h"
#include "model/topology/generators/GeneratorRegistry.h"
#include "model/topology/metrics/TopologyMetrics.h"

#include <QFormLayout>
#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>

namespace cs::app {

namespace {
// A link's load in flows (formatFlows): "1 flow", "466.7 flows".
QString flowsText(double load)
{
    return QString::fromStdString(formatFlows(load));
}
} // namespace

MetricsPanel::MetricsPanel(DocumentModel* model, QWidget* parent) : QWidget(parent), model_(model)
{
    setObjectName("metricsPanel");
    auto* outer = new QVBoxLayout(this);
    // The job at the sweep chart's cursor first: it is what the user points at.
    job_ = new JobFiguresBox(this);
    outer->addWidget(job_);
    auto* form = new QFormLayout;
    form->setLabelAlignment(Qt::AlignLeft);
    const std::pair<const char*, QString> rows[] = {
        {"hosts", tr("Hosts")},
        {"switches", tr("Switches")},
        {"segments", tr("Segments")},
        {"links", tr("Links")},
        {"diameter", tr("Diameter")},
        {"avgHops", tr("Average hops")},
        {"bisection", tr("Bisection")},
        {"maxLoad", tr("Max link load (all-to-all)")},
        {"a2a", tr("All-to-all per host (fluid bound)")},
        {"transpose", tr("Max link load (transpose)")},
        {"neighbour", tr("Max link load (nearest neighbour)")},
        {"ring", tr("Max link load (ring)")},
    };
    for (const auto& [key, title] : rows) {
        auto* l = new QLabel(QStringLiteral("\u2013"), this);
        l->setObjectName(QStringLiteral("metric-") + QLatin1String(key));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
        labels_.insert(QLatin1String(key), l);
        form->addRow(title + QLatin1Char(':'), l);
    }
    outer->addLayout(form);
    progress_ = new QProgressBar(this);
    progress_->setObjectName("metricsProgress");
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumHeight(8);
    progress_->hide();
    outer->addWidget(progress_);
    status_ = new QLabel(this);
    status_->setObjectName("metricsStatus");
    status_->setWordWrap(true);
    outer->addWidget(status_);
    histogram_ = new HopHistogramWidget(this);
    outer->addWidget(histogram_);
    outer->addStretch(1);

    connect(&watcher_, &QFutureWatcher<Result>::finished, this, &MetricsPanel::finished);
    connect(model_, &DocumentModel::topologyChanged, this, &MetricsPanel::topologyChanged);
    connect(model_, &DocumentModel::documentReset, this, &MetricsPanel::topologyChanged);
    topologyChanged();
}

MetricsPanel::~MetricsPanel()
{
    // The job holds its own copy of the topology; stop it and wait so that
    // no result or progress arrives at a half-destroyed panel.
    if (cancel_)
        cancel_->store(true);
    watcher_.disconnect(this);
    watcher_.waitForFinished();
}

bool MetricsPanel::isComputing() const
{
    return running_ || pending_;
}

QString MetricsPanel::value(const QString& key) const
{
    const QLabel* l = labels_.value(key);
    return l ? l->text() : QString();
}

QString MetricsPanel::status() const
{
    return status_->text();
}

void MetricsPanel::setValue(const QString& key, const QString& text, const QString& tip)
{
    if (QLabel* l = labels_.value(key)) {
        l->setText(text);
        l->setToolTip(tip);
    }
}

void MetricsPanel::clearComputed(const QString& text)
{
    for (const char* k : {"diameter", "avgHops", "bisection", "maxLoad", "a2a", "transpose", "neighbour", "ring"})
        setValue(QLatin1String(k), text);
    histogram_->setCounts({});
}

void MetricsPanel::topologyChanged()
{
    ++generation_;
    // A run for the old topology is of no use any more: stop it early.
    if (cancel_)
        cancel_->store(true);
    progress_->hide();
    const auto& t = model_->topology();
    if (!t) {
        pending_ = false;
        for (const char* k : {"hosts", "switches", "segments", "links"})
            setValue(QLatin1String(k), QStringLiteral("\u2013"));
        clearComputed(QStringLiteral("\u2013"));
        const QString why = model_->topologyError();
        status_->setStyleSheet(why.isEmpty() ? QString() : QStringLiteral("color: #b91c1c;"));
        status_->setText(why.isEmpty() ? tr("No topology yet: draw one or generate one.")
                                       : tr("The topology is not valid: %1").arg(why));
        emit updated();
        return;
    }
    // Counts are cheap: show them now.
    const TopologyCounts c = t->counts();
    setValue("hosts", QString::number(c.hosts));
    setValue("switches", QString::number(c.switches));
    setValue("segments", QString::number(c.segments));
    setValue("links", QString::number(c.links));
    // Metrics that would run for more than about a minute are not started.
    if (const std::string why = topologyMetricsProblem(countsOf(*t)); !why.empty()) {
        pending_ = false;
        clearComputed(QStringLiteral("\u2013"));
        status_->setStyleSheet(QStringLiteral("color: #b45309;"));
        status_->setText(tr("Not computed here: %1.").arg(QString::fromStdString(why)));
        emit updated();
        return;
    }
    clearComputed(tr("computing\u2026"));
    status_->setStyleSheet(QString());
    status_->setText(tr("computing\u2026"));
    progress_->setValue(0);
    progress_->show();
    if (watcher_.isRunning())
        pending_ = true; // one more run when this one ends
    else
        start();
}

void MetricsPanel::start()
{
    pending_ = false;
    const auto& t = model_->topology();
    if (!t)
        return;
    const quint64 gen = generation_;
    running_ = true;
    cancel_ = std::make_shared<std::atomic<bool>>(false);
    progress_->setValue(0);
    progress_->show();
    // The job shares the document's network, which is never changed (an
    // edit replaces it), so the document may change while the job runs
    // without a copy. Progress is posted to this panel's thread (the
    // destructor cancels and waits for the job, so `this` outlives every post).
    watcher_.setFuture(QtConcurrent::run([this, shared = t, gen, cancel = cancel_]() {
        const Topology& topo = *shared;
        Result r;
        r.generation = gen;
        try {
            MetricsOptions opt;
            opt.threads = 2;
            opt.cancel = cancel.get();
            opt.progress = [this, gen](double f) {
                QMetaObject::invokeMethod(
                    this,
                    [this, gen, f] {
                        if (gen == generation_)
                            progress_->setValue(static_cast<int>(f * 1000));
                    },
                    Qt::QueuedConnection);
            };
            r.metrics = std::make_shared<TopologyMetrics>(computeMetrics(topo, opt));
            // Read here, not on the GUI thread: it goes over every link.
            r.linksInBits = ViewGraph::rateUnitOf(topo, plots::RateFamily::Auto).name.contains("bit");
            for (std::size_t e = 0; e < topo.edgeCount(); ++e)
                if (const double b = topo.link(e).bandwidth; b < plots::kNoLimitRate)
                    r.largestLink = std::max(r.largestLink, b);
            for (std::size_t v = 0; v < topo.vertexCount(); ++v)
                if (const double b = topo.attributes(v).bandwidth; topo.attributes(v).kind == VertexKind::Segment && b < plots::kNoLimitRate)
                    r.largestLink = std::max(r.largestLink, b);
        } catch (const ModelError& e) {
            r.error = QString::fromStdString(e.what());
        } catch (const std::exception& e) {
            r.error = QString::fromStdString(e.what());
        }
        return r;
    }));
}

void MetricsPanel::finished()
{
    running_ = false;
    progress_->hide();
    const Result r = watcher_.result();
    if (pending_ || r.generation != generation_) { // stale: the topology changed meanwhile
        if (model_->topology())
            start();
        return;
    }
    if (!r.metrics) {
        clearComputed(QStringLiteral("\u2013"));
        status_->setStyleSheet(QStringLiteral("color: #b91c1c;"));
        status_->setText(r.error);
        emit updated();
        return;
    }
    const TopologyMetrics& m = *r.metrics;
    // The rates in the unit the drawing writes its links in, family and prefix (issue 34, defect 13): a
    // host's all-to-all share reads "35.66 MB/s" beside 160 MB/s links, where it read "0.03566 GB/s" and the
    // bisection "3.04 GB/s". The bisection takes a larger prefix of that family only when it would need
    // 10,000 or more of the links' unit (a k = 100 fat-tree's is millions of Gbit/s).
    plots::RateFamily family = plots::ratePreference();
    if (family == plots::RateFamily::Auto)
        family = r.linksInBits ? plots::RateFamily::Bits : plots::RateFamily::Bytes;
    const plots::RateUnit rate =
        plots::rateUnitFor({r.largestLink > 0 ? r.largestLink : std::max(m.bisection.bandwidth, m.a2aBandwidth)}, family);
    const plots::RateUnit bisectionRate = m.bisection.bandwidth / rate.scale >= 1e4
                                              ? plots::rateUnitForTotals({m.bisection.bandwidth}, family)
                                              : rate;
    job_->setRateUnit(rate);
    setValue("diameter", m.diameter() == 1 ? tr("1 hop") : tr("%1 hops").arg(m.diameter()));
    setValue("avgHops", QString::number(m.avgHops(), 'f', 3));
    if (m.bisection.exact)
        setValue("bisection", bisectionRate.format(m.bisection.bandwidth) + tr(" (exact)"),
                 QString::fromStdString(m.bisection.method));
    else
        setValue("bisection", QStringLiteral("\u2264 ") + bisectionRate.format(m.bisection.bandwidth) + tr(" (upper bound)"),
                 tr("No generator cut is known: the least of several balanced min-cuts, each at least the true "
                    "bisection.\n%1")
                     .arg(QString::fromStdString(m.bisection.method)));
    const LinkLoads& a = m.allToAll;
    if (a.bottleneck.empty())
        setValue("maxLoad", tr("no load"));
    else
        setValue("maxLoad", tr("%1 on %2").arg(flowsText(a.maxLoad), QString::fromStdString(a.bottleneck)),
                 tr("Uniform all-to-all: every host sends one flow to every other; minimum-hop ECMP routing, which "
                    "splits a flow over its equal-cost paths, so a link may carry a fraction of one. "
                    "%1 flows in all%2.")
                     .arg(a.flows)
                     .arg(a.unroutable ? tr(", %1 unroutable").arg(a.unroutable) : QString()));
    setValue("a2a", m.a2aBandwidth > 0 ? rate.format(m.a2aBandwidth) : QStringLiteral("\u2013"),
             tr("(hosts - 1) x the bottleneck's per-flow rate"));
    // The sparse patterns: each one's bottleneck, or why it was left out.
    const QString skipped = QString::fromStdString(m.skipped);
    const std::pair<const char*, const std::optional<LinkLoads>*> patterns[] = {
        {"transpose", &m.transpose}, {"neighbour", &m.nearestNeighbour}, {"ring", &m.ring}};
    for (const auto& [key, loads] : patterns) {
        if (!*loads) {
            setValue(QLatin1String(key), tr("not computed"), skipped);
            continue;
        }
        const LinkLoads& l = **loads;
        setValue(QLatin1String(key),
                 l.bottleneck.empty() ? tr("no load")
                                      : tr("%1 on %2").arg(flowsText(l.maxLoad), QString::fromStdString(l.bottleneck)),
                 tr("%1 flows; minimum-hop ECMP routing.\n%2").arg(l.flows).arg(QString::fromStdString(l.method)));
    }
    histogram_->setCounts(m.hops.count);
    QString note;
    if (m.hops.unreachable)
        note = tr("%1 host pairs have no route.").arg(m.hops.unreachable);
    if (!skipped.isEmpty())
        note += (note.isEmpty() ? QString() : QStringLiteral(" ")) + tr("Not computed: %1.").arg(skipped);
    status_->setStyleSheet(QString());
    status_->setText(note);
    emit updated();
}

} // namespace cs::app
