#!/usr/bin/env bash
# Discovery benchmark on the LAN test bed (Tests/LAN/lib.sh), side by side in one run:
#  - ferryd starting on A until B's `ferry peers --watch` shows it, against avahi-publish starting
#    on A until `avahi-browse -rp` on B resolves it; 10 runs each, medians compared;
#  - 200 services published on A, all in B's `ferry peers`;
#  - ferryd's CPU on B while nothing changes, with those 200 peers in its table.
# Usage: Benchmarks/discovery/run.sh [BIN-DIR] (release build recommended: scripts/bench discovery)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=${1:-$(cd "$root" && swift build --show-bin-path)}
FERRY="$bin/ferry" FERRYD="$bin/ferryd" FERRY_SCHEMES="$root/schemes"
RUNS=${RUNS:-10}
source "$root/Tests/LAN/lib.sh"
trap lan_cleanup EXIT
if ! reason=$(lan_possible); then echo "discovery benchmark skipped: $reason"; exit 0; fi

lan_host a && lan_host b && lan_link a 198.18.0.1/24 b 198.18.0.2/24 \
    && lan_bus a && lan_bus b && lan_avahi a && lan_avahi b && lan_ferryd b FERRY_DEVICE_NAME="Bench B" || exit 1
now() { python3 -c 'import time; print(f"{time.time():.6f}")'; }
# seen FILE PATTERN: the arrival time of the first line of FILE matching PATTERN, waiting up to 15 s.
seen() {
    local line tries=0
    until line=$(grep -m1 -- "$2" "$1"); do
        ((tries++ < 300)) || return 1
        sleep 0.05
    done
    echo "${line%% *}"
}

# shellcheck disable=SC2046
lan_spawn b "$LAN_WORK/ferry-watch" env $(lan_env b) python3 "$here/stamp.py" "$FERRY" peers --watch --json
lan_spawn b "$LAN_WORK/avahi-watch" python3 "$here/stamp.py" avahi-browse -rp _ferry._tcp
sleep 1
ferry_times=() avahi_times=()
for ((run = 1; run <= RUNS; run++)); do
    start=$(now)
    lan_ferryd a FERRY_DEVICE_NAME="Ferry run $run" || exit 1
    arrived=$(seen "$LAN_WORK/ferry-watch" "\"event\":\"added\".*\"name\":\"Ferry run $run\"") || { echo "run $run: B never saw A"; exit 1; }
    ferry_times+=("$(python3 -c "print(f'{($arrived - $start) * 1000:.0f}')")")
    lan_stop "${LAN_FERRYD[a]}"
    seen "$LAN_WORK/ferry-watch" "\"event\":\"removed\".*\"name\":\"Ferry run $run\"" >/dev/null

    start=$(now)
    lan_spawn a /dev/null avahi-publish -s "Avahi run $run" _ferry._tcp 9000 "txtvers=1"
    publisher=$LAN_LAST
    arrived=$(seen "$LAN_WORK/avahi-watch" "^[0-9.]* =;.*;Avahi\\\\032run\\\\032$run;") || { echo "run $run: avahi-browse never resolved"; exit 1; }
    avahi_times+=("$(python3 -c "print(f'{($arrived - $start) * 1000:.0f}')")")
    lan_stop "$publisher"
    sleep 0.5
done

median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ferry_median=$(median "${ferry_times[@]}")
avahi_median=$(median "${avahi_times[@]}")
echo "start until seen on the other host, $RUNS runs each (ms):"
printf '  %-44s median %6s   runs: %s\n' "ferryd start -> ferry peers on B" "$ferry_median" "${ferry_times[*]}"
printf '  %-44s median %6s   runs: %s\n' "avahi-publish start -> avahi-browse -r on B" "$avahi_median" "${avahi_times[*]}"
printf '  Ferry adds %s ms to Avahi'"'"'s median (target: <= 100 ms); ratio %s\n' \
    "$(python3 -c "print(f'{$ferry_median - $avahi_median:.0f}')")" "$(python3 -c "print(f'{$ferry_median / $avahi_median:.2f}')")"

# 200 services on A, every one in B's table.
start=$(now)
for ((i = 1; i <= 200; i++)); do lan_spawn a /dev/null avahi-publish -s "Service $i" _ferry._tcp $((10000 + i)) "txtvers=1"; done
count=0
for ((tries = 0; tries < 600; tries++)); do
    count=$(lan_ferry b peers --json 2>/dev/null | python3 -c 'import json,sys; print(sum(p["name"].startswith("Service ") for p in json.load(sys.stdin)["peers"]))')
    ((count >= 200)) && break
    sleep 0.1
done
printf '200 services published on A: %s in B'"'"'s ferry peers after %s s\n' "$count" "$(python3 -c "import time; print(f'{time.time() - $start:.1f}')")"

# ferryd's CPU on B while nothing changes.
sleep 5
ticks() { awk '{ print $14 + $15 }' "/proc/${LAN_FERRYD[b]}/stat"; }
hz=$(getconf CLK_TCK)
before=$(ticks)
sleep 20
after=$(ticks)
printf 'ferryd on B, idle 20 s with %s peers: %s%% of one core (target: <= 1%%)\n' "$count" \
    "$(python3 -c "print(f'{($after - $before) / $hz / 20 * 100:.2f}')")"
