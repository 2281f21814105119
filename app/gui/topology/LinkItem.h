#pragma once
#include "app/gui/topology/ViewGraph.h"

#include <QGraphicsItem>

namespace cs::app {

class LinkOverview;
class VertexItem;

// A link between two vertex items. Its width grows with its bandwidth, a
// bonded link is drawn as that many parallel lines (up to 4), and its label
// ("1 Gbit/s ×2") is written along it when the editor has found room for it
// (see LinkLabels.h) and the zoom makes it readable. A link whose straight
// line would run through other vertices (a torus's wrap-around, a
// hypercube's higher dimensions) is drawn as a bridge beside that line
// instead: out of each end at right angles by the detour, along, and back in
// (setDetour; the scene sync, TopologyScene, decides which links need one).
class LinkItem : public QGraphicsItem {
public:
    enum { Type = QGraphicsItem::UserType + 502 };
    enum class Label {
        Hidden,
        Readable, // shown from zoom 0.5 (links unlike most others)
        Close,    // shown from zoom 0.9 (the common kind; the legend names it)
    };

    // The label is written in `unit` (the one unit of the drawing).
    LinkItem(int index, VertexItem* a, VertexItem* b, const ViewGraph::Edge& e, const plots::RateUnit& unit);
    int type() const override { return Type; }
    int index() const { return index_; }
    void setIndex(int index) { index_ = index; } // after links before it were removed
    VertexItem* from() const { return a_; }
    VertexItem* to() const { return b_; }
    QString labelText() const { return label_; }
    QString toolTipText() const; // "link 3: h3 – sw0, 1 Gbit/s"
    QLineF line() const { return line_; }
    double width() const { return width_; }
    int channels() const { return channels_; }
    // The same link after an edit: its place in the topology's order, its
    // rate, channels and duplex, the drawing's unit; the item, its
    // endpoints and selection stay. Registers it with its endpoints again
    // (VertexItem::clearLinks).
    void setEdge(int index, const ViewGraph::Edge& e, const plots::RateUnit& unit);
    // The rate, channels and duplex alone (a property set in place).
    void setProps(const ViewGraph::Edge& e, const plots::RateUnit& unit);
    // Re-reads the endpoints' positions.
    void adjust();
    // The overview that draws this link when zoomed far out (told of moves).
    void setOverview(LinkOverview* o) { overview_ = o; }

    // The bridge's distance from the straight line, signed (to the left of
    // from -> to when positive); 0 draws the straight line.
    void setDetour(double offset);
    double detour() const { return detour_; }
    // The path drawn (the straight line, or the bridge).
    QPainterPath path() const;

    // Where the label goes: `t` along the line (0.5 = the middle).
    void setLabel(Label mode, double t = 0.5);
    Label labelMode() const { return mode_; }
    // The label's box (scene coordinates) if placed at t; empty when the link
    // is too short to carry it between its ends.
    QRectF labelBox(double t) const;
    // The box of the label where it was placed (empty when hidden).
    QRectF shownLabelBox() const { return mode_ == Label::Hidden ? QRectF() : labelBox(t_); }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    int index_;
    VertexItem* a_;
    VertexItem* b_;
    QString label_;
    double labelWidth_;
    int channels_;
    double width_;
    Label mode_ = Label::Hidden;
    double t_ = 0.5;
    QLineF line_;
    double detour_ = 0.0;
    QRectF bounds_;
    LinkOverview* overview_ = nullptr;
};

} // namespace cs::app
