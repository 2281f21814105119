// The job at the sweep chart's cursor on the topology scene: each placed host ringed with its ranks, or, drawn
// as aggregates, each aggregate marked with its share of the job, and the view scrolled to the boxes that hold
// it.
#include "app/document/DocumentModel.h"
#include "app/gui/topology/AggregateItem.h"
#include "app/gui/topology/TopologyItems.h"
#include "app/gui/topology/TopologyScene.h"
#include "app/gui/topology/TopologyView.h"
#include "model/topology/placement/JobTally.h"

#include <unordered_map>

namespace cs::app {

void TopologyScene::setJobHosts(const QStringList& hosts)
{
    std::vector<std::string> now;
    for (const QString& h : hosts)
        now.push_back(h.toStdString());
    const bool moved = now != jobHosts_;
    jobHosts_ = std::move(now);
    applyJobHosts();
    if (aggregated_ && moved)
        showJobAggregates();
}

void TopologyScene::applyJobHosts()
{
    if (aggregated_) {
        // Each aggregate's share of the job: the boxes that hold some of it are marked with their count.
        const auto& t = model_->topology();
        jobElsewhere_ = 0;
        if (!t || aggItems_.size() != aggView_.groups.size())
            return;
        std::vector<int> partOf(t->vertexCount(), -1);
        for (std::size_t g = 0; g < aggView_.groups.size(); ++g)
            for (std::uint32_t v : aggView_.groups[g].members)
                partOf[v] = static_cast<int>(g);
        const JobTally tally = tallyJob(*t, partOf, aggView_.groups.size(), jobHosts_);
        for (std::size_t g = 0; g < aggItems_.size(); ++g)
            aggItems_[g]->setJob(tally.parts[g].hosts, tally.parts[g].ranks);
        jobElsewhere_ = tally.elsewhere;
        emit itemsChanged(); // the status line counts the marked aggregates
        return;
    }
    // Each host's ranks: several where the job runs more than one a node.
    std::unordered_map<VertexItem*, std::vector<int>> ranks;
    for (std::size_t r = 0; r < jobHosts_.size(); ++r)
        if (VertexItem* v = vertexItem(jobHosts_[r]))
            ranks[v].push_back(static_cast<int>(r));
    for (VertexItem* v : vertices_) {
        const auto it = ranks.find(v);
        v->setPlacedRanks(it == ranks.end() ? std::vector<int>{} : std::move(it->second));
    }
}

TopologyScene::JobMarks TopologyScene::jobMarks() const
{
    JobMarks m;
    for (const AggregateItem* a : aggItems_)
        if (a->jobHosts())
            ++m.boxes, m.hosts += a->jobHosts();
    m.elsewhere = jobElsewhere_;
    return m;
}

QRectF TopologyScene::jobRect(const QSizeF& room) const
{
    // Of the runs of boxes holding the job that `room` holds together (from each such box on, the later ones
    // that still fit with it), the one that holds most of the job's hosts.
    std::vector<const AggregateItem*> marked;
    for (const AggregateItem* a : aggItems_)
        if (a->jobHosts() > 0)
            marked.push_back(a);
    QRectF best;
    std::size_t bestHosts = 0;
    for (std::size_t i = 0; i < marked.size(); ++i) {
        QRectF r = marked[i]->sceneBoundingRect();
        std::size_t hosts = marked[i]->jobHosts();
        for (std::size_t j = i + 1; j < marked.size(); ++j) {
            const QRectF both = r.united(marked[j]->sceneBoundingRect());
            if (both.width() <= room.width() && both.height() <= room.height())
                r = both, hosts += marked[j]->jobHosts();
        }
        if (hosts > bestHosts)
            best = r, bestHosts = hosts;
    }
    return best;
}

void TopologyScene::showJobAggregates()
{
    // Scrolled to the boxes the job is in, when they are out of view: a job spread over a 1059-group
    // dragonfly had six of its seven boxes below the fold at 1280x800 (issue 48, defect 10).
    const QRectF shown = view_->mapToScene(view_->viewport()->rect()).boundingRect();
    const QRectF job = jobRect(shown.size() - QSizeF(20, 20));
    if (!job.isNull() && !shown.contains(job))
        view_->ensureVisible(job, 10, 10);
}

} // namespace cs::app
