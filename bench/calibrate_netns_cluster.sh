#!/usr/bin/env bash
# LogGP calibration of a simulated cluster, as a user runs it: N namespaces joined as a switch tree
# (scripts/netns-cluster.sh), the design it writes (LogGP block, the tree, the nodes), and
# `clusterscope-cli calibrate` with its defaults (pairs by path class, rounds of link-disjoint
# pairs). For comparison in the same run: the same calibration one job at a time (--parallel 1),
# and the plan of every pair (--pairs all --dry-run). Needs root.
#
#   bench/calibrate_netns_cluster.sh [BUILD [N [HOSTS_PER_LEAF [LEAVES_PER_POD [RATE]]]]]
#   e.g. bench/calibrate_netns_cluster.sh build/dev 16            (2 hosts per leaf, 2 leaves per pod)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build/dev}
n=${2:-16}
per_leaf=${3:-2}
per_pod=${4:-2}
rate=${5:-}
cli="$build/bin/clusterscope-cli"
[[ -x "$cli" ]] || { echo "$0: no $cli (build clusterscope-cli first)" >&2; exit 2; }
prefix="bc$$"
prefix=${prefix:0:10}
work=$(mktemp -d)
trap '"$here/scripts/netns-cluster.sh" down "$prefix"; rm -rf "$work"' EXIT
export CS_CLUSTER_DIR="$work"
t0=$(date +%s.%N)
"$here/scripts/netns-cluster.sh" up "$prefix" "$n" "$per_leaf" "$per_pod" $rate
t1=$(date +%s.%N)
design="$work/$prefix.design.json"
nodes=$(cat "$work/$prefix.nodes")
echo "== cluster up in $(echo "$t1 - $t0" | bc) s"

echo "== every pair would be:"
"$cli" calibrate "$design" --nodes "$nodes" --pairs all --dry-run | tail -n 1
echo "== the plan (defaults):"
"$cli" calibrate "$design" --nodes "$nodes" --dry-run

run() { # label, extra options
  local label=$1
  shift
  local s e
  s=$(date +%s.%N)
  "$cli" calibrate "$design" --nodes "$nodes" --quiet "$@" > "$work/$label.out" 2> "$work/$label.err" || true
  e=$(date +%s.%N)
  echo "== calibrate $label: $(echo "$e - $s" | bc) s wall"
  grep -E "^  net\.(G|L|o_s|o_r|g) = " "$work/$label.out" || { cat "$work/$label.err"; }
  grep -E "did not succeed|skipped|failed" "$work/$label.err" || true
}
run defaults
run serial --parallel 1
