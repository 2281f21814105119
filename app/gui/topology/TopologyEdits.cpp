#include "app/gui/topology/TopologyEdits.h"
#include "app/document/DocumentModel.h"

namespace cs::app {

QString applyTopologyEdit(DocumentModel* model, const QString& text,
                          const std::function<void(nlohmann::json&)>& mutate,
                          const std::map<std::string, QPointF>& positions)
{
    return model->editTopology(text, mutate, positions);
}

} // namespace cs::app
