#pragma once
#include "app/gui/graph/GraphSync.h"
#include "app/gui/topology/TopologyAggregates.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/topology/network/Network.h"

#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QStringList>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

class QGraphicsScene;
class QGraphicsRectItem;

namespace cs::edit {
struct Change;
}

namespace cs::app {

class AggregateItem;
class DocumentModel;
class LinkItem;
class LinkOverview;
class TopologySummary;
class TopologyView;
class VertexItem;

// The topology editor's scene sync (issue 47): the drawing of DocumentModel::topology() (or, while a drawing
// is not yet a valid network, of the document's explicit topology JSON), kept in step with the document.
//
// It owns the QGraphicsScene and every item on it (vertices, links and the layer that holds them, the batched
// overview, the summary of a drawing too large to draw, the aggregates), the ViewGraph drawn, the positions
// (stored or automatic) and the aggregate view's navigation. It follows each topology edit from its Change
// item by item (graph::GraphSync: TopologySceneChange.cpp), rebuilds only for a new document or a change it
// cannot follow, and moves items on layoutChanged (TopologyScene.cpp, TopologySceneItems.cpp). A network of
// more than kAggregateAbove vertices is drawn as aggregates (TopologySceneAggregates.cpp); the job at the
// sweep's cursor is marked on hosts or aggregates (TopologySceneJob.cpp).
//
// It reads the document and draws into the view (legend, empty hint, its zoom and size); it knows nothing of
// the controller (TopologyEditor), which calls it and hears back only through the signals below.
class TopologyScene : public QObject, public graph::GraphSync {
    Q_OBJECT
public:
    // A network of more than this many vertices is drawn as its structure:
    // aggregates (pods, groups, racks) that open on double-click, joined by
    // links that carry their count and total rate (TopologyAggregates.h).
    static constexpr std::size_t kAggregateAbove = 3000;
    // One box a pod or group up to kMaxAggregates of them; above that, buckets of consecutive ones, at most
    // kMaxBuckets ("groups 0-16": a name twice as long, so fewer fit readably). Aggregates all linked to each
    // other (a dragonfly's groups) stand on a circle up to kCircleMost of them, on a grid above that.
    static constexpr std::size_t kMaxAggregates = 128, kMaxBuckets = 64, kCircleMost = 16;

    explicit TopologyScene(DocumentModel* model, QObject* parent = nullptr);
    ~TopologyScene() override;
    // The view the scene is drawn in: its legend and empty hint are the scene's, its zoom chooses the overview
    // and its size the aggregates' grid. Set once, before the first rebuild.
    void setView(TopologyView* view) { view_ = view; }
    QGraphicsScene* scene() const { return scene_; }

    // graph::GraphSync, public: the controller calls them on the document's signals.
    void rebuild() override;
    // The items `change` names made, removed or updated in place (TopologySceneChange.cpp).
    bool applyChange(const edit::Change& change) override;
    // The vertices Change::movedVertices names (or all, after a topology edit) put where the document has them.
    void applyMoves(const edit::Change& change) override;
    // lastItemsTouched() -1, then updateInPlace, else rebuild.
    void resync() override;
    // A new document: the scene rect starts afresh and nothing stays selected (quietly: the document's
    // selection is the controller's to clear); the rebuild follows.
    void forgetDocument();

    // The items, by the topology's vertex and edge order (empty slots never occur: the scene mirrors the
    // document); null out of range.
    VertexItem* vertexItem(int index) const;
    VertexItem* vertexItem(const std::string& id) const;
    LinkItem* linkItem(int index) const;
    std::size_t vertexCount() const { return vertices_.size(); }
    std::size_t linkCount() const { return links_.size(); }
    const ViewGraph& graph() const { return graph_; }
    // The one unit the drawing's bandwidths are written in.
    const plots::RateUnit& rateUnit() const { return rate_; }
    // The summary drawn instead of items for a drawing in progress too large
    // to draw one by one (TopologySummary::kMaxDrawnVertices); null otherwise.
    TopologySummary* summary() const { return summary_; }
    // How many items the last topology edit updated or added from its
    // Change; -1 when it went through syncItems (every item matched by id).
    long lastItemsTouched() const { return lastTouched_; }
    QRectF contentRect() const; // what the vertices (and so the links) cover, scene coordinates
    // A large topology zoomed far out is drawn by one batched item.
    bool overviewShown() const { return overviewOn_; }
    void updateDetail(); // the batched overview on or off for the view's zoom now
    // The automatic positions of the vertices the document has none for, by id: an edit pins them first so
    // that nothing jumps.
    std::map<std::string, QPointF> pinnedPositions() const;

