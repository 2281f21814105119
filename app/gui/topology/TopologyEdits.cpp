#include "app/gui/topology/TopologyEdits.h"
#include "app/document/DocumentModel.h"

namespace cs::app {

QString applyTopologyEdit(DocumentModel* model, const QString& text,
                          const edit::Op& op,
                          const std::map<std::string, QPointF>& positions)
{
    return model->editTopology(text, op, positions);
}

} // namespace cs::app
