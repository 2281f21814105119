#!/usr/bin/env bash
# Remakes docs/screenshots/verify-calibrated.json (or, with SHAPE tree, verify-tree-calibrated.json), the real
# runs the README's predicted-against-measured charts show (scripts/screenshots.sh draws them):
#   scripts/verify-shot-data.sh [BUILD_DIR] [RATE] [SHAPE]     (default build/dev, 100mbit, star; needs root)
# On eight namespaces of netns-cluster.sh, every link shaped to RATE, it runs `calibrate` with its
# defaults, then `verify --at P=2,4,8`, rows = 1024, and stores the verify runs in the calibrated design's
# `measured` array beside the calibration's probe results, as the GUI's Verify page does. Prints verify's
# table. The namespaces are deleted on exit.
#   star: one leaf bridge; the design is the 2D FFT alone (tests/app/runner/VerifyE2ETest.cpp).
#   tree: 2 hosts a leaf bridge, 2 leaves a pod bridge, one core; the design as netns-cluster.sh writes it
#         (the FFT over LogGP wired to the tree: tests/app/runner/VerifyTreeE2ETest.cpp).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/dev}
rate=${2:-100mbit}
shape=${3:-star}
cli="$build/bin/clusterscope-cli"
work=$(mktemp -d)
prefix="vs$$"
prefix=${prefix:0:10}
cleanup() { scripts/netns-cluster.sh down "$prefix" >/dev/null 2>&1 || true; rm -rf "$work"; }
trap cleanup EXIT
case "$shape" in
  star) CS_CLUSTER_DIR="$work" scripts/netns-cluster.sh up "$prefix" 8 8 1 "$rate" >/dev/null
        out=docs/screenshots/verify-calibrated.json ;;
  tree) CS_CLUSTER_DIR="$work" scripts/netns-cluster.sh up "$prefix" 8 2 2 "$rate" >/dev/null
        out=docs/screenshots/verify-tree-calibrated.json ;;
  *) echo "$0: SHAPE '$shape': expected star or tree" >&2; exit 2 ;;
esac
nodes=$(head -n1 "$work/$prefix.nodes")
# The cluster's design with its LogGP block replaced by the 2D FFT (tests/app/runner/VerifyE2ETest.cpp).
python3 - "$work/$prefix.design.json" "$work/fft.json" "$shape" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
if sys.argv[3] == "star":
    d["name"] = "2D FFT on 8 shaped namespaces, calibrated and verified"
    d["blocks"] = [{"name": "fft", "type": "fftw.transpose", "values": {"rows": 1024, "t_pen": 0}}]
    d["parameters"] = [p for p in d["parameters"] if p["name"] == "P"]
    d["wires"] = [{"from": "P", "to": "fft.P"}]
    d.pop("variants", None)
else:
    d["name"] = "2D FFT on a two-level tree of 8 shaped namespaces, calibrated and verified"
d["sweep"] = {"axes": [{"path": "P", "values": "2:8"}], "speedup": {"param": "", "baseline": 1.0}}
json.dump(d, open(sys.argv[2], "w"), indent=1)
EOF
"$cli" calibrate "$work/fft.json" --nodes "$nodes" --quiet -o "$work/calibrated.json"
"$cli" verify "$work/calibrated.json" --nodes "$nodes" --at P=2,4,8 --set budget=4 --quiet -o "$work/app.json"
python3 - "$work/calibrated.json" "$work/app.json" "$out" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["measured"] = d.get("measured", []) + json.load(open(sys.argv[2]))["results"]
json.dump(d, open(sys.argv[3], "w"), indent=1)
EOF
"$cli" verify "$out" --results "$out"
