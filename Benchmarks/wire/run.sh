#!/usr/bin/env bash
# The wire codec on the open/result hot path, release build, side by side with a baseline: the
# same bench.swift built against this tree's FerryProtocol and against BASE's, run in turns, with
# the median of each row and the ratio this/baseline (below 1: faster).
# usage: Benchmarks/wire/run.sh [BASE] [ROUNDS]
#   BASE defaults to cea22fa^ (the last commit with the flat WireFrame); ROUNDS to 5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${1:-cea22fa^}
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export PATH=/opt/swift/usr/bin:$PATH

# build NAME SOURCE-ROOT: the bench against that tree's FerrySystem and FerryProtocol.
build() {
  local out="$work/$1" src=$2
  mkdir -p "$out"
  swiftc -O -wmo -parse-as-library -package-name bench -module-name FerrySystem -emit-library -static \
    -emit-module -emit-module-path "$out/FerrySystem.swiftmodule" -o "$out/libFerrySystem.a" \
    $(find "$src/Sources/FerrySystem" -name '*.swift')
  swiftc -O -wmo -parse-as-library -package-name bench -module-name FerryProtocol -emit-library -static \
    -I "$out" -emit-module -emit-module-path "$out/FerryProtocol.swiftmodule" -o "$out/libFerryProtocol.a" \
    $(find "$src/Sources/FerryProtocol" -name '*.swift')
  swiftc -O -parse-as-library -package-name bench -I "$out" -L "$out" -lFerryProtocol -lFerrySystem \
    "$here/bench.swift" -o "$out/bench"
}

mkdir -p "$work/base-src"
git -C "$root" archive "$base" Sources/FerrySystem Sources/FerryProtocol | tar -x -C "$work/base-src"
build base "$work/base-src"
build this "$root"
for round in $(seq "$rounds"); do
  "$work/base/bench" | sed 's/^/base /'
  "$work/this/bench" | sed 's/^/this /'
done > "$work/rows"
echo "wire codec, median of $rounds rounds (ns per message); baseline $base ($(git -C "$root" rev-parse --short "$base"))"
python3 - "$work/rows" <<'PY'
import sys, statistics, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    side, rest = line.split(" ", 1)
    name, ns = rest.rsplit(":", 1)
    rows[(name.strip(), side)].append(int(ns.split()[0]))
names = list(dict.fromkeys(name for name, _ in rows))
print(f"{'row':<16}{'baseline':>10}{'this':>10}{'ratio':>8}")
for name in names:
    b, t = statistics.median(rows[(name, "base")]), statistics.median(rows[(name, "this")])
    print(f"{name:<16}{b:>10.0f}{t:>10.0f}{t / b:>8.2f}")
PY
