#pragma once
#include <QPointF>
#include <QString>

#include <nlohmann/json.hpp>

#include <optional>
#include <utility>

namespace cs::app::graph {

// A graph editor's clipboard: the piece of the graph it copied, as JSON on the system clipboard under the
// editor's MIME type (and as text, to paste into a file), and how many times it was pasted here since, which
// says where the next paste lands (pasteOffset: each paste clear of the one before).
class GraphClipboard {
public:
    explicit GraphClipboard(QString mimeType) : mime_(std::move(mimeType)) {}

    // Puts `piece` on the clipboard; the next paste is its first.
    void put(const nlohmann::json& piece);
    // The piece on the clipboard: nullopt when it holds none of this editor's; a discarded value
    // (is_discarded()) when it holds one that cannot be read.
    std::optional<nlohmann::json> piece() const;
    // How far from what was copied the next paste lands (scene units): `step` down and right per paste.
    QPointF nextOffset(double step = 40) const;
    // A paste succeeded: the next one lands beside it, not on it.
    void pasted() { ++pastes_; }

private:
    QString mime_;
    int pastes_ = 0; // pastes of the piece since it was copied here
};

} // namespace cs::app::graph
