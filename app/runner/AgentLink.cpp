#include "app/runner/AgentLink.h"
#include "model/core/RegularFile.h"
#include "app/runner/AgentDeployer.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRandomGenerator>
#include <QTcpSocket>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <unistd.h>
#include <thread>

namespace cs::runner {

using nlohmann::json;

namespace {

int remainingMs(Clock::time_point deadline)
{
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return static_cast<int>(std::max<long long>(0, std::min<long long>(ms, 1 << 30)));
}

QStringList toQt(const std::vector<std::string>& v)
{
    QStringList l;
    for (const std::string& s : v)
        l << QString::fromStdString(s);
    return l;
}

QProcessEnvironment environmentWith(const std::map<std::string, std::string>& extra)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const auto& [k, v] : extra)
        env.insert(QString::fromStdString(k), QString::fromStdString(v));
    return env;
}

std::string exitText(const QProcess& p)
{
    if (p.exitStatus() == QProcess::CrashExit)
        return "was killed (signal " + std::to_string(p.exitCode()) + ")";
    return "exited with status " + std::to_string(p.exitCode());
}

} // namespace

std::string makeToken()
{
    static const char* hex = "0123456789abcdef";
    std::string t;
    for (int i = 0; i < 32; ++i)
        t += hex[QRandomGenerator::system()->bounded(16)];
    return t;
}

AgentLink::AgentLink(Node node, LaunchContext context, std::string tag)
    : node_(std::move(node)), ctx_(std::move(context)), tag_(std::move(tag))
{
}

AgentLink::~AgentLink()
{
    close(200);
}

QIODevice* AgentLink::io() const
{
    if (process_)
        return process_.get();
    return socket_.get();
}

void AgentLink::markDead(const std::string& why)
{
    if (!dead_) {
        dead_ = true;
        failure_ = why;
    }
}

void AgentLink::collectStderr()
{
    if (!process_)
        return;
    const QByteArray more = process_->readAllStandardError();
    if (stderrHead_.size() < 2048)
        stderrHead_ += more.left(2048 - stderrHead_.size());
    stderr_ += more;
    if (stderr_.size() > 8192)
        stderr_ = stderr_.right(8192);
}

namespace {

// The non-blank lines of `text`, trimmed, without control characters.
std::vector<std::string> textLines(const std::string& text)
{
    std::vector<std::string> out;
    std::string cur;
    for (char c : text + "\n") {
        if (c == '\n' || c == '\r') {
            const auto b = cur.find_first_not_of(" \t");
            if (b != std::string::npos)
                out.push_back(cur.substr(b, cur.find_last_not_of(" \t") - b + 1));
            cur.clear();
        } else if (static_cast<unsigned char>(c) >= 0x20 || c == '\t') {
            cur += c;
        }
    }
    return out;
}

// A line without a letter or digit: the rules of dashes around Open MPI's
// help messages ("-----...").
bool isRule(const std::string& line)
{
    return std::none_of(line.begin(), line.end(), [](char x) { return std::isalnum(static_cast<unsigned char>(x)); });
}

// The lines that say something: those outside framed help messages, and of
// each frame only its headline (the line after the opening rule), e.g.
// "ORTE was unable to reliably start one or more daemons." for the twenty
// lines of advice under it. `fromEnd`: the text is a stream's tail, which may
// begin inside a frame, so rules are paired from the end.
std::vector<std::string> sayingLines(std::vector<std::string> lines, bool fromEnd)
{
    if (fromEnd)
        std::reverse(lines.begin(), lines.end());
    std::vector<std::string> out;
    bool inFrame = false;
    std::string headline;
    for (const std::string& l : lines) {
        if (isRule(l)) {
            inFrame = !inFrame;
            if (!inFrame && fromEnd && !headline.empty())
                out.push_back(headline); // the frame's first line, reached last
            headline.clear();
            continue;
        }
        if (!inFrame)
            out.push_back(l);
        else if (fromEnd)
            headline = l;
        else if (headline.empty())
            out.push_back(headline = l);
    }
    if (fromEnd)
        std::reverse(out.begin(), out.end());
    return out;
}

} // namespace

std::string firstAndLastLines(const std::string& head, const std::string& tail, std::size_t maxLine)
{
    auto cut = [&](std::string s) {
        if (s.size() > maxLine)
            s = s.substr(0, maxLine) + "...";
        return s;
    };
    const std::vector<std::string> first = sayingLines(textLines(head), false);
    const std::vector<std::string> last = sayingLines(textLines(tail), true);
    if (first.empty() && last.empty())
        return {};
    const std::string a = cut(first.empty() ? last.front() : first.front());
    const std::string b = cut(last.empty() ? first.back() : last.back());
    return a == b ? a : a + " ... " + b;
}

