#!/usr/bin/env bash
# Installs every Debian 12 package ClusterScope needs to build, test and run.
# Idempotent: when everything is present it does nothing, and it runs
# `apt-get update` only when something is missing.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev
  libqcustomplot-dev
  libeigen3-dev libboost-graph-dev
  # METIS: partitions drawn networks for their bisection (model/topology/metrics/Bisection).
  libmetis-dev
  catch2 nlohmann-json3-dev
  libfftw3-dev
  # muparser: parses formula blocks' and calibration specs' expressions (model/formula).
  libmuparser-dev
  openmpi-bin libopenmpi-dev
  # HPCC 1.5 (the HPC Challenge: HPL, PTRANS, RandomAccess, FFT, ring latency): a real MPI program that is not
  # ours, linked against Debian's Open MPI, that run-app --record records unmodified (issue 44).
  hpcc
  # LAMMPS (Debian's lammps, the molecular dynamics code): the real program, not ours, that the live test of
  # record and replay records on the namespace trees (issue 44; tests/app/runner/apprun/RecordReplayLiveTest.cpp).
  lammps
  sockperf
  # Slurm: srun/salloc/sbatch/sinfo, both daemons and munge, for the slurm
  # transport and the private cluster scripts/slurm-local.sh starts in tests.
  slurm-wlm slurm-client slurmctld slurmd slurm-wlm-basic-plugins munge
  openssh-client openssh-server
  # ccache: a rebuild of sources compiled before, in this clone or a fresh one, comes from its cache (issue 46).
  ccache
  # lld: LLVM's linker, 3-4x faster than GNU ld on the test programs (cmake/BuildSpeed.cmake, issue 46).
  lld
  iproute2
  clang libclang-rt-14-dev
  xvfb xauth
  python3-igraph
  # networkx: the test that reads `topo --export`'s GraphML with a reader that is not ours.
  python3-networkx
  # SimGrid 3.32: the flow-level simulator of sim/ (`clusterscope-cli simulate`).
  libsimgrid-dev
  # help2man: clusterscope-cli's manual page, made from its --help at build time (packaging/).
  help2man
)

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "install-deps: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
