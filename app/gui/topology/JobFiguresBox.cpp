#include "app/gui/topology/JobFiguresBox.h"
#include "model/core/Unit.h"

#include <QFormLayout>
#include <QLabel>
#include <QSet>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace cs::app {

namespace {
// Hosts listed by name at most; the rest are counted.
constexpr int kListedHosts = 12;
} // namespace

JobFiguresBox::JobFiguresBox(QWidget* parent) : QGroupBox(parent)
{
    setObjectName("jobFigures");
    auto* outer = new QVBoxLayout(this);
    form_ = new QFormLayout;
    form_->setLabelAlignment(Qt::AlignLeft);
    const std::pair<const char*, QString> rows[] = {
        {"hosts", tr("Placed on")},
        {"xchg_bw", tr("Exchange per host (rounds)")},
        {"a2a_bw", tr("All-to-all per host (fluid bound)")},
        {"transpose_bw", tr("Transpose per flow")},
        {"nn_bw", tr("Nearest neighbour per flow")},
        {"ring_bw", tr("Ring per flow")},
        {"L", tr("Latency (mean / worst)")},
        {"avg_hops", tr("Hops (mean / most)")},
    };
    for (const auto& [key, title] : rows) {
        auto* l = new QLabel(QStringLiteral("\u2013"), this);
        l->setObjectName(QStringLiteral("job-") + QLatin1String(key));
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
        l->setWordWrap(true);
        labels_.insert(QLatin1String(key), l);
        form_->addRow(title + QLatin1Char(':'), l);
    }
    outer->addLayout(form_);
    status_ = new QLabel(this);
    status_->setObjectName("jobStatus");
    status_->setWordWrap(true);
    outer->addWidget(status_);
    connect(&watcher_, &QFutureWatcher<JobView>::finished, this, &JobFiguresBox::finished);
    hide();
}

JobFiguresBox::~JobFiguresBox()
{
    watcher_.disconnect(this);
    watcher_.waitForFinished();
}

QString JobFiguresBox::value(const QString& key) const
{
    const QLabel* l = labels_.value(key);
    return l ? l->text() : QString();
}

QString JobFiguresBox::status() const
{
    return status_->text();
}

void JobFiguresBox::setRow(const QString& key, const QString& text, const QString& tip)
{
    if (QLabel* l = labels_.value(key)) {
        l->setText(text);
        l->setToolTip(tip);
    }
}

void JobFiguresBox::setRateUnit(const plots::RateUnit& unit)
{
    unit_ = unit;
    if (!last_.figures.empty())
        display(last_);
}

void JobFiguresBox::showDesignJob(std::shared_ptr<const DesignDocument> doc)
{
    if (!doc) {
        showJob(nullptr, {}, 0);
        return;
    }
    ++generation_;
    cursorJob_ = false;
    setTitle(tr("Job as the design has it"));
    status_->setStyleSheet(QString());
    status_->setText(tr("computing\u2026"));
    QGroupBox::show();
    pendingDoc_ = std::move(doc);
    pendingPath_.clear();
    pendingValue_ = 0;
    pending_ = true;
    if (!watcher_.isRunning())
        start();
}

void JobFiguresBox::showJob(std::shared_ptr<const DesignDocument> doc, const QString& path, double value)
{
    ++generation_;
    cursorJob_ = !path.isEmpty() && doc;
    if (path.isEmpty() || !doc) {
        pending_ = false;
        last_ = JobView{};
        hosts_.clear();
        hide();
        emit placedHosts(hosts_);
        return;
    }
    setTitle(tr("Job at %1 = %2").arg(path, QString::number(value, 'g', 6)));
    status_->setStyleSheet(QString());
    status_->setText(tr("computing\u2026"));
    QGroupBox::show();
    pendingDoc_ = std::move(doc);
    pendingPath_ = path;
    pendingValue_ = value;
    pending_ = true;
    if (!watcher_.isRunning())
        start();
}

void JobFiguresBox::start()
{
    pending_ = false;
    running_ = generation_;
    watcher_.setFuture(QtConcurrent::run(
        [doc = pendingDoc_, path = pendingPath_.toStdString(), value = pendingValue_] { return jobView(*doc, path, value); }));
}