std::string AgentLink::stderrSummary()
{
    collectStderr();
    return firstAndLastLines(stderrHead_.toStdString(), stderr_.toStdString());
}

std::string runCommand(const Command& c, const std::string& host, Clock::time_point deadline,
                       const std::atomic<bool>& cancel, std::string* output)
{
    QProcess p;
    p.setProcessEnvironment(environmentWith(c.env));
    p.start(QString::fromStdString(c.program), toQt(c.args));
    if (!p.waitForStarted(5000))
        return "cannot start " + c.program + ": " + p.errorString().toStdString();
    p.closeWriteChannel();
    while (!p.waitForFinished(100)) {
        if (cancel.load() || Clock::now() > deadline) {
            p.kill();
            p.waitForFinished(1000);
            return cancel.load() ? "cancelled while copying the agent"
                                 : "timed out while copying the agent (" + c.program + " to " + host + ")";
        }
    }
    if (output)
        *output = p.readAllStandardOutput().toStdString();
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        const QByteArray err = p.readAllStandardError();
        const std::string said = firstAndLastLines(err.left(2048).toStdString(), err.right(2048).toStdString());
        return c.program + " to " + host + " failed (" + exitText(p) + ")" + (said.empty() ? "" : ": " + said);
    }
    return {};
}

bool AgentLink::runSetup(const LaunchPlan& plan, Clock::time_point deadline, const std::atomic<bool>& cancel)
{
    for (const Command& c : plan.setup) {
        if (std::string problem = runCommand(c, node_.host, deadline, cancel, nullptr); !problem.empty()) {
            markDead(problem);
            return false;
        }
    }
    if (plan.deploy) {
        if (!ctx_.deployer) // outside a Runner: a deployer of its own
            ctx_.deployer = std::make_shared<AgentDeployer>();
        if (std::string problem = ctx_.deployer->ensure(*plan.deploy, deadline, cancel, &deployed_);
            !problem.empty()) {
            markDead(problem);
            return false;
        }
    }
    return true;
}

bool AgentLink::open(Clock::time_point deadline, const std::atomic<bool>& cancel)
{
    if (node_.copyAgent && node_.transport == "ssh") {
        if (!ctx_.deployer)
            ctx_.deployer = std::make_shared<AgentDeployer>();
        ctx_.agentSha256 = ctx_.deployer->agentSha256(ctx_.agentPath);
        if (ctx_.agentSha256.empty()) {
            markDead("cannot read the agent " + ctx_.agentPath + " to copy it to " + node_.host);
            return false;
        }
    }
    const LaunchPlan plan = planLaunch(node_, ctx_, tag_);
    std::string token;
    if (node_.transport == "tcp") {
        // A path the document names: refused by its type (a FIFO would block
        // this run for good) and its size, never opened for a blocking read.
        try {
            const std::string text = readRegularFile(node_.tokenFile, 4096, "the token file");
            token = text.substr(0, text.find('\n')); // the first line, as the agent reads it
        } catch (const std::invalid_argument& e) {
            markDead(e.what()); // the runner names the node
            return false;
        }
        if (token.empty()) {
            markDead("the token file " + node_.tokenFile + " has no token on its first line");
            return false;
        }
    } else
        token = makeToken();

    if (!plan.hostfile.empty()) {
        QFile f(QString::fromStdString(plan.hostfile));
        if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            f.write(QByteArray::fromStdString(plan.hostfileText)) < 0) {
            markDead("cannot write the MPI hostfile " + plan.hostfile);
            return false;
        }
    }
    if (!runSetup(plan, deadline, cancel))
        return false;

    if (node_.transport == "tcp") {
        commandText_ = "tcp " + node_.host + ":" + std::to_string(node_.port);
        socket_ = std::make_unique<QTcpSocket>();
        socket_->connectToHost(QString::fromStdString(node_.host), static_cast<quint16>(node_.port));
        if (!socket_->waitForConnected(std::min(remainingMs(deadline), 10000))) {
            markDead("cannot connect to the agent at " + node_.host + ":" + std::to_string(node_.port) + ": " +
                     socket_->errorString().toStdString());
            return false;
        }
    } else {
        commandText_ = plan.agent.text();
        launcher_ = QFileInfo(QString::fromStdString(plan.agent.program)).fileName().toStdString();
        if (plan.agent.program.empty()) {
            markDead("no agent program for transport " + node_.transport);
            return false;
        }
        process_ = std::make_unique<QProcess>();
        process_->setProcessEnvironment(environmentWith(plan.agent.env));
        // A process group of its own: a Ctrl-C at the terminal reaches only
        // the controller, which cancels the run in order (the agent, ssh or
        // mpirun would otherwise die of the SIGINT first).
        process_->setChildProcessModifier([] { ::setpgid(0, 0); });
        process_->start(QString::fromStdString(plan.agent.program), toQt(plan.agent.args));
        if (!process_->waitForStarted(5000)) {
            markDead("cannot start " + plan.agent.program + ": " + process_->errorString().toStdString());
            return false;
        }
        process_->write(QByteArray::fromStdString(token + "\n"));
    }
    send({{"type", "hello"}, {"versions", {agent::kProtocolVersion, agent::kProtocolVersion}}, {"token", token}});

    while (true) {
        if (cancel.load()) {
            kill();
            failure_ = "cancelled while starting the agent";
            dead_ = true;
            return false;
        }
        if (Clock::now() > deadline) {
            kill();
            dead_ = true;
            const std::string said = stderrSummary();
            failure_ = "no answer from the agent in time" + (said.empty() ? "" : "; " + launcher_ + " said: " + said);
            return false;
        }
        const bool up = pump(50);
        while (auto m = take()) {
            if (m->type == "welcome") {
                welcome_ = m->body;
                greeted_ = true;
                return true;
            }
            if (m->type == "error") {
                markDead("the agent refused the session: " + m->body.value("message", std::string()));
                close(200);
                return false;
            }
        }
        if (!up)
            return false;
    }
}

