#include "app/gui/inspector/Inspector.h"
#include "app/document/DocumentModel.h"
#include "app/gui/Selection.h"
#include "app/gui/inspector/BlockForm.h"
#include "app/gui/inspector/DesignParamForm.h"
#include "app/gui/inspector/TopologyForm.h"

#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QVBoxLayout>

namespace cs::app {

using namespace inspector;

Inspector::Inspector(DocumentModel* model, Selection* selection, QWidget* parent)
    : QWidget(parent), model_(model), selection_(selection)
{
    setObjectName("inspector");
    scroll_ = new QScrollArea(this);
    scroll_->setWidgetResizable(true);
    scroll_->setFrameShape(QFrame::NoFrame);
    scroll_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll_);

    connect(selection_, &Selection::changed, this, &Inspector::refresh);
    connect(model_, &DocumentModel::documentReset, this, &Inspector::refresh);
    // One refresh per edit, whatever parts it changed (a drawn link changes
    // the design's network and its outputs: once, not once per signal).
    connect(model_, &DocumentModel::edited, this, [this](const edit::Change& c) {
        if (!(c.parts & (edit::kDesign | edit::kTopology)))
            return; // a move or a results edit: nothing the forms show
        // A value changed alone: a block's form updates in place, so the
        // field being edited keeps its focus and the form its scroll.
        // Only the block's own inputs: values wired in from elsewhere are
        // shown too, and a rebuild reads them again.
        auto* block = qobject_cast<BlockForm*>(form());
        bool own = block && !c.structure && !(c.parts & edit::kTopology) && !c.values.empty() &&
                   model_->doc().design.findBlock(block->blockName());
        for (std::size_t i = 0; own && i < c.values.size(); ++i)
            own = c.values[i].rfind(block->blockName() + ".", 0) == 0;
        if (own)
            block->refreshValues();
        else
            refresh();
    });
    refresh();
}

QWidget* Inspector::form() const
{
    return scroll_->widget();
}

void Inspector::refresh()
{
    const QString key = QString::number(static_cast<int>(selection_->kind())) + ":" + selection_->keys().join(",");
    const int scroll = key == shownKey_ ? scroll_->verticalScrollBar()->value() : 0;

    // The old form may be the sender of the edit that led here (an editor's
    // editingFinished): silence it and delete it later, never now.
    QString focused;
    bool hadFocus = false;
    if (QWidget* old = scroll_->widget()) {
        for (QLineEdit* e : old->findChildren<QLineEdit*>())
            e->blockSignals(true);
        for (QComboBox* c : old->findChildren<QComboBox*>())
            c->blockSignals(true);
        // The focus stays in the inspector: the widget that had it (Apply formula, a field) goes with the old
        // form, and Qt gave the focus to the next widget of the window, the sweep panel's P field (issue 48,
        // minor). Taken before the old form goes, which moves the focus.
        if (QWidget* f = QApplication::focusWidget(); f && (f == old || old->isAncestorOf(f))) {
            hadFocus = true;
            focused = f->objectName();
            scroll_->setFocus(Qt::OtherFocusReason);
        }
        scroll_->takeWidget();
        old->deleteLater();
    }

    QWidget* form = nullptr;
    const std::string k = selection_->key().toStdString();
    switch (selection_->kind()) {
    case Selection::Kind::Block:
        if (model_->doc().design.findBlock(k))
            form = new BlockForm(model_, k);
        break;
    case Selection::Kind::DesignParam:
        if (model_->doc().design.findDesignParam(k))
            form = new DesignParamForm(model_, k);
        break;
    case Selection::Kind::Vertex:
        form = new TopologyForm(model_, TopologyForm::What::Vertex, selection_->keys());
        break;
    case Selection::Kind::Link:
        form = new TopologyForm(model_, TopologyForm::What::Link, selection_->keys());
        break;
    case Selection::Kind::None: break;
    }
    if (!form) {
        auto* note = new QLabel(tr("Select a block or a design parameter on the block canvas, or a host, switch, "
                                   "segment or link in the topology editor, to see and edit its parameters."));
        note->setObjectName("inspectorNote");
        note->setWordWrap(true);
        note->setAlignment(Qt::AlignTop | Qt::AlignLeft);
        note->setMargin(10);
        note->setStyleSheet("QLabel { color: #666; }");
        form = note;
    }
    scroll_->setWidget(form);
    shownKey_ = key;
    if (hadFocus) {
        // The same field of the new form when it has one that takes the focus, else the form's scroll area.
        QWidget* same = focused.isEmpty() ? nullptr : form->findChild<QWidget*>(focused);
        if (same && same->isEnabled() && same->focusPolicy() != Qt::NoFocus)
            same->setFocus(Qt::OtherFocusReason);
        else
            scroll_->setFocus(Qt::OtherFocusReason);
    }
    if (scroll > 0) // after the new form has been laid out
        QTimer::singleShot(0, this, [this, scroll] { scroll_->verticalScrollBar()->setValue(scroll); });
}

} // namespace cs::app
