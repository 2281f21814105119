#include "app/runner/JobExecutor.h"
#include "model/core/NumberFormat.h"
#include "app/runner/AgentLink.h"
#include "app/runner/JobEstimate.h"

#include <QDateTime>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <memory>
#include <unistd.h>

namespace cs::runner {

using nlohmann::json;

namespace {

enum class Wait { Ok, Failed, Cancelled, Timeout };

std::string seconds(double s)
{
    return formatSignificant(s);
}

} // namespace

JobExecutor::JobExecutor(LaunchContext context, const std::atomic<bool>& cancel, Progress progress)
    : ctx_(std::move(context)), cancel_(cancel), progress_(std::move(progress))
{
}

JobResult JobExecutor::run(const Job& job)
{
    const sdk::ProbeDescriptor& d = job.descriptor;
    JobResult r;
    r.probe = d.id;
    r.probeName = d.name;
    for (const auto& [k, v] : job.params)
        r.params[k] = v;
    r.started = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    const Clock::time_point t0 = Clock::now();
    const Clock::time_point deadline =
        t0 + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(job.timeout));
    auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
    auto say = [&](double f, const std::string& m) {
        if (progress_)
            progress_(f, m);
    };

    const std::size_t n = job.nodes.size();
    for (std::size_t i = 0; i < n; ++i) {
        PartResult p;
        p.node = job.nodes[i].name;
        p.transport = job.nodes[i].transport;
        if (d.span == sdk::Span::Pair && d.roles.size() >= 2)
            p.role = d.roles[std::min<std::size_t>(i, 1)];
        else
            p.role = d.roles.empty() ? "self" : d.roles.front();
        p.rank = static_cast<int>(i);
        r.parts.push_back(p);
        r.nodes.push_back(p.node);
    }
    // The hostfile gives each listed host one slot, or slots= of them: mpirun fills a host's slots before the
    // next, so rank i runs on host i / slots.
    if (n == 1 && job.nodes[0].transport == "mpi" && job.nodes[0].ranks > 0 &&
        job.nodes[0].hosts.size() * static_cast<std::size_t>(std::max(1, job.nodes[0].slotsPerHost)) >=
            static_cast<std::size_t>(job.nodes[0].ranks) &&
        std::none_of(job.nodes[0].hosts.begin(), job.nodes[0].hosts.end(),
                     [](const std::string& h) { return h.empty() || h.find_first_of("[:,") != std::string::npos; }))
        for (int rank = 0; rank < job.nodes[0].ranks; ++rank)
            r.rankHosts.push_back(job.nodes[0].hosts[static_cast<std::size_t>(rank / std::max(1, job.nodes[0].slotsPerHost))]);
    const std::size_t primary = d.span == sdk::Span::Pair ? std::min<std::size_t>(1, n - 1) : 0;

    std::vector<std::unique_ptr<AgentLink>> links;
    std::vector<bool> done(n, false);
    std::vector<bool> asked(n, false); // sent a run: an answer is expected
    bool awaitingPorts = false;        // the answer expected is "ready" (a listening role's port)
    std::vector<int> port(n, -1);
    std::vector<double> progressDone(n, -1.0); // the last progress each part reported (a sweep's size index)
    const std::string tag = std::to_string(::getpid()) + "-" + std::to_string(++counter_) + "-" + makeToken().substr(0, 8);
    const std::string runId = "run" + std::to_string(counter_);
    const std::string runToken = makeToken();

    auto finish = [&](const std::string& status, const std::string& reason) {
        r.status = status;
        r.reason = reason;
        for (PartResult& p : r.parts)
            if (p.status == "failed")
                r.failedNodes.push_back(p.node);
        for (auto& l : links)
            if (l)
                l->close(300);
        r.duration = elapsed();
        if (r.status == "ok") {
            r.summary = r.parts[primary].summary;
            const json derived = r.summary.value("derived", json::object());
            for (const sdk::Calibration& c : d.calibrates) {
                auto it = derived.find(c.from);
                if (it == derived.end() || !it->is_object() || !(*it)["value"].is_number())
                    continue;
                json e = *it;
                e["target"] = c.target;
                e["from"] = c.from;
                r.calibrates.push_back(e);
            }
        }
        return r;
    };
    auto failPart = [&](std::size_t i, const std::string& why) {
        if (done[i])
            return;
        done[i] = true;
        r.parts[i].status = "failed";
        r.parts[i].reason = why;
    };
    // Node i failed to start (its part says why): the parts not yet done are
    // cancelled, and the job fails naming the node.
    auto nodeFailed = [&](std::size_t i) {
        for (std::size_t k = 0; k < n; ++k)
            if (!done[k])
                r.parts[k].status = "cancelled";
        // An mpi node's name ("mpi0") does not say where its ranks run:
        // name its hosts too, where mpirun's ssh or srun failed.
        const Node& node = job.nodes[i];
        return finish("failed", "node " + node.name + (node.transport == "mpi" ? " (" + node.describe() + ")" : "") +
                                    ": " + r.parts[i].reason);
    };

