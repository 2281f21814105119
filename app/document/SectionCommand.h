#pragma once
#include "app/document/DocumentModel.h"

#include <QUndoCommand>
#include <nlohmann/json.hpp>

namespace cs::app {

// One undo step: a document section before and after an edit. The edit is
// already applied when the command is pushed, so the first redo does nothing.
class SectionCommand : public QUndoCommand {
public:
    SectionCommand(DocumentModel* model, Section section, const QString& text, nlohmann::json before,
                   nlohmann::json after);
    void undo() override;
    void redo() override;

private:
    DocumentModel* model_;
    Section section_;
    nlohmann::json before_;
    nlohmann::json after_;
    bool applied_ = true;
};

} // namespace cs::app
