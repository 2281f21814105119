#!/usr/bin/env bash
# Two network namespaces joined by a veth pair, standing in for two hosts in tests.
#
#   netns-pair.sh up PREFIX SUBNET [RATE [BURST]]   e.g.  up cs4242 10.231.17 80mbit 64kb
#       namespaces PREFIX-a and PREFIX-b; veth PREFIXa (in a, SUBNET.1/24) <-> PREFIXb (in b, SUBNET.2/24);
#       with RATE, the egress of both ends is shaped by tbf (burst BURST, default 64kb; 100 ms of queue).
#   netns-pair.sh down PREFIX
#       deletes exactly those two namespaces (the veth pair goes with them).
#
# PREFIX must be unique per test run (tests use "cs" + their PID) and at most 10 characters, so that
# interface names stay within 15. Needs root (CAP_NET_ADMIN, CAP_SYS_ADMIN). Exits non-zero with a
# one-line reason on stderr when namespaces cannot be made.
set -euo pipefail

cmd=${1:-}
prefix=${2:-}
if [[ -z "$cmd" || -z "$prefix" || ${#prefix} -gt 10 || ! "$prefix" =~ ^[a-z0-9]+$ ]]; then
  echo "usage: $0 up PREFIX SUBNET [RATE [BURST]] | down PREFIX   (PREFIX: 1-10 of [a-z0-9])" >&2
  exit 2
fi
a="${prefix}-a"
b="${prefix}-b"

case "$cmd" in
  up)
    subnet=${3:?SUBNET like 10.231.17}
    rate=${4:-}
    burst=${5:-64kb}
    ip netns add "$a"
    ip netns add "$b" || { ip netns del "$a"; exit 1; }
    trap 'ip netns del "$a" 2>/dev/null; ip netns del "$b" 2>/dev/null' ERR
    ip link add "${prefix}a" netns "$a" type veth peer name "${prefix}b" netns "$b"
    ip -n "$a" addr add "${subnet}.1/24" dev "${prefix}a"
    ip -n "$b" addr add "${subnet}.2/24" dev "${prefix}b"
    for ns in "$a" "$b"; do ip -n "$ns" link set lo up; done
    ip -n "$a" link set "${prefix}a" up
    ip -n "$b" link set "${prefix}b" up
    if [[ -n "$rate" ]]; then
      ip netns exec "$a" tc qdisc add dev "${prefix}a" root tbf rate "$rate" burst "$burst" latency 100ms
      ip netns exec "$b" tc qdisc add dev "${prefix}b" root tbf rate "$rate" burst "$burst" latency 100ms
    fi
    ;;
  down)
    ip netns del "$a" 2>/dev/null || true
    ip netns del "$b" 2>/dev/null || true
    ;;
  *)
    echo "usage: $0 up PREFIX SUBNET [RATE [BURST]] | down PREFIX" >&2
    exit 2
    ;;
esac