    // The aggregate view (TopologySceneAggregates.cpp).
    bool aggregated() const { return aggregated_; }
    const AggregateView& aggregates() const { return aggView_; }
    // Where the aggregate view is: "pod 3" under the whole network; "" at the top.
    QString aggregatePath() const;
    // Shows aggregate `index`'s members one level deeper / goes back up (levelChanged).
    void openAggregate(int index);
    void aggregateUp();
    // The largest zoom an aggregate's name needs to be read at; 0 without aggregates.
    double readableZoom() const;
    void reflowAggregates(); // the grid drawn again when the view now takes other columns

    // The job at the sweep chart's cursor (TopologySceneJob.cpp): hosts by id in rank order, each ringed with
    // its rank; drawn as aggregates, the aggregates that hold them marked with their count.
    void setJobHosts(const QStringList& hosts);
    struct JobMarks {
        std::size_t hosts = 0;     // of the job in the aggregates shown
        std::size_t boxes = 0;     // aggregates that hold some of it
        std::size_t elsewhere = 0; // hosts of the job in no aggregate shown
    };
    JobMarks jobMarks() const;
    void showJobAggregates(); // scrolls to jobRect() when it is out of view

signals:
    // Items came, went or changed, or the aggregates' job marks did: what the status line says may differ.
    void itemsChanged();
    // The scene's selection changed; while the scene rebuilds or resyncs, once at the end instead.
    void selectionChanged();
    // The drawing's rates are written in another unit now (the toolbar's bandwidth choices follow it).
    void rateUnitChanged(const plots::RateUnit& rate);
    // Up (out of an aggregate) can be taken or not.
    void upAvailable(bool available);
    // An aggregate was opened or left: another level is drawn, to be fitted.
    void levelChanged();

private:
    void clearScene(); // no items, no summary, no overview
    ViewGraph documentGraph() const; // what the document's network draws as
    QPointF positionOf(int v) const;
    // After a topology edit: the items of what stayed are kept (same
    // pointers), those of what went are removed and new ones added; false
    // when the network is not drawn item by item (a summary, aggregates).
    bool updateInPlace();
    // Makes the items match `g` (syncItems with no items builds them all;
    // `fresh`: every position is set). TopologySceneItems.cpp.
    void syncItems(ViewGraph g, bool fresh);
    LinkItem* addLinkItem(std::size_t edge); // the item of graph_.edges[edge], appended to links_
    void orientSegment(VertexItem* v);       // a bus lies along the way its taps spread
    void itemsUpdated();                     // decorations, scene rect, status after items came, went or changed
    void applyPositions();
    void refreshDecorations(); // bus bars, link labels, legend
    void setRateUnit(const plots::RateUnit& rate);
    // A removal or an insertion in the middle, from the Change (TopologySceneChange.cpp).
    bool applyRemoval(const edit::Change& change, const Topology& net);
    // Link `id`'s index among the items drawn before the edit (linkIds_), and in the network after it.
    std::optional<std::size_t> linkIndexBefore(LinkId id) const;
    std::optional<std::size_t> linkIndexNow(LinkId id, const Topology& net) const;
    // After applyChange's items: the generator, the rate unit, the segments whose taps changed, the decorations.
    void finishChange(const Topology& net, const std::set<VertexItem*>& segments);
    void buildAggregates(); // the scene of the aggregate view at the top of aggStack_
    void drawAggregates();  // the scene of aggView_
    // The columns of a grid of aggView_'s boxes that shows it largest in the view, or that the view holds at
    // the zoom their names need.
    std::size_t denseGridColumns() const;
    // Boxes that hold the job and fit `room` together, those that hold most of its hosts; scene coordinates,
    // null without a job.
    QRectF jobRect(const QSizeF& room) const;
    void applyJobHosts(); // jobHosts_ onto the items
    void onSceneSelection();

    DocumentModel* model_;
    TopologyView* view_ = nullptr;
    QGraphicsScene* scene_;

    ViewGraph graph_;
    plots::RateUnit rate_ = plots::rateUnitFor({}); // every bandwidth drawn is written in it
    std::vector<VertexItem*> vertices_;
    std::vector<LinkItem*> links_;
    std::vector<LinkId> linkIds_; // each link item's id, in links_'s order (what a Change names links by)
    std::map<std::string, int> index_;
    std::vector<std::string> jobHosts_;      // the job at the sweep's cursor, in rank order
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
    std::size_t gridColumns_ = 0; // of the dense grid drawn; 0: no dense grid
    std::vector<QPointF> auto_;   // automatic positions (empty until needed)
    std::vector<char> placed_;    // position stored in the document
    long lastTouched_ = -1;       // lastItemsTouched()
    bool rebuilding_ = false;     // the scene's selection is reported once, at the end
    bool keepRect_ = false;       // grow the scene rect instead of replacing it
};

} // namespace cs::app
