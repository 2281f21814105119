#!/usr/bin/env bash
# Checks the Debian package as a new user gets it (issue 33): builds it, installs it with apt into a clean
# Debian 12 made by debootstrap, and runs the command-line tool and the offscreen GUI from /usr there.
#   scripts/package-check.sh [BUILD_DIR]      (default build/dev)
# Run by hand, as root, not by `make test`: it needs the Debian mirror (DEBIAN_MIRROR, default
# deb.debian.org) and mounts /proc and /dev in the chroot. The clean system is made once and kept as a
# tarball (BUILD_DIR/package-check/bookworm.tar.gz); every run unpacks a fresh copy of it, so nothing of an
# earlier run remains. Exits 0 when every step passed.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build/dev}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
cache=$build/package-check
step() { printf '\n=== %s\n' "$*"; }

if [ "$(id -u)" -ne 0 ]; then
  echo "package-check: needs root (debootstrap, chroot, mount)" >&2
  exit 2
fi
command -v debootstrap >/dev/null || { echo "package-check: apt-get install debootstrap" >&2; exit 2; }

step "Building the package (what it installs only: target cs_release, then CPack)"
[ -f "$build/CMakeCache.txt" ] || cmake --preset dev >/dev/null
cmake --build "$build" --target cs_release
rm -f "$build"/clusterscope_*.deb
(cd "$build" && cpack -G DEB >/dev/null)
deb=$(ls "$build"/clusterscope_*.deb)
dpkg-deb --field "$deb" Package Version Architecture Installed-Size Depends Recommends
echo "files: $(dpkg-deb --contents "$deb" | wc -l), size: $(du -h "$deb" | cut -f1)"

mkdir -p "$cache"
base=$cache/bookworm.tar.gz
if [ ! -f "$base" ]; then
  step "Making a clean Debian 12 (debootstrap --variant=minbase bookworm, kept as $base)"
  fresh=$(mktemp -d /tmp/cs-bookworm-XXXXXX)
  debootstrap --variant=minbase bookworm "$fresh" "$mirror" >"$cache/debootstrap.log" 2>&1 ||
    { tail -20 "$cache/debootstrap.log"; exit 1; }
  tar -C "$fresh" -czf "$base.tmp" . && mv "$base.tmp" "$base"
  rm -rf --one-file-system "$fresh"
fi

root=$(mktemp -d /tmp/cs-package-check-XXXXXX)
mounted=()
cleanup() {
  local m
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    m=${mounted[i]}
    umount "$m" 2>/dev/null || umount -l "$m" 2>/dev/null || true
  done
  # Never delete through a mount that is still there (a bound /dev would lose the host's).
  if grep -q " $root" /proc/mounts; then
    echo "package-check: mounts remain under $root; not deleting it" >&2
  else
    rm -rf --one-file-system "$root"
  fi
}
trap cleanup EXIT
mountin() { # TYPE-OR-BIND SOURCE TARGET
  mkdir -p "$root/$3"
  if [ "$1" = bind ]; then mount --bind "$2" "$root/$3"; else mount -t "$1" "$2" "$root/$3"; fi
  mounted+=("$root/$3")
}

step "Unpacking a fresh copy of the clean system in $root"
tar -C "$root" -xzf "$base"
mountin proc proc /proc
mountin bind /dev /dev
mountin devpts devpts /dev/pts
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 "$@"; }

step "apt-get install ./$(basename "$deb")"
in_root bash -c "cd /tmp && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q ./$(basename "$deb")" \
  >"$cache/apt.log" 2>&1 || { tail -30 "$cache/apt.log"; exit 1; }
grep -E "^(The following NEW packages|Setting up clusterscope|[0-9]+ upgraded)" "$cache/apt.log" || true
echo "apt log: $cache/apt.log"

failures=0
check() { # DESCRIPTION COMMAND (run in the chroot by bash, from /tmp)
  local what=$1 rc=0
  shift
  step "$what"
  echo "\$ $*"
  in_root bash -c "cd /tmp && $*" 2>&1 || rc=$?
  echo "(exit status $rc)"
  if [ "$rc" -ne 0 ]; then failures=$((failures + 1)); fi
}
check "The programs are the package's, in /usr/bin" \
  'command -v clusterscope clusterscope-cli clusterscope-agent clusterscope-mpi-agent && dpkg -S /usr/bin/clusterscope-cli'
check "Version" 'clusterscope-cli --version'
check "Evaluate a preset (presets from /usr/share/clusterscope)" 'clusterscope-cli eval acc-fft'
check "The claims catalogue (/usr/share/clusterscope/presets/claims)" 'clusterscope-cli validate acc-fft | tail -3'
check "The probe plugins (/usr/lib/clusterscope/probes)" 'clusterscope-cli probe --list | head -5; echo "... $(clusterscope-cli probe --list | grep -c "^[a-z]") lines"'
check "The GUI starts offscreen on a preset and quits by itself" \
  'QT_QPA_PLATFORM=offscreen clusterscope --preset acc-fft --quit-after 3000'
check "Manual page, completion, desktop entry, icon, docs" \
  'ls /usr/share/man/man1/clusterscope-cli.1* /usr/share/bash-completion/completions/clusterscope-cli /usr/share/applications/clusterscope.desktop /usr/share/icons/hicolor/scalable/apps/clusterscope.svg /usr/share/doc/clusterscope/README.md'
check "Nothing of the build tree is read: no /work in the chroot" "test ! -e $(pwd)"

step "Result"
if [ "$failures" -eq 0 ]; then
  echo "package-check: all checks passed"
else
  echo "package-check: $failures check(s) failed"
  exit 1
fi
