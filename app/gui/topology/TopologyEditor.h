#pragma once
#include "app/gui/graph/GraphClipboard.h"
#include "app/gui/topology/TopologyAggregates.h"
#include "app/gui/topology/ViewGraph.h"
#include "model/topology/network/Network.h"

#include <QPointF>
#include <QStringList>
#include <QWidget>

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

class QGraphicsScene;
class QGraphicsView;
class QLabel;

namespace cs {
class Design;
}
namespace cs::edit {
struct Change;
}

namespace cs::app {

class DocumentModel;
class GeneratorDialog;
class LinkItem;
class Selection;
class TopologyScene;
class TopologySummary;
class TopologyToolbar;
class TopologyView;
class VertexItem;

// The topology editor's controller: a palette of hosts, switches and segments
// dragged onto the scene, links drawn by dragging between items, rubber-band
// selection, zoom and fit, and a generator dialog.
//
// What each class owns:
// - TopologyScene (the scene sync, graph::GraphSync): the QGraphicsScene and
//   every item on it, the ViewGraph drawn, the positions and the aggregate
//   view's navigation. It follows the document's changes item by item and
//   tells this class only through its signals (items changed, selection
//   changed, the rate unit, Up, another aggregate level).
// - TopologyView (a graph::GraphView): zoom, pan, drags of links and moves.
// - TopologyToolbar: the buttons and the new links' bandwidth and channels.
// - This class: the document's signals passed to the scene, the view's and
//   the toolbar's requests turned into edits (each one undo step: addVertex,
//   addLink, deleteSelected, paste; TopologyEditorEdits.cpp,
//   TopologyEditorClipboard.cpp), the selection kept in step with the shared
//   one (TopologyEditorSelection.cpp), the fit, the status line and the
//   generator dialog. The scene's accessors are forwarded for its callers.
// Vertices without a stored position get an automatic layout, which is
// pinned into the document on the next topology edit so nothing jumps.
class TopologyEditor : public QWidget {
    Q_OBJECT
public:
    TopologyEditor(DocumentModel* model, Selection* selection, QWidget* parent = nullptr);
    ~TopologyEditor() override;
    QGraphicsView* view() const;
    // The scene sync, and the QGraphicsScene it draws in.
    TopologyScene* topologyScene() const { return scene_; }
    QGraphicsScene* scene() const;

    // The scene's (TopologyScene.h), forwarded.
    VertexItem* vertexItem(int index) const;
    VertexItem* vertexItem(const std::string& id) const;
    LinkItem* linkItem(int index) const;
    const ViewGraph& graph() const;
    const plots::RateUnit& rateUnit() const;
    TopologySummary* summary() const;
    bool aggregated() const;
    const AggregateView& aggregates() const;
    QString aggregatePath() const;
    void openAggregate(int index);
    void aggregateUp();
    QRectF contentRect() const;
    bool overviewShown() const;
    long lastItemsTouched() const;

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
    GeneratorDialog* generatorDialog() const { return dialog_; }

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
    void addVertexInView(VertexKind kind); // a palette button clicked: the middle of the view, on a free spot
    void onTopologyChanged(const edit::Change& change);
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
    QString report(const QString& err);

    DocumentModel* model_;
    Selection* selection_;
    TopologyScene* scene_;
    TopologyView* view_;
    TopologyToolbar* toolbar_ = nullptr;
    QLabel* status_ = nullptr;
    GeneratorDialog* dialog_ = nullptr;

    bool syncing_ = false;   // the shared selection and the scene's being set from each other
    bool fitPending_ = true; // fit once the view has its real size
    std::vector<std::pair<std::string, std::string>> selectedLinkEnds_; // the selected links, by their ends
    graph::GraphClipboard clipboard_{QStringLiteral("application/x-clusterscope-topology")};
    bool fitted_ = false;    // showing the fit, not zoomed by the user since
    QString error_;
};

} // namespace cs::app
