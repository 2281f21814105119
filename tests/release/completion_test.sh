#!/usr/bin/env bash
# The bash completion (packaging/clusterscope-cli.bash), loaded in bash and called as bash calls it
# (COMP_WORDS, COMP_CWORD): commands, options, preset names and generator names. The expected words are
# written out by hand from app/cli (the commands and their options), presets/ (the preset files) and
# model/topology/generators (the generators' names).
#   completion_test.sh CLUSTERSCOPE_CLI COMPLETION_SCRIPT
set -uo pipefail
cli=$1
source "$2"
failures=0

# complete WORD... : the sorted completions of the last word, one line, space-separated.
complete_words() {
    COMP_WORDS=("$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMP_LINE="$*"
    COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _clusterscope_cli
    printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

expect() { # EXPECTED WORD...
    local want=$1; shift
    local got
    got=$(complete_words "$@")
    if [[ $got == "$want" ]]; then
        echo "ok: '$*' -> $got"
    else
        echo "FAILED: '$*' -> '$got', expected '$want'"
        failures=$((failures + 1))
    fi
}

contains() { # WORD-THAT-MUST-BE-AMONG-THEM WORD...
    local want=$1; shift
    local got
    got=$(complete_words "$@")
    if [[ " $got " == *" $want "* ]]; then
        echo "ok: '$*' offers $want"
    else
        echo "FAILED: '$*' -> '$got', lacks '$want'"
        failures=$((failures + 1))
    fi
}

cd "$(mktemp -d)" || exit 1 # no design files here: file names do not mix into the preset names
# Commands (app/cli/Cli.cpp's table).
expect "eval" "$cli" ev
expect "sensitivity simulate sweep" "$cli" s
expect "calibrate" "$cli" ca
expect "--help --version" "$cli" --
# Options of a command (its help).
expect "--param" "$cli" sweep --pa
expect "--network-model" "$cli" simulate acc-fft --net
contains "--json" "$cli" eval acc-fft --
contains "--trust-nodes" "$cli" verify --
expect "--target --target-speedup" "$cli" pareto acc-fft --tar
# run-app: a command with a '-' in its name, its options, --time's words, and after "--" the program's words.
expect "run-app" "$cli" run
expect "--time --timeout" "$cli" run-app --ti
expect "--overhead-runs" "$cli" run-app --ov
expect "stdout: wall" "$cli" run-app --time ""
expect "" "$cli" run-app --nodes mpi:2 -- true --ti
# replay: its options, a design like the others, RUNS.json a file, the SimGrid export a folder.
expect "replay" "$cli" rep
expect "--results" "$cli" replay acc-fft --res
contains "--export-simgrid" "$cli" replay acc-fft --
contains "--flops" "$cli" replay acc-fft --
expect "acc-fft acc-sort" "$cli" replay acc-
expect "" "$cli" replay acc-fft --net n
# Option values.
expect "LV08" "$cli" simulate acc-fft --network-model L
expect "chain" "$cli" probe --pairs ch
# Preset names (presets/*.json).
expect "acc-fft acc-sort" "$cli" eval acc-
expect "beowulf-gen1 beowulf-gen2 berkeley-now" "$cli" sweep be
expect "mesh-4x4-software mesh-4x4-switch" "$cli" validate mesh
# Generator names (model/topology/generators), completed with their ':'.
expect "hypercube: hyperx:" "$cli" topo --gen hyper
expect "fat-tree: full:" "$cli" topo --gen f
# What `list` lists.
expect "generators" "$cli" list g

if ((failures)); then
    echo "$failures completion(s) wrong"
    exit 1
fi
