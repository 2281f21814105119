// Benchmark: the SimGrid replay of a recording (sim/RecordingSim.h), beside
// the analytic replay of the same recording.
//
//   bench_recording_sim [MESSAGES]
//
// bench_replay's halo exchange of 64 ranks on the k = 8 fat-tree (HaloBench.h),
// MESSAGES point-to-point messages (default 10^5). Prints the
// simulation's steps a second of wall time (what RecordingSim.h's
// kEventsPerSecond, the estimate a recording is refused with, is set from),
// the estimate against the wall time, and simulated against analytic. No
// assert on time.
#include "BenchSupport.h"
#include "HaloBench.h"
#include "sim/RecordingSim.h"

#include <cstdio>
#include <cstdlib>

using namespace cs;

int main(int argc, char** argv)
{
    const double messages = argc > 1 ? std::atof(argv[1]) : 1e5;
    const int P = 64;
    const long iterations = static_cast<long>(messages / (2.0 * P) + 0.5);
    const rec::Recording recording = rec::parseRecording(bench::haloTexts(P, iterations));
    const bench::HaloNetwork halo(P);
    const rec::ReplayNetwork& rn = halo.rn;

    rec::ReplayResult analytic;
    const bench::Time ta = bench::timedBoth([&] { analytic = rec::replay(recording, rn); });
    const sim::RecordingSimEstimate est = sim::estimateRecordingSim(recording);
    sim::RecordingSimOptions o;
    o.maxEvents = 1e12;
    sim::RecordingSimResult simulated;
    const bench::Time ts = bench::timedBoth([&] { simulated = sim::simulateRecording(halo.t, halo.hosts, recording, rn, o); });
    std::printf("bench_recording_sim: %d ranks, %ld iterations: %llu messages simulated (%.0f estimated), "
                "%.0f steps estimated\n",
                P, iterations, static_cast<unsigned long long>(simulated.messages), est.messages, est.events);
    std::printf("  analytic %.6g s in %.3f s wall; simulated %.6g s in %.3f s wall (%.3f s CPU in this process); "
                "simulated / analytic %.4f\n",
                analytic.seconds, ta.wall, simulated.seconds, ts.wall, ts.cpu, simulated.seconds / analytic.seconds);
    std::printf("  %.0f steps a second of wall time (kEventsPerSecond = %.0f: the estimate said %.2f s) "
                "(load average %s)\n",
                est.events / ts.wall, sim::kEventsPerSecond, est.wallSeconds, bench::loadAverage().c_str());
    return 0;
}
