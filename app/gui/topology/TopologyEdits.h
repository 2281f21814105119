#pragma once
#include "model/document/DocumentEdits.h"
#include "model/document/EditOps.h"
#include "model/topology/graph/Topology.h"
#include "model/topology/network/NetworkEdits.h"

#include <QPointF>
#include <QString>

#include <functional>
#include <map>
#include <set>
#include <string>

namespace cs::app {

class DocumentModel;

// The drawing's edits themselves are model/topology/network/NetworkEdits.h.
namespace topoedit = ::cs::topoedit;

// Applies `op` (an operation of the editing layer on the topology: addVertex,
// addLink, removeTopologyItems, pasteTopology) as one undo step with
// `positions` (new or pinned vertex positions), through
// DocumentModel::editTopology. A drawing in progress (a host with no link, a
// switch before any host) is recorded, so the user can go on drawing; the
// design then reports what is missing when it is evaluated, and
// DocumentModel::topology() is empty with topologyError() saying why. Any
// other problem (a full switch, a bad value) is refused: returns the model's
// reason, changing nothing.
QString applyTopologyEdit(DocumentModel* model, const QString& text,
                          const edit::Op& op,
                          const std::map<std::string, QPointF>& positions = {});

} // namespace cs::app
