#pragma once
// Opening a document never runs on the GUI thread: the file may be huge (a
// drawn network of a million vertices), slow (a network mount) or crafted to
// be slow, and the window must keep answering meanwhile. The load runs on a
// thread of its own behind a window-modal progress dialog with Cancel; the
// event loop goes on (a nested loop, so callers keep their simple shape).
#include "model/document/DesignDocument.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace cs::app {

// Runs `load` off the GUI thread and returns its document, or std::nullopt
// when the user cancelled (the thread is then left to finish and its result
// dropped). Throws ModelError with the load's message when it failed, or
// "out of memory" when it ran out. `label` is the dialog's text
// ("Opening acc-fft.json...").
std::optional<DesignDocument> loadInBackground(QWidget* parent, const QString& label,
                                               std::function<DesignDocument()> load);

// True while a loadInBackground is running (on the GUI thread, whose nested
// loop it runs). clusterscope --quit-after waits for it: QApplication::exit
// ends every running loop, so a timer that fired during a slow load (a busy
// machine) took the load for cancelled and said the file could not be opened.
bool loadInProgress();

// True while the thread of a load is still reading, whether or not its caller
// is still waiting (a cancelled load's thread runs to its end). main() ends
// without destroying the program's statics while one is (a crash on exit, 1
// in 6 runs of `clusterscope --preset acc-fft --quit-after 0` before the wait above).
bool loadThreadsAlive();

// loadDocument(path), for loadInBackground: with, first among its warnings,
// each block input that counts other ranks than the job's P at the
// document's values or along its sweep's axes (the first 16 values of each;
// model/sweep/RankCounts.h), so that the window tells a rank count set apart
// from the job's when the file is opened (issue 45), as eval and sweep do.
DesignDocument loadDocumentTold(const std::string& path);

} // namespace cs::app
