// Benchmark: our ping-pong probe against sockperf on loopback.
//
//   bench_probe_pingpong [--size BYTES] [--seconds S] [--rounds N] [--server-cpu C] [--client-cpu C]
//
// In the same run and at the same pinning (server on --server-cpu, client on
// --client-cpu, default 1 and 0), for TCP and UDP:
//   ours      cs::probe::serve + runPingPongClient (the net.pingpong kernel),
//             median round trip of `size`-byte messages;
//   sockperf  `taskset -c S sockperf sr` and `taskset -c C sockperf pp --full-rtt`
//             (Debian's sockperf), its median (percentile 50) round trip.
// Rounds alternate ours / sockperf so drift hits both alike; the reported
// figure of each is the median of its round medians. Prints the ratio
// ours / sockperf; target <= 1.10 (within 10%). No asserts: this reports.
#include "cs/probe/PingPong.h"
#include "cs/probe/Server.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace cs::probe;

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0.0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

std::string run(const std::string& cmd)
{
    FILE* p = ::popen((cmd + " 2>&1").c_str(), "r");
    if (!p)
        return {};
    std::array<char, 4096> buf{};
    std::string out;
    while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p))
        out.append(buf.data(), n);
    ::pclose(p);
    return out;
}

// Our kernel: a server thread pinned to serverCpu, the client pinned to clientCpu.
double oursRtt(Transport t, std::uint32_t size, double seconds, int serverCpu, int clientCpu)
{
    Listener listener(SocketAddress{"127.0.0.1", 0}, true);
    ServeOptions so;
    so.cpu = serverCpu;
    so.allowed = {KernelId::PingPong};
    RunControl rc;
    rc.ioTimeout_s = 10;
    std::thread server([&] {
        try {
            serve(listener, so, rc);
        } catch (const std::exception& e) {
            std::cerr << "server: " << e.what() << "\n";
        }
    });
    PingPongParams p;
    p.transport = t;
    p.sizes = {size};
    p.cpu = clientCpu;
    p.keepSamples = false;
    // About `seconds` worth of round trips at ~20 us each.
    p.repetitions = static_cast<std::uint32_t>(seconds / 20e-6);
    p.warmups = 2000;
    double rtt = 0;
    try {
        rtt = runPingPongClient(SocketAddress{"127.0.0.1", listener.port()}, p, rc).sizes.at(0).rtt.median;
    } catch (const std::exception& e) {
        std::cerr << "client: " << e.what() << "\n";
    }
    server.join();
    return rtt;
}

// sockperf's median round trip (seconds), or 0 when it is not installed.
double sockperfRtt(bool tcp, std::uint32_t size, double seconds, int serverCpu, int clientCpu, int port)
{
    const std::string proto = tcp ? " --tcp" : "";
    const std::string serverCmd = "taskset -c " + std::to_string(serverCpu) + " sockperf sr" + proto +
                                  " -i 127.0.0.1 -p " + std::to_string(port) + " >/dev/null 2>&1 & echo $!";
    const std::string pidText = run(serverCmd);
    const int pid = std::atoi(pidText.c_str());
    ::usleep(300000);
    const std::string out = run("taskset -c " + std::to_string(clientCpu) + " sockperf pp" + proto +
                                " -i 127.0.0.1 -p " + std::to_string(port) + " -m " + std::to_string(size) +
                                " -t " + std::to_string(static_cast<int>(seconds + 0.5)) + " --full-rtt");
    if (pid > 0)
        run("kill " + std::to_string(pid)); // the server we started, by PID
    // "sockperf: ---> percentile 50.000 =   21.345" (microseconds)
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) {
        const auto k = line.find("percentile 50.000");
        if (k == std::string::npos)
            continue;
        const auto eq = line.find('=', k);
        if (eq != std::string::npos)
            return std::atof(line.c_str() + eq + 1) * 1e-6;
    }
    std::cerr << "sockperf gave no median:\n" << out << "\n";
    return 0.0;
}

} // namespace

int main(int argc, char** argv)
{
    std::uint32_t size = 64;
    double seconds = 3;
    int rounds = 3;
    int serverCpu = 1, clientCpu = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--size")
            size = static_cast<std::uint32_t>(std::atoi(argv[i + 1]));
        else if (a == "--seconds")
            seconds = std::atof(argv[i + 1]);
        else if (a == "--rounds")
            rounds = std::atoi(argv[i + 1]);
        else if (a == "--server-cpu")
            serverCpu = std::atoi(argv[i + 1]);
        else if (a == "--client-cpu")
            clientCpu = std::atoi(argv[i + 1]);
    }
    if (run("command -v sockperf").empty()) {
        std::cout << "bench_probe_pingpong: sockperf is not installed (Debian package sockperf); skipped\n";
        return 0;
    }
    std::cout << "ping-pong on loopback, " << size << "-byte messages, server cpu " << serverCpu << ", client cpu "
              << clientCpu << ", " << rounds << " rounds of " << seconds << " s\n";
    int port = 20000 + static_cast<int>(::getpid() % 20000);
    for (bool tcp : {true, false}) {
        std::vector<double> ours, theirs;
        for (int r = 0; r < rounds; ++r) {
            ours.push_back(oursRtt(tcp ? Transport::Tcp : Transport::Udp, size, seconds, serverCpu, clientCpu));
            theirs.push_back(sockperfRtt(tcp, size, seconds, serverCpu, clientCpu, port++));
        }
        const double o = median(ours), s = median(theirs);
        std::printf("%s  ours median RTT %.3f us   sockperf median RTT %.3f us   ratio ours/sockperf = %.3f "
                    "(target <= 1.10: %s)\n",
                    tcp ? "TCP" : "UDP", o * 1e6, s * 1e6, s > 0 ? o / s : 0.0,
                    s > 0 && o / s <= 1.10 ? "met" : "NOT met");
    }
    return 0;
}
