#pragma once
#include "model/core/Unit.h"

#include <QGraphicsItem>
#include <QString>

#include <algorithm>
#include <vector>

namespace cs::app::canvas {

class PortItem;
class WireItem;

// What a node shows for one port.
struct PortDesc {
    QString symbol; // the paper's symbol (the port's identity)
    QString label;  // text drawn beside the port ("" = the symbol)
    Unit unit = Unit::Ratio;
    QString tip;
    bool wired = false;
};

// A node on the block canvas: a block instance (title, type name, input
// ports on the left, output ports on the right) or a design parameter (a
// small source node with one output). The node's position is its top-left
// corner; it keeps the wires attached to its ports up to date as it moves.
class BlockNode : public QGraphicsItem {
public:
    enum { Type = UserType + 100 };
    enum class Kind { Block, Param };

    BlockNode(Kind kind, const QString& name, const QString& title, const QString& subtitle,
              const QString& category, const std::vector<PortDesc>& inputs, const std::vector<PortDesc>& outputs);

    int type() const override { return Type; }
    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    Kind kind() const { return kind_; }
    bool isParam() const { return kind_ == Kind::Param; }
    // Block instance name or design parameter name (unique across both).
    const QString& name() const { return name_; }
    QSizeF size() const { return size_; }

    PortItem* inputPort(const QString& symbol) const;
    PortItem* outputPort(const QString& symbol) const;
    const std::vector<PortItem*>& inputs() const { return inputs_; }
    const std::vector<PortItem*>& outputs() const { return outputs_; }

    // Shows a port's new text and tooltip in place (a value changed); the
    // node grows when the text needs more room, and its wires follow.
    void setPortText(const QString& symbol, bool input, const QString& label, const QString& tip);

    // The block type's name under the title (a block remade with the same ports: the topology's after an edit
    // of the drawing); repainted in place.
    const QString& subtitle() const { return subtitle_; }
    void setSubtitle(const QString& subtitle)
    {
        subtitle_ = subtitle;
        update();
    }

    void addWire(WireItem* w) { wires_.push_back(w); }
    void removeWire(WireItem* w) { wires_.erase(std::remove(wires_.begin(), wires_.end(), w), wires_.end()); }
    const std::vector<WireItem*>& wires() const { return wires_; }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    Kind kind_;
    QString name_;
    QString title_;
    QString subtitle_;
    QString category_;
    QSizeF size_;
    std::vector<PortItem*> inputs_;
    std::vector<PortItem*> outputs_;
    std::vector<WireItem*> wires_;
};

} // namespace cs::app::canvas
