#pragma once
#include "app/gui/topology/TopologyAggregates.h"

#include <QGraphicsItem>
#include <QString>

#include <functional>

namespace cs::app {

// One aggregate of a large network (a pod, a group, a rack; see
// TopologyAggregates.h): a box with its name, what it holds and, when the job
// at the sweep's cursor runs on some of its hosts, how many (the box amber).
// Double-click opens it (the editor shows its members one level deeper).
class AggregateItem : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 505 };
    static constexpr double kWidth = 170, kHeight = 80;
    // Below kFarZoom the name is kFarNamePixels tall on screen (never smaller),
    // its counts and the job's kFarInfoPixels, under it while the box is
    // kLinesPixels tall on screen. A name wider than the box (zoomed out past
    // readableZoom()) shortens to its last word ("0-16" of "groups 0-16"),
    // which may reach kNameOverhang past each side.
    static constexpr double kFarZoom = 0.7, kFarNamePixels = 11, kFarInfoPixels = 9, kLinesPixels = 30;
    static constexpr double kNameOverhang = 17, kPadding = 6;

    AggregateItem(int index, const AggregateView::Group& g, std::function<void(int)> open);

    int type() const override { return Type; }
    int index() const { return index_; }
    const QString& label() const { return label_; }
    bool openable() const { return openable_; }
    // The least zoom at which the whole name fits the box, written kFarNamePixels tall.
    double readableZoom() const { return readableZoom(label_); }
    static double readableZoom(const QString& name);
    // The job's hosts (distinct) and ranks in this aggregate; 0 hosts: none, the box is not marked.
    void setJob(std::size_t hosts, std::size_t ranks);
    std::size_t jobHosts() const { return jobHosts_; }
    QString jobText() const; // "job: 34 hosts" ("job: 34 hosts, 68 ranks"); "" without
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    // Accepting the press makes the item the one the double-click goes to.
    void mousePressEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* e) override;

private:
    void updateToolTip();

    int index_;
    QString label_, counts_, hostCount_;
    bool hosts_, openable_;
    std::size_t jobHosts_ = 0, jobRanks_ = 0;
    std::function<void(int)> open_;
};

} // namespace cs::app
