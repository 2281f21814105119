#!/usr/bin/env bash
# One network namespace joined to the current (root) namespace by a veth pair: a "remote host" the
# test process can reach directly, e.g. to run an OpenSSH server on a namespace address.
#
#   netns-host.sh up PREFIX SUBNET     namespace PREFIX-h; veth PREFIXr (here, SUBNET.1/24) <->
#                                      PREFIXh (in PREFIX-h, SUBNET.2/24)
#   netns-host.sh down PREFIX          deletes exactly that namespace and the veth end left here
#
# PREFIX: unique per test run, 1-10 of [a-z0-9]. Needs root.
set -euo pipefail

cmd=${1:-}
prefix=${2:-}
if [[ -z "$cmd" || -z "$prefix" || ${#prefix} -gt 10 || ! "$prefix" =~ ^[a-z0-9]+$ ]]; then
  echo "usage: $0 up PREFIX SUBNET | down PREFIX   (PREFIX: 1-10 of [a-z0-9])" >&2
  exit 2
fi
h="${prefix}-h"

case "$cmd" in
  up)
    subnet=${3:?SUBNET like 10.232.17}
    ip netns add "$h"
    trap 'ip link del "${prefix}r" 2>/dev/null; ip netns del "$h" 2>/dev/null' ERR
    ip link add "${prefix}r" type veth peer name "${prefix}h" netns "$h"
    ip addr add "${subnet}.1/24" dev "${prefix}r"
    ip -n "$h" addr add "${subnet}.2/24" dev "${prefix}h"
    ip link set "${prefix}r" up
    ip -n "$h" link set lo up
    ip -n "$h" link set "${prefix}h" up
    ;;
  down)
    ip link del "${prefix}r" 2>/dev/null || true
    ip netns del "$h" 2>/dev/null || true
    ;;
  *)
    echo "usage: $0 up PREFIX SUBNET | down PREFIX" >&2
    exit 2
    ;;
esac
