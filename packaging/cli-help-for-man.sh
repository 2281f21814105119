#!/bin/sh
# What help2man runs in place of clusterscope-cli (packaging/CMakeLists.txt): the program's own --help and
# --version, with each command's wrapped lines joined into one, so that help2man sees one entry per
# command line ("  NAME ARGS   what it does") instead of taking a wrapped line for a new entry. The text
# is the program's, word for word; only line breaks change.
#   cli-help-for-man.sh CLUSTERSCOPE_CLI --help|--version
cli=$1
shift
case $1 in
  --help)
    "$cli" --help | awk '
      # A wrapped line continues the arguments when it starts with [ or -, else it starts the description
      # (three spaces: where help2man splits an entry) unless the description has begun already.
      function join(line) {
        sub(/^ +/, "", line)
        if (held ~ /[^ ]   +[^ ]/ || line ~ /^[[-]/) held = held " " line
        else held = held "   " line
      }
      /^   +[^ ]/ && held != "" { join($0); next }
      { if (held != "") print held; held = "" }
      /^  [a-z]/ { held = $0; next }
      { print }
      END { if (held != "") print held }'
    ;;
  *) exec "$cli" "$@" ;;
esac
