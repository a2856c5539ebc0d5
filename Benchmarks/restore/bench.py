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
                    "FERRY_SCHEMES_DIR": os.path.join(os.path.dirname(__file__), "../../schemes"),
                    # Dispatch only: no Avahi, no LocalSend multicast from the root namespace.
                    "FERRY_DISCOVERY": "off", "FERRY_TRANSFER_PORT": "off"}
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
        """The launch's wall time, and its start and end on CLOCK_MONOTONIC (the app's clock)."""
        start = time.monotonic()
        self.must("open", "--wait", "-q", "restorebench://x/go")
        end = time.monotonic()
        return (end - start) * 1000, start, end

    def app_side(self):
        path = os.path.join(self.root, "data/ferry/Containers", self.app, "Documents/restore-us")
        with open(path) as f:
            last = f.read().split("\n")[-2].split()
        return int(last[0]) / 1000, int(last[1]) / 1000, int(last[2]), int(last[3]) / 1e6, int(last[4]) / 1e6

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
    rows = {k + "-" + c: [] for k in ("launch", "app", "recv", "before", "after") for c in ("with", "without")}
    size = 0
    world.must("open", "--wait", "-q", "restorebench://x/go")
    for i in range(runs + warmup):
        for case in ("with", "without"):
            world.must("open", "--wait", "-q", f"restorebench://x/fill-{shape}")
            world.must("quit" if case == "with" else "kill", world.app)
            if case == "with":
                state = world.run("state", world.app, "--json")
                size = int(__import__("json").loads(state.stdout)["size"])
            elapsed, start, end = world.timed_launch()
            recv_ms, app_ms, restored, main_at, finished_at = world.app_side()
            if case == "with" and restored == 0:
                sys.exit("the state was not restored; see the app's log")
            if i >= warmup:
                rows["launch-" + case].append(elapsed)
                rows["app-" + case].append(app_ms)
                rows["recv-" + case].append(recv_ms)
                rows["before-" + case].append((main_at - start) * 1000)
                rows["after-" + case].append((end - finished_at) * 1000)
    return {k: statistics.median(v) for k, v in rows.items()}, size, rows

def main():
    args = parse()
    print(f"restore benchmark: cold `ferry open --wait` of a managed app, {args.runs} alternating runs per row, medians")
    print(f"{'state':<22}{'archive':>9}{'restored':>11}{'clean':>10}{'added':>10}   where the added time goes: "
          f"{'to main':>8}{'receive':>9}{'restore':>9}{'after':>8}")
    for shape, label in (("many", "1,000 objects x 1 KB"), ("one", "1 object x 1 MB")):
        world = World(args)
        try:
            medians, size, _ = measure(world, shape, args.runs)
        finally:
            world.close()
        added = {k: medians[k + "-with"] - medians[k + "-without"] for k in ("launch", "before", "recv", "app", "after")}
        verdict = "met" if added["launch"] <= 5 else "NOT met"
        print(f"{label:<22}{size / 1e6:>6.2f} MB{medians['launch-with']:>8.2f} ms{medians['launch-without']:>7.2f} ms"
              f"{added['launch']:>7.2f} ms   (target <= 5 ms: {verdict:<7})"
              f"{added['before']:>5.2f} ms{added['recv']:>6.2f} ms{added['app']:>6.2f} ms{added['after']:>5.2f} ms")
    print("restored, clean = median wall time of `ferry open --wait` with the state restored, and without state")
    print("added = restored minus clean; then the same difference for each stretch of the launch (medians, so they")
    print("need not add up): to main (ferry starts, ferryd takes the archive and spawns the app), receive (main to")
    print("willFinishLaunching: ferryd decrypts the state into the app's memory file, the app reads it), restore")
    print("(willFinishLaunching to didFinishLaunching: decoding, the four-step lookup, decodeRestorableState),")
    print("after (didFinishLaunching to the command's exit: the URL is opened and ferry answered)")

if __name__ == "__main__":
    main()
