#!/usr/bin/env bash
# Ferry open-latency benchmark: time from a command's start until the handler
# process has the URL, for direct exec, gio open, xdg-open and ferry open.
# See README.md next to this file.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)

cmdline=$(printf '%q' "$0"; (($#)) && printf ' %q' "$@"; true)

runs=200
warmup=5
timeout_s=5
install=0
raw_dir=
rows=all
rounds=1
json_out=
ferry=${FERRY_BIN:-$repo/.build-release/release/ferry}
[[ -n ${FERRY_BIN:-} || -x $ferry ]] || ferry=$repo/.build-static/release/ferry

url='ferrybench://bench/path?q=1'
scheme=ferrybench
gen_counts=(10 1000 10000)
std_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
target_ratio=3   # ferry open at least 3x faster than gio open (issue 26)
target_delta=1.5 # ferry open within 1.5 ms of direct exec (issue 26)
target_version=1.5 # ferry --version within 1.5 ms, start to exit (issue 26)
reference='direct ~0.9 ms, gio open ~11 ms, xdg-open ~125 ms (earlier, same machine type, C handler)'

usage() {
    cat <<EOF
usage: $0 [options]
  --runs N        measured runs per row (default $runs)
  --warmup N      warm-up runs per row, verified but not counted (default $warmup)
  --timeout S     seconds allowed per run before it counts as a failure (default $timeout_s)
  --ferry PATH    ferry binary (default \$FERRY_BIN, else <repo>/.build-release/release/ferry, else .build-static)
  --raw DIR       also write every measured latency (ms) to DIR/<row>.txt
  --rows LIST     only these rows (comma-separated keys: direct gio xdg ferry ferry10 ferry1000
                  ferry10000 ferrydesk ferrydesk200 ferrydeskonly ferryd0 ferryd10 ferryd1000
                  ferryd10000 giover ferryver ferryverfull; default all)
  --rounds N      split each row's runs into N rounds, rows in turn within a round, so that a
                  shared machine's load falls on every row alike (default 1: row after row)
  --json FILE     also write one JSON line per row: key, label, unit, every measured sample
  --install       first run: apt-get install -y --no-install-recommends xdg-utils libglib2.0-bin desktop-file-utils
  -h, --help      this help
EOF
}

die() { echo "run.sh: $*" >&2; exit 2; }
need_value() { (($# >= 2)) || die "$1 needs a value"; }
is_uint() { [[ $1 =~ ^[0-9]+$ ]]; }

while (($#)); do
    case $1 in
        --runs) need_value "$@"; runs=$2; shift 2 ;;
        --runs=*) runs=${1#*=}; shift ;;
        --warmup) need_value "$@"; warmup=$2; shift 2 ;;
        --warmup=*) warmup=${1#*=}; shift ;;
        --timeout) need_value "$@"; timeout_s=$2; shift 2 ;;
        --timeout=*) timeout_s=${1#*=}; shift ;;
        --ferry) need_value "$@"; ferry=$2; shift 2 ;;
        --ferry=*) ferry=${1#*=}; shift ;;
        --raw) need_value "$@"; raw_dir=$2; shift 2 ;;
        --raw=*) raw_dir=${1#*=}; shift ;;
        --rows) need_value "$@"; rows=$2; shift 2 ;;
        --rows=*) rows=${1#*=}; shift ;;
        --rounds) need_value "$@"; rounds=$2; shift 2 ;;
        --rounds=*) rounds=${1#*=}; shift ;;
        --json) need_value "$@"; json_out=$2; shift 2 ;;
        --json=*) json_out=${1#*=}; shift ;;
        --install) install=1; shift ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option: $1" ;;
    esac
