#!/usr/bin/env bash
# ferry send on the LAN test bed (Tests/LAN/lib.sh) against iperf3 (raw TCP), openssl
# s_server/s_client (TLS), scp, rsync over ssh and tar | ssh | tar: hosts A and B joined by a veth pair, each with
# its own avahi-daemon and ferryd; sshd in B on its own port, with a host key and an authorized key
# made for this run. Every row sends from A to B. Data lives on a tmpfs mounted inside each host's
# own mount namespace (gone with the namespace), so the figures are network + crypto, not the disk.
# Usage: Benchmarks/transfer/run.sh [BIN-DIR]   (release build: scripts/bench transfer)
# Environment: RUNS (5), BIG_MIB (1024), SMALL (10000), HUGE_MIB (4096; 0 skips the RSS row);
# ROWS=ferry,openssl (only those rows; also while profiling), BENCH_PERF=FOLDER (perf record of both
# ferryds), BENCH_JSON=FILE (every row's samples as JSON lines, for scripts/bench check).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
bin=$(cd "${1:-$(cd "$root" && swift build --show-bin-path)}" && pwd)   # absolute: nsenter -m starts at /
FERRY="$bin/ferry" FERRYD="$bin/ferryd" FERRY_SCHEMES="$root/schemes"
source "$root/Tests/LAN/lib.sh"
# The data goes with the tmpfs mounts when the namespaces go; unmounted first all the same.
bench_cleanup() {
    # BENCH_LOGS=FOLDER keeps both ferryds' logs (timestamps of the offer and of each delivery).
    [[ -n ${BENCH_LOGS:-} ]] && for host in a b; do cp "$LAN_WORK/$host/ferryd.log" "$BENCH_LOGS/ferryd-$host.log" 2>/dev/null; done
    for host in a b; do [[ -n ${LAN_HOLDER[$host]:-} ]] && lan_in "$host" umount -l "$LAN_WORK/$host/home/data" 2>/dev/null; done
    lan_cleanup
}
trap bench_cleanup EXIT
if ! reason=$(lan_possible); then echo "transfer benchmark skipped: $reason"; exit 0; fi
for tool in iperf3 openssl ssh scp rsync ssh-keygen /usr/sbin/sshd; do
    command -v "$tool" >/dev/null || { echo "transfer benchmark: $tool is missing (scripts/bench transfer installs it)"; exit 1; }
done
[[ -x $FERRY && -x $FERRYD ]] || { echo "no ferry/ferryd in $bin"; exit 1; }

BIG_MIB=${BIG_MIB:-1024} HUGE_MIB=${HUGE_MIB:-4096}
# tmpfs sizes: A holds the 1 GiB file and the small files (the 4 GiB one is sparse); B one copy
# at a time, the 4 GiB file included, plus ferryd's free-space reserve.
size_a=$((BIG_MIB + 512))M size_b=$(( (BIG_MIB > HUGE_MIB ? BIG_MIB : HUGE_MIB) + 1024 ))M

lan_host a && lan_host b && lan_link a 198.18.0.1/24 b 198.18.0.2/24 && lan_bus a && lan_bus b || exit 1
for host in a b; do
    size=size_$host
    mkdir -p "$LAN_WORK/$host/home/data"
    # Owned by the user ferry and ferryd run as (nobody, unless LAN_AS_ROOT=1): root's 0700 shut them out.
    lan_in "$host" mount -t tmpfs -o "size=${!size},mode=0700,uid=$LAN_UID,gid=$LAN_GID" tmpfs "$LAN_WORK/$host/home/data" || exit 1
done
lan_avahi a && lan_avahi b || exit 1
lan_ferryd a FERRY_DEVICE_NAME="Bench A" FERRY_TRANSFER_PORT=7417 \
    && lan_ferryd b FERRY_DEVICE_NAME="Bench B" FERRY_TRANSFER_PORT=7418 || exit 1

# sshd in B: a throwaway host key (pinned on A in known_hosts) and a client key authorized for this run.
ssh_dir="$LAN_WORK/ssh"
mkdir -m 700 "$ssh_dir"
ssh-keygen -q -t ed25519 -N '' -C bench-host -f "$ssh_dir/host_key"
ssh-keygen -q -t ed25519 -N '' -C bench-client -f "$ssh_dir/client_key"
cp "$ssh_dir/client_key.pub" "$ssh_dir/authorized_keys"
echo "[198.18.0.2]:2222 $(cut -d' ' -f1-2 "$ssh_dir/host_key.pub")" >"$ssh_dir/known_hosts"
cat >"$ssh_dir/sshd_config" <<CONF
ListenAddress 198.18.0.2:2222
HostKey $ssh_dir/host_key
AuthorizedKeysFile $ssh_dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile none
Subsystem sftp internal-sftp
CONF
lan_in b mkdir -p /run/sshd
lan_spawn b "$LAN_WORK/b/sshd.log" /usr/sbin/sshd -D -e -f "$ssh_dir/sshd_config"
lan_wait 5 lan_in a ssh -F /dev/null -p 2222 -i "$ssh_dir/client_key" -o BatchMode=yes \
    -o UserKnownHostsFile="$ssh_dir/known_hosts" -o StrictHostKeyChecking=yes root@198.18.0.2 true 2>/dev/null \
    || { echo "sshd in B does not answer: $(tail -5 "$LAN_WORK/b/sshd.log")"; exit 1; }

# B trusts A (contacts, auto-accept); A pins B's fingerprint on the command line.
fp_a=$(lan_ferry a trust self | cut -d' ' -f1) fp_b=$(lan_ferry b trust self | cut -d' ' -f1)
lan_ferry b trust add "$fp_a" --name "Bench A" >/dev/null || { echo "ferry trust add failed on B"; exit 1; }

python3 "$here/bench.py" --ferry "$FERRY" --work "$LAN_WORK" \
    --holder-a "${LAN_HOLDER[a]}" --holder-b "${LAN_HOLDER[b]}" \
    --env-a "$(lan_env a)" --env-b "$(lan_env b)" \
    --ferryd-a "${LAN_FERRYD[a]}" --ferryd-b "${LAN_FERRYD[b]}" \
    --to 198.18.0.2:7418 --fingerprint "$fp_b" \
    --ssh-key "$ssh_dir/client_key" --known-hosts "$ssh_dir/known_hosts" \
    --runs "${RUNS:-5}" --big-mib "$BIG_MIB" --small "${SMALL:-10000}" --huge-mib "$HUGE_MIB" ${ROWS:+--rows "$ROWS"} \
    ${BENCH_JSON:+--json "$BENCH_JSON"}
