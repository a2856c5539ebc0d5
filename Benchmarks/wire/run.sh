#!/usr/bin/env bash
# The wire codec on the open/result hot path, release build (issue 14's measurement; since issue 27
# one codec, so no side-by-side rows: compare with docs/performance-history.md).
# usage: Benchmarks/wire/run.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=/opt/swift/usr/bin:$PATH
swiftc -O -wmo -parse-as-library -package-name bench -module-name FerrySystem -emit-library -static \
  -emit-module -emit-module-path "$work/FerrySystem.swiftmodule" -o "$work/libFerrySystem.a" \
  $(find "$root/Sources/FerrySystem" -name '*.swift')
swiftc -O -wmo -parse-as-library -package-name bench -module-name FerryProtocol -emit-library -static \
  -I "$work" -emit-module -emit-module-path "$work/FerryProtocol.swiftmodule" -o "$work/libFerryProtocol.a" \
  $(find "$root/Sources/FerryProtocol" -name '*.swift')
swiftc -O -parse-as-library -package-name bench -I "$work" -L "$work" -lFerryProtocol -lFerrySystem "$here/bench.swift" -o "$work/bench"
for round in 1 2; do echo "round $round"; "$work/bench"; done
