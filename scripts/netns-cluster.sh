#!/usr/bin/env bash
# A simulated cluster on one machine: N network namespaces as hosts, joined by Linux bridges as a
# three-level switch tree shaped like a fat-tree's (one bridge per leaf switch, one per pod, one core).
#
#   netns-cluster.sh up PREFIX N [HOSTS_PER_LEAF [LEAVES_PER_POD [RATE [RANKS_PER_HOST]]]]
#       namespaces PREFIX-h0 .. PREFIX-h<N-1> (the hosts) and PREFIX-sw (every bridge). Host i has
#       10.SUBNET.(i+1)/16 on its interface "eth0"; SUBNET comes from CS_CLUSTER_SUBNET (default
#       10.240). Defaults: 2 hosts per leaf, 2 leaves per pod, so a host meets its leaf partner in
#       2 hops, its pod in 4 and everyone else in 6, like a k=4 fat-tree. With RATE (e.g. 100mbit),
#       every link is shaped by tbf at both ends (burst 64 KiB + 2 ms at RATE; a queue of the burst + 1 MiB at the
#       switch's ports and of the burst + 2 ms at the hosts' own; below),
#       and the design's links carry that burst (the link field "burst", bytes) for the replay of a recording.
#       Writes PREFIX.design.json (the 2D FFT (fftw.transpose) over a LogGP block, wired to the same tree as
#       its topology as the presets are, hosts h0..h<N-1>, and the nodes), PREFIX.nodes (the --nodes list) and
#       PREFIX.hostfile (mpirun's: each host's address with slots=RANKS_PER_HOST) into CS_CLUSTER_DIR (default
#       the current folder). RANKS_PER_HOST (default 1): the ranks a job runs on each host, as a node of
#       several cores runs them; the design's job then has ranks_per_node = RANKS_PER_HOST (P up to
#       N x RANKS_PER_HOST, ranks filling a host before the next, as mpirun fills a host's slots), and an mpi
#       node takes it as slots=RANKS_PER_HOST. The namespaces still share this machine's CPUs.
#   netns-cluster.sh rate PREFIX RATE
#       shapes every link of the running cluster PREFIX at RATE instead (the same bucket, queue and packets as
#       up gives that rate) and writes RATE and its burst into the links of PREFIX.design.json in CS_CLUSTER_DIR: the same
#       tree at a second rate, without taking it down.
#   netns-cluster.sh down PREFIX
#       deletes exactly the namespaces PREFIX-sw and PREFIX-h<number> (the bridges and veths inside
#       go with them).
#
# Unlike a fat-tree, the tree has one uplink per switch (bridges must not form loops), so pairs in
# different leaves share their leaves' uplinks. The namespaces share this machine's CPUs: probes
# that run at the same time compete for them. PREFIX: 1-10 of [a-z0-9]. Needs root.
#
# The token bucket. A switch port sends at its line rate and has no bucket; tbf needs one, and its
# size decides whether the link keeps its rate when several links are busy at once. A veth hands tbf
# packets of up to 64 KiB (GSO), and tbf sends a packet only when the bucket holds all of it, so a
# 64 KiB bucket must be completely full: every moment its dequeue timer fires late (the kernel's
# softirq work, deferred to a thread that competes with compilers on these two shared cores) is
# link time lost. Measured with 8 hosts exchanging 256 KiB blocks pairwise at once (app.fft2d,
# 1024 rows), a 64 KiB bucket gave 0.64x the rate at 100 Mbit/s and 0.54x at 198 Mbit/s (one pair
# alone lost little: 0.99x); 80 KiB and more gave 0.99-1.01x. So the bucket is one GSO packet plus
# 2 ms at the rate (69 KiB at 20 Mbit/s, 113 KiB at 200 Mbit/s): slack for a late timer, and no
# more, since each burst lets a link run ahead of its rate for burst/rate after an idle spell,
# which no switched link does.
#
# The queue. A switch port's queue and a host's are set apart.
#  - The host's own eth0 queues the burst plus 2 ms at the rate (tbf's latency 2ms: 74 KiB at 20 Mbit/s, 30 ms
#    there; 163 KiB at 200 Mbit/s, 6.5 ms), as a NIC's ring does; the first version held 100 ms. A deep FIFO at the
#    sender is a bufferbloated host: TCP (reno) fills whatever queue it is given, and a short message queued
#    behind it waits that long. Over MPI the 2D FFT's every block above Open MPI's eager limit waits for such a
#    message (the receiver's rendezvous ACK) in the FIFO of a host link busy with another rank's data: with 100 ms
#    of queue its all-to-all at P = 8 (256 KiB blocks, 60 Mbit/s, 8 ranks of a standalone pairwise loop) took a
#    median 1.13-1.17x the link's time, with this queue 1.05x; with 1 MiB at every tbf, the MPI verify of the FFT
#    on star8 at 136 Mbit/s was -23.5% at P = 8.
#  - The switch's ports (every tbf in PREFIX-sw: a leaf's ports towards its hosts, both ends of each uplink)
#    queue the burst plus 1 MiB, as a switch's shared buffer lets a congested port take. With 2 ms there, an
#    exchange whose every rank sends at once lost packets whole: the recorded 2D FFT at P = 8 (seven 64 KiB
#    blocks from each rank, up to 16 at one port of tree22) on tree22 at 195 Mbit/s resent 4.5% of its
#    segments, with retransmission timeouts (200 ms at least), and took 0.29-0.51 s a run; with 1 MiB at the
#    switch, 0.29-0.34 s, against 0.27 s replayed. Losses at a full port stay possible beyond 1 MiB.
#
# Congestion control: the hosts use reno (net.ipv4.tcp_congestion_control in each host namespace),
# a loss-based control like cubic, the Linux default on cluster hosts (cubic itself may not be
# chosen inside a namespace on a machine that does not allow it; on a LAN's short round trips cubic
# grows its window as reno does). BBR, which some machines use by default, estimates the link rate
# from delivery-rate samples, and the bucket's bursts make those wrong: 0.8 to 7.9 Gbit/s measured on
# a 20 Mbit/s link. It then fills the host's queue in bursts, the ACKs of the flow coming the other
# way wait behind them (round trips of 25-60 ms), and its window then holds that flow below the link
# rate: with BBR the 2D FFT's all-to-all at 20 Mbit/s took 1.02-1.16x (P-1) k / bandwidth, with
# reno 0.985x.
#
# The hosts' packets. Linux hands a NIC GSO packets of up to 64 KiB: 0.5 ms of a 1 Gbit/s link, but 9 ms of
# a 56 Mbit/s one and 26 ms of a 20 Mbit/s one. TCP's small-queue limit lets each socket keep two such packets
# in the host's queue, so on these slowed-down links a short message waited behind up to 136 KiB of another
# socket's data (19 ms at 56 Mbit/s: an MPI rendezvous ACK, once a round), and a shallow queue could not hold
# them: the host's own tbf dropped whole 64 KiB packets, which stalls TCP (the TCP agents' 2D FFT all-to-all at
# P = 4 and 56 Mbit/s took 0.93-1.40 s a repetition against the link's 0.94 s). The hosts' eth0 is limited to
# packets of 1 ms at the rate (gso_max_size; at least 3000 bytes), the share of a link a 64 KiB packet is of a
# fast NIC's: at 56 Mbit/s the TCP agents' all-to-all then took 0.933-0.939 s in 22 of 22 repetitions and
# Open MPI's at P = 8 a median 1.04x the link's time (1.16x with 64 KiB packets and a 100 ms queue).
# A socket may keep two such packets (2 ms at the rate) below it, in the host's queue and link: TCP's small-queue
# limit (net.ipv4.tcp_limit_output_bytes), which is 4 MiB by default here, 0.3 ms of a 100 Gbit/s NIC but seconds of
# these links. A connection's first round trips overshoot the link (slow start), and with the default several
# sockets of one host overflowed its 2 ms queue together: the 2D FFT over Open MPI at P = 4 (four hosts of one
# leaf, 256 KiB blocks, six transposes, a fresh launch each run) lost 15-36 packets a run at 78 Mbit/s and took a
# median 1.07x the links' time (1.12x at 180 Mbit/s); with this limit it lost none at 78 and took 1.04x at both
# (eight launches each, in turn). The loss fell in a launch's first transposes only: a loop's later repetitions
# took 1.01-1.03x either way. A lone flow keeps the link's rate (4 MiB blocks at P = 2: 582 ms either way, 585 of
# link time).
#
# Slow start after idle is off in the hosts (net.ipv4.tcp_slow_start_after_idle=0). Linux restarts a connection's
# window from its initial 10 packets when it was idle for an RTO, and the RTO has a floor of 200 ms whatever the
# link. In a pairwise all-to-all a pair's connection carries one round of P - 1 and idles for the others: on
# these slowed-down links a round of 256 KiB takes 105 ms at 21 Mbit/s, so at P = 8 every connection idles
# 0.6 s, past the floor, and starts each round slowly; on a cluster's 1-10 Gbit/s links the same rounds take
# 0.2-2 ms and never idle that long. With the restart, the FFT's all-to-all over Open MPI at P = 8 and 21 Mbit/s
# (a standalone loop of 8 ranks) took a median 1.17x the link's time, without it 1.06x.
#
# Delayed ACKs are off in the hosts (quickack on the route to the cluster's subnet): each host acknowledges every
# segment at once. Linux holds an ACK for up to 40 ms (its floor, whatever the link) when it has no data to send
# back, and a sender whose window the shallow queue's drops have shrunk stops until it comes. On star8 at
# 32 Mbit/s the TCP agents' pairwise all-to-all at P = 4 (three rounds of 256 KiB, 206 ms predicted) took 249 ms
# in most repetitions of some runs, 40 ms more, and 209 ms in others: 7 runs in 18 were 10.7-17.3% slow. With quickack,
# 2-4% in 15 of 15 (6 of them beside the unit tests).
set -euo pipefail