    // 1. Start every node's agent.
    for (std::size_t i = 0; i < n; ++i) {
        say(0.0, "starting the agent on " + job.nodes[i].name + " (" + job.nodes[i].describe() + ")");
        auto link = std::make_unique<AgentLink>(job.nodes[i], ctx_, tag + "-" + std::to_string(i));
        const Clock::time_point openBy = std::min(deadline, Clock::now() + std::chrono::seconds(60));
        const bool up = link->open(openBy, cancel_);
        r.parts[i].command = link->commandText();
        if (!link->deployed().action.empty()) {
            r.parts[i].deployAction = link->deployed().action;
            r.parts[i].deploy = describe(link->deployed());
            say(0.0, job.nodes[i].name + ": " + r.parts[i].deploy);
        }
        links.push_back(std::move(link));
        if (!up) {
            if (cancel_.load()) {
                for (PartResult& p : r.parts)
                    p.status = "cancelled";
                return finish("cancelled", "cancelled while starting the agents");
            }
            r.unstartedNode = job.nodes[i].name;
            if (Clock::now() >= deadline)
                failPart(i, "timed out after " + seconds(job.timeout) + " s while starting its agent: " +
                                links.back()->failure());
            else
                failPart(i, "its agent did not start: " + links.back()->failure());
            return nodeFailed(i);
        }
        r.parts[i].agentEnvironment = links.back()->welcome().value("environment", json::object());
        const json probes = links.back()->welcome().value("probes", json::array());
        if (std::find(probes.begin(), probes.end(), json(d.id)) == probes.end()) {
            failPart(i, "its agent does not know probe " + d.id);
            return nodeFailed(i);
        }
    }

    // 2. Exchange messages until a condition holds or something ends the job.
    auto handle = [&](std::size_t i, const agent::Message& m) {
        const json& b = m.body;
        if (b.value("id", std::string()) != runId && m.type != "error")
            return;
        PartResult& p = r.parts[i];
        if (m.type == "ready") {
            port[i] = b["port"].get<int>();
        } else if (m.type == "samples") {
            auto& v = p.samples[b["series"].get<std::string>()];
            for (const json& x : b["values"])
                v.push_back(x.is_number() ? x.get<double>() : std::numeric_limits<double>::quiet_NaN());
        } else if (m.type == "progress") {
            const double total = b["total"].get<double>();
            progressDone[i] = b["done"].get<double>();
            if (total > 0)
                say(b["done"].get<double>() / total, job.label + ": " + p.node + " " + p.role);
        } else if (m.type == "result") {
            p.status = "ok";
            p.summary = b["summary"];
            p.details = b.value("details", json::object());
            p.probeEnvironment = b["environment"];
            done[i] = true;
        } else if (m.type == "error") {
            const std::string code = b.value("code", std::string());
            const std::string kind = b.value("kind", std::string());
            failPart(i, b.value("message", std::string()) + " (" + (kind.empty() ? code : kind) + ")");
            if (code == agent::code::Cancelled)
                p.status = "cancelled";
        }
    };
    auto pumpAll = [&] {
        std::size_t active = 0;
        for (std::size_t i = 0; i < n; ++i)
            active += done[i] ? 0 : 1;
        const int slice = static_cast<int>(std::max<std::size_t>(1, 20 / std::max<std::size_t>(1, active)));
        for (std::size_t i = 0; i < n; ++i) {
            if (done[i])
                continue;
            const bool up = links[i]->pump(slice);
            while (auto m = links[i]->take())
                handle(i, *m);
            if (!up && !done[i])
                failPart(i, links[i]->failure());
        }
    };
    auto anyFailed = [&] {
        return std::any_of(r.parts.begin(), r.parts.end(), [](const PartResult& p) { return p.status == "failed"; });
    };
    auto waitUntil = [&](const std::function<bool()>& cond) {
        for (;;) {
            if (cancel_.load())
                return Wait::Cancelled;
            if (anyFailed())
                return Wait::Failed;
            if (cond())
                return Wait::Ok;
            if (Clock::now() > deadline)
                return Wait::Timeout;
            pumpAll();
        }
    };
    auto runMessage = [&](std::size_t i) {
        json params = json::object();
        for (const auto& [k, v] : job.params)
            params[k] = v;
        return json{{"type", "run"},
                    {"id", runId},
                    {"probe", d.id},
                    {"role", r.parts[i].role},
                    {"params", params},
                    {"rank", static_cast<int>(i)},
                    {"size", d.launcher == "mpi" ? job.nodes[i].ranks : static_cast<int>(n)},
                    {"token", runToken},
                    {"bind", job.nodes[i].bindAddress()}};
    };
    // Stops what is still running, briefly collects the last replies, and
    // records how the job ended.
    auto abort = [&](Wait why) {
        // Who owes an answer now, before the cancel makes everyone answer.
        std::vector<std::size_t> silent;
        for (std::size_t i = 0; i < n; ++i)
            if (!done[i] && asked[i] && (!awaitingPorts || port[i] < 0))
                silent.push_back(i);
        for (std::size_t i = 0; i < n; ++i)
            if (!done[i])
                links[i]->send({{"type", "cancel"}, {"id", runId}});
        // A short grace period: a second failure (the peer of a killed agent)
        // is reported too, and agents acknowledge the cancel.
        const Clock::time_point graceEnd = Clock::now() + std::chrono::milliseconds(why == Wait::Failed ? 300 : 200);
        while (Clock::now() < graceEnd && std::any_of(done.begin(), done.end(), [](bool x) { return !x; }))
            pumpAll();
        if (why == Wait::Timeout) {
            // The nodes that owed an answer failed; whatever the others did
            // after the cancel (acknowledged it, lost their peer) follows
            // from it, so they are cancelled, and failed_nodes names exactly
            // the silent ones.
            std::string who;
            if (silent.empty()) // nobody owed an answer by the rules above: every unfinished part is named
                for (std::size_t i = 0; i < n; ++i)
                    if (r.parts[i].status != "ok")
                        silent.push_back(i);
            for (std::size_t i = 0; i < n; ++i) {
                const bool isSilent = std::find(silent.begin(), silent.end(), i) != silent.end();
                PartResult& p = r.parts[i];
                if (isSilent) {
                    // What its launcher said may be the cause (a step that
                    // srun could not start, ssh's warnings).
                    const std::string said = links[i]->stderrSummary();
                    const std::string stderrNote = said.empty() ? "" : " (stderr: " + said + ")";
                    // Where a size sweep was: the last size the probe began.
                    const std::string at = progressDone[i] >= 0 ? sizeAt(d.id, job.params, progressDone[i]) : "";
                    const std::string atNote = at.empty() ? "" : " at " + at;
                    done[i] = true;
                    p.status = "failed";
                    p.reason = "no result within " + seconds(job.timeout) + " s" + atNote + stderrNote;
                    who += (who.empty() ? "" : ", ") + p.node + " (" + p.role + ")" + atNote + stderrNote;
                } else if (p.status != "ok") {
                    done[i] = true;
                    p.status = "cancelled";
                }
            }
            return finish("failed", "timed out after " + seconds(job.timeout) + " s; no result from " + who);
        }
        for (std::size_t i = 0; i < n; ++i)
            if (!done[i]) {
                done[i] = true;
                r.parts[i].status = "cancelled";
            }
        if (why == Wait::Cancelled) {
            for (PartResult& p : r.parts)
                if (p.status != "ok" && p.status != "failed")
                    p.status = "cancelled";
            return finish("cancelled", "cancelled by the user");
        }
        // Failed: name every failed node, agent deaths first.
        std::string reason;
        for (int pass = 0; pass < 2; ++pass)
            for (const PartResult& p : r.parts) {
                if (p.status != "failed")
                    continue;
                const bool death = p.reason.find("agent process") != std::string::npos ||
                                   p.reason.find("did not start") != std::string::npos;
                if ((pass == 0) != death)
                    continue;
                reason += (reason.empty() ? "" : "; ") + std::string("node ") + p.node + " (" + p.role + "): " + p.reason;
            }
        return finish("failed", reason);
    };

