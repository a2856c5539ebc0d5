#!/usr/bin/env bash
# scripts/bench check: every row of issue 26's table beside its baselines, in one run, with the
# benchmarks that measure them; then one table (summarize.py), each target met or missed.
#   Benchmarks/check/run.sh BIN-DIR [--short]
# BIN-DIR: a release build (ferry, ferryd, todo-managed, ferry-bench-app, generate-manual); its
# binaries are copied first, so a build finishing during the run does not change what is measured.
# Parts, each interleaving its rows (rounds, rows in turn):
#   open      Benchmarks/open-latency/run.sh --rows direct,gio,ferry,ferryd0,giover,ferryver
#   idle      Benchmarks/daemon/bench.py --idle (fresh ferryds, 6 and 13 apps)
#   transfer  Benchmarks/transfer/run.sh, rows iperf3, openssl, rsync, tar|ssh|tar, ferry (LAN bed, root)
#   sizes     Benchmarks/check/sizes.sh (scripts/package, the .deb unpacked)
# --short (CI): 40 opens in 4 rounds, one idle round, 64 MiB and 1,000 files twice; the table says
# so, and no timing fails it. Either form exits 1 only when a row could not run (a part failed or
# lost data); a part the machine cannot run at all (the LAN bed without root) shows as skipped.
# Environment: BENCH_CHECK_DIR keeps the logs and JSON there (default: a new folder under /tmp).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=$(cd "${1:?usage: Benchmarks/check/run.sh BIN-DIR [--short]}" && pwd)
short=0
[[ ${2:-} == --short ]] && short=1
out=${BENCH_CHECK_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/ferry-bench-check.XXXXXX")}
mkdir -p "$out/bin"
start=$(date +%s)
load_start=$(cut -d' ' -f1 /proc/loadavg)

if ((short)); then
  open_runs=40 open_rounds=4 idle_rounds=1 tr_runs=2 big_mib=64 small=1000
else
  open_runs=200 open_rounds=20 idle_rounds=3 tr_runs=5 big_mib=1024 small=10000
fi
settings="open: $open_runs runs in $open_rounds rounds; idle: $idle_rounds rounds; transfer: $tr_runs runs, $big_mib MiB, $small files"

for name in ferry ferryd todo-managed ferry-bench-app generate-manual-tool generate-manual; do
  [[ -e $src/$name ]] && cp "$src/$name" "$out/bin/$name"
done
bin=$out/bin
# The release build ships a fully static ferry (ferry_link_static_ferry, scripts/lib.sh); a plain
# `swift build -c release` in the same folder links the PIE over it. Measure what ships: if the copy
# is dynamic, link the static one from the build's objects, by the same function, into this folder.
if readelf -l "$bin/ferry" 2>/dev/null | grep -q 'Requesting program interpreter' \
   && [[ -f $src/ferry.product/Objects.LinkFileList ]]; then
  echo "== $src/ferry is the dynamic PIE (a plain swift build linked it); linking the static ferry as ferry_build_release does"
  relink=$out/relink
  mkdir -p "$relink/.build-release/release/ferry.product"
  cp "$src/ferry.product/Objects.LinkFileList" "$relink/.build-release/release/ferry.product/"
  ( source "$root/scripts/lib.sh" && FERRY_ROOT=$relink && ferry_link_static_ferry ) >"$out/relink.log" 2>&1 \
    && cp "$relink/.build-release/release/ferry" "$bin/ferry" \
    || { echo "   linking failed (see $out/relink.log); measuring the PIE"; }
  rm -rf "$relink"
fi
linkage=static
readelf -l "$bin/ferry" 2>/dev/null | grep -q 'Requesting program interpreter' && linkage="dynamic (PIE)"
settings+="; ferry $linkage"
echo "== bench check: $settings; logs and JSON in $out"

# part NAME COMMAND...: runs one part, its output to NAME.log; on failure its last lines are shown.
failed_parts=()
part() {
  local name=$1 t0=$SECONDS
  shift
  printf '== %s ... ' "$name"
  if "$@" >"$out/$name.log" 2>&1; then
    echo "$((SECONDS - t0)) s"
  else
    echo "FAILED after $((SECONDS - t0)) s; the end of $out/$name.log:"
    tail -n 15 "$out/$name.log" | sed 's/^/   /'
    failed_parts+=("$name")
  fi
}

part open "$root/Benchmarks/open-latency/run.sh" --ferry "$bin/ferry" --runs "$open_runs" --rounds "$open_rounds" \
  --rows direct,gio,ferry,ferryd0,giover,ferryver --json "$out/open.json"
part idle python3 "$root/Benchmarks/daemon/bench.py" --ferry "$bin/ferry" --todo-managed "$bin/todo-managed" \
  --bench-app "$bin/ferry-bench-app" --idle --idle-rounds "$idle_rounds" --json "$out/idle.json"
part transfer env RUNS="$tr_runs" BIG_MIB="$big_mib" SMALL="$small" HUGE_MIB=0 ROWS=iperf3,openssl,rsync,tarssh,ferry \
  BENCH_JSON="$out/transfer.json" "$root/Benchmarks/transfer/run.sh" "$bin"
# The LAN bed says why it cannot run (no root, no namespaces); that is a skip, not a failure.
if reason=$(sed -n 's/^transfer benchmark skipped: //p' "$out/transfer.log" | head -n 1) && [[ -n $reason ]]; then
  printf '{"bench":"transfer","skipped":"%s"}\n' "$reason" >"$out/transfer.json"
  echo "   transfer skipped: $reason"
fi
part sizes "$root/Benchmarks/check/sizes.sh" "$bin" "$out/sizes.json"

commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo unknown)
[[ -z $(git -C "$root" status --porcelain -- Sources Package.swift 2>/dev/null) ]] || commit+=" (+ uncommitted changes in Sources or Package.swift)"
cpu=$(awk -F': *' '/^model name/{print $2; exit}' /proc/cpuinfo 2>/dev/null)
python3 - "$out/meta.json" <<PY
import json, sys
json.dump({"bench": "meta", "commit": """$commit""", "cores": $(nproc), "cpu": """${cpu:-unknown}""",
           "settings": """$settings""", "load_start": "$load_start",
           "load_end": "$(cut -d' ' -f1 /proc/loadavg)", "seconds": $(( $(date +%s) - start ))}, open(sys.argv[1], "w"))
PY
short_flag=()
((short)) && short_flag=(--short)
python3 "$here/summarize.py" "${short_flag[@]}" "$out/meta.json" "$out/open.json" "$out/idle.json" \
  "$out/transfer.json" "$out/sizes.json"
status=$?
((${#failed_parts[@]} == 0)) || { echo "parts that failed: ${failed_parts[*]} (logs in $out)"; status=1; }
exit "$status"
