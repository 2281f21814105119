#include "app/document/SectionCommand.h"

namespace cs::app {

SectionCommand::SectionCommand(DocumentModel* model, Section section, const QString& text, nlohmann::json before,
                               nlohmann::json after)
    : QUndoCommand(text), model_(model), section_(section), before_(std::move(before)), after_(std::move(after))
{
}

void SectionCommand::undo()
{
    model_->replaceSection(section_, before_);
    applied_ = false;
}

void SectionCommand::redo()
{
    if (applied_)
        return; // pushed after the edit was made
    model_->replaceSection(section_, after_);
    applied_ = true;
}

} // namespace cs::app
