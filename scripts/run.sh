#!/usr/bin/env bash
# Starts the ClusterScope GUI from a build folder on the default preset
# (the ACC cluster's FFT-2D, INIC against Gigabit Ethernet). Extra arguments
# go to the program: `make run ARGS="--preset berkeley-now"`.
set -euo pipefail
build=${1:-build/dev}
shift || true
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "run: no display (DISPLAY/WAYLAND_DISPLAY unset). Start ClusterScope from a desktop session," >&2
  echo "run: or under a virtual one: xvfb-run -a $build/bin/clusterscope --preset acc-fft" >&2
  exit 1
fi
if [ $# -eq 0 ]; then set -- --preset acc-fft; fi
exec "$build/bin/clusterscope" "$@"
