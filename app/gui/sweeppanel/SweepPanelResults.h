#pragma once
// What the sweep panel's background work hands back to the GUI thread
// (private to SweepPanel*.cpp).
#include "app/plots/ChartSample.h"
#include "model/document/DesignDocument.h"
#include "model/sweep/Sensitivity.h"
#include "model/sweep/Sweep.h"

#include <QString>
#include <QtGlobal>

#include <memory>

namespace cs::app::sweeppanel {

// A background sensitivity run's result.
struct SensitivityOutcome {
    quint64 generation = 0;
    QString variant;
    SensitivityResult result;
    QString error;
};

// A finished sweep's charts prepared off the GUI thread.
struct PreparedCharts {
    quint64 generation = 0;
    std::shared_ptr<const SweepTable> table;
    std::shared_ptr<const DesignDocument> doc;
    plots::ChartSample sample;
    QString failures;
    QString warnings; // block inputs that count other ranks than the job's (RankCounts.h), one a line
    QString error; // why the charts could not be prepared (out of memory), or empty
};

} // namespace cs::app::sweeppanel
