#include "app/gui/inspector/Inspector.h"

namespace cs::app {

// Placeholder until the inspector lands.
Inspector::Inspector(DocumentModel*, Selection*, QWidget* parent) : QWidget(parent) {}

} // namespace cs::app
