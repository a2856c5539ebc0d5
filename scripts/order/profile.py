#!/usr/bin/env python3
"""Writes the link order files of ferryd and ferry (scripts/order/*.txt): the functions each runs on
its hot paths, in first-run order, as callgrind records them. lld places those functions first
(--symbol-ordering-file), so the code a path runs shares a few pages instead of touching most of a
28 MB text: an idle ferryd maps 7 MB less of its binary, and ferry's start faults fewer pages in.

Usage: scripts/order/profile.py BIN-DIR   (a release build: ferry, ferryd, todo-managed, ferry-bench-app)
Needs valgrind. Runs in a network namespace of its own (unshare --net), so ferryd's transfer listener
is on, as installed, and listens on no network of this machine. Rerun it when the hot paths change;
a name that no longer exists is skipped by the linker, so a stale file costs only locality."""
import os, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "../../Benchmarks/daemon"))
from bench import World  # noqa: E402  (the daemon benchmark's world: 13 apps, a managed app, a command app)

def callgrind(binary, out, arguments, env, background=False):
    """binary under callgrind with names as in the symbol table (Swift's are not demangled)."""
    command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no",
               "--compress-strings=no", "--demangle=no", binary, *arguments]
    if background:
        return subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

def functions(out, binary):
    """The functions of `binary` in a callgrind output, in the order the file names them."""
    names, seen, current = [], set(), None
    for line in open(out, errors="replace"):
        if line.startswith("ob="):
            current = line[3:].strip()
        elif line.startswith("fn=") and current == binary:
            # callgrind marks a recursive call's context as NAME'2; symbols never contain a quote.
            name = line[3:].strip().split("'")[0]
            if name not in seen:
                seen.add(name)
                names.append(name)
    return names

def symbols_only(path, folder):
    """A copy without DWARF: valgrind 3.19 cannot read Swift 6's, and needs only the symbol table."""
    copy = os.path.join(folder, os.path.basename(path))
    subprocess.run(["objcopy", "--strip-debug", path, copy], check=True)
    return copy

def wait_for(path, seconds=60):
    deadline = time.monotonic() + seconds
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            sys.exit(f"profile.py: ferryd under valgrind did not create {path} within {seconds} s")
        time.sleep(0.1)

class Arguments:
    def __init__(self, bindir):
        self.ferry = os.path.join(bindir, "ferry")
        self.todo_managed = os.path.join(bindir, "todo-managed")
        self.bench_app = os.path.join(bindir, "ferry-bench-app")

def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    bindir = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory(prefix="ferry-order-") as folder:
        ferryd, ferry = symbols_only(os.path.join(bindir, "ferryd"), folder), symbols_only(os.path.join(bindir, "ferry"), folder)
        world = World(Arguments(bindir), 10)
        try:
            env = dict(world.env, FERRY_DAEMON="/nonexistent", DBUS_SESSION_BUS_ADDRESS="unix:path=/nonexistent")
            del env["FERRY_TRANSFER_PORT"]
            os.makedirs(os.path.dirname(env["FERRY_SOCKET"]), mode=0o700, exist_ok=True)
            # ferry's paths without a daemon first: --version, a command handler opened directly.
            cli = [os.path.join(folder, f"ferry.{i}.out") for i in range(6)]
            callgrind(ferry, cli[0], ["--version"], env)
            callgrind(ferry, cli[1], ["open", "benchcmd://x"], env)
            daemon = callgrind(ferryd, os.path.join(folder, "ferryd.out"), [], env, background=True)
            wait_for(env["FERRY_SOCKET"])
            callgrind(ferry, cli[2], ["open", "benchapp://x"], env)
            callgrind(ferry, cli[3], ["open", "--wait", "todolist-managed://add?title=x"], env)
            callgrind(ferry, cli[4], ["ps"], env)
            callgrind(ferry, cli[5], ["apps"], env)
            time.sleep(2)
            daemon.terminate()
            daemon.wait(timeout=60)
        finally:
            world.close()
        write(os.path.join(here, "ferryd.txt"), functions(os.path.join(folder, "ferryd.out"), ferryd))
        cli_names, seen = [], set()
        for out in cli:
            for name in functions(out, ferry):
                if name not in seen:
                    seen.add(name)
                    cli_names.append(name)
        write(os.path.join(here, "ferry.txt"), cli_names)

def write(path, names):
    """Swift's functions first: each has a section of its own (-function-sections), so they pack
    tightly; a C or C++ name moves its object's whole .text (the toolchain's libraries and BoringSSL
    are not built with function sections), which would spread the Swift ones over megabytes."""
    if len(names) < 500:
        sys.exit(f"profile.py: only {len(names)} functions recorded for {path}; is valgrind working?")
    names = [n for n in names if n.startswith("$s")] + [n for n in names if not n.startswith("$s")]
    with open(path + ".new", "w") as f:
        f.write("\n".join(names) + "\n")
    os.replace(path + ".new", path)
    print(f"{path}: {len(names)} functions")

if __name__ == "__main__":
    main()
