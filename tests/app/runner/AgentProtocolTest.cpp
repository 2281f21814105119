// The agent protocol's framing and message validation (docs/agent-protocol.md).
#include "app/agent/protocol/AgentProtocol.h"

#include <catch2/catch.hpp>

using namespace cs::agent;
using nlohmann::json;

namespace {

std::string prefix(std::uint32_t n)
{
    std::string p(4, '\0');
    p[0] = static_cast<char>(n >> 24);
    p[1] = static_cast<char>(n >> 16);
    p[2] = static_cast<char>(n >> 8);
    p[3] = static_cast<char>(n);
    return p;
}

std::string check(const std::string& text, Sender from = Sender::Controller)
{
    Message m;
    return parseMessage(text, from, m);
}

} // namespace

TEST_CASE("frames are a 4-byte big-endian length and the JSON text", "[protocol]")
{
    const std::string f = encodeFrame(json{{"type", "bye"}});
    REQUIRE(f.size() == 4 + std::string(R"({"type":"bye"})").size());
    CHECK(f.substr(0, 4) == prefix(14)); // {"type":"bye"} is 14 bytes
    CHECK(f.substr(4) == R"({"type":"bye"})");
}

TEST_CASE("the decoder reassembles frames fed byte by byte and in bulk", "[protocol]")
{
    const std::string a = encodeFrame(json{{"type", "bye"}});
    const std::string b = encodeFrame(json{{"type", "cancel"}, {"id", "r1"}});
    FrameDecoder d;
    std::string frame;
    for (char c : a + b) {
        d.feed(&c, 1);
    }
    REQUIRE(d.next(frame) == FrameDecoder::Status::Frame);
    CHECK(frame == R"({"type":"bye"})");
    REQUIRE(d.next(frame) == FrameDecoder::Status::Frame);
    CHECK(json::parse(frame)["id"] == "r1");
    CHECK(d.next(frame) == FrameDecoder::Status::NeedMore);
}

TEST_CASE("an oversized or empty length prefix is refused before any payload is read", "[protocol]")
{
    FrameDecoder d;
    std::string frame;
    d.feed(prefix(kMaxFrameBytes + 1));
    CHECK(d.next(frame) == FrameDecoder::Status::Oversized);
    CHECK(d.refusedLength() == kMaxFrameBytes + 1);
    // The stream stays refused: the next bytes cannot be trusted.
    d.feed(encodeFrame(json{{"type", "bye"}}));
    CHECK(d.next(frame) == FrameDecoder::Status::Oversized);

    FrameDecoder e;
    e.feed(prefix(0));
    CHECK(e.next(frame) == FrameDecoder::Status::Empty);

    // Exactly the bound is allowed.
    FrameDecoder ok;
    ok.feed(prefix(kMaxFrameBytes));
    CHECK(ok.next(frame) == FrameDecoder::Status::NeedMore);
}

TEST_CASE("encodeFrame refuses a message above the bound", "[protocol]")
{
    json big = {{"type", "error"}, {"code", "failed"}, {"message", std::string(kMaxFrameBytes, 'x')}};
    CHECK_THROWS_AS(encodeFrame(big), std::length_error);
}

TEST_CASE("controller messages are validated field by field", "[protocol]")
{
    CHECK(check(R"({"type":"hello","versions":[1,1],"token":"abc"})").empty());
    CHECK_THAT(check(R"({"type":"hello","token":"abc"})"), Catch::Contains("versions"));
    CHECK_THAT(check(R"({"type":"hello","versions":[1,1]})"), Catch::Contains("missing \"token\""));
    CHECK(check(R"({"type":"run","id":"r1","probe":"mem.copy","role":"self","params":{"reps":3}})").empty());
    CHECK_THAT(check(R"({"type":"run","id":"r1","probe":"mem.copy","role":"self","params":{"reps":"3"}})"),
               Catch::Contains("\"params.reps\" must be a finite number"));
    CHECK_THAT(check(R"({"type":"run","id":"r 1","probe":"mem.copy","role":"self"})"),
               Catch::Contains("\"id\" must be a name"));
    CHECK_THAT(check(R"({"type":"run","id":"r1","probe":"x","role":"client","peers":[{"host":"h","port":70000}]})"),
               Catch::Contains("\"port\" = 70000 is out of range [0, 65535]"));
    CHECK_THAT(check(R"({"type":"run","id":"r1","probe":"x","role":"self","rank":-1})"),
               Catch::Contains("\"rank\" = -1 is out of range"));
    CHECK(check(R"({"type":"go","id":"r1","peers":[{"host":"10.0.0.1","port":4000}]})").empty());
    CHECK(check(R"({"type":"cancel","id":"r1"})").empty());
    CHECK_THAT(check(R"({"type":"shutdown"})"), Catch::Contains("unknown message type \"shutdown\""));
    // An agent's message type from a controller is unknown too.
    CHECK_THAT(check(R"({"type":"result","id":"r1","summary":{},"environment":{}})"),
               Catch::Contains("unknown message type"));
}

TEST_CASE("agent messages are validated field by field", "[protocol]")
{
    CHECK(check(R"({"type":"welcome","protocol":1,"agent":"a","probes":["mem.copy"],"environment":{}})",
                Sender::Agent)
              .empty());
    CHECK(check(R"({"type":"samples","id":"r1","series":"rtt@64","values":[1e-6,2e-6]})", Sender::Agent).empty());
    CHECK_THAT(check(R"({"type":"samples","id":"r1","series":"rtt@64","values":["x"]})", Sender::Agent),
               Catch::Contains("array of numbers"));
    CHECK(check(R"({"type":"error","code":"token","message":"wrong token"})", Sender::Agent).empty());
    CHECK_THAT(check(R"({"type":"ready","id":"r1"})", Sender::Agent), Catch::Contains("missing \"port\""));
}

TEST_CASE("malformed payloads are refused with a reason, never a crash", "[protocol]")
{
    CHECK_THAT(check("not json"), Catch::Contains("not valid JSON"));
    CHECK_THAT(check("[1,2]"), Catch::Contains("must hold a JSON object"));
    CHECK_THAT(check(R"({"kind":"hello"})"), Catch::Contains("no \"type\""));
    CHECK_THAT(check(""), Catch::Contains("empty frame"));
    const std::string deep = std::string(100, '[') + std::string(100, ']');
    CHECK_THAT(check(deep), Catch::Contains("nested deeper than 16"));
    // Brackets inside strings do not count as nesting.
    CHECK(check(R"({"type":"hello","versions":[1,1],"token":"[[[[[[[[[[[[[[[[[[[[[[[["})").empty());
}

TEST_CASE("tokens compare equal only when identical", "[protocol]")
{
    CHECK(tokensEqual("abc", "abc"));
    CHECK_FALSE(tokensEqual("abc", "abd"));
    CHECK_FALSE(tokensEqual("abc", "abcd"));
    CHECK_FALSE(tokensEqual("", "a"));
    CHECK(tokensEqual("", ""));
}