bool AgentLink::send(const json& message)
{
    QIODevice* d = io();
    if (!d || dead_ || closed_)
        return false;
    const std::string frame = agent::encodeFrame(message);
    if (d->write(frame.data(), static_cast<qint64>(frame.size())) != static_cast<qint64>(frame.size()))
        return false;
    d->waitForBytesWritten(100);
    return true;
}

bool AgentLink::pump(int ms)
{
    QIODevice* d = io();
    if (!d || dead_)
        return false;
    if (d->bytesAvailable() == 0)
        d->waitForReadyRead(ms);
    const QByteArray data = d->readAll();
    collectStderr();
    if (!data.isEmpty()) {
        decoder_.feed(data.constData(), static_cast<std::size_t>(data.size()));
        std::string frame;
        for (;;) {
            const auto st = decoder_.next(frame);
            if (st == agent::FrameDecoder::Status::NeedMore)
                break;
            if (st != agent::FrameDecoder::Status::Frame) {
                markDead("the agent sent a broken frame (length " + std::to_string(decoder_.refusedLength()) + ")");
                kill();
                return false;
            }
            agent::Message m;
            if (std::string problem = agent::parseMessage(frame, agent::Sender::Agent, m); !problem.empty()) {
                markDead("the agent sent a malformed message: " + problem);
                kill();
                return false;
            }
            inbox_.push_back(std::move(m));
        }
        return true;
    }
    if (process_ && process_->state() == QProcess::NotRunning) {
        const std::string said = stderrSummary();
        markDead("the agent process (" + launcher_ + ") " + exitText(*process_) +
                 (greeted_ ? "" : " before the agent answered") + (said.empty() ? "" : ": " + said));
        return false;
    }
    if (socket_ && socket_->state() != QAbstractSocket::ConnectedState) {
        markDead("the agent closed the connection");
        return false;
    }
    return true;
}

std::optional<agent::Message> AgentLink::take()
{
    if (inbox_.empty())
        return std::nullopt;
    agent::Message m = std::move(inbox_.front());
    inbox_.pop_front();
    return m;
}

void AgentLink::kill()
{
    if (process_ && process_->state() != QProcess::NotRunning) {
        // SIGTERM first: mpirun and ssh clean up their remote side on it.
        process_->terminate();
        if (!process_->waitForFinished(300)) {
            process_->kill();
            process_->waitForFinished(1000);
        }
    }
    if (socket_)
        socket_->abort();
    closed_ = true;
}

void AgentLink::close(int graceMs)
{
    if (closed_)
        return;
    if (!dead_)
        send({{"type", "bye"}});
    closed_ = true;
    if (process_ && process_->state() != QProcess::NotRunning) {
        process_->closeWriteChannel();
        if (!process_->waitForFinished(graceMs)) {
            closed_ = false;
            kill();
        }
    }
    if (socket_) {
        socket_->disconnectFromHost();
        if (socket_->state() != QAbstractSocket::UnconnectedState)
            socket_->waitForDisconnected(graceMs);
    }
}

} // namespace cs::runner
