#!/usr/bin/env bash
# A real, private, single-machine Slurm cluster from Debian's packages
# (munge, slurmctld, slurmd, slurm-client), for trying the slurm transport
# and for the tests. Everything lives in one folder: a munge key and socket,
# slurm.conf, the daemons' state, spool, logs and PIDs. It does not touch
# /etc/munge, /etc/slurm or the system's daemons, and picks free ports, so
# several instances can run at once.
#
#   eval "$(scripts/slurm-local.sh up [DIR] [--owner PID] [--topology FILE] [--private-dir PATH])"   # prints: export SLURM_CONF=DIR/slurm.conf
#   scripts/slurm-local.sh status [DIR]         # sinfo of that cluster; exit 0 when its node is usable
#   scripts/slurm-local.sh down [DIR]           # scancel, then stop the daemons by PID, remove DIR
#
# DIR defaults to a new /tmp/cs-slurm-XXXXXX for `up`, and to the folder of
# $SLURM_CONF for `status` and `down`. With --owner PID, a watcher takes the
# cluster down when that process ends, even if it crashed (the tests use it).
# With --topology FILE, the cluster uses the topology/tree plugin with FILE as
# its topology.conf (`scontrol show topology` shows what Slurm read). With --private-dir PATH (a folder that
# exists), slurmd runs in a mount namespace of its own with a tmpfs over PATH, and so do the jobs it starts:
# what they write under PATH this machine does not see, as on a node without a shared file system (the test of
# `run-app --record` fetching traces through srun). Needs root (slurmd runs jobs as any
# user). The node is this machine's short host name, with the CPUs and
# memory `slurmd -C` reports; the partition is `debug`.
set -euo pipefail

die() { echo "slurm-local: $*" >&2; exit 1; }

dir_arg() {
  if [ -n "${1:-}" ]; then echo "$1"; return; fi
  [ -n "${SLURM_CONF:-}" ] || die "give the cluster's folder, or set SLURM_CONF"
  dirname "$SLURM_CONF"
}

# A TCP port nobody listens on (the daemons bind it moments later).
free_port() {
  local used p
  used=$(ss -Htan 2>/dev/null | awk '{print $4}' | sed 's/.*://' | sort -u)
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 40000))
    if ! grep -qx "$p" <<<"$used"; then echo "$p"; return; fi
  done
  die "no free TCP port found"
}

# Sets SLURM_CONF for the commands below, and the marker the daemons carry
# in their environment: `down` finds stray slurmstepd processes by it.
use_dir() {
  DIR=$(cd "$1" && pwd)
  export SLURM_CONF="$DIR/slurm.conf"
  MARK="CS_SLURM_LOCAL=$DIR"
}

node_state() {
  sinfo -h -N -o '%t' 2>/dev/null | head -n1 | tr -d '*~#' || true
}

pid_of() { [ -s "$DIR/$1.ourpid" ] && cat "$DIR/$1.ourpid" || true; }

alive() { [ -n "$1" ] && kill -0 "$1" 2>/dev/null; }

# TERM to all at once, KILL to what is left after 5 s.
stop_pids() {
  local pid left
  for pid in "$@"; do alive "$pid" && kill -TERM "$pid" 2>/dev/null || true; done
  for _ in $(seq 1 50); do
    left=""
    for pid in "$@"; do alive "$pid" && left="$left $pid"; done
    [ -z "$left" ] && return 0
    sleep 0.1
  done
  for pid in $left; do kill -KILL "$pid" 2>/dev/null || true; done
}

