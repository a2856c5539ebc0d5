#!/usr/bin/env bash
# Decoding a 10,000-file transfer offer (about 2 MB of JSON), release builds, in one run:
#   this tree's hand-written decoder, a baseline revision's hand-written decoder, Foundation's JSONDecoder.
# usage: Benchmarks/json/run.sh [BASELINE-REVISION (default 3a8166e, before the strict decoder)] [FILES]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
baseline=${1:-3a8166e}
files=${2:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=/opt/swift/usr/bin:$PATH

build() { # tree, output: FerryCore as a library, the offer's files and the benchmark as the program
  local tree=$1 out=$2 shim=()
  mkdir -p "$out.lib"
  # FerryCore calls glibc through the C shim target, where the tree has one.
  if [ -d "$tree/Sources/CFerrySys" ]; then
    clang -O2 -c "$tree/Sources/CFerrySys/shim.c" -I "$tree/Sources/CFerrySys/include" -o "$out.lib/shim.o"
    shim=(-I "$tree/Sources/CFerrySys/include")
  fi
  swiftc -O -wmo -parse-as-library -package-name bench -module-name FerryCore -emit-library -static "${shim[@]}" \
    -emit-module -emit-module-path "$out.lib/FerryCore.swiftmodule" -o "$out.lib/libFerryCore.a" \
    $(find "$tree/Sources/FerryCore" -name '*.swift')
  # BatchReceipt lives beside the server's NIO code: its declaration alone is taken from there.
  sed -n '/^public struct BatchReceipt/,/^}/p' "$tree/Sources/FerryTransfer/Server/TransferConnection+Batch.swift" > "$out.lib/BatchReceipt.swift"
  swiftc -O -wmo -parse-as-library -package-name bench -module-name bench -I "$out.lib" -L "$out.lib" -lFerryCore "${shim[@]}" \
    "$tree"/Sources/FerryTransfer/Protocol/{TransferOffer,TransferOffer+JSON,TransferJSON,TransferError}.swift \
    "$tree/Sources/FerryTransfer/Receive/TransferLimits.swift" "$out.lib/BatchReceipt.swift" "$here/bench.swift" \
    $([ -f "$out.lib/shim.o" ] && echo "$out.lib/shim.o") -o "$out"
}
mkdir -p "$work/base"
git -C "$root" archive "$baseline" Sources | tar -x -C "$work/base"
build "$root" "$work/current"
build "$work/base" "$work/baseline"
for round in 1 2 3; do
  echo "round $round  current : $("$work/current" "$files")"
  echo "round $round  baseline: $("$work/baseline" "$files")"
done
