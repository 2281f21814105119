#pragma once
#include "app/gui/topology/TopologyAggregates.h"
#include "app/gui/topology/ViewGraph.h"

#include <QPointF>
#include <QStringList>
#include <QWidget>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QSpinBox;
class QToolBar;
class QAction;
class QGraphicsRectItem;

namespace cs {
class Design;
}
namespace cs::edit {
struct Change;
}

namespace cs::app {

class AggregateItem;
class DocumentModel;
class GeneratorDialog;
class LinkItem;
class LinkOverview;
class Selection;
class TopologySummary;
class TopologyView;
class VertexItem;

// The topology editor: a palette of hosts, switches and segments dragged
// onto a QGraphicsScene, links drawn by dragging between items, rubber-band
// selection, zoom and fit, and a generator dialog.
//
// It is a view over DocumentModel::topology() (or, while a drawing is not yet
// a valid network, over the document's explicit topology JSON). Items follow
// layoutChanged in place; a topology edit keeps the items of the vertices
// and links it did not remove (same pointers, selection and hover) and adds
// or removes only the others; documentReset, and a network drawn as a
// summary or as aggregates, rebuild the scene.
// Vertices without a stored position get an automatic layout, which is
// pinned into the document on the next topology edit so nothing jumps.
class TopologyEditor : public QWidget {
    Q_OBJECT
public:
    TopologyEditor(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);
    ~TopologyEditor() override;
    QGraphicsView* view() const;
    QGraphicsScene* scene() const { return scene_; }

    // The items, by the topology's vertex and edge order (empty slots never
    // occur: the scene mirrors the document).
    VertexItem* vertexItem(int index) const;
    // The summary drawn instead of items for a drawing in progress too large
    // to draw one by one (TopologySummary::kMaxDrawnVertices); null otherwise.
    TopologySummary* summary() const { return summary_; }
    // A network of more than this many vertices is drawn as its structure:
    // aggregates (pods, groups, racks) that open on double-click, joined by
    // links that carry their count and total rate (TopologyAggregates.h).
    static constexpr std::size_t kAggregateAbove = 3000;
    // One box a pod or group up to kMaxAggregates of them; above that, buckets of consecutive ones, at most
    // kMaxBuckets ("groups 0-16": a name twice as long, so fewer fit readably). Aggregates all linked to each
    // other (a dragonfly's groups) stand on a circle up to kCircleMost of them, on a grid above that.
    static constexpr std::size_t kMaxAggregates = 128, kMaxBuckets = 64, kCircleMost = 16;
    bool aggregated() const { return aggregated_; }
    const AggregateView& aggregates() const { return aggView_; }
    // Where the aggregate view is: "pod 3" under the whole network; "" at the top.
    QString aggregatePath() const;
    // Shows aggregate `index`'s members one level deeper / goes back up.
    void openAggregate(int index);
    void aggregateUp();
    VertexItem* vertexItem(const std::string& id) const;
    LinkItem* linkItem(int index) const;
    const ViewGraph& graph() const { return graph_; }
    // The one unit the drawing's bandwidths are written in.
    const plots::RateUnit& rateUnit() const { return rate_; }

    // Edits, each one undo step; they return "" or the model's reason
    // (also shown under the view).
    QString addVertex(VertexKind kind, QPointF scenePos, std::string* id = nullptr);
    QString addLink(int fromVertex, int toVertex);
    // The bandwidth (B/s per channel) and channel count new links get.
    void setNewLinkDefaults(double bandwidth, int channels);
    double newLinkBandwidth() const;
    int newLinkChannels() const;
    void setLinkMode(bool on);

