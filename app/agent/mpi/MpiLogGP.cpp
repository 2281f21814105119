#include "app/agent/mpi/MpiLogGP.h"

#include "cs/probe/RoundBudget.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace cs::agent::mpi {

namespace {

using cs::probe::summarize;

enum Tag : int { Data = 101, Reply = 102, Delay = 103, Go = 104, ORecv = 105 };

void busyWait(double seconds)
{
    if (seconds <= 0)
        return;
    const double until = MPI_Wtime() + seconds;
    while (MPI_Wtime() < until) {
    }
}

// What one reading of MPI_Wtime adds to an interval it closes: the median of
// back-to-back differences. A timed round trip holds about one reading (the
// end of the first call to the clock, the start of the second), which a plain
// loop timed over many round trips does not: at 1 byte on shared memory,
// 20-30 ns of a 300 ns round trip.
double timerCost()
{
    std::vector<double> d(1001);
    for (double& x : d) {
        const double a = MPI_Wtime();
        x = MPI_Wtime() - a;
    }
    std::nth_element(d.begin(), d.begin() + 500, d.end());
    return d[500];
}

// PRTT(n, d, s), `rounds` times, on the client: n sends with d between them,
// then the server's one reply; from the first send to the reply, less the
// timer's own cost.
std::vector<double> clientRounds(MPI_Comm comm, std::vector<char>& buf, int s, int n, double d, int rounds,
                                 double timer)
{
    std::vector<double> t(static_cast<std::size_t>(rounds));
    for (int r = 0; r < rounds; ++r) {
        const double t0 = MPI_Wtime();
        for (int i = 0; i < n; ++i) {
            if (i > 0)
                busyWait(d);
            MPI_Send(buf.data(), s, MPI_BYTE, 1, Data, comm);
        }
        MPI_Recv(buf.data(), s, MPI_BYTE, 1, Reply, comm, MPI_STATUS_IGNORE);
        t[static_cast<std::size_t>(r)] = std::max(0.0, MPI_Wtime() - t0 - timer);
    }
    return t;
}

// The server's side: receive n, reply once. With `oRecv`, after the first
// message it waits d before each of the next n - 1 receives (the message is
// there by then, so the receive costs o_r) and records
// o_r = (t_recv_all - (n - 1) d) / (n - 1), as net.loggp's server does.
std::vector<double> serverRounds(MPI_Comm comm, std::vector<char>& buf, int s, int n, double d, int rounds,
                                 bool oRecv)
{
    std::vector<double> oR;
    for (int r = 0; r < rounds; ++r) {
        MPI_Recv(buf.data(), s, MPI_BYTE, 0, Data, comm, MPI_STATUS_IGNORE);
        // Only the o_r rounds read the clock: in the others the reply follows the receive at once, as in a
        // plain ping-pong.
        const double t0 = oRecv ? MPI_Wtime() : 0.0;
        for (int i = 1; i < n; ++i) {
            if (oRecv)
                busyWait(d);
            MPI_Recv(buf.data(), s, MPI_BYTE, 0, Data, comm, MPI_STATUS_IGNORE);
        }
        if (oRecv)
            oR.push_back((MPI_Wtime() - t0 - (n - 1) * d) / (n - 1));
        MPI_Send(buf.data(), s, MPI_BYTE, 0, Reply, comm);
    }
    return oR;
}

bool gStoppedLogGP = false;
double gTimerCost = 0.0;

} // namespace

bool stoppedLogGP()
{
    return gStoppedLogGP;
}

double timerCostLogGP()
{
    return gTimerCost;
}

