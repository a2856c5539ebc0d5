#!/usr/bin/env python3
"""The rows of the transfer benchmark, run from host A to host B of the LAN test bed that run.sh
built: iperf3, openssl s_server/s_client, scp, rsync over ssh, tar | ssh | tar (small files only)
and ferry send, for one big file and for many small ones, each row once per run in turn (the
machine is shared: medians of the runs); receiving ferryd's peak RSS during each many-file send and
its RSS two seconds after; then the peak RSS of both ferryds while ferry sends a (sparse) huge file.
--json FILE writes every row's samples as JSON lines (for scripts/bench check).

Every figure is wall time from the start of the sending command until the data is in B's file
system (for ferry: hashed, checked, synced and in the Inbox; for openssl: s_server has exited).
After each row the received bytes and files are counted on B, and the copy is deleted.
"""
import argparse, json, os, statistics, subprocess, sys, time

MB = 1e6


class Host:
    """Commands inside one host of the test bed: its network and mount namespaces."""

    def __init__(self, holder, env):
        self.prefix = ["nsenter", "-t", str(holder), "-m", "-n"]
        self.env = env.split()

    def run(self, argv, **kw):
        return subprocess.run(self.prefix + argv, capture_output=True, text=True, **kw)

    def sh(self, script):
        result = self.run(["sh", "-c", script])
        if result.returncode != 0:
            sys.exit(f"failed: {script}: {result.stderr.strip()}")
        return result.stdout.strip()

    def spawn(self, script):
        # stdin a pipe kept open: s_server quits at the end of its standard input.
        return subprocess.Popen(self.prefix + ["sh", "-c", script], stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def ferry(self, ferry, *args):
        return self.run(["env", *self.env, ferry, *args])

    def wait_listening(self, port):
        for _ in range(100):
            if self.run(["ss", "-Htln", f"sport = :{port}"]).stdout.strip():
                return
            time.sleep(0.05)
        sys.exit(f"nothing listens on port {port}")


def timed(fn):
    start = time.monotonic()
    fn()
    return time.monotonic() - start


def make_data(folder, big_mib, small_count, huge_mib):
    """Runs inside host A (bench.py make-data ...): random content, so nothing compresses."""
    os.makedirs(folder + "/small", exist_ok=True)
    with open(folder + "/big.bin", "wb") as f:
        for _ in range(big_mib):
            f.write(os.urandom(1 << 20))
    for i in range(small_count):
        with open(f"{folder}/small/f{i:05d}.bin", "wb") as f:
            f.write(os.urandom(4096))
    # Sparse: reading it costs no memory; ferry still hashes, encrypts and stores every byte.
    with open(folder + "/huge.bin", "wb") as f:
        f.truncate(huge_mib << 20)


class Bench:
    def __init__(self, args):
        self.args = args
        self.a, self.b = Host(args.holder_a, args.env_a), Host(args.holder_b, args.env_b)
        self.src = f"{args.work}/a/home/data/bench"
        self.dst = f"{args.work}/b/home/data/bench-in"
        self.inbox_glob = f"{args.work}/b/home/data/ferry/Containers/*/Documents/Inbox"
        self.ssh = ["-F", "/dev/null", "-i", args.ssh_key, "-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes",
                    "-o", f"UserKnownHostsFile={args.known_hosts}", "-o", "StrictHostKeyChecking=yes"]
        self.remote = "root@198.18.0.2"
        self.cpu = {}  # ferry rows: CPU seconds of ferryd A and B, per run
        self.phases = {}  # ferry rows: seconds until accepted, of uploads, of finishing, per run
        self.cert = f"{args.work}/ossl.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                        "-keyout", f"{args.work}/ossl.key", "-out", self.cert, "-days", "1", "-subj", "/CN=bench"],
                       check=True, capture_output=True)

    # Rows: each returns seconds, and leaves the copy on B for check().
    def iperf3(self, path):
        server = self.b.spawn("iperf3 -s -1 -B 198.18.0.2 -p 5201")
        self.b.wait_listening(5201)
        out = self.a.run(["iperf3", "-c", "198.18.0.2", "-p", "5201", "-n", str(self.size(path)), "-J"])
        server.wait()
        received = json.loads(out.stdout)["end"]["sum_received"]
        return received["seconds"]

    def openssl(self, path):
        small = path.endswith("/small")
        sink = f"tar -xf - -C {self.dst}" if small else f"cat > {self.dst}/big.bin"
        source = f"tar -cf - -C {self.src} small" if small else f"cat {path}"
        server = self.b.spawn(f"openssl s_server -accept 4433 -cert {self.cert} -key {self.args.work}/ossl.key "
                              f"-tls1_3 -quiet -naccept 1 | {sink}")
        self.b.wait_listening(4433)

        def go():
            # -nocommands: else a line of the data starting with Q or K is taken as a command.
            self.a.sh(f"{source} | openssl s_client -connect 198.18.0.2:4433 -tls1_3 -quiet -no_ign_eof -nocommands "
                      ">/dev/null 2>&1")
            server.wait()
            server.stdin.close()
        return timed(go)

    def scp(self, path):
        return timed(lambda: self.a.sh(" ".join(["scp", "-q", "-r", "-P", "2222", *self.ssh, path, f"{self.remote}:{self.dst}/"])))

    def rsync(self, path):
        shell = " ".join(["ssh", "-p", "2222", *self.ssh])
        return timed(lambda: self.a.sh(f"rsync -a -e '{shell}' {path} {self.remote}:{self.dst}/"))

    def tarssh(self, path):
        shell = " ".join(["ssh", "-p", "2222", *self.ssh, self.remote, f"'tar -xf - -C {self.dst}'"])
        folder, name = os.path.split(path)
        return timed(lambda: self.a.sh(f"tar -cf - -C {folder} {name} | {shell}"))

    def ferry(self, path):
        phases = {}

        def go():
            # --json: one event a line, stamped as it arrives: when the offer was accepted and when
            # the last file was uploaded tell how the time splits.
            start = time.monotonic()
            child = subprocess.Popen(self.a.prefix + ["env", *self.a.env, self.args.ferry, "send", path, "--to", self.args.to,
                                     "--fingerprint", self.args.fingerprint, "--json"],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for line in child.stdout:
                event = line.split('"event":"', 1)[-1].split('"', 1)[0]
                if event in ("accepted", "file-done"):
                    phases[event] = time.monotonic() - start
            error = child.stderr.read()
            if child.wait() != 0:
                sys.exit(f"ferry send failed ({child.returncode}): {error.strip()}")
            phases["end"] = time.monotonic() - start
            offer, uploaded = phases.get("accepted", 0), phases.get("file-done", 0)
            self.phases.setdefault(os.path.basename(path), []).append((offer, uploaded - offer, phases["end"] - uploaded))
        profile = os.environ.get("BENCH_PERF")
        if not profile:
            before = [cpu_seconds(pid) for pid in (self.args.ferryd_a, self.args.ferryd_b)]
            seconds = timed(go)
            used = [cpu_seconds(pid) - was for pid, was in zip((self.args.ferryd_a, self.args.ferryd_b), before)]
            self.cpu.setdefault(os.path.basename(path), []).append(used)
            return seconds
        # BENCH_PERF=FOLDER: perf record -g of both ferryds during each ferry row (times then include perf's cost).
        out = f"{profile}/ferry-{os.path.basename(path)}-{time.time():.0f}.data"
        # BENCH_PERF_ALL=1: every process on the machine (the sending ferry and the apps too).
        target = ["-a"] if os.environ.get("BENCH_PERF_ALL") == "1" else ["-p", f"{self.args.ferryd_a},{self.args.ferryd_b}"]
        perf = subprocess.Popen(["perf", "record", "-g", "-q", "-o", out, *target],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.5)
        try:
            return timed(go)
        finally:
            perf.send_signal(2)
            perf.wait()

    def size(self, path):
        return int(self.a.sh(f"du -sb --apparent-size {path} | cut -f1"))

    def received(self, row):
        """Bytes and files B holds from the row, then deletes them."""
        where = self.inbox_glob if row == "ferry" else self.dst
        counted = self.b.sh(f"find {where} -type f -printf '%s\\n' | awk '{{ n++; s += $1 }} END {{ printf \"%d %.0f\", n, s }}'")
        self.b.sh(f"rm -rf {where}; mkdir -p {self.dst}")
        files, size = map(int, counted.split())
        return files, size

    def row(self, name, path, files, size):
        seconds = getattr(self, name)(path)
        if name != "iperf3":
            got = self.received(name)
            if got != (files, size):
                sys.exit(f"{name}: B received {got[0]} files, {got[1]} bytes; expected {files}, {size}")
        return seconds


def rss_parts(pid):
    """RssAnon, RssFile and RssShmem now, in MB: what the peak is made of."""
    with open(f"/proc/{pid}/status") as f:
        parts = dict(line.split(":", 1) for line in f if line.startswith(("RssAnon", "RssFile", "RssShmem")))
    return " ".join(f"{key[3:].lower()} {int(value.split()[0]) / 1024:.1f}" for key, value in parts.items())


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0


def cpu_seconds(pid):
    """User + system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def reset_peak(pid):
    with open(f"/proc/{pid}/clear_refs", "w") as f:
        f.write("5")


def load():
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def amount(mib):
    return f"{mib >> 10} GiB" if mib % 1024 == 0 else f"{mib} MiB"


def report(args, times, big_bytes, small_bytes, rss, huge, offer_rss):
    med = {key: statistics.median(values) for key, values in times.items()}
    rate = lambda key, size: size / med[key] / MB
    big_label, small_label = amount(args.big_mib), f"{args.small:,} x 4 KiB"
    print(f"\n{'row (medians)':34}{big_label + ': MB/s':>14}{'s':>8}{small_label + ': MB/s':>22}{'s':>8}{'files/s':>9}")
    for name, label in ROWS:
        big = f"{rate((name, 'big'), big_bytes):14.0f}{med[(name, 'big')]:8.2f}" if (name, "big") in med \
            else f"{'-':>14}{'-':>8}"
        small = f"{rate((name, 'small'), small_bytes):22.1f}{med[(name, 'small')]:8.2f}{args.small / med[(name, 'small')]:9.0f}" \
            if (name, "small") in med else f"{'-':>22}{'-':>8}{'-':>9}"
        if (name, "big") in med or (name, "small") in med:
            print(f"{label:34}{big}{small}")
    print("\nruns (s): " + "; ".join(f"{n} {kind}: " + " ".join(f"{t:.2f}" for t in v) for (n, kind), v in times.items()))
    ratio = lambda kind, other: med[(other, kind)] / med[("ferry", kind)] \
        if (other, kind) in med and ("ferry", kind) in med else None
    print("\nferry send against the others (speed ratio, > 1 is faster):")
    for other, _ in ROWS:
        figures = [f"{label} {ratio(kind, other):.2f}" for kind, label in (("big", big_label), ("small", small_label))
                   if other != "ferry" and ratio(kind, other) is not None]
        if figures:
            print(f"  vs {other:8} " + ", ".join(figures))
    verdict = lambda ok: "met" if ok else "NOT met"
    targets = [(f"{big_label} >= 2x openssl TLS", ratio("big", "openssl"), 2.0),
               (f"{big_label} >= 1.5x scp", ratio("big", "scp"), 1.5),
               (f"{small_label} >= 3x rsync over ssh", ratio("small", "rsync"), 3.0),
               (f"{small_label} >= 2x tar | ssh | tar", ratio("small", "tarssh"), 2.0)]
    print("\ntargets (issue 26):")
    for label, value, goal in targets:
        if value is not None:
            print(f"  {label:42} {value:.2f}  {verdict(value >= goal)}")
    if offer_rss["peak"]:
        peak, after = max(offer_rss["peak"]), max(offer_rss["after"])
        print(f"  {'receiving ferryd <= 48 MB on the offer':42} {peak:.1f} MB (max of the runs)  {verdict(peak <= 48)}")
        print(f"  {'  and < 40 MB two seconds after':42} {after:.1f} MB  {verdict(after < 40)}")
    if huge:
        seconds, mib = huge
        print(f"  {'ferryd RSS <= 64 MB sending ' + amount(mib):42} A {rss[0]:.1f} MB, B {rss[1]:.1f} MB  "
              f"{verdict(max(rss) <= 64)}   ({(mib << 20) / seconds / MB:.0f} MB/s, {seconds:.1f} s)")


def write_json(path, args, times, big_bytes, small_bytes, offer_rss, loads):
    """One JSON line per row and data set, every run's seconds; the offer's RSS; the load averages."""
    with open(path, "w") as f:
        for (name, kind), values in times.items():
            size, files = (big_bytes, 1) if kind == "big" else (small_bytes, args.small)
            f.write(json.dumps({"bench": "transfer", "row": name, "kind": kind, "unit": "s", "bytes": size,
                                "files": files, "samples": values}) + "\n")
        for key, values in offer_rss.items():
            if values:
                f.write(json.dumps({"bench": "transfer", "row": f"offer-rss-{key}", "unit": "MB", "files": args.small,
                                    "samples": values}) + "\n")
        f.write(json.dumps({"bench": "transfer", "row": "load", "start": loads[0], "end": loads[1]}) + "\n")


ROWS = [("iperf3", "iperf3 (raw TCP, the ceiling)"), ("openssl", "openssl s_server/s_client (TLS)"),
        ("scp", "scp"), ("rsync", "rsync over ssh"), ("tarssh", "tar | ssh | tar"), ("ferry", "ferry send")]
# Rows that send only one of the two data sets.
ONLY = {"iperf3": "big", "tarssh": "small"}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "make-data":
        folder, big, small, huge = sys.argv[2], *map(int, sys.argv[3:6])
        return make_data(folder, big, small, huge)
    parser = argparse.ArgumentParser()
    for flag in ("--ferry", "--work", "--env-a", "--env-b", "--to", "--fingerprint", "--ssh-key", "--known-hosts"):
        parser.add_argument(flag, required=True)
    for flag in ("--holder-a", "--holder-b", "--ferryd-a", "--ferryd-b"):
        parser.add_argument(flag, type=int, required=True)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--big-mib", type=int, default=1024)
    parser.add_argument("--small", type=int, default=10000)
    parser.add_argument("--huge-mib", type=int, default=4096)
    parser.add_argument("--rows", default=",".join(name for name, _ in ROWS), help="while profiling: only these rows")
    parser.add_argument("--json", help="also write every row's samples to this file, as JSON lines")
    args = parser.parse_args()
    bench = Bench(args)
    start_load = load()
    print(f"== data on tmpfs in A: {args.big_mib} MiB of random bytes, {args.small} files of 4 KiB, "
          f"a sparse {args.huge_mib} MiB file; {args.runs} runs, rows in turn")
    bench.a.sh(f"python3 {os.path.abspath(__file__)} make-data {bench.src} {args.big_mib} {args.small} {args.huge_mib}")
    bench.b.sh(f"mkdir -p {bench.dst}")
    big_bytes, small_bytes = args.big_mib << 20, args.small * 4096
    times = {}
    offer_rss = {"peak": [], "after": []}  # receiving ferryd (B) on each many-file offer, MB
    for run in range(args.runs):
        for kind, path, files, size in (("big", bench.src + "/big.bin", 1, big_bytes),
                                        ("small", bench.src + "/small", args.small, small_bytes)):
            for name, _ in ROWS:
                if ONLY.get(name, kind) != kind or name not in args.rows.split(","):
                    continue
                offer = name == "ferry" and kind == "small"
                if offer:
                    reset_peak(args.ferryd_b)
                seconds = bench.row(name, path, files, size)
                times.setdefault((name, kind), []).append(seconds)
                note = ""
                if offer:
                    # The peak covers the offer, the uploads and the files' move into the Inbox; the
                    # second reading is two seconds after ferry send returned (ferryd trims its heap within a second) and the copy was deleted.
                    offer_rss["peak"].append(peak_rss_mb(args.ferryd_b))
                    time.sleep(2)
                    offer_rss["after"].append(rss_mb(args.ferryd_b))
                    note = f"  (ferryd B: peak {offer_rss['peak'][-1]:.1f} MB, {offer_rss['after'][-1]:.1f} MB after)"
                print(f"  run {run + 1} {kind:5} {name:8} {seconds:7.2f} s{note}", flush=True)
    huge = None
    rss = (peak_rss_mb(args.ferryd_a), peak_rss_mb(args.ferryd_b))
    print(f"  peak RSS of ferryd over the rows above: A {rss[0]:.1f} MB, B {rss[1]:.1f} MB "
          f"(now: A {rss_parts(args.ferryd_a)}; B {rss_parts(args.ferryd_b)})")
    if args.huge_mib:
        for pid in (args.ferryd_a, args.ferryd_b):
            reset_peak(pid)
        huge = (bench.row("ferry", bench.src + "/huge.bin", 1, args.huge_mib << 20), args.huge_mib)
        rss = (peak_rss_mb(args.ferryd_a), peak_rss_mb(args.ferryd_b))
    for what, runs in bench.cpu.items():
        print(f"  CPU of the ferryds, ferry send {what}: " + "; ".join(f"A {a:.2f} s, B {b:.2f} s" for a, b in runs))
    for what, runs in bench.phases.items():
        print(f"  ferry send {what}, seconds to hash, offer and be accepted / to upload / to finish: "
              + "; ".join(f"{o:.2f} / {u:.2f} / {f:.2f}" for o, u, f in runs))
    end_load = load()
    print(f"  load average: {start_load} at the start, {end_load} at the end ({os.cpu_count()} cores)")
    if args.json:
        write_json(args.json, args, times, big_bytes, small_bytes, offer_rss, (start_load, end_load))
    if ("ferry", "big") in times or ("ferry", "small") in times:
        report(args, times, big_bytes, small_bytes, rss, huge, offer_rss)
    elif huge:
        print(f"  ferryd peak RSS sending {amount(huge[1])}: A {rss[0]:.1f} MB, B {rss[1]:.1f} MB ({huge[0]:.1f} s)")


if __name__ == "__main__":
    main()