usage() {
  echo "usage: $0 up PREFIX N [HOSTS_PER_LEAF [LEAVES_PER_POD [RATE [RANKS_PER_HOST]]]] | rate PREFIX RATE | down PREFIX   (PREFIX: 1-10 of [a-z0-9]; N: 2-1000; RANKS_PER_HOST: 1-64)" >&2
  exit 2
}
cmd=${1:-}
prefix=${2:-}
[[ -n "$cmd" && -n "$prefix" && ${#prefix} -le 10 && "$prefix" =~ ^[a-z0-9]+$ ]] || usage

# burst and gso for $rate (the token bucket and the hosts' packets: see above).
shaping() {
  local num=${rate%%[kmg]bit} bps
  case "$rate" in
    *kbit) bps=$((num * 1000)) ;;
    *mbit) bps=$((num * 1000000)) ;;
    *gbit) bps=$((num * 1000000000)) ;;
  esac
  burst=$((65536 + bps / 8 / 500)) # bytes: one GSO packet + 2 ms at the rate (above)
  gso=$((bps / 8 / 1000))          # bytes: 1 ms at the rate, at least two full frames (above)
  ((gso >= 3000)) || gso=3000
}

# tbf's queue on a link of namespace $1 (see "The queue" above).
queue() {
  if [[ "$1" == "${prefix}-sw" ]]; then echo "limit $((burst + 1048576))"; else echo "latency 2ms"; fi
}

