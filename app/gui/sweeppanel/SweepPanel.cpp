#include "app/gui/sweeppanel/SweepPanel.h"

namespace cs::app {

// Placeholder until the sweep panel lands.
SweepPanel::SweepPanel(DocumentModel*, QWidget* parent) : QWidget(parent) {}
void SweepPanel::exportPlot() {}
void SweepPanel::exportCsv() {}

} // namespace cs::app
