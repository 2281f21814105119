#!/usr/bin/env bash
# Builds the libFuzzer targets with clang and runs each for a bounded time
# (default 20 s) on a seed corpus made of the presets and the test documents
# (fuzz/corpus/NAME), with the dictionary fuzz/NAME.dict when there is one.
# Exits non-zero when a fuzzer finds a crash, leak or timeout.
# The timeout (30 s an input) is a hang detector: loading a document may
# evaluate a network estimated at up to 1 s of a release build's work
# (kMaxCheckMetricsSeconds), and these builds (ASan, UBSan, coverage) run
# such work about ten times slower.
# fuzz.sh --build-only builds them and stops; fuzz.sh --run-only [SECONDS] runs what is built (scripts/test.sh
# builds them before the live tests start, and runs them beside those).
set -euo pipefail
mode=all
case "${1:-}" in
  --build-only) mode=build; shift ;;
  --run-only) mode=run; shift ;;
esac
seconds=${1:-20}
cd "$(dirname "$0")/.."
if [ "$mode" != run ]; then
  cmake --preset fuzz >/dev/null
  cmake --build --preset fuzz -j "$(nproc)"
fi
[ "$mode" != build ] || exit 0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for fuzzer in build/fuzz/fuzz/fuzz_*; do
  [ -x "$fuzzer" ] || continue
  name=$(basename "$fuzzer")
  corpus="$work/$name"
  mkdir -p "$corpus"
  if [ -d "fuzz/corpus/$name" ]; then cp fuzz/corpus/"$name"/* "$corpus"/ 2>/dev/null || true; fi
  if [ "$name" = fuzz_document ]; then cp presets/*.json "$corpus"/ 2>/dev/null || true; fi
  echo "fuzz: $name for ${seconds}s"
  dict=()
  if [ -f "fuzz/$name.dict" ]; then dict=(-dict="fuzz/$name.dict"); fi
  "$fuzzer" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$work/" "$corpus" 2>"$work/$name.log" || {
      tail -40 "$work/$name.log"; echo "fuzz: $name FAILED"; exit 1; }
  grep -E "stat::number_of_executed_units|Done" "$work/$name.log" | tail -2
done