done
is_uint "$runs" && ((runs >= 1)) || die "--runs must be a positive integer"
is_uint "$warmup" || die "--warmup must be a non-negative integer"
is_uint "$timeout_s" && ((timeout_s >= 1)) || die "--timeout must be a positive integer (seconds)"
is_uint "$rounds" && ((rounds >= 1 && rounds <= runs)) || die "--rounds must be between 1 and --runs"
[[ -z $json_out || $json_out == /* ]] || json_out=$PWD/$json_out
# selected KEY: is the row asked for (--rows)?
selected() { [[ $rows == all || ,$rows, == *,$1,* ]]; }
if [[ -n $raw_dir ]]; then
    mkdir -p "$raw_dir"
    raw_dir=$(cd "$raw_dir" && pwd)
fi
# Absolute ferry path (relative paths are taken from the current directory).
if [[ $ferry != /* ]]; then ferry=$PWD/$ferry; fi

if ((install)); then
    # Recommends would add ~50 packages (perl, a terminal emulator) that xdg-open's
    # generic x-scheme-handler path does not use.
    apt-get install -y --no-install-recommends xdg-utils libglib2.0-bin desktop-file-utils
fi

# ---------------------------------------------------------------- build C parts
cc=${CC:-cc}
command -v "$cc" >/dev/null || die "no C compiler ($cc); install gcc"
mkdir -p "$here/bin"
"$cc" -O2 -Wall -Wextra -o "$here/bin/driver" "$here/driver.c"
"$cc" -O2 -Wall -Wextra -o "$here/bin/handler" "$here/handler.c"
driver=$here/bin/driver

# ---------------------------------------------------------------- temp world
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ferry-open-latency.XXXXXX")
# ferryd instances this run started (through `ferry ps`), stopped by the pid in their lock files.
stop_daemons() {
    local lock pid
    for lock in "$tmp"/sock-*/ferryd.sock.lock; do
        [[ -f $lock ]] || continue
        pid=$(cat "$lock" 2>/dev/null) || continue
        [[ $pid =~ ^[0-9]+$ ]] && kill "$pid" 2>/dev/null || true
    done
    sleep 0.3
}
trap 'stop_daemons; rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
[[ $tmp =~ [[:space:]] ]] && die "temp dir path contains whitespace ($tmp); set TMPDIR"
mkdir -p "$tmp"/{home,cache,logs,apps,data/applications,config}
mkdir -m 700 "$tmp/runtime"

write_plist() { # DIR IDENTIFIER SCHEME EXECUTABLE  (printf: no fork per app)
    printf '%s\n' '<?xml version="1.0" encoding="UTF-8"?>' \
        '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">' \
        '<plist version="1.0">' '<dict>' \
        '	<key>CFBundleIdentifier</key>' "	<string>$2</string>" \
        '	<key>CFBundleExecutable</key>' "	<string>$4</string>" \
        '	<key>CFBundleURLTypes</key>' '	<array>' '		<dict>' \
        '			<key>CFBundleURLName</key>' "			<string>$2</string>" \
        '			<key>CFBundleURLSchemes</key>' '			<array>' "				<string>$3</string>" '			</array>' \
        '			<key>LSHandlerRank</key>' '			<string>Owner</string>' \
        '		</dict>' '	</array>' '</dict>' '</plist>' >"$1/Info.plist"
}

# One handler binary (one inode) serves every row.
bench_app=$tmp/apps/bench.app
mkdir -p "$bench_app"
cp "$here/bin/handler" "$bench_app/handler"
write_plist "$bench_app" org.ferry.bench "$scheme" handler
handler=$bench_app/handler

# XDG registration for gio and xdg-open.
desktop_id=ferrybench-handler.desktop
cat >"$tmp/data/applications/$desktop_id" <<EOF
[Desktop Entry]
Type=Application
Name=Ferry benchmark handler
Exec=$handler %u
MimeType=x-scheme-handler/$scheme;
NoDisplay=true
Terminal=false
EOF
cat >"$tmp/config/mimeapps.list" <<EOF
[Default Applications]
x-scheme-handler/$scheme=$desktop_id
EOF
if command -v update-desktop-database >/dev/null; then
    update-desktop-database "$tmp/data/applications"
    udd_note="update-desktop-database: wrote mimeinfo.cache"
else
    udd_note="update-desktop-database: not installed (desktop-file-utils); mimeapps.list alone"
fi

# Every row runs in this environment and nothing else. DISPLAY is non-empty
# because xdg-open's generic mode only consults x-scheme-handler defaults when
# DISPLAY or WAYLAND_DISPLAY is set; no X server listens on it. The D-Bus address
# points nowhere so neither gio nor xdg-open can autolaunch a session bus.
base_env=(env -i
    PATH="$std_path" HOME="$tmp/home" LANG=C.UTF-8
    XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"
    XDG_CACHE_HOME="$tmp/cache" XDG_RUNTIME_DIR="$tmp/runtime"
    DISPLAY=:9999 DBUS_SESSION_BUS_ADDRESS="unix:path=$tmp/no-session-bus")

gio=$(PATH=$std_path command -v gio || true)
xdg_open=$(PATH=$std_path command -v xdg-open || true)

have_ferry=0
[[ -f $ferry && -x $ferry ]] && have_ferry=1

# Generated apps for the scaling rows: apps-N holds bench.app plus gen0..gen(N-1).app.
gen_apps() { # DIR COUNT
    local dir=$1 n=$2
    mkdir -p "$dir"
    cp -al "$bench_app" "$dir/bench.app"
    if command -v python3 >/dev/null; then
        python3 - "$dir" "$n" "$handler" <<'PY'
import os, sys
d, n, handler = sys.argv[1], int(sys.argv[2]), sys.argv[3]
tpl = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>org.ferry.gen{i}</string>
	<key>CFBundleExecutable</key>
	<string>gen{i}</string>
	<key>CFBundleURLTypes</key>
	<array>
		<dict>
			<key>CFBundleURLName</key>
			<string>org.ferry.gen{i}</string>
			<key>CFBundleURLSchemes</key>
			<array>
				<string>gen{i}</string>
			</array>
			<key>LSHandlerRank</key>
			<string>Owner</string>
		</dict>
	</array>
</dict>
</plist>
"""
for i in range(n):
    app = os.path.join(d, "gen%d.app" % i)
    os.mkdir(app)
    with open(os.path.join(app, "Info.plist"), "w") as f:
        f.write(tpl.format(i=i))
    os.link(handler, os.path.join(app, "gen%d" % i))
PY
    else
        local i apps=()
        for ((i = 0; i < n; i++)); do apps+=("$dir/gen$i.app"); done
        ((n == 0)) || mkdir "${apps[@]}"
        for ((i = 0; i < n; i++)); do
            write_plist "$dir/gen$i.app" "org.ferry.gen$i" "gen$i" "gen$i"
            ln "$handler" "$dir/gen$i.app/gen$i"
        done
    fi
}

# 200 desktop entries for other schemes in an XDG data dir: what ferry open's byte prefilter
# skips on a desktop with many applications installed.
mkdir -p "$tmp/share200/applications"
for ((i = 0; i < 200; i++)); do
    printf '[Desktop Entry]\nType=Application\nName=App %d\nExec=/bin/true %%u\nMimeType=text/plain;x-scheme-handler/other%d;\n' \
        "$i" "$i" >"$tmp/share200/applications/app$i.desktop"
done

gen_note=
if ((have_ferry)); then
    for n in "${gen_counts[@]}"; do
        selected "ferry$n" || selected "ferryd$n" || continue
        t0=$(date +%s.%N)
        gen_apps "$tmp/apps-$n" "$n"
        t1=$(date +%s.%N)
        gen_note+="${gen_note:+, }$n in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.2f s", b-a}')"
    done
fi

# ---------------------------------------------------------------- header
cpu=$(awk -F': *' '/^model name/{print $2; exit}' /proc/cpuinfo 2>/dev/null || true)
[[ -n $cpu ]] || cpu=$(awk -F': *' '/^(Hardware|cpu model|uarch)/{print $2; exit}' /proc/cpuinfo 2>/dev/null || true)
os=$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-}" || true)
ver() { "$@" 2>/dev/null | head -n1 || true; }

echo "Ferry open-latency benchmark"
echo "command   : $cmdline"
echo "machine   : nproc $(nproc), CPU ${cpu:-unknown}, kernel $(uname -sr)${os:+, $os}"
echo "measure   : CLOCK_MONOTONIC before posix_spawn -> handler's first reading in main(), URL verified"
if ((rounds > 1)); then
    echo "runs      : $runs per row in $rounds rounds (rows in turn), $warmup warm-ups per row and round, timeout ${timeout_s} s per run; medians/percentiles in ms"
else
    echo "runs      : $runs per row after $warmup warm-ups, timeout ${timeout_s} s per run; medians/percentiles in ms"
fi
[[ $rows == all ]] || echo "rows      : $rows"
echo "url       : $url"
echo "handler   : $handler"
if [[ -n $gio ]]; then
    gio_default=$("${base_env[@]}" "$gio" mime "x-scheme-handler/$scheme" 2>&1 | sed -n 's/^Default application for .*: //p' | head -n1 || true)
    echo "gio       : $gio ($(ver "$gio" --version)); default for x-scheme-handler/$scheme: ${gio_default:-NONE}"
else
    echo "gio       : not installed (libglib2.0-bin)"
fi
if [[ -n $xdg_open ]]; then
    xdg_default=$("${base_env[@]}" xdg-mime query default "x-scheme-handler/$scheme" 2>/dev/null || true)
    echo "xdg-open  : $xdg_open ($(ver "$xdg_open" --version)); xdg-mime default: ${xdg_default:-NONE}; generic mode"
else
    echo "xdg-open  : not installed (xdg-utils)"
fi
echo "xdg setup : $udd_note; mimeapps.list in XDG_CONFIG_HOME"
if ((have_ferry)); then
    echo "ferry     : $ferry"
    echo "generated : ${gen_note:-none} (python3 or shell loop)"
fi
echo "reference : $reference"
echo

# ---------------------------------------------------------------- rows
# Rows are registered first (add_row), then measured in rounds: each round runs every row's share
# of the runs, rows in turn. With one round that is row after row, as before.
declare -A med p10 p90 lo hi state label mode
row_keys=()
failed=0
row_line() { # LABEL MEDIAN P10 P90 [NOTE]
    printf '%-26s %9s %9s %9s' "$1" "$2" "$3" "$4"
    [[ -n ${5:-} ]] && printf '  %s' "$5"
    printf '\n'
}

progress() { [[ -t 2 ]] && printf '\r\033[K  measuring %s ...' "$1" >&2 || true; }
progress_done() { [[ -t 2 ]] && printf '\r\033[K' >&2 || true; }

# add_row KEY LABEL [VAR=VALUE...] -- COMMAND [ARG...]: the row's environment and command, timed in
# the current driver_mode (-u URL: until the handler has it; -x: until the command has exited).
add_row() {
    local key=$1
    selected "$key" || return 0
    label[$key]=$2
    shift 2
    declare -ga "argv_$key"
    local -n argv=argv_$key
    argv=("$@")
    mode[$key]="${driver_mode[*]}"
    state[$key]=ok
    row_keys+=("$key")
}

missing_row() { # KEY LABEL NOTE
    selected "$1" || return 0
    state[$1]=missing
    label[$1]=$2
    notes[$1]=$3
    row_keys+=("$1")
}
declare -A notes

# measure_row KEY ROUND: one driver run of the row's share of the runs, samples to raw/KEY.ROUND.
measure_row() {
    local key=$1 round=$2 extra=() n=$(( (runs + rounds - 1) / rounds ))
    local -n argv=argv_$key
    while [[ ${argv[${#extra[@]}]} != -- ]]; do extra+=("${argv[${#extra[@]}]}"); done
    local cmd=("${argv[@]:${#extra[@]}+1}")
    local log=$tmp/logs/$key.log err=$tmp/logs/$key.err rc=0
    local -a dmode
    read -ra dmode <<<"${mode[$key]}"
    progress "${label[$key]} (round $round/$rounds)"
    "${base_env[@]}" "${extra[@]}" "$driver" "${dmode[@]}" -n "$n" -w "$warmup" \
        -t "$((timeout_s * 1000))" -f "$tmp/fifo" -l "$log" -o "$tmp/raw/$key.$round" -- "${cmd[@]}" \
        >/dev/null 2>"$err" || rc=$?
    progress_done
    ((rc == 0)) || state[$key]=failed
}

# The row's statistics over every round's samples (the driver's percentile: linear between ranks).
row_stats() { # KEY -> med p10 p90 min max n
    cat "$tmp/raw/$1".* | sort -g | awk '{ v[NR - 1] = $1 }
        function pct(p,  pos, i) { pos = p * (NR - 1); i = int(pos); if (i >= NR - 1) return v[NR - 1]
            return v[i] + (v[i + 1] - v[i]) * (pos - i) }
        END { printf "%.3f %.3f %.3f %.3f %.3f %d\n", pct(0.5), pct(0.1), pct(0.9), v[0], v[NR - 1], NR }'
}

driver_mode=(-u "$url")
add_row direct "direct exec" -- "$handler" "$url"

if [[ -n $gio ]]; then
    add_row gio "gio open" -- "$gio" open "$url"
else
    missing_row gio "gio open" "gio not installed (apt-get install libglib2.0-bin, or run.sh --install)"
fi

if [[ -n $xdg_open ]]; then
    add_row xdg "xdg-open" -- "$xdg_open" "$url"
else
    missing_row xdg "xdg-open" "xdg-open not installed (apt-get install xdg-utils, or run.sh --install)"
fi

ferry_keys=()
if ((have_ferry)); then
    # Ferry's rows use a config folder without the mimeapps.list above, so the manifest handles the
    # URL (the desktop entry is still read, and loses on rank); the .desktop rows use it.
    mkdir -p "$tmp/config-ferry"
    ferry_env=(FERRY_NO_DAEMON=1 XDG_CONFIG_HOME="$tmp/config-ferry")
    add_row ferry "ferry open" FERRY_APPS_PATH="$tmp/apps" "${ferry_env[@]}" -- "$ferry" open "$url"
    for n in "${gen_counts[@]}"; do
        add_row "ferry$n" "ferry open, +$n apps" FERRY_APPS_PATH="$tmp/apps-$n" "${ferry_env[@]}" \
            -- "$ferry" open "$url"
    done
    add_row ferrydesk "ferry open -> .desktop" FERRY_APPS_PATH="$tmp/apps" FERRY_NO_DAEMON=1 -- "$ferry" open "$url"
    add_row ferrydesk200 "ferry open, +200 .desktop" FERRY_APPS_PATH="$tmp/apps" "${ferry_env[@]}" \
        XDG_DATA_DIRS="$tmp/share200" -- "$ferry" open "$url"
    # No Ferry app claims the scheme: the desktop entry handles it, found by the prefiltered scan.
    mkdir -p "$tmp/apps-none"
    add_row ferrydeskonly "ferry open, .desktop only +200" FERRY_APPS_PATH="$tmp/apps-none" "${ferry_env[@]}" \
        XDG_DATA_DIRS="$tmp/share200" -- "$ferry" open "$url"
    # Through ferryd: the daemon is started first (ferry ps), so the driver sees only ferry and
    # the handler; ferryd resolves from its in-memory registry and ferry starts the command app.
    for n in 0 "${gen_counts[@]}"; do
        selected "ferryd$n" || continue
        apps="$tmp/apps"; rlabel="ferry open via ferryd"
        ((n > 0)) && { apps="$tmp/apps-$n"; rlabel="ferry open via ferryd, +$n"; }
        daemon_env=(FERRY_APPS_PATH="$apps" FERRY_SOCKET="$tmp/sock-$n/ferryd.sock" XDG_STATE_HOME="$tmp/state-$n"
                    XDG_CONFIG_HOME="$tmp/config-ferry" FERRY_DISCOVERY=off FERRY_TRANSFER_PORT=off
                    FERRY_LOCALSEND_PORT=off)
        if "${base_env[@]}" "${daemon_env[@]}" "$ferry" ps >/dev/null 2>&1; then
            add_row "ferryd$n" "$rlabel" "${daemon_env[@]}" -- "$ferry" open -q "$url"
        else
            missing_row "ferryd$n" "$rlabel" "ferryd did not start (is it beside $ferry?)"
        fi
    done
    for k in ferry ferry10 ferry1000 ferry10000 ferrydesk ferrydesk200 ferrydeskonly ferryd0 ferryd10 ferryd1000 ferryd10000; do
        [[ -n ${state[$k]:-} ]] && ferry_keys+=("$k")
    done
else
    echo
    echo "ferry rows skipped: no binary at $ferry (build with: source scripts/lib.sh; ferry_build_release)"
fi

# Start-up: command start -> the command has exited (driver -x), no handler.
driver_mode=(-x)
if [[ -n $gio ]]; then
    add_row giover "gio --version" -- "$gio" --version
else
    missing_row giover "gio --version" "gio not installed"
fi
if ((have_ferry)); then
    add_row ferryver "ferry --version" -- "$ferry" --version
    add_row ferryverfull "ferry --version, full parser" FERRY_FULL_PARSER=1 -- "$ferry" --version
fi
driver_mode=(-u "$url")

mkdir -p "$tmp/raw"
for ((round = 1; round <= rounds; round++)); do
    for key in "${row_keys[@]}"; do
        [[ ${state[$key]} == ok ]] && measure_row "$key" "$round"
    done
done

row_line "row" "median" "p10" "p90"
row_line "--------------------------" "---------" "---------" "---------"
[[ -z $json_out ]] || : >"$json_out"
for key in "${row_keys[@]}"; do
    case ${state[$key]} in
    missing) row_line "${label[$key]}" "-" "-" "-" "${notes[$key]}" ;;
    failed)
        failed=1
        row_line "${label[$key]}" "-" "-" "-" "FAILED"
        sed 's/^/      /' "$tmp/logs/$key.err"
        if [[ -s $tmp/logs/$key.log ]]; then
            echo "      command output (last lines):"
            tail -n 5 "$tmp/logs/$key.log" | sed 's/^/        /'
        fi
        ;;
    ok)
        read -r med[$key] p10[$key] p90[$key] lo[$key] hi[$key] _ < <(row_stats "$key")
        row_line "${label[$key]}" "${med[$key]}" "${p10[$key]}" "${p90[$key]}"
        [[ -z $raw_dir ]] || cat "$tmp/raw/$key".* >"$raw_dir/$key.txt"
        [[ -z $json_out ]] || printf '{"bench":"open","row":"%s","label":"%s","unit":"ms","samples":[%s]}\n' \
            "$key" "${label[$key]}" "$(cat "$tmp/raw/$key".* | paste -sd,)" >>"$json_out"
        ;;
    esac
done

# ---------------------------------------------------------------- ratios and targets
if ((${#ferry_keys[@]})); then
    declare -A labels=([ferry]="ferry open")
    for n in "${gen_counts[@]}"; do labels[ferry$n]="ferry open, +$n apps"; labels[ferryd$n]="ferry open via ferryd, +$n"; done
    labels[ferryd0]="ferry open via ferryd"
    labels[ferrydesk]="ferry open -> .desktop"
    labels[ferrydesk200]="ferry open, +200 .desktop"
    labels[ferrydeskonly]="ferry open, .desktop only +200"
    echo
    echo "Ratios of medians; targets: ferry open >= ${target_ratio}x faster than gio open, within ${target_delta} ms of direct exec"
    rfmt='%-26s %10s %15s %14s  %s\n'
    printf "$rfmt" "row" "gio/ferry" "xdg-open/ferry" "ferry-direct" "targets"
    printf "$rfmt" "--------------------------" "----------" "---------------" "--------------" "-------"
    for k in "${ferry_keys[@]}"; do
        if [[ ${state[$k]:-} != ok ]]; then
            printf "$rfmt" "${labels[$k]}" "-" "-" "-" "n/a (row failed)"
            continue
        fi
        f=${med[$k]}
        g=-; x=-; d=-; verdict=()
        if [[ ${state[gio]:-} == ok ]]; then
            g=$(awk -v a="${med[gio]}" -v b="$f" 'BEGIN{printf "%.2fx", a/b}')
            if awk -v a="${med[gio]}" -v b="$f" -v t="$target_ratio" 'BEGIN{exit !(a/b >= t)}'; then
                verdict+=("gio: met")
            else
                verdict+=("gio: NOT MET")
            fi
        else
            verdict+=("gio: n/a")
        fi
        if [[ ${state[xdg]:-} == ok ]]; then
            x=$(awk -v a="${med[xdg]}" -v b="$f" 'BEGIN{printf "%.2fx", a/b}')
        fi
        if [[ ${state[direct]:-} == ok ]]; then
            d=$(awk -v a="$f" -v b="${med[direct]}" 'BEGIN{printf "%+.3f ms", a-b}')
            if awk -v a="$f" -v b="${med[direct]}" -v t="$target_delta" 'BEGIN{exit !(a-b <= t)}'; then
                verdict+=("direct: met")
            else
                verdict+=("direct: NOT MET")
            fi
        else
            verdict+=("direct: n/a")
        fi
        printf "$rfmt" "${labels[$k]}" "$g" "$x" "$d" "${verdict[0]}, ${verdict[1]}"
    done
fi

if [[ ${state[ferryver]:-} == ok ]]; then
    echo
    verdict="NOT MET"
    awk -v a="${med[ferryver]}" -v t="$target_version" 'BEGIN{exit !(a <= t)}' && verdict=met
    g=-
    [[ ${state[giover]:-} == ok ]] && g=$(awk -v a="${med[giover]}" -v b="${med[ferryver]}" 'BEGIN{printf "%.2fx", a/b}')
    echo "ferry --version: ${med[ferryver]} ms (target <= ${target_version} ms: $verdict); gio/ferry $g"
fi

echo
if ((failed)); then
    echo "result: at least one row FAILED (see the messages under it)"
    exit 1
fi
echo "result: ok"
