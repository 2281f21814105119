#pragma once
#include <QTreeWidget>

namespace cs {
class BlockRegistry;
}

namespace cs::app::canvas {

// The block types of a registry, grouped by category. Drag a type onto the
// canvas, or double-click it (or press Enter) to add it.
class BlockPalette : public QTreeWidget {
    Q_OBJECT
public:
    explicit BlockPalette(const BlockRegistry& registry, QWidget* parent = nullptr);

    // The item of a block type, or nullptr.
    QTreeWidgetItem* itemFor(const QString& typeId) const;
    // Shows only types whose name, id or category contains `text`.
    void setFilter(const QString& text);

    // What a drag of `items` carries (kBlockTypeMime with the type id).
    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QList<QTreeWidgetItem*>& items) const override;

signals:
    void typeActivated(const QString& typeId);

protected:
    void keyPressEvent(QKeyEvent* e) override;
};

} // namespace cs::app::canvas
