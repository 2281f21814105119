#pragma once
#include "app/plots/RateUnit.h"

#include <optional>
#include "model/document/JobView.h"

#include <QFutureWatcher>
#include <QGroupBox>
#include <QMap>
#include <QStringList>

#include <memory>

class QFormLayout;
class QLabel;

namespace cs::app {

// The metrics dock's "Job at P = 4" group (issue 32): the hosts the job at the
// sweep chart's cursor runs on and the figures the topology gives the models
// for them (model/document/JobView.h). Computed off the GUI thread; a newer
// cursor position supersedes a running one. Hidden until the cursor is set.
class JobFiguresBox : public QGroupBox {
    Q_OBJECT
public:
    explicit JobFiguresBox(QWidget* parent = nullptr);
    ~JobFiguresBox() override;

    // Shows the job when `path` of `doc` takes `value` (path "": hides the box).
    void showJob(std::shared_ptr<const DesignDocument> doc, const QString& path, double value);
    // Shows the job as `doc`'s own values have it ("Job as the design has it"): a design without a sweep has no
    // cursor, and its drawing still shows where its ranks run (null: hides the box).
    void showDesignJob(std::shared_ptr<const DesignDocument> doc);
    // True while the box shows (or computes) a job for a cursor (showJob with a path), which a design's own job
    // does not replace.
    bool showsCursorJob() const { return cursorJob_; }
    // Rates in this family (the metrics above use the same).
    // The unit every rate is written in: the drawing's links' (MetricsPanel sets it).
    void setRateUnit(const plots::RateUnit& unit);

    bool isComputing() const { return watcher_.isRunning(); }
    // The text shown for a figure ("hosts", "xchg_bw", "a2a_bw", "L", ...) and the status line.
    QString value(const QString& key) const;
    QString status() const;
    const QStringList& hosts() const { return hosts_; }

signals:
    // The hosts of the job shown, in rank order (empty: none).
    void placedHosts(const QStringList& hosts);

private:
    void finished();
    void display(const JobView& v);
    void setRow(const QString& key, const QString& text, const QString& tip = {});

    QFormLayout* form_;
    QMap<QString, QLabel*> labels_;
    QLabel* status_;
    QFutureWatcher<JobView> watcher_;
    quint64 generation_ = 0, running_ = 0;
    std::optional<plots::RateUnit> unit_; // until set: one unit for the figures themselves
    JobView last_;
    QStringList hosts_;
    // The request still to run when the one running finishes.
    std::shared_ptr<const DesignDocument> pendingDoc_;
    QString pendingPath_;
    bool cursorJob_ = false;
    double pendingValue_ = 0;
    bool pending_ = false;
    void start();
};

} // namespace cs::app
