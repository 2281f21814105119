#pragma once
#include <QWidget>

#include <string>

namespace cs::app {
class DocumentModel;
}

namespace cs::app::inspector {

// The inspector's form for a design parameter (e.g. P): its value (set
// through DocumentModel::setDesignParam), range, meaning, and the inputs it
// feeds.
class DesignParamForm : public QWidget {
    Q_OBJECT
public:
    DesignParamForm(DocumentModel* model, const std::string& name, QWidget* parent = nullptr);
};

} // namespace cs::app::inspector
