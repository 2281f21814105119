// Open MPI's put protocol over TCP in the fluid replay (ReplayNetwork::putFrom, Replay.h): a message of at
// least putFrom bytes between two nodes goes as a header, its receiver's request once a receive has met the
// header, then its bytes as one put and a FIN, each in turn on its pair's connection; a rank takes in what
// reaches it only inside MPI. A send by put is complete when its put starts (TCP has taken its bytes). Every
// time is derived by hand below.
//
// The network: two hosts on a switch, links 1e8 B/s (10 ns/B) each way, no buckets (StarNetwork.h); LogGP
// L = 10 us, o_s = o_r = g = 0, G = 1 ns/B (the links, at 10 ns/B, limit). A big message has k = 1,000,001 B:
// m = k - 1 = 1,000,000 B on the wire, 10 ms at the link's rate. A header, a request and a FIN have no bytes:
// each arrives L after its turn on the connection comes.
#include "ReplayTestSupport.h"
#include "StarNetwork.h"
#include "model/recording/CsrecParser.h"
#include "model/recording/Replay.h"

#include <catch2/catch.hpp>

#include <string>

using namespace cs;
using namespace cs::rec;

namespace {

const loggp::Params kNet{10e-6, 0, 0, 0, 1e-9};
constexpr double kPut = 65000; // S_put as netns-cluster.sh writes it

std::string head(int r)
{
    return "csrec 1 " + std::to_string(r) + " 2\n";
}

ReplayOptions noProtocol()
{
    ReplayOptions o;
    o.protocol = false;
    return o;
}

// The two cases where rank 1 waited in MPI. Rank 0: its big irecv and isend, 1 ms of compute, a small message
// (tag 5) that rank 1 waits for in a recv, then its waitall. Rank 1: that recv, then `bigCalls` (its irecv and
// isend of the big message, in the order given), then its waitall. Replayed with the protocol and sent whole.
struct WaitedInMpi {
    ReplayResult put;
    double whole = 0;
};
WaitedInMpi waitedInMpi(const std::string& bigCalls)
{
    cs::test::Star s(2, 0);
    ReplayNetwork net = s.net(kNet);
    net.putFrom = kPut;
    const Recording rec = parseRecording(
        {head(0) + "irecv 1 1000001 0 0 0\nisend 1 1000001 0 0 1\nc 0.001\nsend 1 1001 5 0\nwaitall 2 0 1\nend\n",
         head(1) + "recv 0 1001 5 0\n" + bigCalls + "waitall 2 0 1\nend\n"});
    return {replay(rec, net), replay(rec, net, noProtocol()).seconds};
}

} // namespace

TEST_CASE("put protocol: one message one way costs two latencies more than sent whole", "[recording][replay][put]")
{
    cs::test::Star s(2, 0);
    ReplayNetwork net = s.net(kNet);
    net.putFrom = kPut;
    const Recording rec = parseRecording(
        {head(0) + "send 1 1000001 0 0\nend\n", head(1) + "recv 0 1000001 0 0\nend\n"});
    // The header leaves at 0 and reaches rank 1 at L = 10 us, which waits in its recv (posted): its request
    // leaves at once and reaches rank 0, waiting in its send, at 20 us: its put starts then, and its send is
    // complete. The put: 20 us + 10 ms = 10.020 ms; the FIN behind it arrives at 10.030 ms, rank 1's end.
    const ReplayResult r = replay(rec, net);
    CHECK(r.rankSeconds[0] == Approx(20e-6).epsilon(1e-9));
    CHECK(r.rankSeconds[1] == Approx(10.030e-3).epsilon(1e-9));
    // Sent whole: 10 ms on the wire, arriving L later at 10.010 ms; the send is done at once (o_s = 0).
    const ReplayResult whole = replay(rec, net, noProtocol());
    CHECK(whole.rankSeconds[0] == Approx(0.0).margin(1e-12));
    CHECK(whole.rankSeconds[1] == Approx(10.010e-3).epsilon(1e-9));
    // Below putFrom a message is sent whole whatever the options: 64,999 B.
    const Recording small = parseRecording({head(0) + "send 1 64999 0 0\nend\n", head(1) + "recv 0 64999 0 0\nend\n"});
    CHECK(replay(small, net).rankSeconds[1] == Approx(replay(small, net, noProtocol()).rankSeconds[1]).epsilon(1e-12));
}

TEST_CASE("put protocol: both ways at once overlap when the later rank's header goes first",
          "[recording][replay][put]")
{
    cs::test::Star s(2, 0);
    ReplayNetwork net = s.net(kNet);
    net.putFrom = kPut;
    // Rank 1 computes 1 ms outside MPI, then posts its irecv and isend and waits.
    const Recording rec = parseRecording({head(0) + "irecv 1 1000001 0 0 0\nisend 1 1000001 0 0 1\nwaitall 2 0 1\nend\n",
                                          head(1) + "c 0.001\nirecv 0 1000001 0 0 0\nisend 0 1000001 0 0 1\n"
                                                    "waitall 2 0 1\nend\n"});
    // Rank 0's header reaches rank 1 at 10 us, while it computes: taken in at its waitall, 1 ms. Its irecv at
    // 1 ms met nothing taken in, and its isend's header left at 1 ms; then, at the waitall, rank 0's header meets
    // the irecv and rank 1's request leaves, behind its header. Rank 0, waiting, takes in rank 1's header at
    // 1.010 ms (its request to rank 1 leaves at once: the connection is idle) and then the request (its put
    // starts at 1.010 ms, behind its own request, which has no bytes). Rank 1 takes in rank 0's request at
    // 1.020 ms and starts its put. The two puts cross different links' directions: 10 ms each.
    //   rank 0: its put 1.010 to 11.010 ms (its send complete at 1.010 ms); rank 1's FIN at 1.020 + 10 + 0.010
    //   = 11.030 ms, its end;
    //   rank 1: its put 1.020 to 11.020 ms; rank 0's FIN at 11.010 + 0.010 = 11.020 ms, its end.
    const ReplayResult r = replay(rec, net);
    CHECK(r.rankSeconds[0] == Approx(11.030e-3).epsilon(1e-9));
    CHECK(r.rankSeconds[1] == Approx(11.020e-3).epsilon(1e-9));
    // Sent whole: rank 0's from 0 to 10 ms (arrives 10.010 ms), rank 1's from 1 ms to 11 ms (arrives 11.010).
    CHECK(replay(rec, net, noProtocol()).seconds == Approx(11.010e-3).epsilon(1e-9));
}

