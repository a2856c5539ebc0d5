#!/usr/bin/env bash
# The wire codecs on the open/result hot path, release build, in one run (issue 14's measurement):
# version 1, version 2 through WireCodec, and Codable (MessageCodec) alone.
# usage: Benchmarks/wire/run.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=/opt/swift/usr/bin:$PATH
swiftc -O -wmo -parse-as-library -package-name bench -module-name FerryProtocol -emit-library -static \
  -emit-module -emit-module-path "$work/FerryProtocol.swiftmodule" -o "$work/libFerryProtocol.a" \
  $(find "$root/Sources/FerryProtocol" -name '*.swift')
swiftc -O -parse-as-library -package-name bench -I "$work" -L "$work" -lFerryProtocol "$here/bench.swift" -o "$work/bench"
for round in 1 2; do echo "round $round"; "$work/bench"; done
