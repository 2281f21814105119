#!/usr/bin/env bash
# Retakes the README's screenshots of the real GUI under Xvfb:
#   scripts/screenshots.sh [BUILD_DIR]      (default build/dev; writes docs/screenshots/*.png)
# Each run opens a preset with fresh settings, waits until the sweep panel has
# drawn, grabs the window (clusterscope --screenshot) and quits.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/dev}
exe="$build/bin/clusterscope"
out=docs/screenshots
mkdir -p "$out"
# Fresh QSettings and autosave folder, so the shots do not depend on this user's layout or recovery files.
export XDG_CONFIG_HOME=$(mktemp -d) XDG_DATA_HOME=$(mktemp -d) XDG_RUNTIME_DIR=$(mktemp -d)
trap 'rm -rf "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"' EXIT
shot() { # NAME ARGS...
  local name=$1; shift
  xvfb-run -a -s "-screen 0 1600x1000x24" "$exe" --size 1280x800 --screenshot "$out/$name.png" "$@"
  echo "$out/$name.png"
}
shot topology --preset mesh-4x4-switch --tab 0
shot blocks --preset acc-fft --tab 1
shot sweep --preset acc-fft --tab 1 --dock sweepDock
shot fattree --preset inic-fattree --tab 1 --dock sweepDock
shot validation --validation

# The calibration shot needs measured results: the offscreen GUI test runs a
# real ping-pong on CPUs 0 and 1, calibrates, applies, and grabs the window.
shots=$(mktemp -d)
CS_SHOT_DIR="$shots" QT_QPA_PLATFORM=offscreen "$build/tests/cs_gui_tests" "[g-calib-shot]" >/dev/null
cp "$shots/mainwindow.png" "$out/calibration.png" && echo "$out/calibration.png"
cp "$shots/probes.png" "$out/probes.png" && echo "$out/probes.png"
rm -rf "$shots"

# Analytic, simulated and measured in one chart: Berkeley NOW calibrated from a
# loopback ping-pong on CPUs 0 and 1 (docs/screenshots/berkeley-now-calibrated.json
# was made with `clusterscope-cli calibrate berkeley-now --nodes
# local:cpu=0,local:cpu=1 --probe net.pingpong --set net.pingpong.size_max=1048576`
# and keeps the two point-to-point variants), SimGrid points ticked on.
shot simulation --dock sweepDock --log --simulate "$(dirname "$0")/../docs/screenshots/berkeley-now-calibrated.json"

# Predicted against measured: the stored runs of docs/screenshots/verify-calibrated.json (calibrate, then
# verify --at P=2,4,8 on `netns-cluster.sh up NAME 8 8 1 100mbit`), drawn by the offscreen GUI test.
shots=$(mktemp -d)
CS_SHOT_DIR="$shots" QT_QPA_PLATFORM=offscreen "$build/tests/cs_gui_tests" "[g-verify-shot]" >/dev/null
cp "$shots/chart_speedup.png" "$out/verify.png" && echo "$out/verify.png"
cp "$shots/chart_breakdown.png" "$out/verify-breakdown.png" && echo "$out/verify-breakdown.png"
# The same on the two-level tree (docs/screenshots/verify-tree-calibrated.json: scripts/verify-shot-data.sh
# build/dev RATE tree): the speedup chart, and the window with the job at P = 4 ringed in the drawing.
tree="$(dirname "$0")/../docs/screenshots/verify-tree-calibrated.json"
if [[ -f "$tree" ]]; then
  rm -f "$shots"/*.png
  CS_VERIFY_DESIGN="$tree" CS_SHOT_DIR="$shots" QT_QPA_PLATFORM=offscreen "$build/tests/cs_gui_tests" "[g-verify-shot]" >/dev/null
  cp "$shots/chart_speedup.png" "$out/verify-tree.png" && echo "$out/verify-tree.png"
  cp "$shots/job_window.png" "$out/job-cursor.png" && echo "$out/job-cursor.png"
fi
rm -rf "$shots"

# The Fit program page and the fitted curve: docs/screenshots/jacobi-fitted.json (the Jacobi example
# calibrated, measured and fitted on 8 namespaces: CS_YOURAPP_OUT=DIR cs_runner_tests "your own program*",
# DIR/jacobi-fitted.json with the sweep P = 1:8 and no speedup reference), fitted again by the page.
shots=$(mktemp -d)
CS_SHOT_DIR="$shots" QT_QPA_PLATFORM=offscreen "$build/tests/cs_gui_tests" "[g-fit-shot]" >/dev/null
cp "$shots/fit_page.png" "$out/fit-program.png" && echo "$out/fit-program.png"
cp "$shots/fit_chart.png" "$out/fitted-curve.png" && echo "$out/fitted-curve.png"
rm -rf "$shots"

# Your own application: the formula editor after an Apply, an unknown name marked as typed, and Run my
# program after two P values under the real mpirun (offscreen GUI tests).
shots=$(mktemp -d)
CS_SHOT_DIR="$shots" QT_QPA_PLATFORM=offscreen "$build/tests/cs_gui_tests" "[formula],[runapp]" >/dev/null
for f in formula-inspector formula-error run-my-program; do
  cp "$shots/$f.png" "$out/$f.png" && echo "$out/$f.png"
done
rm -rf "$shots"

# The README's walkthrough of your own application in the GUI alone, at 1280x800 (offscreen GUI test): File > New,
# the formula block, comm.halo wired into it, Run my program (cs-example-jacobi under mpirun at P = 1 to 8 on
# this machine), the Program page's fit with P = 8 held out, and the fitted curve with the measured points.
shots=$(mktemp -d)
CS_SHOT_DIR="$shots" QT_QPA_PLATFORM=offscreen "$build/tests/cs_gui_tests" "[walkthrough]" >/dev/null
for f in "$shots"/walkthrough-*.png; do
  cp "$f" "$out/" && echo "$out/$(basename "$f")"
done
rm -rf "$shots"

# A recording replayed, simulated on SimGrid and measured, in the Recording window: the Jacobi example recorded
# at P = 2, 3, 4 and 6 and timed at P = 2, 3, 4, 6 and 8 on the namespace tree of 2 hosts a leaf (the live test
# "record and replay on the namespace trees" made both files: the tree's design calibrated on its probes, and the
# runs with their recordings), replayed on that design.
shotdata="$(dirname "$0")/../docs/screenshots"
QT_QPA_PLATFORM=offscreen "$build/bin/clusterscope" "$shotdata/recording-tree-calibrated.json" \
  --recording "$shotdata/recording-tree-runs.json" --simulate --size 1280x800 --screenshot "$out/recording.png" \
  && echo "$out/recording.png"

# Nodes with many cores: speedup against node count (topology.nodes = 1..64) at 1, 8 and 32 ranks a node on a k = 16
# fat-tree (docs/screenshots/nodes-fattree.json: acc-fft's FFTW over LogGP, P following nodes x ranks_per_node), drawn
# by the command-line tool's plot (the chart builders of the GUI's sweep dock).
"$build/bin/clusterscope-cli" plot "$(dirname "$0")/../docs/screenshots/nodes-fattree.json" \
  --param topology.nodes=1:64:log2 --param topology.ranks_per_node=1,8,32 --log --width 1280 -o "$out/nodes-speedup.png" \
  && echo "$out/nodes-speedup.png"
