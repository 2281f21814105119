#pragma once
#include <QObject>
#include <QString>
#include <QStringList>

namespace cs::app {

// What the user has selected, shared by the views and the inspector.
// `key` is a block name, a design parameter name, a vertex id, or a link
// index (as text) in the topology's edge order. A rubber band may select
// several items of one kind: `keys` lists them all, `key` first (the one the
// inspector shows), and an edit in the inspector applies to every one.
class Selection : public QObject {
    Q_OBJECT
public:
    enum class Kind { None, Block, DesignParam, Vertex, Link };

    explicit Selection(QObject* parent = nullptr) : QObject(parent) {}

    Kind kind() const { return kind_; }
    QString key() const { return keys_.isEmpty() ? QString() : keys_.front(); }
    QStringList keys() const { return keys_; }

    void select(Kind kind, const QString& key) { selectMany(kind, key.isEmpty() ? QStringList() : QStringList{key}); }
    // Several items of one kind; the first is the one shown.
    void selectMany(Kind kind, const QStringList& keys)
    {
        if (kind == Kind::None || keys.isEmpty()) {
            kind = Kind::None;
        }
        const QStringList next = kind == Kind::None ? QStringList() : keys;
        if (kind == kind_ && next == keys_)
            return;
        kind_ = kind;
        keys_ = next;
        emit changed();
    }
    void clear() { selectMany(Kind::None, {}); }

signals:
    void changed();

private:
    Kind kind_ = Kind::None;
    QStringList keys_;
};

} // namespace cs::app
