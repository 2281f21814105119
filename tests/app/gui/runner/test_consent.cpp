// The document's nodes decide which programs run where: before the first
// run of a command that reaches another machine or program, the user sees
// it and decides; plain local nodes are not asked about.
#include "app/document/DocumentModel.h"
#include "app/gui/runner/ProbeSession.h"
#include "app/runner/Node.h"

#include <QSignalSpy>
#include <catch2/catch.hpp>

using namespace cs;
using namespace cs::app;

namespace {

runner::RunPlan sortOn(const std::string& nodes)
{
    runner::RunPlan plan;
    plan.nodes = runner::parseNodeSpec(nodes);
    plan.probe = "cpu.sort";
    plan.params = {{"keys", 1000}, {"reps", 2}, {"warmups", 0}};
    plan.timeout = 30;
    return plan;
}

} // namespace

TEST_CASE("commands chosen by the document run only once the user allowed them", "[g-runner][consent]")
{
    DocumentModel m;
    ProbeSession session(&m);
    session.setStoreResults(false);
    QStringList asked;
    bool allow = false;
    ProbeSession::setConsentPrompt([&](const QStringList& commands) {
        asked = commands;
        return allow;
    });

    // Refused: nothing starts.
    const QString refused = session.start({sortOn("local:cpu=0:agent=/bin/false:name=odd")});
    CHECK(refused == "not started: the nodes' commands were not allowed");
    CHECK_FALSE(session.isRunning());
    REQUIRE(asked.size() == 1);
    CHECK(asked[0] == "odd (local cpu 0): /bin/false --stdio --token-stdin --bind 127.0.0.1 --cpus 0");

    // Allowed: it runs (and fails: /bin/false is no agent); asked once only.
    allow = true;
    asked.clear();
    QSignalSpy finished(&session, &ProbeSession::finished);
    CHECK(session.start({sortOn("local:cpu=0:agent=/bin/false:name=odd")}).isEmpty());
    CHECK(asked.size() == 1);
    REQUIRE(finished.wait(60000));
    asked.clear();
    CHECK(session.start({sortOn("local:cpu=0:agent=/bin/false:name=odd")}).isEmpty());
    CHECK(asked.isEmpty());
    REQUIRE(finished.wait(60000));

    // Plain local nodes: no question.
    CHECK(session.start({sortOn("local:cpu=0")}).isEmpty());
    CHECK(asked.isEmpty());
    REQUIRE(finished.wait(60000));
    ProbeSession::setConsentPrompt([](const QStringList&) { return false; });
}

TEST_CASE("the GUI asks before a local node connects or listens beyond loopback, with names escaped",
          "[g-runner][consent]")
{
    DocumentModel m;
    ProbeSession session(&m);
    session.setStoreResults(false);
    QStringList asked;
    ProbeSession::setConsentPrompt([&](const QStringList& commands) {
        asked = commands;
        return false;
    });
    // As a document gives them: an address the controller would connect
    // to, a bind on every interface, a name that would redraw the dialog's
    // line before it.
    runner::RunPlan plan = sortOn("local:cpu=0");
    plan.nodes = runner::nodesFromJson(nlohmann::json::parse(R"([
        {"name": "a", "transport": "local", "address": "192.0.2.7"},
        {"name": "b", "transport": "local", "bind": "0.0.0.0"},
        {"name": "c\u001b[1A\u001b[2K\r", "transport": "local", "agent": "/bin/false"}])"));
    CHECK(session.start({plan}) == "not started: the nodes' commands were not allowed");
    CHECK_FALSE(session.isRunning());
    INFO(asked.join('\n').toStdString());
    CHECK(asked.contains("a (local): peers and the controller connect to 192.0.2.7"));
    CHECK(asked.contains("b (local): listens on 0.0.0.0"));
    REQUIRE(asked.size() >= 3);
    CHECK(asked.filter("c\\x1b[1A\\x1b[2K\\r (local): /bin/false").size() == 1);
    for (const QString& line : asked)
        CHECK_FALSE(line.contains(QChar(0x1b)));
    ProbeSession::setConsentPrompt([](const QStringList&) { return false; });
}
