#pragma once
#include "app/gui/topology/ViewGraph.h"

#include <QGraphicsItem>

#include <algorithm>
#include <vector>

namespace cs::app {

class LinkItem;

// A host, switch or segment on the topology scene. Each kind has its own
// shape and colour (the palette shows the same pictures); the id and, for a
// switch or segment, its ports or bandwidth are written next to it. Labels
// are dropped when zoomed far out.
//
// A segment (hub or bus) is drawn as a bar that stretches along its taps:
// its links meet the bar at the point nearest the other end, so hosts hang
// off the bus as in the Beowulf papers' figures.
class VertexItem : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 501 };

    // A segment's rate is written in `unit` (the one unit of the drawing).
    VertexItem(int index, const ViewGraph::Vertex& v, const plots::RateUnit& unit);
    int type() const override { return Type; }
    int index() const { return index_; }
    const std::string& id() const { return id_; }
    VertexKind kind() const { return kind_; }
    QString infoText() const { return info_; }
    // The same vertex after an edit: its place in the topology's order, and
    // what its text says (a switch's ports, a host that forwards, a
    // segment's rate in the drawing's unit). The item, its position,
    // selection and hover stay.
    void setVertex(int index, const ViewGraph::Vertex& v, const plots::RateUnit& unit);
    QString toolTipText() const; // "switch sw0 (8 ports)"

    void addLink(LinkItem* l) { links_.push_back(l); }
    void clearLinks() { links_.clear(); } // the editor registers the links again after an edit
    void removeLink(LinkItem* l) { links_.erase(std::remove(links_.begin(), links_.end(), l), links_.end()); }
    const std::vector<LinkItem*>& links() const { return links_; }
    // The body (without the label) in item coordinates.
    QRectF body() const;
    // The name and info text's box, in scene coordinates.
    QRectF labelSceneRect() const { return mapRectToScene(labelRect_); }
    // Where a link towards `other` (scene coordinates) meets this item.
    QPointF attachPoint(QPointF other) const;
    // Segments: lie along x (true) or y, and stretch over the taps. Returns
    // whether the bar changed (its links are then re-adjusted).
    void setHorizontal(bool horizontal);
    bool updateSpan();
    // The name above the body instead of below (a vertex whose links all go
    // down, such as a fat-tree's core, so that they do not cross it).
    void setLabelAbove(bool above);
    void setLinkTarget(bool on); // highlighted while a link is drawn onto it
    // The ranks of the job at the sweep chart's cursor that run on this host
    // (none: not placed), in rank order: drawn as an amber ring with the rank
    // beside it, or, where the host holds several (ranks_per_node > 1), one
    // ring a rank (up to three) and "N ranks" beside them (issue 45).
    void setPlacedRanks(std::vector<int> ranks);
    int placedRank() const { return ranks_.empty() ? -1 : ranks_.front(); } // the first, -1: none
    int placedRankCount() const { return static_cast<int>(ranks_.size()); }
    // While many items move at once (undo of a layout), stretching buses per
    // move is quadratic: defer it and call updateSpan() on them afterwards.
    static void setDeferSpans(bool defer);
    // When the scene is drawn as an overview (LinkOverview), this item
    // draws nothing at overview zoom: the overview draws its box.
    void setInOverview(bool on) { inOverview_ = on; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    static QString infoFor(const ViewGraph::Vertex& v, const plots::RateUnit& unit);
    QRectF computeLabelRect() const;
    void relayout(); // caches the label rect and bounds (boundingRect is hot)

    int index_;
    std::string id_;
    VertexKind kind_;
    bool forwards_;
    QString label_;
    QString info_;
    bool target_ = false;
    std::vector<int> ranks_; // of the job, on this host
    bool inOverview_ = false;
    QRectF labelRect_;
    bool labelAbove_ = false;
    QRectF bounds_;
    bool horizontal_ = true;
    double lo_ = -44, hi_ = 44; // a segment's bar along its axis, item coordinates
    std::vector<LinkItem*> links_;
};

} // namespace cs::app
