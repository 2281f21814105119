#pragma once
// Probe results as a table, one row per job: probe, nodes, status, the key
// values or the reason it failed, when it started and how long it took.
// Rows come from the document's "measured" array and, while a session runs,
// from the jobs that ended but are not stored yet.
#include "app/runner/JobResult.h"

#include <nlohmann/json.hpp>

#include <QTableWidget>

namespace cs::app {

class ResultsTable : public QTableWidget {
    Q_OBJECT
public:
    enum Column { Probe, Nodes, Status, Started, Duration, Result };

    explicit ResultsTable(QWidget* parent = nullptr);

    // `stored`: the document's measured array; `pending`: results of the
    // running session (shown in italics after the stored ones).
    void setResults(const nlohmann::json& stored, const std::vector<runner::JobResult>& pending = {});
    // Indices into the stored array of the selected rows.
    QList<int> selectedStored() const;
    int storedCount() const { return stored_; }

private:
    void addRow(const nlohmann::json& r, bool pending);
    int stored_ = 0;
};

} // namespace cs::app
