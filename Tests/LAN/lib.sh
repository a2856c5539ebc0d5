# Ferry's LAN test bed: hosts as network namespaces joined by veth pairs, each with a private /run,
# its own D-Bus system bus and its own avahi-daemon bound to its own veth only (../shared/LAN-TESTING.md).
#
# Rules kept here: addresses from 198.18.0.0/15 only; avahi-daemon never in the root namespace
# (allow-interfaces names the host's own veths); every process is stopped by the PID recorded when
# it started, and every namespace is deleted, on any exit (trap EXIT). Never pkill/killall.

LAN_TAG="fy$$"                 # keeps names unique per run; interface names stay under 15 bytes
LAN_WORK=$(mktemp -d /tmp/ferry-lan.XXXXXX)
chmod 755 "$LAN_WORK"            # ferry and ferryd run as nobody (lan_env) and read the files sent from here
LAN_PIDS=()                    # every process started, stopped in reverse order
LAN_NETNS=()
declare -A LAN_HOLDER           # host -> PID of the process holding its mount namespace
declare -A LAN_IFACES           # host -> its veth names, comma-separated
declare -A LAN_AVAHI            # host -> avahi-daemon PID
declare -A LAN_FERRYD           # host -> ferryd PID
declare -A LAN_BUS              # host -> dbus-daemon PID

lan_log() { printf '%s\n' "$*" >&2; }