    QString message() const; // what the line under the view says
    QRectF contentRect() const; // what the vertices (and so the links) cover, scene coordinates
    // A large topology zoomed far out is drawn by one batched item.
    bool overviewShown() const { return overviewOn_; }
    GeneratorDialog* generatorDialog() const { return dialog_; }
    // How many items the last topology edit updated or added from its
    // Change; -1 when it went through syncItems (every item matched by id).
    long lastItemsTouched() const { return lastTouched_; }

public slots:
    void zoomIn();
    void zoomOut();
    void zoomToFit();
    void deleteSelected();
    void showGeneratorDialog();
    // Edit menu: every vertex and link selected.
    void selectAll();
    // Copies the selected vertices and the links between them (false: none selected).
    bool copySelected();
    // Adds the clipboard's vertices and links with fresh ids, beside where they
    // were copied, as one undo step, and selects them; "" or the reason.
    QString paste();
    QString duplicateSelected(); // copy and paste
    // Rings the hosts of the job at the sweep chart's cursor, each with its
    // rank (host ids in rank order; empty: none); drawn as aggregates, marks
    // the aggregates that hold them with their count.
    void setJobHosts(const QStringList& hosts);

protected:
    void showEvent(QShowEvent* e) override;
    void resizeEvent(QResizeEvent* e) override;

private:
    void buildToolbar();
    void clearScene(); // no items, no summary, no overview
    void rebuild();
    void buildAggregates(); // the scene of the aggregate view at the top of aggStack_
    void drawAggregates();  // the scene of aggView_
    // The columns of a grid of aggView_'s boxes that shows it largest in the view, or that the view holds at
    // the zoom their names need.
    std::size_t denseGridColumns() const;
    void reflowAggregates(); // the grid drawn again when the view now takes other columns
    // Boxes that hold the job and fit `room` together, those that hold most of its hosts; scene coordinates,
    // null without a job.
    QRectF jobRect(const QSizeF& room) const;
    void showJobAggregates(); // scrolls to jobRect() when it is out of view
    ViewGraph documentGraph() const; // what the document's network draws as
    // After a topology edit: the items of what stayed are kept (same
    // pointers), those of what went are removed and new ones added; false
    // when the network is not drawn item by item (a summary, aggregates).
    bool updateInPlace();
    // The same from the edit's Change alone, when it set properties in
    // place, added items at the end of the network or removed items
    // (TopologyEditorChange.cpp); false when it cannot say (an insertion in
    // the middle, a network replaced as a whole).
    bool applyChange(const edit::Change& change);
    bool applyRemoval(const edit::Change& change, const Topology& net);
    // After applyChange's items: the generator, the rate unit, the segments whose taps changed, the decorations.
    void finishChange(const Topology& net, const std::set<VertexItem*>& segments);
    void orientSegment(VertexItem* v); // a bus lies along the way its taps spread
    void itemsChanged();               // decorations, scene rect, status after items came, went or changed
    // Makes the items match `g` (syncItems with no items builds them all;
    // `fresh`: every position is set).
    void syncItems(ViewGraph g, bool fresh);
    LinkItem* addLinkItem(std::size_t edge); // the item of graph_.edges[edge], appended to links_
    void relabelBandwidths(); // the new-link choices, in rate_'s family
    QString newLinkText(double bandwidth) const; // "1 Gbit/s": its own prefix in rate_'s family
    void applyPositions();
    void refreshDecorations(); // bus bars, link labels, legend
    void updateDetail();       // the batched overview of a large topology when zoomed far out
    QPointF positionOf(int v) const;
    std::map<std::string, QPointF> pinnedPositions() const;
    nlohmann::json explicitTopology() const; // the document's topology as a drawing
    void onSceneSelection();
    void onSelectionChanged();
    void onMoveFinished(const std::map<int, QPointF>& moved);
    void showMessage(const QString& text, bool error);
    // The ends (vertex ids) of link `index` of the network, or of the drawing when it does not load.
    std::optional<std::pair<std::string, std::string>> linkEnds(std::size_t index) const;
    void resolveLinkSelection(const std::vector<std::pair<std::string, std::string>>& ends);
    // The evaluation's complaint when a design parameter exceeds the output that bounds it, else "".
    static QString boundProblem(const Design& d);
    void updateStatus();
    void applyJobHosts(); // jobHosts_ onto the items
    QString report(const QString& err);

    DocumentModel* model_;
    Selection* selection_;
    QGraphicsScene* scene_;
    TopologyView* view_;
    QToolBar* toolbar_ = nullptr;
    QAction* linkAction_ = nullptr;
    QComboBox* bandwidth_ = nullptr;
    QSpinBox* channels_ = nullptr;
    QLabel* status_ = nullptr;
    GeneratorDialog* dialog_ = nullptr;

    ViewGraph graph_;
    plots::RateUnit rate_ = plots::rateUnitFor({}); // every bandwidth drawn is written in it
    std::vector<VertexItem*> vertices_;
    std::vector<std::string> jobHosts_; // the job at the sweep's cursor, in rank order
    std::vector<LinkItem*> links_;
    std::map<std::string, int> index_;
    QGraphicsRectItem* linkLayer_ = nullptr; // parent of the link items (hidden in overview)
    LinkOverview* overview_ = nullptr;
    TopologySummary* summary_ = nullptr; // instead of items, for a network too large to draw
    bool overviewOn_ = false;
    struct AggregateFrame {
        std::vector<std::uint32_t> members; // empty: the whole network
        int depth = 0;
        QString label;
    };
    std::vector<AggregateFrame> aggStack_; // the aggregates opened, outermost first
    AggregateView aggView_;
    std::vector<AggregateItem*> aggItems_; // by aggregate index
    std::size_t jobElsewhere_ = 0;         // hosts of the job in no aggregate shown
    bool aggregated_ = false;
    std::size_t gridColumns_ = 0;          // of the dense grid drawn; 0: no dense grid
    QAction* upAction_ = nullptr;
    std::vector<QPointF> auto_;   // automatic positions (empty until needed)
    std::vector<char> placed_;    // position stored in the document
    long lastTouched_ = -1;       // lastItemsTouched()
    bool rebuilding_ = false;
    bool syncing_ = false;
    bool keepRect_ = false;  // grow the scene rect instead of replacing it
    bool fitPending_ = true; // fit once the view has its real size
    std::vector<std::pair<std::string, std::string>> selectedLinkEnds_; // the selected links, by their ends
    int pastes_ = 0;         // pastes of the clipboard's items since they were copied here
    bool fitted_ = false;    // showing the fit, not zoomed by the user since
    QString error_;
};

} // namespace cs::app