# A host's packets and the bytes a socket may queue below it, in namespace $1 (see "The hosts' packets" above).
packets() {
  ip -n "$1" link set dev eth0 gso_max_size "$gso"
  ip netns exec "$1" sysctl -qw net.ipv4.tcp_limit_output_bytes=$((2 * gso))
}

rate_ok() {
  [[ "$rate" =~ ^[0-9]+(kbit|mbit|gbit)$ ]] || { echo "$0: RATE '$rate': expected e.g. 100mbit or 1gbit" >&2; exit 2; }
}

down() {
  ip netns list | awk '{print $1}' | grep -E "^${prefix}-(sw|h[0-9]+)$" | while read -r ns; do
    ip netns del "$ns"
  done
}

case "$cmd" in
  up)
    n=${3:-}
    per_leaf=${4:-2}
    per_pod=${5:-2}
    rate=${6:-}
    slots=${7:-1}
    [[ "$n" =~ ^[0-9]+$ && $n -ge 2 && $n -le 1000 ]] || { echo "$0: N '$n': expected 2 to 1000 hosts" >&2; exit 2; }
    [[ "$per_leaf" =~ ^[0-9]+$ && $per_leaf -ge 1 ]] || { echo "$0: HOSTS_PER_LEAF '$per_leaf': expected a whole number >= 1" >&2; exit 2; }
    [[ "$per_pod" =~ ^[0-9]+$ && $per_pod -ge 1 ]] || { echo "$0: LEAVES_PER_POD '$per_pod': expected a whole number >= 1" >&2; exit 2; }
    [[ -z "$rate" ]] || rate_ok
    [[ "$slots" =~ ^[0-9]+$ && $slots -ge 1 && $slots -le 64 ]] || { echo "$0: RANKS_PER_HOST '$slots': expected a whole number from 1 to 64" >&2; exit 2; }
    subnet=${CS_CLUSTER_SUBNET:-10.240}
    [[ "$subnet" =~ ^[0-9]+\.[0-9]+$ ]] || { echo "$0: CS_CLUSTER_SUBNET '$subnet': expected two octets like 10.240" >&2; exit 2; }
    dir=${CS_CLUSTER_DIR:-.}
    if ip netns list | awk '{print $1}' | grep -qE "^${prefix}-(sw|h[0-9]+)$"; then
      echo "$0: namespaces ${prefix}-* exist already (netns-cluster.sh down $prefix)" >&2
      exit 1
    fi
    trap 'down' ERR
    sw="${prefix}-sw"
    ip netns add "$sw"
    ip -n "$sw" link set lo up
    leaves=$(( (n + per_leaf - 1) / per_leaf ))
    pods=$(( (leaves + per_pod - 1) / per_pod ))
    burst=
    [[ -z "$rate" ]] || shaping
    shape() { # namespace device
      [[ -z "$rate" ]] || ip netns exec "$1" tc qdisc add dev "$2" root tbf rate "$rate" burst "$burst" $(queue "$1")
    }
    bridge() { # name
      ip -n "$sw" link add "$1" type bridge stp_state 0 forward_delay 0
      ip -n "$sw" link set "$1" up
    }
    # Joins bridge $1 (port $2) to bridge $3 (port $4) by a veth inside the switch namespace.
    uplink() {
      ip -n "$sw" link add "$2" type veth peer name "$4"
      ip -n "$sw" link set "$2" master "$1" up
      ip -n "$sw" link set "$4" master "$3" up
      shape "$sw" "$2"
      shape "$sw" "$4"
    }
    bridge core
    for ((p = 0; p < pods; p++)); do
      bridge "p$p"
      uplink "p$p" "p${p}u" core "c$p"
    done
    for ((l = 0; l < leaves; l++)); do
      bridge "l$l"
      uplink "l$l" "l${l}u" "p$((l / per_pod))" "p$((l / per_pod))d$l"
    done
    for ((i = 0; i < n; i++)); do
      h="${prefix}-h$i"
      ip netns add "$h"
      ip -n "$h" link set lo up
      ip link add "eth0" netns "$h" type veth peer name "h$i" netns "$sw"
      ip -n "$h" addr add "${subnet}.$((i / 250)).$((i % 250 + 1))/16" dev eth0
      [[ -z "$rate" ]] || packets "$h"
      ip -n "$h" link set eth0 up
      ip netns exec "$h" sysctl -qw net.ipv4.tcp_congestion_control=reno net.ipv4.tcp_slow_start_after_idle=0
      ip -n "$h" route replace "${subnet}.0.0/16" dev eth0 proto kernel scope link \
        src "${subnet}.$((i / 250)).$((i % 250 + 1))" quickack 1
      ip -n "$sw" link set "h$i" master "l$((i / per_leaf))" up
      shape "$h" eth0
      shape "$sw" "h$i"
    done

    # The design: the 2D FFT over LogGP, wired to the same tree, and the nodes.
    bw=${rate:-10gbit}
    bw=${bw/kbit/kbit\/s}; bw=${bw/mbit/Mbit\/s}; bw=${bw/gbit/Gbit\/s}
    design="$dir/$prefix.design.json"
    nodes="$dir/$prefix.nodes"
    hostfile="$dir/$prefix.hostfile"
    {
      printf '{"format": "clusterscope-design", "version": 3,\n'
      printf ' "name": "%s namespace cluster: %d hosts, %d per leaf bridge, %d leaves per pod bridge, one core bridge",\n' \
        "$prefix" "$n" "$per_leaf" "$per_pod"
      printf ' "description": "Made by scripts/netns-cluster.sh up %s %d %d %d %s. The namespaces share one machine'"'"'s CPUs.",\n' \
        "$prefix" "$n" "$per_leaf" "$per_pod" "$rate"
      # Composed as the presets are (acc-fft): the job's P follows the host count and is the topology's job
      # size, so every figure the network gives is that of the hosts the job runs on; the exchange's rounds
      # (topology.xchg_bw, with the job's schedule below) bound LogGP's G, whose outputs drive the 2D FFT
      # (fftw.transpose), the application verify runs (app.fft2d, mpi.app.fft2d). G_floor = scaled: the G a
      # pair probe calibrates is a lone flow's, TCP's framing included, and a flow that shares a link in the
      # job's rounds gets its share of that (G x inj_bw / xchg_bw), not the bare wire's.
      printf ' "parameters": [{"name": "P", "unit": "count", "value": %d, "min": 1, "max": %d, "follows": "topology.hosts",\n' \
        "$((n * slots))" "$((n * slots))"
      printf '   "meaning": "ranks of the job, %d a host"},\n' "$slots"
      printf '  {"name": "rows", "unit": "count", "value": 1024, "min": 2, "max": 65536, "meaning": "rows (= columns) of the 2D FFT"}],\n'
      printf ' "blocks": [{"name": "fft", "type": "fftw.transpose", "values": {"t_pen": 0}},\n'
      # S_put: the hosts' MPI is Open MPI over TCP with its defaults, which sends a message above its eager limit
      # (65,536 B less ob1's header: 64 KiB is above it) by its put protocol (logp.loggp's S_put; a recording's
      # replay reads it). ack: the hosts' TCP acknowledges every second segment (delayed ACKs, RFC 5681 4.2), a
      # 66 B frame per 2 x 1514 B, and in an exchange both ways those ACKs share each link with the data (a
      # recording's replay loads the reverse routes with them; the calibrated G, a lone flow's, has them on an
      # idle link). Measured on tree22 at 180 Mbit/s: CG's P = 8 sent 1,404,621 B out of a host's eth0 for
      # 1,310,720 B of halos (1,370,460 B framed), and its replay went from -7.1% to -4.9%, Jacobi's from
      # -3.1% to -0.8%, the FFT's from -2.6% to -0.4% (docs/calibration.md, "TCP's ACKs").
      printf '  {"name": "net", "type": "logp.loggp", "values": {"G_floor": "scaled", "S_put": 65000, "ack": 0.0218}}],\n'
      printf ' "wires": [{"from": "P", "to": "fft.P"}, {"from": "P", "to": "net.P"}, {"from": "rows", "to": "fft.rows"},\n'
      printf '  {"from": "net.L_out", "to": "fft.L"}, {"from": "net.o_s_out", "to": "fft.o_s"}, {"from": "net.o_r_out", "to": "fft.o_r"},\n'
      printf '  {"from": "net.g_out", "to": "fft.g"}, {"from": "net.G_out", "to": "fft.G"},\n'
      printf '  {"from": "topology.xchg_bw", "to": "net.B_net"}, {"from": "topology.inj_bw", "to": "net.B_pair"},\n'
      printf '  {"from": "topology.L", "to": "net.L_net"}],\n'
      printf ' "variants": [{"name": "FFTW", "total": "fft.T"}],\n'
      printf ' "topology": {"vertices": [{"id": "core", "kind": "switch"}'
      for ((p = 0; p < pods; p++)); do printf ',\n  {"id": "pod%d", "kind": "switch"}' "$p"; done
      for ((l = 0; l < leaves; l++)); do printf ',\n  {"id": "leaf%d", "kind": "switch"}' "$l"; done
      for ((i = 0; i < n; i++)); do printf ',\n  {"id": "h%d", "kind": "host"}' "$i"; done
      printf '],\n  "edges": ['
      # A shaped link's token bucket: tbf's burst in bytes, which the replay of a recording models (the link
      # field "burst"; README.md, "Link buckets"). An unshaped veth has none.
      bucket=
      [[ -z "$rate" ]] || bucket=", \"burst\": $burst"
      sep=""
      for ((p = 0; p < pods; p++)); do printf '%s\n  {"from": "pod%d", "to": "core", "bandwidth": "%s"%s}' "$sep" "$p" "$bw" "$bucket"; sep=","; done
      for ((l = 0; l < leaves; l++)); do printf ',\n  {"from": "leaf%d", "to": "pod%d", "bandwidth": "%s"%s}' "$l" "$((l / per_pod))" "$bw" "$bucket"; done
      for ((i = 0; i < n; i++)); do printf ',\n  {"from": "h%d", "to": "leaf%d", "bandwidth": "%s"%s}' "$i" "$((i / per_leaf))" "$bw" "$bucket"; done
      # The job's exchange as the applications run it: app.fft2d and mpi.app.fft2d send to rank + r and
      # receive from rank - r in round r (shift rounds, Open MPI's pairwise all-to-all).
      # RANKS_PER_HOST ranks a host, placed as mpirun places them on a hostfile's slots: a host filled before the next.
      if ((slots > 1)); then
        printf '],\n  "job": {"schedule": "shift", "ranks_per_node": %d}},\n "nodes": [' "$slots"
      else
        printf '],\n  "job": {"schedule": "shift"}},\n "nodes": ['
      fi
      sep=""
      for ((i = 0; i < n; i++)); do
        a="${subnet}.$((i / 250)).$((i % 250 + 1))"
        printf '%s\n  {"name": "h%d", "transport": "local", "netns": "%s-h%d", "address": "%s", "bind": "%s"}' \
          "$sep" "$i" "$prefix" "$i" "$a" "$a"
        sep=","
      done
      printf ']}\n'
    } > "$design"
    {
      sep=""
      for ((i = 0; i < n; i++)); do
        a="${subnet}.$((i / 250)).$((i % 250 + 1))"
        printf '%slocal:netns=%s-h%d:address=%s:bind=%s:name=h%d' "$sep" "$prefix" "$i" "$a" "$a" "$i"
        sep=","
      done
      printf '\n'
    } > "$nodes"
    for ((i = 0; i < n; i++)); do
      printf '%s slots=%d\n' "${subnet}.$((i / 250)).$((i % 250 + 1))" "$slots"
    done > "$hostfile"
    echo "$n hosts in $leaves leaves, $pods pods, $slots rank(s) a host; design $design, nodes $nodes, hostfile $hostfile"
    ;;
  rate)
    rate=${3:-}
    rate_ok
    shaping
    dir=${CS_CLUSTER_DIR:-.}
    namespaces=$(ip netns list | awk '{print $1}' | grep -E "^${prefix}-(sw|h[0-9]+)$" || true)
    [[ -n "$namespaces" ]] || { echo "$0: no namespaces ${prefix}-* (netns-cluster.sh up $prefix ...)" >&2; exit 1; }
    for ns in $namespaces; do
      # Every link that up shaped: the devices with a tbf at their root.
      for dev in $(ip netns exec "$ns" tc qdisc show | awk '$2 == "tbf" && $6 == "root" {print $5}'); do
        ip netns exec "$ns" tc qdisc change dev "$dev" root tbf rate "$rate" burst "$burst" $(queue "$ns")
      done
      [[ "$ns" == "${prefix}-sw" ]] || packets "$ns"
    done
    bw=$rate; bw=${bw/kbit/kbit\/s}; bw=${bw/mbit/Mbit\/s}; bw=${bw/gbit/Gbit\/s}
    if [[ -f "$dir/$prefix.design.json" ]]; then
      # The rate and the bucket tbf now has (a design written unshaped gains the burst).
      sed -i -E 's|"bandwidth": "[^"]*"(, "burst": [0-9]+)?|"bandwidth": "'"$bw"'", "burst": '"$burst"'|g' "$dir/$prefix.design.json"
    fi
    echo "links of $prefix shaped at $rate; design $dir/$prefix.design.json"
    ;;
  down)
    down
    ;;
  *)
    usage
    ;;
esac
