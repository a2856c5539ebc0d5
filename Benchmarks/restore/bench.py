#!/usr/bin/env python3
"""Time a restore of a ~1 MB saved state adds to a cold launch: `ferry open --wait` of a managed
app whose state was saved by `ferry quit`, side by side with the same launch after `ferry kill`
(which discards the state), alternating, medians. Prints figures and the difference; see README.md."""
import argparse, os, plistlib, shutil, signal, statistics, subprocess, sys, tempfile, time

def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--ferry", required=True)
    p.add_argument("--app", required=True, help="ferry-restore-bench-app")
    p.add_argument("--runs", type=int, default=60)
    return p.parse_args()

class World:
    def __init__(self, args):
        self.root = tempfile.mkdtemp(prefix="ferry-restore-bench-")
        apps = os.path.join(self.root, "apps")
        bundle = os.path.join(apps, "restore.app")
        os.makedirs(bundle)
        with open(os.path.join(bundle, "Info.plist"), "wb") as f:
            plistlib.dump({"CFBundleIdentifier": "org.ferry.bench.restore", "CFBundleExecutable": "app",
                           "CFBundleVersion": "1", "FerryAppKind": "managed",
                           "CFBundleURLTypes": [{"CFBundleURLSchemes": ["restorebench"]}]}, f)
        shutil.copy(args.app, os.path.join(bundle, "app"))
        self.env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": self.root, "FERRY_APPS_PATH": apps,
                    "XDG_DATA_HOME": self.root + "/data", "XDG_CONFIG_HOME": self.root + "/config",
                    "XDG_STATE_HOME": self.root + "/state", "FERRY_SOCKET": self.root + "/run/ferryd.sock",
                    "FERRY_SCHEMES_DIR": os.path.join(os.path.dirname(__file__), "../../schemes")}
        self.ferry = args.ferry
        self.app = "org.ferry.bench.restore"

    def run(self, *arguments):
        done = subprocess.run([self.ferry, *arguments], env=self.env, capture_output=True, text=True)
        return done

    def must(self, *arguments):
        done = self.run(*arguments)
        if done.returncode != 0:
            sys.exit(f"ferry {' '.join(arguments)} failed ({done.returncode}): {done.stderr.strip()}")
        return done

    def timed_launch(self):
        start = time.perf_counter()
        self.must("open", "--wait", "-q", "restorebench://x/go")
        return (time.perf_counter() - start) * 1000

    def app_side(self):
        path = os.path.join(self.root, "data/ferry/Containers", self.app, "Documents/restore-us")
        with open(path) as f:
            last = f.read().split("\n")[-2].split()
        return int(last[0]) / 1000, int(last[1]) / 1000, int(last[2])

    def close(self):
        try:
            with open(self.env["FERRY_SOCKET"] + ".lock") as f:
                pid = int(f.read())
            os.kill(pid, signal.SIGTERM)
            for _ in range(100):
                if not os.path.exists(f"/proc/{pid}") or open(f"/proc/{pid}/stat").read().split()[2] == "Z":
                    break
                time.sleep(0.05)
        except (OSError, ValueError):
            pass
        shutil.rmtree(self.root, ignore_errors=True)

def measure(world, shape, runs, warmup=3):
    """Alternates: fill, quit (saves), timed launch (restores) / fill, kill (discards), timed launch."""
    rows = {"with": [], "without": [], "app-with": [], "app-without": [], "recv-with": [], "recv-without": []}
    size = 0
    world.must("open", "--wait", "-q", "restorebench://x/go")
    for i in range(runs + warmup):
        for case in ("with", "without"):
            world.must("open", "--wait", "-q", f"restorebench://x/fill-{shape}")
            world.must("quit" if case == "with" else "kill", world.app)
            if case == "with":
                state = world.run("state", world.app, "--json")
                size = int(__import__("json").loads(state.stdout)["size"])
            elapsed = world.timed_launch()
            recv_ms, app_ms, restored = world.app_side()
            if case == "with" and restored == 0:
                sys.exit("the state was not restored; see the app's log")
            if i >= warmup:
                rows[case].append(elapsed)
                rows["app-" + case].append(app_ms)
                rows["recv-" + case].append(recv_ms)
    return {k: statistics.median(v) for k, v in rows.items()}, size, rows

def main():
    args = parse()
    print(f"restore benchmark: cold `ferry open --wait` of a managed app, {args.runs} alternating runs per row, medians")
    print(f"{'state':<24}{'archive':>10}{'launch, restored':>18}{'launch, clean':>15}{'added':>9}{'receive':>9}{'restore':>9}")
    for shape, label in (("many", "1,000 objects x 1 KB"), ("one", "1 object x 1 MB")):
        world = World(args)
        try:
            medians, size, _ = measure(world, shape, args.runs)
        finally:
            world.close()
        added = medians["with"] - medians["without"]
        app_added = medians["app-with"] - medians["app-without"]
        recv_added = medians["recv-with"] - medians["recv-without"]
        verdict = "met" if added <= 5 else "NOT met"
        print(f"{label:<24}{size / 1e6:>8.2f} MB{medians['with']:>15.2f} ms{medians['without']:>12.2f} ms"
              f"{added:>6.2f} ms{recv_added:>6.2f} ms{app_added:>6.2f} ms   target <= 5 ms: {verdict}")
    print("added = median launch with the state restored minus median launch without state (ferry open --wait, wall time)")
    print("receive, restore = the same difference inside the app: main to willFinishLaunching (ferryd reads, decrypts")
    print("and sends the state; the app receives it), willFinishLaunching to didFinishLaunching (restoration)")

if __name__ == "__main__":
    main()
