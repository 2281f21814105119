#include "sim/ChildRun.h"
#include "model/core/ModelError.h"
#include "model/core/Unit.h"

#include <simgrid/s4u.hpp>

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

namespace cs::sim {

namespace {

constexpr const char* kCancelled = "the simulation was cancelled";

void writeAll(int fd, const std::string& text)
{
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t w = ::write(fd, text.data() + done, text.size() - done);
        if (w <= 0)
            return;
        done += static_cast<std::size_t>(w);
    }
}

} // namespace

bool isCancelledMessage(const std::string& message)
{
    return message == kCancelled;
}

std::unique_ptr<simgrid::s4u::Engine> makeEngine(const SimOptions& options)
{
    std::vector<std::string> words = {"clusterscope-sim", "--log=root.thresh:critical",
                                      "--cfg=network/model:" + options.networkModel,
                                      "--cfg=network/crosstraffic:0"};
    if (options.networkModel == "CM02")
        words.push_back("--cfg=network/weight-S:0");
    std::vector<char*> argv;
    for (auto& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    int argc = static_cast<int>(words.size());
    return std::make_unique<simgrid::s4u::Engine>(&argc, argv.data()); // it keeps its own copy of the words
}

std::string runInChild(const std::function<std::string()>& work, const SimOptions& options)
{
    const auto start = std::chrono::steady_clock::now();
    int fds[2];
    if (::pipe(fds) != 0)
        throw ModelError(std::string("cannot start the simulation: pipe: ") + std::strerror(errno));
    std::fflush(nullptr);
    const pid_t pid = ::fork();
    if (pid < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        throw ModelError(std::string("cannot start the simulation: fork: ") + std::strerror(errno));
    }
    if (pid == 0) {
        ::close(fds[0]);
        std::string line;
        try {
            if (options.inChild)
                options.inChild();
            line = work();
        } catch (const std::exception& e) {
            line = std::string("error ") + e.what() + "\n";
        } catch (...) {
            line = "error an unknown exception in the simulation\n";
        }
        writeAll(fds[1], line);
        ::close(fds[1]);
        ::_exit(0);
    }
    ::close(fds[1]);
    std::string text;
    std::string stopped;
    char buffer[4096];
    for (;;) {
        if (options.cancel && options.cancel->load()) {
            stopped = kCancelled;
            break;
        }
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (options.timeoutSeconds > 0 && elapsed > options.timeoutSeconds) {
            stopped = "the simulation took longer than its limit of " + formatNumber(options.timeoutSeconds) + " s";
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        const int ready = ::poll(&p, 1, 50);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        const ssize_t r = ::read(fds[0], buffer, sizeof buffer);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        text.append(buffer, static_cast<std::size_t>(r));
    }
    ::close(fds[0]);
    if (!stopped.empty())
        ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    if (!stopped.empty())
        throw ModelError(stopped);
    if (WIFSIGNALED(status))
        throw ModelError("the simulation crashed (signal " + std::to_string(WTERMSIG(status)) + ", " +
                         strsignal(WTERMSIG(status)) + ")");
    if (text.rfind("error ", 0) == 0) {
        while (!text.empty() && text.back() == '\n')
            text.pop_back();
        throw ModelError("simulation: " + text.substr(6));
    }
    if (text.empty())
        throw ModelError("the simulation ended without a result (exit status " + std::to_string(WEXITSTATUS(status)) +
                         ")");
    return text;
}

} // namespace cs::sim
