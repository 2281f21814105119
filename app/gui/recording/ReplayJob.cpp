#include "app/gui/recording/ReplayJob.h"
#include "model/core/ModelError.h"

namespace cs::app {

ReplayJob::ReplayJob(QObject* parent) : BackgroundJob(parent)
{
    qRegisterMetaType<std::shared_ptr<const cs::app::ReplayTable>>("std::shared_ptr<const cs::app::ReplayTable>");
}

void ReplayJob::start(const DesignDocument& doc, std::shared_ptr<const std::vector<rec::RecordedRun>> runs,
                      std::map<int, double> measured)
{
    launch<ReplayTable>(
        [doc, runs = std::move(runs), measured = std::move(measured)](const std::atomic<bool>& cancel,
                                                                      const Progress& progress) {
            ReplayTable table;
            const std::map<int, const rec::RecordedRun*> byP = rec::recordingsByP(*runs);
            rec::ReplayOptions options;
            options.cancel = &cancel;
            std::size_t done = 0;
            progress(0, byP.size());
            for (const auto& [P, run] : byP) {
                try {
                    rec::Prediction row = rec::predict(doc, byP, P, measured, "", options);
                    // The network routes on this copy of the document, which goes with the run.
                    row.net.net.secondsPerByte = nullptr;
                    row.net.net.flowRates = nullptr;
                    row.net.held.reset();
                    table.rows.push_back(std::move(row));
                } catch (const rec::ReplayCancelled&) {
                    table.cancelled = true;
                    return table;
                } catch (const ModelError& e) {
                    table.errors.push_back("P = " + std::to_string(P) + ": " + e.what());
                }
                progress(++done, byP.size());
            }
            return table;
        },
        std::function<void(std::shared_ptr<const ReplayTable>)>(
            [this](std::shared_ptr<const ReplayTable> table) { emit finished(std::move(table)); }));
}

} // namespace cs::app
