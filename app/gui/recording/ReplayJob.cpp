#include "app/gui/recording/ReplayJob.h"
#include "model/core/ModelError.h"
#include "sim/Simulator.h"

#include <set>

namespace cs::app {

namespace {

// The P to replay: every recorded one, and a measured one that was not recorded when there are recordings
// enough to synthesise it (three or more).
std::set<int> replayedPs(const std::map<int, const rec::RecordedRun*>& byP, const std::map<int, double>& measured)
{
    std::set<int> Ps;
    for (const auto& [P, run] : byP)
        Ps.insert(P);
    if (byP.size() >= 3)
        for (const auto& [P, seconds] : measured)
            Ps.insert(P);
    return Ps;
}

// The SimGrid replay of every row, none when one is refused (as the CLI refuses them all).
void simulateRows(ReplayTable& table, const std::map<int, const rec::RecordedRun*>& byP,
                  sim::RecordingSimOptions options, const std::atomic<bool>& cancel,
                  const std::function<void(std::size_t)>& step)
{
    table.simulated.resize(table.rows.size());
    for (std::size_t i = 0; i < table.rows.size(); ++i)
        table.simulated[i].P = table.rows[i].P;
    try {
        for (const rec::Prediction& r : table.rows)
            sim::checkSimulatable(r, byP, options);
    } catch (const ModelError& e) {
        table.notSimulated = e.what();
        return;
    }
    options.sim.cancel = &cancel;
    for (std::size_t i = 0; i < table.rows.size(); ++i) {
        try {
            table.simulated[i] = sim::simulateRow(table.rows[i], byP, options);
        } catch (const ModelError& e) {
            if (cancel || sim::isCancelledMessage(e.what())) {
                table.cancelled = true;
                return;
            }
            table.errors.push_back("P = " + std::to_string(table.rows[i].P) + " on SimGrid: " + e.what());
        }
        step(i);
    }
}

} // namespace

ReplayJob::ReplayJob(QObject* parent) : BackgroundJob(parent)
{
    qRegisterMetaType<std::shared_ptr<const cs::app::ReplayTable>>("std::shared_ptr<const cs::app::ReplayTable>");
}

void ReplayJob::start(const DesignDocument& doc, std::shared_ptr<const std::vector<rec::RecordedRun>> runs,
                      std::map<int, double> measured, bool simulate, const sim::RecordingSimOptions& simOptions)
{
    launch<ReplayTable>(
        [doc, runs = std::move(runs), measured = std::move(measured), simulate,
         simOptions](const std::atomic<bool>& cancel, const Progress& progress) {
            ReplayTable table;
            table.simulate = simulate;
            const std::map<int, const rec::RecordedRun*> byP = rec::recordingsByP(*runs);
            const std::set<int> Ps = replayedPs(byP, measured);
            const std::size_t total = Ps.size() * (simulate ? 2 : 1);
            rec::ReplayOptions options;
            options.cancel = &cancel;
            std::size_t done = 0;
            progress(0, total);
            for (int P : Ps) {
                try {
                    table.rows.push_back(rec::predict(doc, byP, P, measured, "", options));
                } catch (const rec::ReplayCancelled&) {
                    table.cancelled = true;
                    return table;
                } catch (const ModelError& e) {
                    table.errors.push_back("P = " + std::to_string(P) + ": " + e.what());
                }
                progress(++done, total);
            }
            // Simulated on the rows' own networks (this copy of the document), before they are let go.
            if (simulate) {
                simulateRows(table, byP, simOptions, cancel, [&](std::size_t) { progress(++done, total); });
                if (table.cancelled)
                    return table;
            }
            for (rec::Prediction& row : table.rows) {
                // The network routes on this copy of the document, which goes with the run.
                row.net.net.secondsPerByte = nullptr;
                row.net.net.flowRates = nullptr;
                row.net.held.reset();
                row.net.topology = nullptr;
            }
            return table;
        },
        std::function<void(std::shared_ptr<const ReplayTable>)>(
            [this](std::shared_ptr<const ReplayTable> table) { emit finished(std::move(table)); }));
}

} // namespace cs::app
