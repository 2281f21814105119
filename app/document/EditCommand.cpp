#include "app/document/EditCommand.h"
#include "app/document/DocumentModel.h"

#include <utility>

namespace cs::app {

EditCommand::EditCommand(DocumentModel* model, const QString& text, edit::UndoEntry step, edit::Change change)
    : QUndoCommand(text), model_(model), step_(std::move(step)), change_(std::move(change))
{
}

void EditCommand::undo()
{
    model_->undoStep(step_, change_.inverse());
    applied_ = false;
    latest_ = false;
}

void EditCommand::redo()
{
    if (applied_)
        return;
    model_->redoStep(step_, change_);
    applied_ = true;
}

int EditCommand::id() const
{
    return !change_.structure && change_.values.size() == 1 && change_.cleanup.empty() &&
                   change_.parts == edit::kDesign
               ? kValueEditId
               : -1;
}

bool EditCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = dynamic_cast<const EditCommand*>(other);
    if (!latest_ || !next || next->id() != kValueEditId || next->change_.values != change_.values ||
        next->text() != text())
        return false;
    // The merged command is dropped by the stack after this: its step is taken.
    edit::merge(step_, std::move(const_cast<EditCommand*>(next)->step_));
    change_ = next->change_;
    setText(next->text());
    return true;
}

} // namespace cs::app
