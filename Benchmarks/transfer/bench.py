#!/usr/bin/env python3
"""The rows of the transfer benchmark, run from host A to host B of the LAN test bed that run.sh
built: iperf3, openssl s_server/s_client, scp, rsync over ssh and ferry send, for one big file and
for many small ones, each row once per run in turn (the machine is shared: medians of the runs);
then the peak RSS of both ferryds while ferry sends a (sparse) huge file.

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
        perf = subprocess.Popen(["perf", "record", "-g", "-q", "-o", out, "-p", f"{self.args.ferryd_a},{self.args.ferryd_b}"],
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


def report(args, times, big_bytes, small_bytes, rss, huge):
    med = {key: statistics.median(values) for key, values in times.items()}
    rate = lambda key, size: size / med[key] / MB
    big_label, small_label = amount(args.big_mib), f"{args.small:,} x 4 KiB"
    print(f"\n{'row (medians)':34}{big_label + ': MB/s':>14}{'s':>8}{small_label + ': MB/s':>22}{'s':>8}{'files/s':>9}")
    for name, label in ROWS:
        big = f"{rate((name, 'big'), big_bytes):14.0f}{med[(name, 'big')]:8.2f}"
        small = f"{'-':>22}{'-':>8}{'-':>9}" if name == "iperf3" else \
            f"{rate((name, 'small'), small_bytes):22.1f}{med[(name, 'small')]:8.2f}{args.small / med[(name, 'small')]:9.0f}"
        print(f"{label:34}{big}{small}")
    print("\nruns (s): " + "; ".join(f"{n} {kind}: " + " ".join(f"{t:.2f}" for t in v) for (n, kind), v in times.items()))
    ratio = lambda kind, other: med[(other, kind)] / med[("ferry", kind)]
    print("\nferry send against the others (speed ratio, > 1 is faster):")
    for other in ("iperf3", "openssl", "scp", "rsync"):
        small = "" if other == "iperf3" else f", {small_label} {ratio('small', other):.2f}"
        print(f"  vs {other:8} {big_label} {ratio('big', other):.2f}{small}")
    verdict = lambda ok: "met" if ok else "NOT met"
    targets = [(f"{big_label} at >= 90% of openssl TLS", ratio("big", "openssl"), 0.9),
               (f"{big_label} >= 1.5x scp", ratio("big", "scp"), 1.5),
               (f"{small_label} >= 2x rsync over ssh", ratio("small", "rsync"), 2.0)]
    print("\ntargets:")
    for label, value, goal in targets:
        print(f"  {label:42} {value:.2f}  {verdict(value >= goal)}")
    if huge:
        seconds, mib = huge
        print(f"  {'ferryd RSS <= 64 MB sending ' + amount(mib):42} A {rss[0]:.1f} MB, B {rss[1]:.1f} MB  "
              f"{verdict(max(rss) <= 64)}   ({(mib << 20) / seconds / MB:.0f} MB/s, {seconds:.1f} s)")


ROWS = [("iperf3", "iperf3 (raw TCP, the ceiling)"), ("openssl", "openssl s_server/s_client (TLS)"),
        ("scp", "scp"), ("rsync", "rsync over ssh"), ("ferry", "ferry send")]


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
    args = parser.parse_args()
    bench = Bench(args)
    start_load = load()
    print(f"== data on tmpfs in A: {args.big_mib} MiB of random bytes, {args.small} files of 4 KiB, "
          f"a sparse {args.huge_mib} MiB file; {args.runs} runs, rows in turn")
    bench.a.sh(f"python3 {os.path.abspath(__file__)} make-data {bench.src} {args.big_mib} {args.small} {args.huge_mib}")
    bench.b.sh(f"mkdir -p {bench.dst}")
    big_bytes, small_bytes = args.big_mib << 20, args.small * 4096
    times = {}
    for run in range(args.runs):
        for kind, path, files, size in (("big", bench.src + "/big.bin", 1, big_bytes),
                                        ("small", bench.src + "/small", args.small, small_bytes)):
            for name, _ in ROWS:
                if name == "iperf3" and kind == "small" or name not in args.rows.split(","):
                    continue
                seconds = bench.row(name, path, files, size)
                times.setdefault((name, kind), []).append(seconds)
                print(f"  run {run + 1} {kind:5} {name:8} {seconds:7.2f} s", flush=True)
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
    print(f"  load average: {start_load} at the start, {load()} at the end ({os.cpu_count()} cores)")
    if len(times) == 2 * len(ROWS) - 1:
        report(args, times, big_bytes, small_bytes, rss, huge)
    elif huge:
        print(f"  ferryd peak RSS sending {amount(huge[1])}: A {rss[0]:.1f} MB, B {rss[1]:.1f} MB ({huge[0]:.1f} s)")


if __name__ == "__main__":
    main()
