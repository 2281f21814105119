#pragma once
#include <QString>
#include <QWidget>

class QScrollArea;

namespace cs::app {

class DocumentModel;
class Selection;

// Shows the selected item's parameters with units, ranges, source citation
// and provenance; edits go through the document (undoable); an invalid value
// shows the model's error inline and is not applied. For a block it also
// shows the outputs as the design evaluates now; for a design parameter its
// value and the inputs it feeds; for a topology vertex or link its
// properties (editable). The form is rebuilt when the selection or the
// document's structure changes; a block's form updates in place when only
// values changed.
class Inspector : public QWidget {
    Q_OBJECT
public:
    Inspector(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);

    // The current form (a BlockForm, DesignParamForm, TopologyForm or a note).
    QWidget* form() const;

public slots:
    void refresh();

private:
    DocumentModel* model_;
    Selection* selection_;
    QScrollArea* scroll_;
    QString shownKey_; // kind + key of the form shown, to keep the scroll position
};

} // namespace cs::app
