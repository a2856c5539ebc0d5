#!/usr/bin/env python3
"""Data protection's cost (issue 15), on a loop-mounted ext4 made with -O encrypt (needs root):

- 1 GiB written (fsync'd) and read back (page cache dropped) in a `complete` folder and in a
  `none` folder of the same filesystem: the throughput ratio is fscrypt's cost (AES-256-XTS).
- lock-to-unreadable: `ferry lock --now` through ferryd until open() of a complete file fails;
  unlock-to-readable: `ferry unlock --stdin` (scrypt included) until it opens again.
"""
import argparse, os, shutil, statistics, subprocess, sys, tempfile, time

MIB = 1 << 20


def run(*args, **kw):
    return subprocess.run(args, check=True, capture_output=True, text=True, **kw)


def drop_caches(path):
    fd = os.open(path, os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)
    try:
        with open("/proc/sys/vm/drop_caches", "w") as f:
            f.write("3\n")
    except OSError:
        pass


def write_read(path, size):
    block = os.urandom(MIB)
    start = time.perf_counter()
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    for _ in range(size // MIB):
        os.write(fd, block)
    os.fsync(fd)
    os.close(fd)
    wrote = time.perf_counter() - start
    os.sync()
    drop_caches(path)
    start = time.perf_counter()
    fd = os.open(path, os.O_RDONLY)
    while os.read(fd, 4 * MIB):
        pass
    os.close(fd)
    read = time.perf_counter() - start
    os.unlink(path)
    return size / MIB / wrote, size / MIB / read


def opens(path):
    try:
        os.close(os.open(path, os.O_RDONLY))
        return True
    except OSError:
        return False


def until(condition, limit=30):
    start = time.perf_counter()
    while not condition():
        if time.perf_counter() - start > limit:
            raise SystemExit("timed out")
        time.sleep(0.0005)
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ferry", required=True)
    parser.add_argument("--size-mib", type=int, default=1024)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if os.geteuid() != 0 or not os.path.exists("/dev/loop-control"):
        print("SKIPPED: the protection benchmark needs root and loop devices")
        return
    work = tempfile.mkdtemp(prefix="ferry-bench-protect-")
    image, mount = work + "/fs.img", work + "/mnt"
    os.mkdir(mount)
    with open(image, "wb") as f:
        f.truncate((args.size_mib * 2 + 512) * MIB)
    run("mkfs.ext4", "-q", "-F", "-O", "encrypt", image)
    run("mount", "-o", "loop", image, mount)
    env = dict(os.environ, XDG_DATA_HOME=mount + "/data", XDG_CONFIG_HOME=work + "/config",
               XDG_STATE_HOME=work + "/state", FERRY_SOCKET=work + "/run/ferryd.sock", FERRY_DISCOVERY="off",
               FERRY_TRANSFER_PORT="0", FERRY_TRANSFER_HOST="127.0.0.1", FERRY_APPS_PATH=work + "/apps",
               FERRY_DAEMON=os.path.join(os.path.dirname(args.ferry), "ferryd"), FERRY_PROTECTION_GRACE="0")
    ferry = lambda *a, **kw: run(args.ferry, *a, env=env, **kw)
    try:
        for name in ("complete", "none"):
            os.makedirs(f"{mount}/data/{name}")
        ferry("ps")  # starts ferryd
        ferry("unlock", "--stdin", input="bench passphrase\n")
        ferry("protection", mount + "/data/complete", "complete")
        ferry("protection", mount + "/data/none", "none")
        rows = {"complete": [], "none": []}
        for _ in range(args.rounds):
            for name in ("none", "complete"):
                rows[name].append(write_read(f"{mount}/data/{name}/big", args.size_mib * MIB))
        med = {n: (statistics.median(w for w, _ in r), statistics.median(x for _, x in r)) for n, r in rows.items()}
        print(f"{args.size_mib} MiB, median of {args.rounds}, MiB/s      write     read")
        for name in ("none", "complete"):
            print(f"  {name:<12}                     {med[name][0]:8.0f} {med[name][1]:8.0f}")
        print(f"  complete / none                  {med['complete'][0] / med['none'][0]:8.2f} {med['complete'][1] / med['none'][1]:8.2f}")

        probe = mount + "/data/complete/probe"
        with open(probe, "w") as f:
            f.write("x")
        locks, unlocks = [], []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.Popen([args.ferry, "lock", "--now", "-q"], env=env)
            until(lambda: not opens(probe))
            locks.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.Popen([args.ferry, "unlock", "--stdin", "-q"], env=env, stdin=subprocess.PIPE).communicate(b"bench passphrase\n")
            until(lambda: opens(probe))
            unlocks.append(time.perf_counter() - start)
        print(f"lock --now to unreadable: median {statistics.median(locks) * 1000:.0f} ms (of 5)")
        print(f"unlock to readable (scrypt included): median {statistics.median(unlocks) * 1000:.0f} ms (of 5)")
    finally:
        pid_file = work + "/run/ferryd.sock.lock"
        if os.path.exists(pid_file):
            try:
                os.kill(int(open(pid_file).read().strip()), 15)
                time.sleep(0.5)
            except (OSError, ValueError):
                pass
        subprocess.run(["umount", mount])
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