cs::probe::LogGPResult measureLogGP(MPI_Comm comm, const cs::probe::LogGPParams& p, const StopCheck& stop,
                                    const AfterSize& afterSize)
{
    gStoppedLogGP = false;
    cs::probe::LogGPResult result;
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank > 1)
        return result;
    result.n = p.n;
    const int n = static_cast<int>(p.n);
    // Rounds per size under p.budget_s, as net.loggp runs them (RoundBudget::roundsFor): rank 0 decides
    // from the cost of the sizes before and tells rank 1 with the go-ahead. Without a budget, every planned
    // round. Over a slow link the largest sizes would otherwise take minutes (below).
    const cs::probe::RoundBudget budget(p.budget_s, p.warmups, p.repetitions, p.minRepetitions);
    std::vector<std::pair<double, double>> cost; // rank 0: (s, seconds per round of all four kinds)
    std::vector<char> buf(p.sizes.back(), 0x3c);
    const double timer = rank == 0 ? timerCost() : 0.0;
    gTimerCost = timer;
    // A warm-up pass before the first size: its own few warm-up rounds did not make the first round trips
    // of the run as fast as the later ones (the shared-memory queues and the code paths cold, the cores
    // not yet at speed), and PRTT(1,0,1) is the point o_s + o_r are bounded by: 1 B measured 0.75 us
    // against 0.43 us at 4 B in the same run. 200 round trips of the first size, untimed.
    {
        const int s0 = static_cast<int>(p.sizes.front());
        if (rank == 0)
            (void)clientRounds(comm, buf, s0, 1, 0.0, 200, 0.0);
        else
            (void)serverRounds(comm, buf, s0, 1, 0.0, 200, false);
    }
    for (std::uint32_t size : p.sizes) {
        const int s = static_cast<int>(size);
        // Rank 0 decides whether to go on, and how many rounds, outside any timed round: {go, rounds}.
        // A size whose round, predicted from the size before, exceeds the budget is skipped, and with it
        // every larger one (rounds 0), as net.pingpong skips: the sizes are geometric, the ones below
        // already show the slope, and one round of 4 MiB at 100 Mbit/s takes about 24 s. The first
        // min_points sizes always run: the fit needs them.
        int plan[2] = {0, 0};
        if (rank == 0) {
            plan[0] = (stop && stop()) ? 0 : 1;
            const bool skip = !result.skipped.empty() ||
                              (cost.size() >= p.minPoints &&
                               budget.skip(size, static_cast<std::uint32_t>(cost.back().first), cost.back().second));
            plan[1] = skip ? 0 : static_cast<int>(budget.roundsFor(cost, size));
            if (skip)
                result.skipped.push_back(size);
            MPI_Send(plan, 2, MPI_INT, 1, Go, comm);
        } else {
            MPI_Recv(plan, 2, MPI_INT, 0, Go, comm, MPI_STATUS_IGNORE);
        }
        if (!plan[0]) {
            gStoppedLogGP = true;
            return result;
        }
        const int rounds = plan[1];
        if (rounds == 0)
            continue;
        const std::uint32_t warm = budget.discarded(static_cast<std::uint64_t>(rounds));
        if (rank == 1) {
            serverRounds(comm, buf, s, 1, 0.0, rounds, false);
            serverRounds(comm, buf, s, n, 0.0, rounds, false);
            serverRounds(comm, buf, s, n, 0.0, rounds, false);
            double d = 0;
            MPI_Recv(&d, 1, MPI_DOUBLE, 0, Delay, comm, MPI_STATUS_IGNORE);
            std::vector<double> oR = serverRounds(comm, buf, s, n, d, rounds, true);
            MPI_Send(oR.data(), rounds, MPI_DOUBLE, 0, ORecv, comm);
            if (afterSize)
                afterSize(size);
            continue;
        }
        const double start = MPI_Wtime();
        cs::probe::LogGPPoint pt;
        pt.s = size;
        pt.rounds = static_cast<std::uint32_t>(rounds);
        pt.warmups = warm;
        pt.prtt1 = summarize(clientRounds(comm, buf, s, 1, 0.0, rounds, timer), warm);
        pt.prttN = summarize(clientRounds(comm, buf, s, n, 0.0, rounds, timer), warm);
        // Netgauge: d = PRTT(1, 0, s), which exceeds g_all(s) on any sane network.
        pt.d = std::min(pt.prtt1.median, 1.0);
        pt.prttD = summarize(clientRounds(comm, buf, s, n, pt.d, rounds, timer), warm);
        MPI_Send(&pt.d, 1, MPI_DOUBLE, 1, Delay, comm);
        (void)clientRounds(comm, buf, s, n, 0.0, rounds, timer); // back to back: the server waits d itself
        std::vector<double> oR(static_cast<std::size_t>(rounds));
        MPI_Recv(oR.data(), rounds, MPI_DOUBLE, 1, ORecv, comm, MPI_STATUS_IGNORE);
        pt.oR = summarize(oR, warm);
        cost.emplace_back(size, (MPI_Wtime() - start) / rounds);
        result.points.push_back(pt);
        if (afterSize)
            afterSize(size);
    }
    if (rank == 0)
        cs::probe::deriveLogGP(result, p);
    return result;
}

} // namespace cs::agent::mpi
