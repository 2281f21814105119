#pragma once
#include "model/core/Design.h"
#include "model/core/Unit.h"

#include <QGraphicsItem>
#include <QString>

namespace cs::app::canvas {

class BlockNode;

// One port of a node: a small circle on the node's edge with the paper's
// symbol beside it. Inputs sit on the left edge, outputs on the right. The
// item's hit area covers the circle and its label, so a wire drag can start
// anywhere on the port's row.
class PortItem : public QGraphicsItem {
public:
    enum { Type = UserType + 101 };
    enum class Dir { In, Out };
    // How the port looks while a wire is being dragged.
    enum class Hint { None, Allowed, Refused };

    // `label` is drawn beside the circle ("" = the symbol); `labelWidth` is
    // the width reserved for it; `tip` is the port's tooltip.
    PortItem(BlockNode* node, Dir dir, const QString& symbol, const QString& label, Unit unit, double labelWidth,
             const QString& tip);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    BlockNode* node() const { return node_; }
    Dir dir() const { return dir_; }
    bool isInput() const { return dir_ == Dir::In; }
    const QString& symbol() const { return symbol_; }
    Unit unit() const { return unit_; }
    // Centre of the circle, in scene coordinates (where wires attach).
    QPointF anchor() const { return mapToScene(QPointF(0, 0)); }

    // What this port is in the design: the source an output offers (a block
    // output, or a design parameter), or the input endpoint.
    Source source() const;
    Endpoint endpoint() const;

    // New text beside the circle (a design parameter's value) and tooltip;
    // `labelWidth` is the width now reserved for the text.
    void setText(const QString& label, double labelWidth, const QString& tip);
    const QString& label() const { return label_; }

    void setWired(bool wired);
    bool isWired() const { return wired_; }
    void setHint(Hint h);
    Hint hint() const { return hint_; }

private:
    BlockNode* node_;
    Dir dir_;
    QString symbol_;
    QString label_;
    Unit unit_;
    double labelWidth_;
    bool wired_ = false;
    Hint hint_ = Hint::None;
};

} // namespace cs::app::canvas
