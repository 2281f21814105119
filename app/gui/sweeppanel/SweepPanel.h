#pragma once
#include <QWidget>

namespace cs::app {

class DocumentModel;

// Sweep settings and the charts: speedup against P for every variant, the
// phase breakdown, the Pareto chart and the tornado chart. Recomputed off
// the GUI thread shortly after each edit.
class SweepPanel : public QWidget {
    Q_OBJECT
public:
    explicit SweepPanel(DocumentModel* model, QWidget* parent = nullptr);
public slots:
    void exportPlot(); // asks for a file: PNG, SVG or PDF
    void exportCsv();
};

} // namespace cs::app
