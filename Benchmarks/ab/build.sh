#!/usr/bin/env bash
# Builds a Ferry checkout for Benchmarks/ab/run.sh with THIS tree's scripts/lib.sh, so an old
# revision (whose lib.sh laid its builds out differently) gets the same layout as a new one:
# every product in release with the Swift runtime static (.build-release/release), and ferry fully
# static beside a copy of ferryd (.build-static/release).
# Usage: Benchmarks/ab/build.sh ROOT      e.g. for a "before" tree:
#   git clone -q /path/to/ferry /tmp/ferry-old && git -C /tmp/ferry-old checkout -q REV
#   cp Package.resolved /tmp/ferry-old/   (optional: the same dependency versions, no network)
#   nice -n 19 Benchmarks/ab/build.sh /tmp/ferry-old
set -euo pipefail
[[ $# -eq 1 && -f $1/Package.swift ]] || { echo "usage: $0 ROOT (a Ferry checkout: ROOT/Package.swift)" >&2; exit 64; }
root=$(cd "$1" && pwd)
source "$(dirname "$0")/../../scripts/lib.sh"
FERRY_ROOT=$root
ferry_build_release
ferry_build_static_ferry
