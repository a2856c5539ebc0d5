#!/usr/bin/env python3
"""Writes the link order files of ferryd and ferry (scripts/order/*.txt): the functions each runs on
its hot paths, as callgrind records them: for ferryd, what an idle ferryd ran before what its
commands ran. lld places those functions first (--symbol-ordering-file), so the code a path runs
shares a few pages instead of touching most of a 28 MB text: an idle ferryd maps 7 MB less of its
binary, and ferry's start faults fewer pages in. Names that sit in a section shared with other
functions (parts of the toolchain's libraries) go last: naming one moves the whole section.

Usage: scripts/order/profile.py BIN-DIR   (a release build: ferry, ferryd, todo-managed, ferry-bench-app)
Needs valgrind. Runs in a network namespace of its own (unshare --net), so ferryd's transfer listener
is on, as installed, and listens on no network of this machine. Rerun it when the hot paths change;
a name that no longer exists is skipped by the linker, so a stale file costs only locality."""
import os, shutil, subprocess, sys, tempfile, time

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
    if os.environ.get("FERRY_ORDER_NETNS") != "1":
        os.execvpe("unshare", ["unshare", "--net", sys.executable, os.path.abspath(__file__), bindir],
                   dict(os.environ, FERRY_ORDER_NETNS="1"))
    movable = movable_functions(bindir)
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
            # ferryd twice: started and left idle (what an idle ferryd keeps mapped), then started,
            # used and stopped. The idle run's functions go first, so they share the fewest pages.
            phases = [os.path.join(folder, f"ferryd.{i}.out") for i in range(2)]
            for phase, out in enumerate(phases):
                daemon = callgrind(ferryd, out, [], env, background=True)
                wait_for(env["FERRY_SOCKET"])
                if phase == 1:
                    callgrind(ferry, cli[2], ["open", "benchapp://x"], env)
                    callgrind(ferry, cli[3], ["open", "--wait", "todolist-managed://add?title=x"], env)
                    callgrind(ferry, cli[4], ["ps"], env)
                    callgrind(ferry, cli[5], ["apps"], env)
                time.sleep(2)
                daemon.terminate()
                daemon.wait(timeout=60)
                if os.path.exists(env["FERRY_SOCKET"]):
                    os.remove(env["FERRY_SOCKET"])
        finally:
            world.close()
        write(os.path.join(here, "ferryd.txt"), in_order([functions(out, ferryd) for out in phases]), movable)
        write(os.path.join(here, "ferry.txt"), in_order([functions(out, ferry) for out in cli]), movable)

def in_order(lists):
    """The names of every list, each once, in the order first met."""
    names, seen = [], set()
    for names_of_run in lists:
        for name in names_of_run:
            if name not in seen:
                seen.add(name)
                names.append(name)
    return names

def movable_functions(bindir):
    """The functions the linker can place one by one: those alone in a section named after them
    (.text.NAME, from -function-sections). The rest share a section with their object's other code
    (the toolchain's libswiftCore, _Concurrency, FoundationEssentials and libdispatch are partly
    built that way); naming one of them moves the whole section."""
    objects = [line.strip() for line in open(os.path.join(bindir, "ferryd.product/Objects.LinkFileList"))]
    objects += [line.strip() for line in open(os.path.join(bindir, "ferry.product/Objects.LinkFileList"))]
    swiftc = shutil.which("swiftc")
    if not swiftc:
        sys.exit("profile.py: swiftc is not in PATH (export PATH=/opt/swift/usr/bin:$PATH)")
    static = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(swiftc))), "lib/swift_static/linux")
    archives = [os.path.join(static, f) for f in os.listdir(static) if f.endswith(".a")]
    libstdcxx = subprocess.run(["gcc", "-print-file-name=libstdc++.a"], capture_output=True, text=True).stdout.strip()
    if os.path.isabs(libstdcxx):
        archives.append(libstdcxx)
    movable, files = set(), sorted(set(objects)) + archives
    for start in range(0, len(files), 200):
        listing = subprocess.run(["objdump", "-t", *files[start:start + 200]], capture_output=True, text=True).stdout
        for line in listing.splitlines():
            # "0000000000000000 g     F .text.NAME<tab>0000000000000041 [.hidden] NAME"
            where, _, what = line.partition("\t")
            if what and where.split()[-1] == ".text." + what.split()[-1]:
                movable.add(what.split()[-1])
    return movable

def write(path, names, movable):
    """The functions the linker can place one by one first, in the order the runs met them; then
    the names that move a whole shared section, so that those sections sit after the packed hot
    code instead of spreading it over megabytes."""
    if len(names) < 500:
        sys.exit(f"profile.py: only {len(names)} functions recorded for {path}; is valgrind working?")
    names = [n for n in names if n in movable] + [n for n in names if n not in movable]
    with open(path + ".new", "w") as f:
        f.write("\n".join(names) + "\n")
    os.replace(path + ".new", path)
    print(f"{path}: {len(names)} functions, {sum(n in movable for n in names)} placed one by one")

if __name__ == "__main__":
    main()
