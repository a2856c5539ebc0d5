#!/usr/bin/env python3
"""ferry open through ferryd, side by side with a command app and gio open; batch throughput;
10 vs 10,000 installed apps; ferryd's memory. Prints figures and ratios; see README.md.
--idle: only an idle ferryd's RSS with 6 and 13 apps installed (issue 26), --json FILE for
scripts/bench check."""
import argparse, json, os, plistlib, shutil, signal, statistics, subprocess, sys, tempfile, time

def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--ferry", required=True)
    p.add_argument("--todo-managed", required=True)
    p.add_argument("--bench-app", required=True, help="the do-nothing managed app (ferry-bench-app)")
    p.add_argument("--runs", type=int, default=200)
    p.add_argument("--batch", type=int, default=100_000)
    p.add_argument("--idle", action="store_true", help="only the idle ferryd's RSS (6 and 13 apps), --idle-rounds times")
    p.add_argument("--idle-rounds", type=int, default=3)
    p.add_argument("--idle-seconds", type=float, default=2, help="how long ferryd idles before its RSS is read")
    p.add_argument("--json", help="--idle: also write the samples to this file, as JSON lines")
    return p.parse_args()

def median_ms(command, env, runs, warmup=5):
    samples = []
    for i in range(runs + warmup):
        start = time.perf_counter()
        done = subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        elapsed = (time.perf_counter() - start) * 1000
        if done.returncode != 0:
            sys.exit(f"benchmark command failed ({done.returncode}): {' '.join(command)}: {done.stderr.decode().strip()}")
        if i >= warmup:
            samples.append(elapsed)
    samples.sort()
    return statistics.median(samples), samples[len(samples) // 10], samples[len(samples) * 9 // 10]

def write_app(folder, name, plist, executable=None):
    bundle = os.path.join(folder, name + ".app")
    os.makedirs(bundle, exist_ok=True)
    with open(os.path.join(bundle, "Info.plist"), "wb") as f:
        plistlib.dump(plist, f)
    if executable:
        shutil.copy(executable[0], os.path.join(bundle, executable[1]))

def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")

class World:
    def __init__(self, args, extra_apps):
        self.root = tempfile.mkdtemp(prefix="ferry-bench-")
        self.apps = os.path.join(self.root, "apps")
        os.makedirs(self.apps)
        self.env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": self.root,
                    "FERRY_APPS_PATH": self.apps, "XDG_DATA_HOME": self.root + "/data",
                    "XDG_CONFIG_HOME": self.root + "/config", "XDG_STATE_HOME": self.root + "/state",
                    "FERRY_SOCKET": self.root + "/run/ferryd.sock",
                    "FERRY_SCHEMES_DIR": os.path.join(os.path.dirname(__file__), "../../schemes"),
                    # Dispatch only: no Avahi, no LocalSend multicast from the root namespace.
                    "FERRY_DISCOVERY": "off", "FERRY_TRANSFER_PORT": "off", "FERRY_LOCALSEND_PORT": "off"}
        write_app(self.apps, "todo-managed", {
            "CFBundleIdentifier": "com.acme.todo.managed", "CFBundleExecutable": "todo-managed",
            "FerryAppKind": "managed", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["todolist-managed"]}]},
            (args.todo_managed, "todo-managed"))
        write_app(self.apps, "bench", {
            "CFBundleIdentifier": "org.ferry.bench.app", "CFBundleExecutable": "ferry-bench-app",
            "FerryAppKind": "managed", "CFBundleURLTypes": [{"CFBundleURLSchemes": ["benchapp"]}]},
            (args.bench_app, "ferry-bench-app"))
        write_app(self.apps, "cmd", {"CFBundleIdentifier": "org.ferry.bench.cmd", "ProgramArguments": ["/bin/true"],
                                     "CFBundleURLTypes": [{"CFBundleURLSchemes": ["benchcmd"]}]})
        for i in range(extra_apps):
            write_app(self.apps, f"gen{i}", {"CFBundleIdentifier": f"org.ferry.gen{i}", "ProgramArguments": ["/bin/true"],
                                             "CFBundleURLTypes": [{"CFBundleURLSchemes": [f"gen{i}"]}]})
        self.ferry = args.ferry

    def run(self, *arguments, stdin=None):
        return subprocess.run([self.ferry, *arguments], env=self.env, input=stdin, capture_output=True, text=True)

    def daemon_pid(self):
        with open(self.env["FERRY_SOCKET"] + ".lock") as f:
            return int(f.read())

    def close(self):
        try:
            pid = self.daemon_pid()
            os.kill(pid, signal.SIGTERM)
            for _ in range(100):
                if not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z":
                    break
                time.sleep(0.05)
        except (OSError, ValueError):
            pass
        shutil.rmtree(self.root, ignore_errors=True)

