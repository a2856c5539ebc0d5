#!/usr/bin/env bash
# Before/after (A/B) of Ferry's benchmarks, both sides in one run, interleaved.
# Usage: Benchmarks/ab/run.sh OLD-ROOT NEW-ROOT [daemon|open|restore|transfer|all] [--rounds N] [--out DIR]
#   OLD-ROOT, NEW-ROOT: two checkouts, each built with Benchmarks/ab/build.sh (scripts/lib.sh's
#   ferry_build_release + ferry_build_static_ferry: .build-release/release and .build-static/release).
#   Each benchmark runs old, new, old, new, ... (3 rounds each by default, AB_ROUNDS or --rounds),
#   with NEW-ROOT's benchmark scripts and each side's own ferry, ferryd and benchmark apps; then every
#   row the benchmark prints, side by side: row | before | after | after/before | the rounds.
#   transfer (root, the LAN test bed; needs openssh-server rsync iperf3, as scripts/bench transfer
#   installs) runs ferry send only, one run per round, 256 MiB and 2,000 small files by default:
#   ROWS, RUNS, BIG_MIB, SMALL, HUGE_MIB override. AB_DAEMON_ARGS, AB_OPEN_ARGS, AB_RESTORE_ARGS,
#   AB_TRANSFER_ARGS add options to one benchmark (e.g. AB_OPEN_ARGS="--runs 100"). AB_FERRY=release
#   takes ferry and ferryd from .build-release on both sides (no fully static ferry needed).
# Also: scripts/bench ab OLD-ROOT [NEW-ROOT (this tree)] [which]. See README.md.
set -euo pipefail
exec python3 "$(dirname "$0")/ab.py" "$@"
