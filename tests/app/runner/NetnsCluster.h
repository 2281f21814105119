#pragma once
// Emulated clusters for the end-to-end tests: scripts/netns-cluster.sh's namespaces (NetnsCluster), an
// OpenSSH server inside a namespace (SshServer, for the ssh transport and for mpirun's remote ranks), and the
// 2D FFT design `verify` runs on them.
#include "TestSupport.h"

#include <QProcess>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace cs::test {

// scripts/netns-cluster.sh up with n hosts on one leaf bridge (the pod and core bridges carry nothing): every
// pair meets through one switch, so an all-to-all is limited by the host links only; or, given perLeaf, the
// script's tree. Torn down by name.
class NetnsCluster {
public:
    // rate: tbf's ("100mbit"); the files go into `folder`. perLeaf > 0: a tree of perLeaf hosts a leaf bridge
    // and perPod leaves a pod bridge (netns-cluster.sh's shape) instead of one switch.
    NetnsCluster(const std::string& folder, int n, const std::string& rate, int perLeaf = 0, int perPod = 1);
    // A cluster another process brought up (LiveCluster.h): its files are in `folder`; not taken down by this one.
    struct Attach {};
    NetnsCluster(Attach, const std::string& prefix, const std::string& folder, const std::string& rate);
    ~NetnsCluster();
    NetnsCluster(const NetnsCluster&) = delete;
    NetnsCluster& operator=(const NetnsCluster&) = delete;

    std::string nodes() const;                  // the script's --nodes list (local netns nodes)
    std::vector<std::string> addresses() const; // the hosts' addresses, in order
    std::string design() const { return dir + "/" + prefix + ".design.json"; }
    std::string host(int i) const { return prefix + "-h" + std::to_string(i); }
    // Every link shaped at `rate` ("95mbit") instead, and the design's links with it (netns-cluster.sh rate);
    // "" when done, else what the script said.
    std::string reshape(const std::string& rate) const;

    std::string prefix, dir, error, rate;
    bool owned = true; // the destructor takes the namespaces down
};

// OpenSSH's sshd (-D, our child, stopped by PID) listening on port 2222 inside namespace `ns`, with a host key
// and one authorized key (dir/id) made in `dir` the first time; several servers may share a folder and its keys.
class SshServer {
public:
    SshServer(const std::string& ns, const std::string& addr, const QTemporaryDir& dir);
    ~SshServer();
    SshServer(const SshServer&) = delete;
    SshServer& operator=(const SshServer&) = delete;

    // An ssh node for root@addr with this server's key (extra: more ":key=value" fields).
    std::string spec(const std::string& addr, const std::string& extra) const;
    std::string identity() const;

    std::string error;
    QProcess process;

private:
    const QTemporaryDir& dir_;
};

// sshd's configuration for namespace `ns` listening on addr:port (2222: the one SshServer runs), with the host key
// and the one authorized key (dir/id) made in `dir` the first time, its PID in dir/sshd-NS.pid (sshd-NS-PORT.pid
// for another port). Returns the config file's path; "" and `error` set when sshd is not installed or ssh-keygen
// fails.
std::string sshdConfig(const std::string& ns, const std::string& addr, const std::string& dir, std::string& error,
                       int port = 2222);
// Waits until addr:port accepts connections in `ns` (5 s); false when it does not.
bool sshdListening(const std::string& ns, const std::string& addr, int port = 2222);
// The mpi node whose mpirun runs in the cluster's first host and reaches every host's sshd with key `identity`.
std::string mpiNodeSpec(const NetnsCluster& cluster, const std::string& identity);

// An sshd in every host of the cluster and the mpi node whose mpirun runs in the first host's namespace and
// starts the others' ranks over ssh, one rank a host in host order (mpi:N:hosts=a+b+...:netns=...:btl=tcp+self).
// `error` says why not (sshd missing or not starting): the test then skips.
struct MpiOverSsh {
    QTemporaryDir keys;
    std::vector<std::unique_ptr<SshServer>> sshd;
    std::string node, error;
};
std::unique_ptr<MpiOverSsh> mpiOverSsh(const NetnsCluster& cluster);

// cluster's design with its LogGP block replaced by the 2D FFT of `rows` rows: the same topology and nodes.
// t_pen = 0: the small-message penalty is a model of 2004's TCP stacks that no probe measures, and the blocks
// here (64 KiB at least) are beyond S_pen's reach anyway. Returns the new design's path.
std::string fftDesign(const NetnsCluster& cluster, int rows);

// The row of a verify --json report at P for quantity q, or null.
const nlohmann::json* verifyRow(const nlohmann::json& report, double P, const std::string& q);

// `verify --at AT --set budget=B` (AT: `at`, the P values run; P=2,4,8 by default) of a calibrated design on `nodes`, its runs saved as the cluster's app.json
// (measured through the store of measurements, LiveMeasure.h); requires it to succeed. B is the seconds of
// repetitions a P (at least 3). Returns the report of `verify --results` on those runs; `table` gets the same
// comparison as verify prints it, for the test's log.
nlohmann::json verifyLive(const NetnsCluster& cluster, const std::string& calibrated, const std::string& nodes,
                          std::string& table, int budgetSeconds = 4, const std::string& at = "P=2,4,8");

// Checks every row of a verify report at P = 2, 4 and 8 for T, T_trans and T_a2a: |error| < limit(P, quantity),
// a measured value above 0, and P = 4 and 8 held out (no calibration probe spanned them). A limit of infinity is
// an open finding: the row is printed, marked so, and not held. Returns the errors as lines ("P = 4 T_a2a:
// predicted ... s, measured ... s, error -1.0%") for the log.
// `Ps`: the P values checked; `calibratedP`: the one a calibration probe spanned, not held out (0: none).
std::string checkVerifyErrors(const nlohmann::json& report, const std::function<double(double P, const std::string& q)>& limit,
                              const std::vector<double>& Ps = {2, 4, 8}, double calibratedP = 2);

// Issue 22's limits: T and T_trans within 15%, the all-to-all within 10%.
double issue22Limit(double P, const std::string& quantity);

// The link rate of a randomized end-to-end test, 20-200 Mbit/s, from its seed: CS_VERIFY_SEED when set (to
// repeat a run), else a random one.
struct VerifyRate {
    unsigned seed = 0;
    int mbit = 0;
};
VerifyRate verifyRate();
// The rate of `seed`.
VerifyRate verifyRate(unsigned seed);

// The cluster of a randomized end-to-end test: n namespaces on one switch, every link shaped at a rate from
// verifyRate, said in a WARN line ("tbf 73 Mbit/s (seed 1242896257)" and `what`). When namespaces cannot be
// made here it says why in a WARN line and skipped() is true: the test then returns.
struct RandomCluster {
    VerifyRate rate;
    QTemporaryDir dir;
    std::unique_ptr<NetnsCluster> cluster;
    bool skipped() const { return !cluster || !cluster->error.empty(); }
};
std::unique_ptr<RandomCluster> randomCluster(int n = 8, const std::string& what = "");

// `calibrate` with its defaults of the cluster's 2D FFT design (fftDesign) over the cluster's TCP agents;
// requires it to succeed. Returns the calibrated design's path; `log` gets calibrate's stdout.
std::string calibrateFft(const NetnsCluster& cluster, int rows, std::string& log);
// `calibrate` with its defaults of `design` over the cluster's TCP agents, as calibrateFft: its probe runs
// measured through the store of measurements (LiveMeasure.h), the fit made from them.
std::string calibrateDesign(const NetnsCluster& cluster, const std::string& design, std::string& log);

} // namespace cs::test