# Processes whose environment carries this cluster's marker: the daemons
# and the slurmstepd processes slurmd started (never matched by name).
marked_pids() {
  local f pid
  for f in $(grep -lzxF "$MARK" /proc/[0-9]*/environ 2>/dev/null); do
    pid=${f#/proc/}; pid=${pid%/environ}
    [ "$pid" = "$$" ] || echo "$pid"
  done
}

cmd_up() {
  local d="" owner="" topology="" private=""
  while [ $# -gt 0 ]; do
    case "$1" in
      --private-dir) private=${2:?--private-dir needs a folder}; shift 2
                     [ -d "$private" ] || die "--private-dir $private is not a folder" ;;
      --owner) owner=${2:?--owner needs a PID}; shift 2 ;;
      --topology) topology=${2:?--topology needs a topology.conf}; shift 2
                  [ -r "$topology" ] || die "cannot read $topology" ;;
      *) d=$1; shift ;;
    esac
  done
  [ "$(id -u)" -eq 0 ] || die "needs root (slurmd starts jobs as their user; munged and slurmctld run as root here)"
  for p in munged mungekey slurmctld slurmd sinfo srun scontrol; do
    command -v "$p" >/dev/null || PATH="$PATH:/usr/sbin" command -v "$p" >/dev/null ||
      die "$p is missing (Debian packages munge, slurmctld, slurmd, slurm-client; see scripts/install-deps.sh)"
  done
  export PATH="$PATH:/usr/sbin"
  if [ -z "$d" ]; then d=$(mktemp -d /tmp/cs-slurm-XXXXXX); else mkdir -p "$d"; fi
  chmod 700 "$d"
  use_dir "$d"
  [ -e "$DIR/slurm.conf" ] && alive "$(pid_of slurmctld)" && die "a cluster already runs in $DIR"
  mkdir -p "$DIR/state" "$DIR/spool"

  local host hw ctld_port slurmd_port cpus_line mem
  host=$(hostname -s)
  # The hardware line slurmd itself would register, so the node is not
  # drained for a mismatch; memory is kept well below what it reports.
  hw=$(slurmd -C | head -n1)
  cpus_line=$(tr ' ' '\n' <<<"$hw" | grep -E '^(CPUs|Boards|SocketsPerBoard|CoresPerSocket|ThreadsPerCore)=' | tr '\n' ' ')
  mem=$(tr ' ' '\n' <<<"$hw" | sed -n 's/^RealMemory=//p')
  mem=$(( ${mem:-2048} / 2 ))
  ctld_port=$(free_port)
  slurmd_port=$(free_port)
  [ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))

  mungekey --create --force --keyfile="$DIR/munge.key" >/dev/null 2>&1 ||
    dd if=/dev/urandom of="$DIR/munge.key" bs=1024 count=1 status=none
  chmod 400 "$DIR/munge.key"

  cat >"$DIR/slurm.conf" <<EOF
