#pragma once
#include "app/gui/topology/TopologyAggregates.h"

#include <QGraphicsItem>
#include <QString>

#include <functional>

namespace cs::app {

// One aggregate of a large network (a pod, a group, a rack; see
// TopologyAggregates.h): a box with its name and what it holds. Double-click
// opens it (the editor shows its members one level deeper).
class AggregateItem : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 505 };
    static constexpr double kWidth = 170, kHeight = 62;
    // Below this zoom the box shows its name alone, kFarNamePixels tall on
    // screen, up to kNameOverhang past each side of the box.
    static constexpr double kFarZoom = 0.7, kFarNamePixels = 11, kNameOverhang = 17;

    AggregateItem(int index, const AggregateView::Group& g, std::function<void(int)> open);

    int type() const override { return Type; }
    int index() const { return index_; }
    const QString& label() const { return label_; }
    bool openable() const { return openable_; }
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    // Accepting the press makes the item the one the double-click goes to.
    void mousePressEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* e) override;

private:
    int index_;
    QString label_, counts_;
    bool hosts_, openable_;
    std::function<void(int)> open_;
};

} // namespace cs::app
