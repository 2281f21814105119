#pragma once
// The Recording window's tests open a runs file over the two leaves (RecordingTestData.h) and wait for its first
// replay: test_recording_chart.cpp and shot_recording.cpp.
#include "app/document/DocumentModel.h"
#include "app/gui/mainwindow/MainWindow.h"
#include "app/gui/recording/RecordingWindow.h"
#include "model/document/DocumentFormat.h"
#include "tests/app/gui/recording/RecordingTestData.h"

#include <QSignalSpy>

#include <string>

namespace cs::test::recording {

// `main`'s design made the two leaves, the runs file `runs` opened in its Recording window, and the first replay
// waited for (at most 20 s). The window, or null when it did not open or replay.
inline app::RecordingWindow* openReplayed(app::MainWindow& main, const std::string& runs)
{
    main.model()->setDocument(documentFromJson(twoLeaves()), {});
    app::RecordingWindow* w = main.openRecording(QString::fromStdString(runs));
    if (!w)
        return nullptr;
    QSignalSpy replayed(w, &app::RecordingWindow::replayed);
    return replayed.wait(20000) ? w : nullptr;
}

} // namespace cs::test::recording