lan_cleanup() {
    local index pid
    for ((index = ${#LAN_PIDS[@]} - 1; index >= 0; index--)); do
        pid=${LAN_PIDS[index]}
        kill -TERM "$pid" 2>/dev/null || true
    done
    sleep 0.3
    for pid in "${LAN_PIDS[@]}"; do
        kill -KILL "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    for ns in "${LAN_NETNS[@]}"; do ip netns del "$ns" 2>/dev/null || true; done
    rm -rf "$LAN_WORK"
}

# Whether this machine can build the test bed; prints why not.
lan_possible() {
    [[ $(id -u) == 0 ]] || { echo "not root"; return 1; }
    command -v ip >/dev/null && command -v avahi-daemon >/dev/null && command -v dbus-daemon >/dev/null \
        && command -v nsenter >/dev/null || { echo "ip, avahi-daemon, dbus-daemon or nsenter missing"; return 1; }
    ip netns add "${LAN_TAG}probe" 2>/dev/null || { echo "cannot create network namespaces"; return 1; }
    ip netns del "${LAN_TAG}probe"
}

lan_track() { LAN_PIDS+=("$1"); }

# lan_host NAME: a namespace with loopback up and a holder process owning a private /run.
lan_host() {
    local host=$1 ns="${LAN_TAG}$1"
    ip netns add "$ns"
    LAN_NETNS+=("$ns")
    ip -n "$ns" link set lo up
    mkdir -p "$LAN_WORK/$host"
    ip netns exec "$ns" unshare -m --propagation private \
        sh -c 'mount -t tmpfs tmpfs /run && mkdir -p /run/dbus /run/avahi-daemon && exec sleep infinity' &
    LAN_HOLDER[$host]=$!
    lan_track $!
    lan_wait 5 lan_in "$host" test -d /run/avahi-daemon 2>/dev/null || { lan_log "host $host did not come up"; return 1; }
}

# lan_in HOST COMMAND...: runs COMMAND inside HOST (its network and its /run).
lan_in() {
    local host=$1
    shift
    nsenter -t "${LAN_HOLDER[$host]}" -m -n "$@"
}

# lan_spawn HOST LOG COMMAND...: starts COMMAND inside HOST in the background; LAN_LAST is its PID.
# (nsenter execs COMMAND, so the PID recorded is the command's own, and stopping it stops it.)
lan_spawn() {
    local host=$1 log=$2
    shift 2
    nsenter -t "${LAN_HOLDER[$host]}" -m -n "$@" >>"$log" 2>&1 &
    LAN_LAST=$!
    lan_track "$LAN_LAST"
}

# lan_link HOST1 ADDRESS1 HOST2 ADDRESS2: a veth pair between two hosts, addresses as CIDR.
lan_link() {
    local a=$1 address_a=$2 b=$3 address_b=$4
    local if_a="${LAN_TAG}${a}${b}" if_b="${LAN_TAG}${b}${a}"
    ip link add "$if_a" netns "${LAN_TAG}$a" type veth peer name "$if_b" netns "${LAN_TAG}$b"
    ip -n "${LAN_TAG}$a" addr add "$address_a" dev "$if_a"
    ip -n "${LAN_TAG}$b" addr add "$address_b" dev "$if_b"
    ip -n "${LAN_TAG}$a" link set "$if_a" up multicast on
    ip -n "${LAN_TAG}$b" link set "$if_b" up multicast on
    LAN_IFACES[$a]="${LAN_IFACES[$a]:+${LAN_IFACES[$a]},}$if_a"
    LAN_IFACES[$b]="${LAN_IFACES[$b]:+${LAN_IFACES[$b]},}$if_b"
}

# lan_bus HOST: the host's D-Bus system bus, on its private /run.
lan_bus() {
    local host=$1
    lan_spawn "$host" "$LAN_WORK/$host/dbus.log" dbus-daemon --system --nofork --nopidfile
    LAN_BUS[$host]=$LAN_LAST
    lan_wait 5 lan_in "$host" test -S /run/dbus/system_bus_socket || { lan_log "no D-Bus on $host"; return 1; }
}

# lan_avahi HOST [reflector]: avahi-daemon on the host's own veths only.
lan_avahi() {
    local host=$1 reflector=${2:-no}
    [[ -n ${LAN_IFACES[$host]} ]] || { lan_log "refusing avahi-daemon on $host: it has no veth"; return 1; }
    cat >"$LAN_WORK/$host/avahi.conf" <<CONF
[server]
host-name=$host
use-ipv4=yes
use-ipv6=no
allow-interfaces=${LAN_IFACES[$host]}
enable-dbus=yes
ratelimit-interval-usec=0
[wide-area]
enable-wide-area=no
[publish]
publish-workstation=no
publish-hinfo=no
[reflector]
enable-reflector=$reflector
CONF
    lan_in "$host" rm -f /run/avahi-daemon/socket /run/avahi-daemon/pid
    lan_spawn "$host" "$LAN_WORK/$host/avahi.log" \
        avahi-daemon -f "$LAN_WORK/$host/avahi.conf" --no-drop-root --no-chroot --no-rlimits
    LAN_AVAHI[$host]=$LAN_LAST
    lan_wait 10 lan_in "$host" test -S /run/avahi-daemon/socket || { lan_log "avahi-daemon did not start on $host"; return 1; }
}

# Ferry runs as a normal user, as people run it (issue 13: root hid a socket option only root may
# set): nobody, through setpriv. LAN_AS_ROOT=1 keeps root (to tell a permission fault from another).
if [[ ${LAN_AS_ROOT:-} == 1 ]]; then LAN_UID=0 LAN_GID=0; else LAN_UID=$(id -u nobody) LAN_GID=$(id -g nobody); fi

# lan_env HOST: how Ferry runs on HOST, for `env $(lan_env HOST) PROGRAM ARGS...`: its own home,
# socket and folders, then the switch to LAN_UID (so it comes last, right before the program).
lan_env() {
    local home="$LAN_WORK/$1/home"
    if [[ ! -d $home/run ]]; then
        mkdir -p "$home/run"
        chmod 700 "$home/run"
        chown -R "$LAN_UID:$LAN_GID" "$home"
    fi
    # FERRY_DAEMON points nowhere so the CLI never starts a ferryd of its own that no one would stop.
    echo "HOME=$home XDG_RUNTIME_DIR=$home/run XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data" \
         "XDG_STATE_HOME=$home/state FERRY_DAEMON=/nonexistent/ferryd FERRY_SCHEMES_DIR=$FERRY_SCHEMES"
    ((LAN_UID == 0)) || echo "setpriv --reuid=$LAN_UID --regid=$LAN_GID --clear-groups --"
}

# lan_ferryd HOST [VAR=VALUE...]: starts ferryd on HOST and waits for its socket.
lan_ferryd() {
    local host=$1
    shift
    lan_in "$host" rm -f "$LAN_WORK/$host/home/run/ferry/ferryd.sock"
    # shellcheck disable=SC2046
    lan_spawn "$host" "$LAN_WORK/$host/ferryd.log" env ${LAN_FERRYD_ENV:-} "$@" $(lan_env "$host") "$FERRYD"
    LAN_FERRYD[$host]=$LAN_LAST
    lan_wait 5 lan_in "$host" test -S "$LAN_WORK/$host/home/run/ferry/ferryd.sock" || { lan_log "ferryd did not start on $host: $(tail -n 5 "$LAN_WORK/$host/ferryd.log" 2>/dev/null)"; return 1; }
}

# lan_ferry HOST ARGS...: the ferry CLI on HOST.
lan_ferry() {
    local host=$1
    shift
    # shellcheck disable=SC2046
    lan_in "$host" env $(lan_env "$host") "$FERRY" "$@"
}

# lan_wait SECONDS COMMAND...: retries COMMAND every 0.1 s until it succeeds or time is up.
lan_wait() {
    local deadline=$(( $(date +%s%N) + ${1%.*} * 1000000000 ))
    shift
    until "$@"; do
        (( $(date +%s%N) < deadline )) || return 1
        sleep 0.1
    done
}

# lan_stop PID [SIGNAL]: stops one process this test bed started.
lan_stop() {
    kill -"${2:-TERM}" "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}
