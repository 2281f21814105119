#pragma once
#include "app/plots/RateUnit.h"
#include "model/topology/graph/Topology.h"

#include <QToolBar>

class QAction;
class QComboBox;
class QSpinBox;

namespace cs::app {

// The topology editor's toolbar: Up (out of an aggregate), the Select and Link modes, the palette of
// vertex kinds, the bandwidth and channels new links get, Generate, Delete, and the zoom. It holds no
// editor state but the new-link choices; its buttons ask (the signals) and the editor does.
class TopologyToolbar : public QToolBar {
    Q_OBJECT
public:
    explicit TopologyToolbar(QWidget* parent = nullptr);

    // Up is shown only inside an aggregate.
    void setUpVisible(bool visible);
    // Checks Link (true) or Select; linkModeToggled follows.
    void setLinkMode(bool on);
    // The bandwidth (B/s per channel) and channel count of the links drawn next.
    double newLinkBandwidth() const;
    int newLinkChannels() const;
    void setNewLinkDefaults(double bandwidth, int channels);
    // The bandwidth choices written in `rate`'s family (the drawing's), each with the prefix that reads best.
    void setRateUnit(const plots::RateUnit& rate);

signals:
    void upRequested();
    void linkModeToggled(bool on);
    void addRequested(VertexKind kind); // a palette button clicked
    void generateRequested();
    void deleteRequested();
    void zoomInRequested();
    void zoomOutRequested();
    void fitRequested();

private:
    QString newLinkText(double bandwidth) const; // "1 Gbit/s": its own prefix in rate_'s family

    QAction* up_ = nullptr;
    QAction* link_ = nullptr;
    QComboBox* bandwidth_ = nullptr;
    QSpinBox* channels_ = nullptr;
    plots::RateUnit rate_ = plots::rateUnitFor({}); // the drawing's, whose family the choices are written in
};

} // namespace cs::app
