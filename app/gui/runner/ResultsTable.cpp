#include "app/gui/runner/ResultsTable.h"
#include "app/gui/runner/RunnerText.h"
#include "model/calibration/ProgramRuns.h"

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

namespace {

// A member as text, or `fallback` when it is absent or not a string: the
// document's results are data from elsewhere, never trusted to be well formed.
std::string text(const nlohmann::json& r, const char* key, const std::string& fallback = {})
{
    const auto it = r.find(key);
    return it != r.end() && it->is_string() ? it->get<std::string>() : fallback;
}

} // namespace

void ResultsTable::addRow(const nlohmann::json& entry, bool pending)
{
    const int row = rowCount();
    insertRow(row);
    static const nlohmann::json kEmpty = nlohmann::json::object();
    const nlohmann::json& r = entry.is_object() ? entry : kEmpty;
    const std::string status = text(r, "status", entry.is_object() ? "?" : "unreadable");
    const std::string reason = entry.is_object() ? text(r, "reason") : "this entry is not a probe result";
    const QString result = status == "ok" ? derivedSummary(r, 3, false) : QString::fromStdString(reason);
    const std::string started = text(r, "started");
    const auto durationIt = r.find("duration_s");
    const double duration = durationIt != r.end() && durationIt->is_number() ? durationIt->get<double>() : 0.0;
    // A run of the user's program: which program, arguments and P, to tell the runs apart (and remove one).
    QString probe = QString::fromStdString(text(r, "probe", "?"));
    if (const std::string label = calib::programRunLabel(r); !label.empty()) {
        const auto params = r.find("params");
        const bool hasP = params != r.end() && params->is_object() && params->contains("P") && (*params)["P"].is_number();
        probe += hasP ? tr(" P = %1: %2").arg((*params)["P"].get<double>()).arg(QString::fromStdString(label))
                      : tr(": %1").arg(QString::fromStdString(label));
    }
    QStringList cells = {probe, nodesText(r),
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
            const auto failed = r.find("failed_nodes");
            if (failed != r.end() && failed->is_array() && !failed->empty())
                tip += "\n" + tr("failed nodes: %1").arg(QString::fromStdString(failed->dump(-1, ' ', false,
                                                                                      nlohmann::json::error_handler_t::replace)));
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
