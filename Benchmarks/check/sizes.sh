#!/usr/bin/env bash
# The sizes issue 26 bounds, as a user gets them: scripts/package builds the .deb from BIN-DIR (its
# scripts/install strips ferry and ferryd, debug info going to ferry-dbgsym), the .deb is unpacked,
# and the stripped binaries as installed under /usr/bin are measured, with the .deb itself and the
# whole tree under /usr. Sizes in bytes; MB in the table is 10^6 bytes.
# Usage: Benchmarks/check/sizes.sh BIN-DIR JSON-OUT
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${1:?usage: sizes.sh BIN-DIR JSON-OUT}" && pwd) out=${2:?usage: sizes.sh BIN-DIR JSON-OUT}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$root/scripts/package" --bin-dir "$bin" --output "$work/ferry.deb" >"$work/package.log" 2>&1 \
  || { cat "$work/package.log" >&2; echo "sizes.sh: scripts/package failed" >&2; exit 1; }
dpkg-deb -x "$work/ferry.deb" "$work/root"
size() { stat -c %s "$1"; }
line() { printf '{"bench":"sizes","row":"%s","unit":"bytes","samples":[%s]}\n' "$1" "$2"; }
{
  line ferryd "$(size "$work/root/usr/bin/ferryd")"
  line ferry "$(size "$work/root/usr/bin/ferry")"
  line deb "$(size "$work/ferry.deb")"
  line installed "$(du -sb "$work/root/usr" | cut -f1)"
  line dbgsym-deb "$(size "$(ls "$work"/ferry-dbgsym_*.deb)")"
} >"$out"
printf 'sizes (as installed by the .deb): ferryd %s, ferry %s bytes; .deb %s bytes\n' \
  "$(size "$work/root/usr/bin/ferryd")" "$(size "$work/root/usr/bin/ferry")" "$(size "$work/ferry.deb")"
