#pragma once
// The GUI thread never reads a hostfile a document names: the path may be on
// a network file system that does not answer (a FIFO or a device is refused
// by its type in readHostfile, but a hung mount is not). Node lists are
// checked when a document is opened and on every paint of the nodes table,
// so the reader the GUI installs (runner::setHostfileReader) answers from
// this cache at once, and a miss starts the read on a thread of its own:
// the check says "reading the hostfile ..." until it is done, and "did not
// answer within N s" after the timeout. `updated` tells the views to check
// again. Off the GUI thread (a probe run), hostfiles are read directly.
#include "model/cluster/HostList.h"

#include <QObject>

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace cs::app {

class HostfileCache : public QObject {
    Q_OBJECT
public:
    // The one cache, made on first use; never destroyed (a read may outlive
    // the application's objects on a thread that does not return).
    static HostfileCache& instance();
    // Makes node lists read hostfiles through the cache (once, at start).
    static void install();

    // The entries of `path`, or throws std::invalid_argument: the file's
    // own problem, "reading...", or the timeout. GUI thread only.
    std::vector<HostfileEntry> read(const std::string& path);

    // How long a read may take before it counts as not answering.
    void setTimeout(std::chrono::milliseconds t) { timeout_ = t; }
    // Forgets every entry (the files may have changed); reads start again on use.
    void clear();

signals:
    void updated();

private:
    HostfileCache() = default;
    struct Entry {
        bool done = false;
        bool timedOut = false;
        std::vector<HostfileEntry> entries;
        std::string error;
        std::chrono::steady_clock::time_point readAt;
        unsigned generation = 0;
    };
    void start(const std::string& path, Entry& e);
    std::map<std::string, Entry> entries_;
    std::chrono::milliseconds timeout_{5000};
    unsigned generation_ = 0;
};

} // namespace cs::app