void JobFiguresBox::finished()
{
    const JobView v = watcher_.result();
    if (pending_) { // the cursor moved on meanwhile
        start();
        return;
    }
    if (running_ != generation_)
        return; // hidden meanwhile
    display(v);
}

void JobFiguresBox::display(const JobView& v)
{
    last_ = v;
    hosts_.clear();
    for (const std::string& h : v.hosts)
        hosts_ << QString::fromStdString(h);
    if (!v.hasTopology) { // nothing to place a job on: no group at all
        hide();
        emit placedHosts(hosts_);
        return;
    }
    if (!v.error.empty()) {
        for (QLabel* l : labels_)
            l->setText(QStringLiteral("\u2013"));
        status_->setStyleSheet(QStringLiteral("color: #b91c1c;"));
        status_->setText(hosts_.isEmpty() ? tr("No job here: %1").arg(QString::fromStdString(v.error))
                                          : tr("The job's %1 hosts are marked in the drawing; its figures: %2")
                                                .arg(QSet<QString>(hosts_.begin(), hosts_.end()).size())
                                                .arg(QString::fromStdString(v.error)));
        emit placedHosts(hosts_);
        return;
    }
    QStringList named = hosts_.mid(0, kListedHosts);
    QString hosts = named.join(QStringLiteral(", "));
    if (hosts_.size() > kListedHosts)
        hosts += tr(" and %1 more").arg(hosts_.size() - kListedHosts);
    const QString count = hosts_.size() == 1 ? tr("1 host: ") : tr("%1 hosts: ").arg(hosts_.size());
    setRow("hosts", count + hosts,
           tr("Rank i runs on the i-th host listed (placement %1).").arg(QString::fromStdString(v.placement)));
    std::map<std::string, const JobView::Figure*> by;
    for (const JobView::Figure& f : v.figures)
        by[f.spec.symbol] = &f;
    auto valueOf = [&](const char* s) { return by.count(s) ? by[s]->value : 0.0; };
    auto tipOf = [&](const char* s) { return by.count(s) ? QString::fromStdString(by[s]->spec.meaning) : QString(); };
    const plots::RateUnit rate =
        unit_ ? *unit_
              : plots::rateUnitFor({valueOf("xchg_bw"), valueOf("a2a_bw"), valueOf("transpose_bw"), valueOf("nn_bw"),
                                    valueOf("ring_bw")});
    for (const char* s : {"xchg_bw", "a2a_bw", "transpose_bw", "nn_bw", "ring_bw"})
        setRow(QLatin1String(s), rate.format(valueOf(s)), tipOf(s));
    if (valueOf("xchg_spread") > 0)
        setRow("xchg_bw", rate.format(valueOf("xchg_bw")) + tr(" \u00b1 %1%").arg(100 * valueOf("xchg_spread"), 0, 'f', 1),
               tipOf("xchg_bw") + "\n" + tipOf("xchg_spread"));
    // Four digits in the unit each reads best in, as the figures above (formatQuantity's six in a fixed "us"
    // read "4.46667 us": issue 48, minor).
    auto seconds = [](double s) { return QString::fromStdString(formatMeasured(s, "s")); };
    setRow("L", seconds(valueOf("L")) + QStringLiteral(" / ") + seconds(valueOf("L_max")), tipOf("L"));
    setRow("avg_hops", QString::number(valueOf("avg_hops"), 'f', 2) + QStringLiteral(" / ") +
                           QString::number(valueOf("diameter")),
           tipOf("avg_hops"));
    status_->setStyleSheet(QString());
    status_->setText(v.sampled ? tr("Random placement: the hosts shown are one of the orders its figures average "
                                    "over; \u00b1 is the spread over them.")
                               : tr("Placement %1, schedule %2: set them in the topology block's inspector.")
                                     .arg(QString::fromStdString(v.placement), QString::fromStdString(v.schedule)));
    emit placedHosts(hosts_);
}

} // namespace cs::app