TEST_CASE("put protocol: a rank that waited in MPI answers first and the two puts go one after the other",
          "[recording][replay][put]")
{
    // Rank 1 waits in MPI (a recv of a small message, tag 5, that rank 0 sends after 1 ms of compute), then
    // posts its irecv and isend of the big message as rank 0 did at the start.
    const WaitedInMpi w = waitedInMpi("irecv 0 1000001 0 0 0\nisend 0 1000001 0 0 1\n");
    // Rank 0's header reaches rank 1 at 10 us, in its recv: taken in, it meets no receive (the recv is tag 5)
    // and waits. The small message (1000 B on the wire, 10 us) leaves rank 0 at 1 ms + 10 us and arrives at
    // 1.020 ms: rank 1's recv ends. Its irecv then meets rank 0's header, and its request leaves at 1.020 ms,
    // before its own header (its isend). Rank 0, waiting since 1 ms, takes in the request at 1.030 ms and puts:
    // its bytes, then the FIN, on its connection to rank 1; then the header, whose request to rank 1 goes behind
    // them. The put leaves 1.030 to 11.030 ms; the FIN and the request reach rank 1 at 11.040 ms, and its put
    // runs 11.040 to 21.040 ms (its send complete at 11.040 ms, with rank 0's FIN in: its end); its FIN reaches
    // rank 0 at 21.050 ms, rank 0's end.
    CHECK(w.put.rankSeconds[0] == Approx(21.050e-3).epsilon(1e-9));
    CHECK(w.put.rankSeconds[1] == Approx(11.040e-3).epsilon(1e-9));
    // Sent whole: rank 0's big message holds its connection 0 to 10 ms, the small one behind it to 10.010 ms
    // (arrives 10.020 ms); rank 1's big message then leaves 10.020 to 20.020 ms and arrives at 20.030 ms.
    CHECK(w.whole == Approx(20.030e-3).epsilon(1e-9));
}

TEST_CASE("put protocol: a rank that waited in MPI but sends before it receives keeps the two puts at once",
          "[recording][replay][put]")
{
    // The case above with rank 1's isend posted before its irecv (as the FFT example posts them).
    const WaitedInMpi w = waitedInMpi("isend 0 1000001 0 0 1\nirecv 0 1000001 0 0 0\n");
    // As above, rank 1 has taken in rank 0's header (at 10 us, in its recv) and its recv ends at 1.020 ms. Its
    // isend's header leaves first, at 1.020 ms; then its irecv meets rank 0's header and its request leaves
    // behind the header, at once (neither has bytes): both reach rank 0, waiting, at 1.030 ms. Rank 0 takes in
    // the header first, which meets its irecv: its request to rank 1 leaves at 1.030 ms; then the request: its
    // put leaves behind its own request, 1.030 to 11.030 ms, and its FIN reaches rank 1 at 11.040 ms. Rank 1
    // takes in rank 0's request at 1.040 ms and puts, 1.040 to 11.040 ms; its FIN reaches rank 0 at 11.050 ms.
    // The two puts cross different directions at once: rank 0 ends at 11.050 ms (21.050 ms above), rank 1 at
    // 11.040 ms.
    CHECK(w.put.rankSeconds[0] == Approx(11.050e-3).epsilon(1e-9));
    CHECK(w.put.rankSeconds[1] == Approx(11.040e-3).epsilon(1e-9));
}

TEST_CASE("put protocol: an isend's request is complete only when its put starts", "[recording][replay][put]")
{
    cs::test::Star s(2, 0);
    ReplayNetwork net = s.net(kNet);
    net.putFrom = kPut;
    // Rank 0 isends, computes 1 ms and waits; rank 1 receives. The header reaches rank 1 (in its recv) at 10 us,
    // its request reaches rank 0 at 20 us while it computes: taken in at its wait, 1 ms, when the put starts and
    // the isend is complete (rank 0's end). The put: 1 ms to 11 ms; the FIN at 11.010 ms, rank 1's end.
    const Recording rec = parseRecording({head(0) + "isend 1 1000001 0 0 0\nc 0.001\nwait 0\nend\n",
                                          head(1) + "recv 0 1000001 0 0\nend\n"});
    const ReplayResult r = replay(rec, net);
    CHECK(r.rankSeconds[0] == Approx(1e-3).epsilon(1e-9));
    CHECK(r.rankSeconds[1] == Approx(11.010e-3).epsilon(1e-9));
    // Waited for at once, the isend is complete only when the request has come: 20 us.
    const Recording now = parseRecording({head(0) + "isend 1 1000001 0 0 0\nwait 0\nend\n",
                                          head(1) + "recv 0 1000001 0 0\nend\n"});
    CHECK(replay(now, net).rankSeconds[0] == Approx(20e-6).epsilon(1e-9));
}
