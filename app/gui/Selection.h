#pragma once
#include <QObject>
#include <QString>

namespace cs::app {

// What the user has selected, shared by the views and the inspector.
// `key` is a block name, a design parameter name, a vertex id, or a link
// index (as text) in the topology's edge order.
class Selection : public QObject {
    Q_OBJECT
public:
    enum class Kind { None, Block, DesignParam, Vertex, Link };

    explicit Selection(QObject* parent = nullptr) : QObject(parent) {}

    Kind kind() const { return kind_; }
    QString key() const { return key_; }

    void select(Kind kind, const QString& key)
    {
        if (kind == kind_ && key == key_)
            return;
        kind_ = kind;
        key_ = key;
        emit changed();
    }
    void clear() { select(Kind::None, {}); }

signals:
    void changed();

private:
    Kind kind_ = Kind::None;
    QString key_;
};

} // namespace cs::app
