#!/usr/bin/env bash
# Starts ClusterScope from a build folder. Until the GUI lands, this runs the
# command-line tool on a default example: the INIC 2D-FFT block at P = 8.
set -euo pipefail
build=${1:-build/dev}
exec "$build/bin/clusterscope-cli" eval --block inic.fft2d --set P=8
