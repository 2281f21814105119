#pragma once
#include <QWidget>

namespace cs::app {

class DocumentModel;

// Live topology metrics: hosts, switches, diameter, average hops, bisection,
// hop histogram. Recomputed off the GUI thread when the topology changes.
class MetricsPanel : public QWidget {
    Q_OBJECT
public:
    explicit MetricsPanel(DocumentModel* model, QWidget* parent = nullptr);
};

} // namespace cs::app