def gio_setup(world):
    apps = os.path.join(world.root, "data/applications")
    os.makedirs(apps, exist_ok=True)
    with open(os.path.join(apps, "benchcmd.desktop"), "w") as f:
        f.write("[Desktop Entry]\nType=Application\nName=bench\nExec=/bin/true %u\nMimeType=x-scheme-handler/benchcmd;\n")
    os.makedirs(os.path.join(world.root, "config"), exist_ok=True)
    with open(os.path.join(world.root, "config/mimeapps.list"), "w") as f:
        f.write("[Default Applications]\nx-scheme-handler/benchcmd=benchcmd.desktop\n")
    subprocess.run(["update-desktop-database", apps], capture_output=True)
    env = dict(world.env, XDG_DATA_HOME=world.root + "/data", XDG_CONFIG_HOME=world.root + "/config",
               DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent")
    return env

def idle_rss(args, extra, netns):
    """A fresh ferryd with 3 + extra apps installed, started by `ferry ps` and left alone for
    --idle-seconds: its VmRSS in MB (/proc's kB / 1024). Discovery and LocalSend are off; the transfer
    listener is on, as installed, inside a network namespace of its own (unshare -n) when one can be
    made, so that it listens on no network of this machine; else it is off too."""
    world = World(args, extra)
    try:
        if netns:
            del world.env["FERRY_TRANSFER_PORT"]
        prefix = ["unshare", "--net"] if netns else []
        done = subprocess.run([*prefix, world.ferry, "ps"], env=world.env, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"ferry ps could not start ferryd ({done.returncode}): {done.stderr.strip()}")
        time.sleep(args.idle_seconds)
        return rss_mb(world.daemon_pid())
    finally:
        world.close()

def idle(args):
    netns = subprocess.run(["unshare", "--net", "true"], capture_output=True).returncode == 0
    where = "transfer listener on, in its own network namespace" if netns else "transfer listener off (no unshare --net)"
    print(f"idle ferryd: {args.idle_rounds} rounds, a fresh ferryd each, RSS after {args.idle_seconds:g} s; "
          f"discovery and LocalSend off, {where}")
    samples = {6: [], 13: []}
    for _ in range(args.idle_rounds):
        for apps in samples:
            samples[apps].append(idle_rss(args, apps - 3, netns))
    for apps, values in samples.items():
        print(f"  idle ferryd RSS, {apps} apps: median {statistics.median(values):.1f} MB "
              f"({min(values):.1f}-{max(values):.1f}; target <= 20 MB: {'met' if max(values) <= 20 else 'NOT MET'})")
    if args.json:
        with open(args.json, "w") as f:
            for apps, values in samples.items():
                f.write(json.dumps({"bench": "daemon", "row": f"idle-rss-{apps}", "unit": "MB", "apps": apps,
                                    "transfer_listener": netns, "samples": values}) + "\n")

def main():
    args = parse()
    if args.idle:
        return idle(args)
    print(f"machine: {os.cpu_count()} cores, {open('/proc/cpuinfo').read().split('model name')[1].split(':')[1].splitlines()[0].strip()}, {os.uname().release}")
    print(f"command: {' '.join(sys.argv)}")
    print(f"runs: {args.runs} per row after 5 warm-ups; wall time of the whole command, ms\n")
    rows, figures = [], {}
    for extra in (10, 10_000):
        world = World(args, extra)
        try:
            assert world.run("open", "todolist-managed://warm").returncode == 0, "could not launch todo-managed"
            figures[(extra, "managed")] = median_ms([world.ferry, "open", "--wait", "-q", "todolist-managed://bench.example?Bench#200806231300"], world.env, args.runs)
            figures[(extra, "command")] = median_ms([world.ferry, "open", "--wait", "-q", "benchcmd://x"], world.env, args.runs)
            if extra == 10:
                figures["true"] = median_ms(["/bin/true"], world.env, args.runs)
                if shutil.which("gio"):
                    figures["gio"] = median_ms(["gio", "open", "benchcmd://x"], gio_setup(world), args.runs)
            figures[(extra, "rss")] = rss_mb(world.daemon_pid())
            if extra == 10:
                for name, url in (("batch", "benchapp://x/{}"), ("batch-todo", "todolist-managed://bench.example?Item%20{}#200806231300")):
                    urls = "".join(url.format(i) + "\n" for i in range(args.batch))
                    start = time.perf_counter()
                    done = world.run("open", "-q", "-", stdin=urls)
                    elapsed = time.perf_counter() - start
                    assert done.returncode == 0, done.stderr
                    figures[name] = args.batch / elapsed
        finally:
            world.close()
    line = "{:<58}{:>9.2f}{:>9.2f}{:>9.2f}"
    print("{:<58}{:>9}{:>9}{:>9}".format("row", "median", "p10", "p90"))
    print(line.format("/bin/true (the harness's own process start)", *figures["true"]))
    if "gio" in figures:
        print(line.format("gio open, command handler (.desktop)", *figures["gio"]))
    for extra in (10, 10_000):
        print(line.format(f"ferry open --wait, running managed app, {extra} apps", *figures[(extra, "managed")]))
        print(line.format(f"ferry open --wait, command app (/bin/true), {extra} apps", *figures[(extra, "command")]))
    warm = figures[(10, "managed")][0]
    print()
    print(f"warm ferry open to a managed app: {warm:.2f} ms (target <= 4 ms): {'met' if warm <= 4 else 'NOT MET'}")
    if "gio" in figures:
        ratio = figures["gio"][0] / warm
        print(f"gio open / warm ferry open: {ratio:.2f}x (target >= 3x): {'met' if ratio >= 3 else 'NOT MET'}")
    scale = figures[(10_000, "managed")][0] / warm
    print(f"10,000 apps / 10 apps, managed open: {scale:.2f}x (target: no slower): {'met' if scale <= 1.1 else 'NOT MET'}")
    print(f"batch: {figures['batch']:,.0f} URLs/s through ferry open - to a do-nothing app ({args.batch:,} URLs) (target >= 20,000): {'met' if figures['batch'] >= 20000 else 'NOT MET'}")
    print(f"batch: {figures['batch-todo']:,.0f} URLs/s to todo-managed, which writes two files per URL")
    print(f"ferryd RSS: {figures[(10, 'rss')]:.1f} MB with 10 apps, {figures[(10_000, 'rss')]:.1f} MB with 10,000 (target <= 30 MB): {'met' if figures[(10_000, 'rss')] <= 30 else 'NOT MET'}")

if __name__ == "__main__":
    main()
