#pragma once
#include "model/document/DocumentEdits.h"

#include <QUndoCommand>

namespace cs::app {

class DocumentModel;

// One undo step: what an edit did, as the layer recorded it (edit::UndoEntry:
// its steps on the network and the layout, the other parts it replaced
// whole). The edit is applied when the command is pushed, so the first redo
// does nothing. Undo and redo cannot fail.
class EditCommand : public QUndoCommand {
public:
    EditCommand(DocumentModel* model, const QString& text, edit::UndoEntry step, edit::Change change);
    void undo() override;
    void redo() override;

    // Successive edits of one field (typing 2048, then 4096 into fft.rows)
    // are one undo step: a value set alone, with nothing cleaned up, by the
    // same action. An edit after an undo or redo of this step, or another
    // action on the field (Reset after Set), is a step of its own.
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    static constexpr int kValueEditId = 1;
    DocumentModel* model_;
    edit::UndoEntry step_;
    edit::Change change_;
    bool applied_ = true;
    bool latest_ = true; // pushed last and never undone since
};

} // namespace cs::app
