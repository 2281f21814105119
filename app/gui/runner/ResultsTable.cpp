#include "app/gui/runner/ResultsTable.h"
#include "app/gui/runner/RunnerText.h"

#include <QColor>
#include <QFont>
#include <QHeaderView>

#include <set>

namespace cs::app {

ResultsTable::ResultsTable(QWidget* parent) : QTableWidget(parent)
{
    setObjectName("probeResults");
    setColumnCount(6);
    setHorizontalHeaderLabels({tr("Probe"), tr("Nodes"), tr("Status"), tr("Started"), tr("Duration"),
                               tr("Result or reason")});
    verticalHeader()->hide();
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setWordWrap(false);
    horizontalHeader()->setStretchLastSection(true); // Result
}

void ResultsTable::setResults(const nlohmann::json& stored, const std::vector<runner::JobResult>& pending)
{
    setRowCount(0);
    stored_ = 0;
    if (stored.is_array())
        for (const nlohmann::json& r : stored) {
            addRow(r, false);
            ++stored_;
        }
    for (const runner::JobResult& r : pending)
        addRow(runner::resultToJson(r, false), true);
    for (int c : {Probe, Nodes, Status, Started, Duration})
        resizeColumnToContents(c);
    if (rowCount() > 0)
        scrollToBottom();
}

void ResultsTable::addRow(const nlohmann::json& r, bool pending)
{
    const int row = rowCount();
    insertRow(row);
    const std::string status = r.value("status", std::string("?"));
    const std::string reason = r.value("reason", std::string());
    const QString result = status == "ok" ? derivedSummary(r, 3, false) : QString::fromStdString(reason);
    const std::string started = r.value("started", std::string());
    const double duration = r.value("duration_s", 0.0);
    QStringList cells = {QString::fromStdString(r.value("probe", std::string("?"))), nodesText(r),
                         QString::fromStdString(status) + (pending ? tr(" (not stored yet)") : QString()),
                         QString::fromStdString(started).replace('T', ' ').left(19),
                         duration > 0 ? QString::number(duration, 'f', 2) + " s" : QString(), result};
    for (int c = 0; c < columnCount(); ++c) {
        auto* it = new QTableWidgetItem(cells[c]);
        if (pending) {
            QFont f = it->font();
            f.setItalic(true);
            it->setFont(f);
        }
        if (c == Status)
            it->setForeground(status == "ok"       ? QColor(0x1e, 0x7a, 0x2e)
                              : status == "failed" ? QColor(0xb0, 0, 0)
                                                   : QColor(110, 110, 110));
        if (c == Result) {
            QString tip = status == "ok" ? derivedSummary(r, 50).replace("; ", "\n") : QString::fromStdString(reason);
            const auto failed = r.value("failed_nodes", nlohmann::json::array());
            if (!failed.empty())
                tip += "\n" + tr("failed nodes: %1").arg(QString::fromStdString(failed.dump()));
            it->setToolTip(tip);
        }
        setItem(row, c, it);
    }
}

QList<int> ResultsTable::selectedStored() const
{
    std::set<int> rows;
    for (const QModelIndex& i : selectionModel()->selectedRows())
        if (i.row() < stored_)
            rows.insert(i.row());
    return QList<int>(rows.begin(), rows.end());
}

} // namespace cs::app
