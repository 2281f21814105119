#pragma once
#include <QWidget>

namespace cs::app {

class DocumentModel;
class Selection;

// Shows the selected item's parameters with units, ranges, source citation
// and provenance; edits go through the document (undoable); an invalid value
// shows the model's error inline and is not applied.
class Inspector : public QWidget {
    Q_OBJECT
public:
    Inspector(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);
};

} // namespace cs::app
