#pragma once
#include <QFutureWatcher>
#include <QMap>
#include <QString>
#include <QWidget>

#include <atomic>
#include <memory>

class QFormLayout;
class QLabel;
class QProgressBar;

namespace cs {
struct TopologyMetrics;
}

namespace cs::app {

class DocumentModel;
class HopHistogramWidget;
class JobFiguresBox;

// Live topology metrics: hosts, switches, segments, links, diameter, average
// hops, bisection (exact, or an upper bound), the most loaded link under
// uniform all-to-all, transpose, nearest-neighbour and ring traffic, and a
// hop histogram. Counts show at once; the rest is recomputed off the GUI
// thread (QtConcurrent) when the topology changes, showing "computing…" and
// a progress bar meanwhile. A change cancels the run for the old topology;
// edits made while a computation runs are coalesced into one more run. A
// pattern the metrics left out (too costly to route) reads "not computed"
// and the status line says why. An invalid topology shows the model's
// reason instead.
class MetricsPanel : public QWidget {
    Q_OBJECT
public:
    explicit MetricsPanel(DocumentModel* model, QWidget* parent = nullptr);
    ~MetricsPanel() override;

    bool isComputing() const;
    // The text shown for a metric: "hosts", "switches", "segments", "links",
    // "diameter", "avgHops", "bisection", "maxLoad", "a2a", "transpose",
    // "neighbour", "ring"; and the status
    // line ("computing…", the topology's problem, or "").
    QString value(const QString& key) const;
    QString status() const;
    HopHistogramWidget* histogram() const { return histogram_; }
    // The figures of the job at the sweep chart's cursor (shown once it is set).
    JobFiguresBox* jobFigures() const { return job_; }

signals:
    void updated(); // new metrics (or an error) are shown

private:
    struct Result {
        std::shared_ptr<TopologyMetrics> metrics;
        QString error;
        quint64 generation = 0;
        bool linksInBits = false; // the drawing writes its rates in bit/s (the Auto family)
        double largestLink = 0;   // B/s, the fastest link or segment under plots::kNoLimitRate
    };
    void topologyChanged();
    void start();
    void finished();
    void setValue(const QString& key, const QString& text, const QString& tip = {});
    void clearComputed(const QString& text);

    DocumentModel* model_;
    QMap<QString, QLabel*> labels_;
    QLabel* status_;
    QProgressBar* progress_;
    std::shared_ptr<std::atomic<bool>> cancel_; // the running job's
    HopHistogramWidget* histogram_;
    JobFiguresBox* job_;
    QFutureWatcher<Result> watcher_;
    quint64 generation_ = 0; // bumped on every topology change
    bool running_ = false;   // a job runs (until its result is handled)
    bool pending_ = false;   // a change arrived while computing
};

} // namespace cs::app
