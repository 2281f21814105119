#!/usr/bin/python3
"""Baseline for bench_topology_hops: the same hop histograms with python3-igraph.

Usage: igraph_hops.py EDGEFILE [--no-hosts]

EDGEFILE (written by the C++ bench):
    line 1: number of vertices
    line 2: host vertex indices, space separated
    then:   one edge per line, "a b" (0-based vertex indices)

Prints one JSON object:
    all:   igraph's path_length_hist over every vertex pair (unordered, as igraph
           counts), timed around the C call only; bins[d-1] = pairs at distance d.
    hosts: the host-to-host histogram over ordered host pairs, from
           Graph.distances() in chunks of sources, counted with collections.Counter
           (timed, including the Python counting). Skipped with --no-hosts.
Graph construction is not timed.
"""
import collections
import itertools
import json
import sys
import time

import igraph


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        n = int(f.readline())
        hosts = [int(x) for x in f.readline().split()]
        edges = [tuple(map(int, line.split())) for line in f if line.strip()]
    g = igraph.Graph(n=n, edges=edges, directed=False)
    result = {"igraph": igraph.__version__, "vertices": g.vcount(), "edges": g.ecount()}

    t0 = time.perf_counter()
    h = g.path_length_hist(directed=False)
    t1 = time.perf_counter()
    bins = [0] * max((int(b[0]) for b in h.bins()), default=0)
    for start, _end, count in h.bins():
        bins[int(start) - 1] = int(count)
    result["all"] = {"seconds": t1 - t0, "bins": bins, "unconnected": int(h.unconnected)}

    if "--no-hosts" not in sys.argv[2:]:
        t0 = time.perf_counter()
        counter = collections.Counter()
        chunk = 256
        for i in range(0, len(hosts), chunk):
            rows = g.distances(source=hosts[i:i + chunk], target=hosts)
            counter.update(itertools.chain.from_iterable(rows))
        t1 = time.perf_counter()
        counter.pop(0, None)  # each host to itself
        top = max((d for d in counter if d != float("inf")), default=0)
        hbins = [0] * (int(top) + 1)
        for d, c in counter.items():
            if d != float("inf"):
                hbins[int(d)] = c
        result["hosts"] = {"seconds": t1 - t0, "bins": hbins,
                           "unreachable": counter.get(float("inf"), 0)}
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
