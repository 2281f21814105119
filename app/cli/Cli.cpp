#include "app/cli/Cli.h"
#include "app/cli/PrintableStream.h"
#include "model/core/ModelError.h"
#include "model/core/OutOfMemory.h"
#include "model/core/Printable.h"
#include "model/core/Version.h"

#include <nlohmann/json.hpp>

#include <new>
#include <ostream>
#include <string_view>

namespace cs::cli {

namespace {

struct Entry {
    std::string_view name;
    Command command;
    std::string_view summary;
};

const Entry kCommands[] = {
    {"list", listCommand, "list presets|blocks|generators [--json]   presets, model blocks, topology generators"},
    {"eval", evalCommand, "eval --block ID [--set NAME=VALUE ...] [--json]   evaluate one block\n"
                          "  eval DESIGN [--set PATH=VALUE ...] [--json]   each variant's time, phases, speedup, cost"},
    {"sweep", sweepCommand, "sweep DESIGN --param PATH=SPEC [--param ...] [--set ...] [--output PATH ...]\n"
                            "        [--csv|--json] [-o FILE]   SPEC is 1:16, 1:1024:log2, 1,2,4,8 or 0:1:0.1"},
    {"pareto", paretoCommand, "pareto DESIGN [--param PATH=SPEC ...] [--target SECONDS | --target-speedup S]\n"
                              "        [--json]   cost/time Pareto front and the cheapest design meeting a target"},
    {"sensitivity", sensitivityCommand, "sensitivity DESIGN [--variant NAME] [--at PATH=VALUE ...] [--output PATH]\n"
                                        "        [--step 0.1] [--json]   tornado data: +/-10% in each parameter"},
    {"plot", plotCommand, "plot DESIGN [--param PATH=SPEC ...] [--set ...] [--at P] [--log] -o FILE.png|.svg|.pdf\n"
                          "        speedup curve and phase breakdown, drawn as the GUI draws them"},
    {"simulate", simulateCommand,
     "simulate DESIGN [--param PATH=SPEC ...] [--set ...] [--variant NAME ...] [--network-model CM02|LV08]\n"
     "        [--timeout S] [--max N] [--csv|--json] [-o FILE]   each variant's total, analytic and simulated on\n"
     "        SimGrid (the same topology, routes and parameters), with their ratio (docs/simulation.md)\n"
     "  simulate DESIGN ... --slurm-array N [--slurm-dir DIR]   the points as one Slurm job array of N tasks\n"
     "        (sbatch; each task runs simulate --slice I/N), gathered as they finish; Ctrl-C runs scancel"},
    {"validate", validateCommand,
     "validate [PRESET ...] [--json|--csv|--markdown] [--claims DIR]   every quantitative claim of the seed\n"
     "        papers against the presets: paper value, model value, relative error, fitted or predicted,\n"
     "        verdict, summary (--csv and --markdown export the table)\n"
     "  validate --fit CLAIM ... [--param PRESET:PATH ...] [--json|--csv|--markdown]   fit the parameters that\n"
     "        matter (assumed or fitted, by sensitivity; or those named) jointly to the claims named, with\n"
     "        Levenberg-Marquardt, and report every other claim as a prediction\n"
     "  validate --hold-out   leave one figure out: each figure predicted from a fit to the others, the\n"
     "        values the presets fitted to that figure put back to their block defaults first\n"
     "  validate --assumed [PRESET ...] [--json]   per preset, the inputs whose basis is 'assumed', ranked by\n"
     "        how far -/+10% moves a variant total (the sensitivity data), with the probe that can fit each"},
    {"topo", topoCommand,
     "topo --gen NAME:key=value,... | topo DESIGN.json  [--json]   topology metrics\n"
     "  topo --import slurm:topology.conf|ibnet:ibnetdiscover.txt [--bw RATE] [--lat TIME] [--switch-lat TIME]\n"
     "       [--cores slurm.conf|NODES.txt] [--into DESIGN] [-o OUT.json]   a cluster's network as a topology, or put\n"
     "       into a design; the hosts' cores from slurm.conf's node lines or `scontrol show node`'s output (a\n"
     "       slurm.conf beside topology.conf is read by itself)\n"
     "  topo DESIGN.json|--gen SPEC --export-slurm [-o topology.conf]   the design's network for Slurm\n"
     "  topo DESIGN.json|--gen SPEC --export GRAPH.graphml|GRAPH.json   the network as a graph for other tools\n"
     "       (networkx, igraph, Gephi): hosts, switches, segments, links with rates, channels and latency"},
    {"probe", probeCommand, "probe --nodes SPEC --probe ID [--set NAME=VALUE ...] [--timeout S] [--pairs all|chain|first]\n"
                            "        [--parallel N] [--json] [-o FILE] [--design FILE [--trust-nodes]]   run a probe on nodes (progress on\n"
                            "        stderr); the design's own nodes run only with --trust-nodes when they reach other\n"
                            "        machines or programs (without it, the commands are printed)\n"
                            "  probe --list [--json]   the probes, their parameters and what they calibrate\n"
                            "        SPEC: local:cpu=0,local:cpu=1 | ssh:root@10.0.0.2 | mpi:2 (docs/agent-protocol.md)"},
    {"calibrate", calibrateCommand,
     "calibrate DESIGN --nodes SPEC [--probe ID ...] [--set [PROBE.]NAME=VALUE ...] [--hold-out 0.25]\n"
     "        [--timeout S] [--link-bw 100Mbit/s] [--pairs all|chain|first|paths] [--parallel N] [--dry-run] [--json]\n"
     "        [--trust-nodes] [--accept-poor-fits] [--prefer-calibrated] [-o CALIBRATED.json]   run the probes the\n"
     "        design's blocks calibrate from, fit their parameters (95% CIs, R^2, SMAPE, held-out errors), write\n"
     "        the design; values that fail the quality limits (docs/calibration.md) are written only with\n"
     "        --accept-poor-fits; --prefer-calibrated lets a calibrated G stand against the drawn network's;\n"
     "        --dry-run prints the jobs, their rounds and estimates (with --json: each job's probe, parameters\n"
     "        and nodes) and runs nothing\n"
     "  calibrate DESIGN --results FILE [--probe ID ...] [--json] [-o FILE]   fit from saved probe results"},
    {"verify", verifyCommand,
     "verify DESIGN --nodes SPEC [--at P=2,4,8] [--variant NAME] [--set NAME=VALUE ...] [--timeout S] [--json]\n"
     "        [-o RESULTS.json] [--trust-nodes] [--dry-run]   run the application the design models (app.fft2d for\n"
     "        fftw.transpose) on the first P nodes, evaluate the design at the same P, print predicted (with\n"
     "        the calibrated band) against measured per quantity, the error and which points are held out;\n"
     "        --dry-run prints the runs (with --json: each job's probe, parameters and nodes) and runs nothing;\n"
     "        a run that fails is named on stderr, the report holds the other P, and verify exits 1\n"
     "  verify DESIGN --results FILE [--variant NAME] [--json]   compare saved application results"},
    {"run-app", runAppCommand,
     "run-app --nodes SPEC --at P=1,2,4 [--repeat 5] [--set NAME=VALUE ...] [--time wall|stdout:REGEX]\n"
     "        [--timeout S] [--overhead-runs 5] [--record [--record-dir DIR]] [--quiet] [--json] (-o RUNS.json |\n"
     "        --into DESIGN [--trust-nodes])\n"
     "        -- PROGRAM ARGS...   your own program on P ranks, launched the nodes' way: mpi:N runs mpirun -np P\n"
     "        (P <= N; hosts=, hostfile=, netns= as for probes), slurm:HOSTS and mpi:allocation srun -n P --mpi=pmix,\n"
     "        ssh nodes mpirun over their hosts; local and tcp nodes are refused. {P} and {NAME} (--set) in ARGS are\n"
     "        replaced per run. The runs go in rounds, every P once a round (--repeat rounds), so a slow spell\n"
     "        of a shared machine does not fall on one P alone. --time wall: the launch's wall time less the\n"
     "        launch overhead (the median of --overhead-runs launches of `true` the same way); stdout:REGEX: the\n"
     "        first capture group of the first line of output it matches, in seconds. Results (probe app.run,\n"
     "        params.P, series T with median and\n"
     "        95% CI, the command line and environment) go to -o and/or the design's measured; without --nodes the\n"
     "        design's nodes run, and only with --trust-nodes when they reach other machines or programs. --record:\n"
     "        each P's first run has libcsrecord.so preloaded, which records every rank's MPI calls, and -o gets\n"
     "        them as \"recordings\" beside the results (CS_RECORD_LIMIT bounds a rank's trace, 64M by default);\n"
     "        (ranks on other hosts: fetched over ssh, or srun on Slurm's nodes); --record-dir: a folder every\n"
     "        node sees at the same path (NFS), for a hostfile's hosts\n"
     "  run-app --import FILE [--region R] [--metric M] (-o RUNS.json | --into DESIGN)   measurements from CSV\n"
     "        (lines P,value) or Extra-P's text format (PARAMETER, POINTS, REGION, METRIC, DATA) as the same results"},
    {"fit", fitCommand,
     "fit DESIGN --results RUNS.json [--block NAME] [--output T] [--hold-out P=8] [--accept-poor-fits] [--json]\n"
     "        [-o FITTED.json]   the formula block's inputs marked \"fit\" fitted to the runs' medians (run-app's\n"
     "        app.run results) by least squares weighted by their spread (by their time when they miss the model by\n"
     "        far more than it), with the rest of the design as it\n"
     "        evaluates; prints each value with its 95% CI, R^2, SMAPE, the leave-one-out error and every P measured\n"
     "        against predicted (held-out points marked); -o writes the design with the values applied as calibrated.\n"
     "        A value from a poor fit (R^2 or held-out error past the calibration limits) is applied only with\n"
     "        --accept-poor-fits; one whose interval crosses zero never\n"
     "  fit DESIGN --results RUNS.json --search [--hold-out P=...] [-o FOUND.json] [--json]   the compute term you\n"
     "        did not write, as Extra-P finds it: one or two terms c P^a log2(P)^b (a in quarters from -2 to 3, b\n"
     "        0 to 2) fitted to what the runs leave after the network part (the design with the fit inputs at 0),\n"
     "        chosen by leave-one-out error (at least 5 P values); -o adds it as the block's output T_found"},
    {"replay", replayCommand,
     "replay DESIGN --results RUNS.json [--at P=8] [--net BLOCK] [--json] [--whole | --between I:J]\n"
     "        [--export-simgrid DIR [--flops 1e9]] [--simulate [--max-events 5e6] [--timeout 10min]]\n"
     "        the program recorded by run-app --record, replayed on the design's network (its topology, its job\n"
     "        placement, LogGP from its logp.loggp block or the one --net names): per P, the predicted time, the\n"
     "        measured median of that P's app.run result in the same file and the error; a P not recorded is\n"
     "        synthesised from recordings at 3 or more P. The predicted time is the span from the end of the\n"
     "        first barrier of all ranks to the end of the last, the window a program times itself in (its\n"
     "        setup is left out); --whole, or fewer than two such barriers, prices the whole run.\n"
     "        --between I:J prices the span from the end of barrier I of all ranks to the end of barrier J\n"
     "        (counted from 1; a negative one from the end, -1 the last: 3:4, 3:-2), for a program that times\n"
     "        another pair (LAMMPS's Loop time: 3:4 of its 5); a recording without them is refused.\n"
     "        --export-simgrid writes each P's recording as SimGrid's time-independent traces\n"
     "        (DIR/P8/traces.txt for smpirun -replay; compute at --flops flop/s).\n"
     "        --simulate runs the same recording on SimGrid too (the platform simulate builds, one actor per rank\n"
     "        on its placed host, the same LogGP) and prints it beside the prediction; a recording whose\n"
     "        simulation would pass --max-events steps is refused with its estimate before it starts\n"
     "        (docs/format.md \"Recordings\"). Links with a burst (a token bucket) are modelled: --json rows\n"
     "        then give predicted_no_bucket, the replay as if they had none. A design whose logp.loggp has S_put\n"
     "        (Open MPI's put protocol over TCP) is replayed with it. SimGrid's links have no bucket and its ranks\n"
     "        send every message whole, so --simulate's sim/pred compares SimGrid with the replay without either,\n"
     "        which --json gives as predicted_as_simulated"},
};

void notes(std::ostream& out)
{
    out << "\nSpeedup is against the design's serial baseline (sweep.speedup.against); --baseline self measures\n"
           "each variant against itself at P = 1, --baseline VARIANT against that variant (eval, sweep, pareto, plot).\n";
    out << "\nDESIGN is a design file or a preset name (clusterscope-cli list presets).\n"
           "Values are SI units unless a unit is given: --set fft.bw_hc=80MiB/s --set loggp.L=15us\n";
}

void usage(std::ostream& out)
{
    out << "usage: clusterscope-cli COMMAND [ARGS]\n\ncommands:\n";
    for (const Entry& e : kCommands)
        out << "  " << e.summary << "\n";
    out << "\nclusterscope-cli COMMAND --help prints one command's usage.\n";
    notes(out);
    out << "\n--help prints this, --version the version and the git commit the program was built from.\n";
}

// One command's usage: its lines of the command list, then the notes every
// command shares. The list is the one place a command's usage is written.
void commandUsage(const Entry& e, std::ostream& out)
{
    out << "usage: clusterscope-cli " << e.summary << "\n";
    notes(out);
}

// Asks for a command's help: "--help" or "-h" among its words, before any "--" (after it, run-app's
// program has its own options).
bool wantsHelp(const std::vector<std::string>& args)
{
    for (std::size_t i = 1; i < args.size() && args[i] != "--"; ++i)
        if (args[i] == "--help" || args[i] == "-h")
            return true;
    return false;
}

const Entry* findCommand(std::string_view name)
{
    for (const Entry& e : kCommands)
        if (name == e.name)
            return &e;
    return nullptr;
}

} // namespace

int run(const std::vector<std::string>& args, std::ostream& rawOut, std::ostream& rawErr)
{
    // Every path below prints through the one filter: no command can let a
    // document's escape codes reach the terminal.
    PrintableStreamBuf outBuf(rawOut), errBuf(rawErr);
    std::ostream out(&outBuf), err(&errBuf);
    if (args.empty() || ((args[0] == "--help" || args[0] == "-h" || args[0] == "help") && args.size() == 1)) {
        usage(args.empty() ? err : out);
        return args.empty() ? 2 : 0;
    }
    if (args[0] == "--version") {
        // help2man reads the first line as "PROGRAM (PACKAGE) VERSION".
        out << "clusterscope-cli (ClusterScope) " << programVersion() << " (commit " << programCommit() << ")\n";
        return 0;
    }
    // "help topo", like "topo --help".
    if (args[0] == "help") {
        if (const Entry* e = findCommand(args[1])) {
            commandUsage(*e, out);
            return 0;
        }
        err << "clusterscope-cli help: unknown command '" << args[1] << "' (see clusterscope-cli --help)\n";
        return 2;
    }
    if (const Entry* found = findCommand(args[0])) {
        const Entry& e = *found;
        if (wantsHelp(args)) {
            commandUsage(e, out);
            return 0;
        }
        try {
            return e.command(std::vector<std::string>(args.begin() + 1, args.end()), out, err);
        } catch (const UsageError& ex) {
            err << "clusterscope-cli " << e.name << ": " << printable(ex.what(), true) << " (see clusterscope-cli "
                << e.name << " --help)\n";
            return 2;
        } catch (const ModelError& ex) {
            // Messages quote names and values from documents: no escape code reaches the terminal.
            err << "clusterscope-cli " << e.name << ": error: " << printable(ex.what(), true) << "\n";
            return 1;
        } catch (const nlohmann::json::exception& ex) {
            err << "clusterscope-cli " << e.name << ": error: " << printable(ex.what(), true) << "\n";
            return 1;
        } catch (const std::bad_alloc&) {
            // A check before a large allocation refuses with its estimate;
            // this is what is left: one line and status 1, never SIGABRT.
            err << "clusterscope-cli " << e.name << ": error: " << kOutOfMemory << "\n";
            return 1;
        } catch (const std::exception& ex) {
            err << "clusterscope-cli " << e.name << ": error: " << printable(ex.what(), true) << "\n";
            return 1;
        }
    }
    err << "clusterscope-cli: unknown command '" << args[0] << "' (see clusterscope-cli --help)\n";
    return 2;
}

} // namespace cs::cli