# Written by scripts/slurm-local.sh: a private single-machine cluster.
ClusterName=cslocal
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge.sock
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/slurmctld.log
SlurmdLogFile=$DIR/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/affinity
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=256
SchedulerType=sched/builtin
MpiDefault=none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
ReturnToService=2
InactiveLimit=0
KillWait=2
MinJobAge=10
SlurmctldTimeout=30
SlurmdTimeout=30
NodeName=$host NodeAddr=127.0.0.1 ${cpus_line}RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
  if [ -n "$topology" ]; then
    cp "$topology" "$DIR/topology.conf"
    echo "TopologyPlugin=topology/tree" >>"$DIR/slurm.conf"
  fi

  # Foreground daemons in the background: their PIDs are ours to stop.
  env "$MARK" munged --foreground --force --socket="$DIR/munge.sock" --key-file="$DIR/munge.key" \
    --pid-file="$DIR/munged.pid" --log-file="$DIR/munged.log" --seed-file="$DIR/munged.seed" \
    </dev/null >>"$DIR/munged.out" 2>&1 &
  echo $! >"$DIR/munged.ourpid"
  for _ in $(seq 1 50); do [ -S "$DIR/munge.sock" ] && break; sleep 0.1; done
  [ -S "$DIR/munge.sock" ] || { cmd_down_quiet; die "munged did not start: $(tail -n3 "$DIR/munged.out" "$DIR/munged.log" 2>/dev/null)"; }

  env "$MARK" slurmctld -D -c -f "$DIR/slurm.conf" </dev/null >>"$DIR/slurmctld.out" 2>&1 &
  echo $! >"$DIR/slurmctld.ourpid"
  if [ -n "$private" ]; then
    # unshare and sh exec into slurmd: $! is slurmd's PID all the same.
    unshare -m --propagation private sh -c 'mount -t tmpfs cs-slurm-private "$1" && shift && exec "$@"' sh \
      "$private" env "$MARK" slurmd -D -N "$host" -f "$DIR/slurm.conf" </dev/null >>"$DIR/slurmd.out" 2>&1 &
  else
    env "$MARK" slurmd -D -N "$host" -f "$DIR/slurm.conf" </dev/null >>"$DIR/slurmd.out" 2>&1 &
  fi
  echo $! >"$DIR/slurmd.ourpid"

  local state=""
  for _ in $(seq 1 300); do
    state=$(node_state)
    [ "$state" = idle ] && break
    alive "$(pid_of slurmctld)" || break
    alive "$(pid_of slurmd)" || break
    sleep 0.1
  done
  if [ "$state" != idle ]; then
    local why
    why=$(tail -n 3 "$DIR/slurmctld.out" "$DIR/slurmctld.log" "$DIR/slurmd.out" "$DIR/slurmd.log" 2>/dev/null || true)
    cmd_down_quiet
    die "node $host did not become idle (state '${state:-none}'):
$why"
  fi
  if [ -n "$owner" ]; then
    # Detached, with no terminal or pipe of the caller's, so nobody waits for it.
    setsid bash -c 'while kill -0 "$1" 2>/dev/null && [ -d "$2" ]; do sleep 1; done
                    [ -d "$2" ] && exec "$3" down "$2"' watcher "$owner" "$DIR" "$(readlink -f "$0")" \
      </dev/null >/dev/null 2>&1 &
  fi
  echo "slurm-local: node $host idle in partition debug (slurmctld on 127.0.0.1:$ctld_port, folder $DIR)" >&2
  echo "export SLURM_CONF=$DIR/slurm.conf"
}

cmd_status() {
  use_dir "$(dir_arg "${1:-}")"
  local ok=0
  for d in munged slurmctld slurmd; do
    if alive "$(pid_of "$d")"; then echo "$d running (pid $(pid_of "$d"))"; else echo "$d not running"; ok=1; fi
  done
  sinfo -N -o '%N %P %t %c %m' 2>&1 || ok=1
  [ "$(node_state)" = idle ] || [ "$(node_state)" = mix ] || [ "$(node_state)" = alloc ] || ok=1
  return $ok
}

cmd_down_quiet() {
  # Jobs first, so slurmd's steps end through Slurm, then the daemons.
  if alive "$(pid_of slurmctld)"; then
    scancel --quiet --user="$(id -un)" >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do
      [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
      sleep 0.1
    done
  fi
  # Then the daemons and any slurmstepd they left, all at once: each
  # takes a second or two to stop, and none needs the others for it.
  stop_pids $(pid_of slurmd) $(pid_of slurmctld) $(pid_of munged) $(marked_pids)
}

cmd_down() {
  local d
  d=$(dir_arg "${1:-}")
  [ -d "$d" ] || die "no cluster folder $d"
  use_dir "$d"
  [ -e "$DIR/slurm.conf" ] || die "$DIR holds no slurm-local cluster (no slurm.conf)"
  cmd_down_quiet
  rm -rf "$DIR"
}

case "${1:-}" in
  up) shift; cmd_up "$@" ;;
  status) shift; cmd_status "$@" ;;
  down) shift; cmd_down "$@" ;;
  *) echo "usage: $0 up [DIR] | status [DIR] | down [DIR]" >&2; exit 2 ;;
esac
