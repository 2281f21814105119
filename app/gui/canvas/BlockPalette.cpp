#include "app/gui/canvas/BlockPalette.h"
#include "app/gui/canvas/CanvasStyle.h"
#include "app/gui/canvas/CanvasView.h"
#include "model/core/BlockRegistry.h"

#include <QHeaderView>
#include <QKeyEvent>
#include <QMimeData>

#include <map>

namespace cs::app::canvas {

namespace {
constexpr int kTypeRole = Qt::UserRole + 1;
}

BlockPalette::BlockPalette(const BlockRegistry& registry, QWidget* parent) : QTreeWidget(parent)
{
    setObjectName("blockPalette");
    setHeaderHidden(true);
    setColumnCount(1);
    setDragEnabled(true);
    setDragDropMode(QAbstractItemView::DragOnly);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setRootIsDecorated(true);
    setIndentation(14);
    setUniformRowHeights(true);

    std::map<QString, QTreeWidgetItem*> groups;
    for (const Block* b : registry.all()) {
        const BlockSpec& s = b->spec();
        const QString category = s.category.empty() ? tr("Other") : QString::fromStdString(s.category);
        QTreeWidgetItem*& group = groups[category];
        if (!group) {
            group = new QTreeWidgetItem(QStringList{category});
            QFont f = group->font(0);
            f.setBold(true);
            group->setFont(0, f);
            group->setForeground(0, categoryColor(category).darker(120));
            group->setFlags(Qt::ItemIsEnabled);
        }
        auto* item = new QTreeWidgetItem(group, QStringList{QString::fromStdString(s.name)});
        item->setData(0, kTypeRole, QString::fromStdString(s.id));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
        item->setToolTip(0, tr("<b>%1</b> <code>%2</code><p>%3</p><p><i>Source:</i> %4</p>"
                               "<p>Drag onto the canvas, or double-click to add.</p>")
                                .arg(QString::fromStdString(s.name).toHtmlEscaped(), QString::fromStdString(s.id),
                                     QString::fromStdString(s.description).toHtmlEscaped(),
                                     QString::fromStdString(s.source).toHtmlEscaped()));
        item->setStatusTip(0, QString::fromStdString(s.id));
    }
    for (const auto& [name, group] : groups)
        addTopLevelItem(group);
    expandAll();

    auto activate = [this](QTreeWidgetItem* item) {
        const QString id = item ? item->data(0, kTypeRole).toString() : QString();
        if (!id.isEmpty())
            emit typeActivated(id);
    };
    connect(this, &QTreeWidget::itemDoubleClicked, this, [activate](QTreeWidgetItem* item, int) { activate(item); });
}

void BlockPalette::keyPressEvent(QKeyEvent* e)
{
    // Enter adds the current type (double-click does too; single-click
    // activation styles must not add a block when a drag starts).
    if ((e->key() == Qt::Key_Return || e->key() == Qt::Key_Enter) && currentItem()) {
        const QString id = currentItem()->data(0, kTypeRole).toString();
        if (!id.isEmpty()) {
            emit typeActivated(id);
            e->accept();
            return;
        }
    }
    QTreeWidget::keyPressEvent(e);
}

QTreeWidgetItem* BlockPalette::itemFor(const QString& typeId) const
{
    for (int g = 0; g < topLevelItemCount(); ++g)
        for (int i = 0; i < topLevelItem(g)->childCount(); ++i)
            if (topLevelItem(g)->child(i)->data(0, kTypeRole).toString() == typeId)
                return topLevelItem(g)->child(i);
    return nullptr;
}

void BlockPalette::setFilter(const QString& text)
{
    for (int g = 0; g < topLevelItemCount(); ++g) {
        QTreeWidgetItem* group = topLevelItem(g);
        bool any = false;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem* item = group->child(i);
            const bool show = text.isEmpty() || item->text(0).contains(text, Qt::CaseInsensitive) ||
                              item->data(0, kTypeRole).toString().contains(text, Qt::CaseInsensitive) ||
                              group->text(0).contains(text, Qt::CaseInsensitive);
            item->setHidden(!show);
            any = any || show;
        }
        group->setHidden(!any);
    }
}

QStringList BlockPalette::mimeTypes() const
{
    return {QString::fromLatin1(kBlockTypeMime)};
}

QMimeData* BlockPalette::mimeData(const QList<QTreeWidgetItem*>& items) const
{
    if (items.isEmpty() || items.front()->data(0, kTypeRole).toString().isEmpty())
        return nullptr;
    auto* mime = new QMimeData;
    const QString id = items.front()->data(0, kTypeRole).toString();
    mime->setData(kBlockTypeMime, id.toUtf8());
    mime->setText(id);
    return mime;
}

} // namespace cs::app::canvas
