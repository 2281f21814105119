#!/usr/bin/env bash
# Runs every benchmark in a build folder's bench/ directory.
set -euo pipefail
build=${1:-build/dev}
for b in "$build"/bench/*; do
  [ -x "$b" ] || continue
  echo "== $(basename "$b")"
  "$b"
done
