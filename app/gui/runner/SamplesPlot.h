#pragma once
// The raw samples of one probe result (docs/agent-protocol.md "Results"):
// one series at a time, chosen in a drop-down, as points against their
// repetition index so drift and outliers show, with the series' median and
// the shaded 95% confidence interval of the median from its summary. Values
// are shown in the display unit the median reads best in (us, MiB/s, ...).
// A result without samples (failed, cancelled, none selected) shows why in
// the plot instead. The plot's context menu exports it as PNG, SVG or PDF.
#include <nlohmann/json.hpp>

#include <QString>
#include <QWidget>

class QComboBox;
class QCPGraph;
class QCPItemText;
class QLabel;

namespace cs::app {

namespace sweeppanel {
class ChartView;
}

class SamplesPlot : public QWidget {
    Q_OBJECT
public:
    explicit SamplesPlot(QWidget* parent = nullptr);

    // Shows one job result (an element of the document's measured array):
    // the series with raw samples in its primary part (the part whose summary
    // is the job's; else any part that has samples). Keeps the series shown
    // before when the result has it, else takes the first.
    void setResult(const nlohmann::json& jobResult);
    // Empties the plot (titled "Raw samples") and shows `text` in its middle.
    void showPlaceholder(const QString& text);

    sweeppanel::ChartView* plot() const { return plot_; }
    QComboBox* seriesCombo() const { return series_; }
    // The text shown instead of a plot ("" while a series is drawn).
    QString placeholderText() const { return placeholder_; }
    QString currentSeries() const;
    // The display unit of the drawn series: value shown = SI value / scale.
    QString displayUnit() const { return unitName_; }
    double displayScale() const { return unitScale_; }
    // The drawn graphs (nullptr while a placeholder is shown): the samples
    // (x = repetition, y in the display unit), the median line, and the
    // band's upper and lower edges (the upper one is filled down to the lower).
    QCPGraph* samplesGraph() const { return samples_; }
    QCPGraph* medianGraph() const { return median_; }
    QCPGraph* ciHighGraph() const { return ciHigh_; }
    QCPGraph* ciLowGraph() const { return ciLow_; }

    // Writes the plot as it is drawn to a .png, .svg or .pdf file; width and
    // height 0 take the widget's size, at least 800 x 500. "" or the reason.
    QString exportTo(const QString& path, int width = 0, int height = 0);
    // Asks for a file name and exports (the context menu's "Export...").
    void exportWithDialog();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitLayout();
    void placeholder(const QString& text); // keeps the title
    void drawSeries();
    void clearGraphs();
    void showContextMenu(const QPoint& pos);

    sweeppanel::ChartView* plot_;
    QComboBox* series_;
    QLabel* seriesLabel_;
    nlohmann::json part_;    // the part whose samples are shown
    nlohmann::json summary_; // the job's summary (fallback for series the part's lacks)
    QString title_;   // the result: probe and nodes
    QString heading_; // the chart's whole title
    QString placeholder_;
    QString unitName_;
    double unitScale_ = 1.0;
    QCPGraph* samples_ = nullptr;
    QCPGraph* median_ = nullptr;
    QCPGraph* ciHigh_ = nullptr;
    QCPGraph* ciLow_ = nullptr;
    QCPItemText* message_ = nullptr;
};

} // namespace cs::app