    say(0.0, job.label + ": running");
    Wait w = Wait::Ok;
    auto sendRun = [&](std::size_t i, const json& message) {
        asked[i] = true;
        links[i]->send(message);
    };
    if (d.span == sdk::Span::Pair && n == 2) {
        sendRun(0, runMessage(0));
        awaitingPorts = true;
        w = waitUntil([&] { return port[0] >= 0; });
        if (w != Wait::Ok)
            return abort(w);
        json client = runMessage(1);
        client["peers"] = json::array({{{"host", job.nodes[0].dataAddress()}, {"port", port[0]}}});
        awaitingPorts = false;
        sendRun(1, client);
    } else if (d.span == sdk::Span::Group && d.launcher == "agent") {
        for (std::size_t i = 0; i < n; ++i)
            sendRun(i, runMessage(i));
        awaitingPorts = true;
        w = waitUntil([&] { return std::all_of(port.begin(), port.end(), [](int p) { return p >= 0; }); });
        if (w != Wait::Ok)
            return abort(w);
        awaitingPorts = false;
        json peers = json::array();
        for (std::size_t i = 0; i < n; ++i)
            peers.push_back({{"host", job.nodes[i].dataAddress()}, {"port", port[i]}});
        for (std::size_t i = 0; i < n; ++i)
            links[i]->send({{"type", "go"}, {"id", runId}, {"peers", peers}});
    } else {
        for (std::size_t i = 0; i < n; ++i)
            sendRun(i, runMessage(i));
    }
    w = waitUntil([&] { return std::all_of(done.begin(), done.end(), [](bool x) { return x; }); });
    if (w != Wait::Ok)
        return abort(w);
    say(1.0, job.label + ": done");
    return finish("ok", "");
}

} // namespace cs::runner
