#include "app/gui/topology/MetricsPanel.h"

namespace cs::app {

// Placeholder until the metrics panel lands.
MetricsPanel::MetricsPanel(DocumentModel*, QWidget* parent) : QWidget(parent) {}

} // namespace cs::app
