#!/usr/bin/env python3
"""Before/after (A/B) of Ferry's benchmarks: each benchmark run alternately with an old tree's
binaries and a new tree's (old, new, old, new, ...), every printed row side by side with the
median of the rounds. Usage and what it prints: README.md next to this file (run.sh is the entry).

One copy of the benchmark scripts (the new tree's) measures both; each side brings its own ferry,
ferryd and benchmark apps (the app protocol differs between versions). Rows are parsed generically:
a printed line with numbers in it is a row, its label the line with the numbers taken out."""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

BENCHES = ("daemon", "open", "restore", "transfer")

# The transfer benchmark's size for an A/B: Ferry's own rows only, one run per round (the rounds
# give the repetitions), smaller data than the README's run. Each can be overridden from the
# environment.
# LAN_AS_ROOT=1: since Tests/LAN/lib.sh runs Ferry as nobody, ferryd cannot write to the
# benchmark's tmpfs data folder (root's, mode 0700) and transfers are off; as root both sides run
# as the README's figures were measured.
TRANSFER_DEFAULTS = {"ROWS": "ferry", "RUNS": "1", "BIG_MIB": "256", "SMALL": "2000", "HUGE_MIB": "0",
                     "LAN_AS_ROOT": "1"}

# Rows whose numbers no header names: the names of their slots, by the row's label.
SLOT_NAMES = [
    (re.compile(r"^\{\} objects? x \{\} (KB|MB) "),
     {2: "archive MB", 3: "restored ms", 4: "clean ms", 5: "added ms", 7: "to main ms", 8: "receive ms",
      9: "restore ms", 10: "after ms"}),
]

# Lines that are not figures of the thing measured.
SKIP = re.compile(r"^(machine|command|runs|generated|== data on tmpfs)\b|load average")


def parse_args():
    p = argparse.ArgumentParser(prog="Benchmarks/ab/run.sh", description="A/B of Ferry's benchmarks (see Benchmarks/ab/README.md)")
    p.add_argument("old", help="the 'before' tree, built (.build-release/release and .build-static/release)")
    p.add_argument("new", help="the 'after' tree, built the same way; its benchmark scripts measure both")
    p.add_argument("which", nargs="?", default="all", choices=BENCHES + ("all",))
    p.add_argument("--rounds", type=int, default=int(os.environ.get("AB_ROUNDS", "3")))
    p.add_argument("--out", help="folder for every run's raw output (default: a new one under /tmp)")
    args = p.parse_args()
    if args.rounds < 1:
        sys.exit("ab: --rounds must be at least 1")
    args.old, args.new = os.path.realpath(args.old), os.path.realpath(args.new)
    return args


def binaries(root):
    release = f"{root}/.build-release/release"
    # AB_FERRY=release: ferry and ferryd from .build-release (Swift runtime static, libc dynamic),
    # for trees without the fully static ferry.
    static = release if os.environ.get("AB_FERRY") == "release" else f"{root}/.build-static/release"
    return {"ferry": f"{static}/ferry", "ferryd": f"{static}/ferryd", "todo-managed": f"{release}/todo-managed",
            "bench-app": f"{release}/ferry-bench-app", "restore-app": f"{release}/ferry-restore-bench-app"}


def check_built(root):
    missing = [path for path in binaries(root).values() if not os.access(path, os.X_OK)]
    if missing:
        sys.exit(f"ab: {root} is not built ({missing[0]} missing); build it: Benchmarks/ab/build.sh {root}")


def stage(root, side, out):
    """A fresh copy of `root`'s binaries under out/side, in the same layout. Both sides then run
    files written the same way at the same time: two files holding the same bytes measured up to
    0.3 ms apart per `ferry open` (where the page cache put them), and the new side used to run
    the build's own output while the old one ran a copy made earlier."""
    staged = os.path.join(out, side)
    for path in binaries(root).values():
        target = staged + path[len(root):]
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(path, target)
    return staged


def command(bench, root, scripts):
    """The benchmark's command line and extra environment, for the binaries of `root`."""
    b = binaries(root)
    extra = os.environ.get(f"AB_{bench.upper()}_ARGS", "").split()
    if bench == "daemon":
        return ["python3", f"{scripts}/Benchmarks/daemon/bench.py", "--ferry", b["ferry"],
                "--todo-managed", b["todo-managed"], "--bench-app", b["bench-app"], *extra], {}
    if bench == "open":
        return [f"{scripts}/Benchmarks/open-latency/run.sh", "--ferry", b["ferry"], *extra], {}
    if bench == "restore":
        return ["python3", f"{scripts}/Benchmarks/restore/bench.py", "--ferry", b["ferry"], "--app", b["restore-app"],
                *extra], {}
    env = {key: os.environ.get(key, value) for key, value in TRANSFER_DEFAULTS.items()}
    return [f"{scripts}/Benchmarks/transfer/run.sh", os.path.dirname(b["ferry"]), *extra], env


NUMBER = re.compile(r"[-+]?\d+(?:,\d{3})*(?:\.\d+)?")


def numbers(line):
    """The standalone numbers of a line (not those inside a word, a path or a version), as
    (start, end, value) triples. A number may carry an `x` (a ratio) or `%` right after it."""
    found = []
    for m in NUMBER.finditer(line):
        start, end = m.span()
        before = line[start - 1] if start else " "
        after, after2 = line[end:end + 1], line[end + 1:end + 2]
        signed = m.group()[0] in "+-"
        # A sign right after a word is a hyphen (x86-64, sock-0), unless a unit ends there (ms-1.61 ms).
        if (before.isalnum() and not (signed and before.isalpha() and after in " \n")) or before in "._/":
            continue
        if after == "." and after2.isdigit() or after == "/" or after == "_":
            continue
        if after.isalnum() and not (after == "x" and not after2.isalnum()):
            continue
        found.append((start, end, float(m.group().replace(",", ""))))
    return found


def template(line, found):
    """The line with its numbers replaced by {} and verdicts (met / NOT met) removed."""
    parts, last = [], 0
    for start, end, _ in found:
        parts.append(line[last:start].replace("{", "(").replace("}", ")"))
        parts.append(" {} ")  # spaced: a figure wider than its column eats the space before it
        last = end
    parts.append(line[last:].replace("{", "(").replace("}", ")"))
    text = re.sub(r"\bNOT (?:met|MET)\b|\bmet\b", "", "".join(parts))
    # What the verdicts leave at the end of a line ("gio: , direct:").
    text = re.sub(r"(\s*[\w/-]+:\s*,?)+\s*$", "", text)
    return " ".join(text.split())


def header_columns(line):
    """A table header (words spread with runs of spaces, no numbers): its words with their ends."""
    if numbers(line) or len(line.split()) < 3 or "  " not in line.strip():
        return None
    return [(m.group(), m.end()) for m in re.finditer(r"\S+", line)]


UNIT = re.compile(r"(?:x|%| ?(?:ms|s|MB|KB|MiB|GiB)\b)")


def column_names(line, found, header):
    """Each number's column in a fixed-width table: the header word whose end is nearest the end of
    the number (with its unit), if within 2 characters; not the first (the label's) column. A label
    longer than its column shifts the row right: the shift that names the most numbers is taken."""
    rights = []
    for _, end, _ in found:
        unit = UNIT.match(line, end)
        rights.append(unit.end() if unit else end)

    def named(shift):
        names = []
        for right in rights:
            word, at = min(header, key=lambda column: abs(column[1] - right + shift))
            names.append(word if abs(at - right + shift) <= 2 and (word, at) != header[0] else None)
        return names
    return max((named(shift) for shift in range(0, 13)), key=lambda names: sum(n is not None for n in names))


def parse(text, roots):
    """Rows of one run's output: {key: (template, [values], [slot names or None], [texts of the numbers])}."""
    rows, seen, header = {}, {}, None
    for raw in text.splitlines():
        line = raw
        for root in roots:
            line = line.replace(root, "<root>")
        found = numbers(line)
        if not found:
            if not line.strip():
                header = None
            elif not set(line.strip()) <= set("-= "):
                header = header_columns(line) or header
            continue
        if SKIP.search(line.strip()):
            continue
        label = template(line, found)
        seen[label] = seen.get(label, 0) + 1
        key = label if seen[label] == 1 else f"{label} #{seen[label]}"
        names = column_names(line, found, header) if header else [None] * len(found)
        for pattern, slots in SLOT_NAMES:
            if pattern.search(label):
                names = [slots.get(i, name) for i, name in enumerate(names)]
        rows[key] = (label, [v for _, _, v in found], names, [line[s:e] for s, e, _ in found])
    return rows


def run(bench, side, root, scripts, roots, out, round_number):
    argv, env = command(bench, root, scripts)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    start = time.monotonic()
    done = subprocess.run(argv, env=dict(os.environ, **env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    seconds = time.monotonic() - start
    path = f"{out}/{bench}-{round_number}-{side}.txt"
    with open(path, "w") as f:
        f.write(f"# {' '.join(f'{k}={v}' for k, v in env.items())} {' '.join(argv)}\n# load {load} at the start, "
                f"{seconds:.0f} s, exit {done.returncode}\n{done.stdout}")
    print(f"  round {round_number} {side:6} {seconds:6.0f} s, load {load} at its start, exit {done.returncode}",
          flush=True)
    if done.returncode != 0:
        print("    " + "\n    ".join(done.stdout.strip().splitlines()[-8:]))
        return None
    return parse(done.stdout, roots)


def fmt(value):
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    if abs(value) >= 100:
        return f"{value:.1f}"
    if abs(value) >= 1:
        return f"{value:.2f}"
    return f"{value:.3f}"


def compare(rounds_old, rounds_new):
    """Printable rows: (label, before, after, ratio, before rounds, after rounds, apart) per varying number."""
    table = []
    first = rounds_new[0] if rounds_new else {}
    for key, (label, _, names, texts) in first.items():
        runs = [r.get(key) for r in rounds_old + rounds_new]
        if any(r is None or len(r[1]) != len(texts) for r in runs):
            table.append((f"{label}  (not in every run)", None, None, None, "", "", ""))
            continue
        varying = [i for i in range(len(texts)) if len({r[1][i] for r in runs}) > 1]
        for i in varying:
            old = [r[key][1][i] for r in rounds_old]
            new = [r[key][1][i] for r in rounds_new]
            shown = label_for(label, texts, varying, i, names)
            before, after = statistics.median(old), statistics.median(new)
            # A ratio of figures that can be 0 or negative (differences) means nothing.
            ratio = after / before if before > 0 and after >= 0 else None
            # Apart: the rounds do not overlap, so the difference is beyond the noise of this run.
            apart = "*" if max(old) < min(new) or max(new) < min(old) else ""
            table.append((shown, before, after, ratio, " ".join(fmt(v) for v in old), " ".join(fmt(v) for v in new),
                          apart))
    return table


def label_for(label, texts, varying, shown, names):
    """The row's label with its constant numbers put back, the shown one as [_] and other varying ones as …."""
    pieces = label.split("{}")
    slots = [("[_]" if i == shown else "…") if i in varying else texts[i] for i in range(len(texts))]
    text = pieces[0] + "".join(slot + piece for slot, piece in zip(slots, pieces[1:]))
    if names[shown]:
        # A table row: its numbers are columns; the label up to the first column, and the column's name.
        first = next(i for i, n in enumerate(names) if n)
        text = pieces[0] + "".join(texts[i] + pieces[i + 1] for i in range(first))
        text = f"{' '.join(text.split())} · {names[shown]}"
    return text


def print_table(bench, table, rounds):
    width = max([len(row[0]) for row in table] + [40])
    print(f"\n== {bench}: medians of {rounds} rounds each; * = the rounds of the two sides do not overlap")
    print(f"{'row':<{width}} {'before':>10} {'after':>10} {'after-before':>13} {'after/before':>13}   before rounds | after rounds")
    for label, before, after, ratio, old, new, apart in table:
        if before is None:
            print(f"{label:<{width}} {'-':>10} {'-':>10} {'-':>13} {'-':>13}")
            continue
        diff = after - before
        print(f"{label:<{width}} {fmt(before):>10} {fmt(after):>10} {('+' if diff > 0 else '') + fmt(diff):>13} "
              f"{(f'{ratio:.3f}' if ratio is not None else '-'):>12}{apart:1}"
              f"   {old} | {new}")


def describe(root):
    head = subprocess.run(["git", "-C", root, "log", "-1", "--format=%h %s"], capture_output=True, text=True)
    dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--untracked-files=no"], capture_output=True,
                           text=True)
    return f"{root}: {head.stdout.strip() or 'not a git tree'}{' (+ uncommitted changes)' if dirty.stdout.strip() else ''}"


def uptime():
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main():
    args = parse_args()
    for root in (args.old, args.new):
        check_built(root)
    out = args.out or tempfile.mkdtemp(prefix="ferry-ab-")
    os.makedirs(out, exist_ok=True)
    benches = BENCHES if args.which == "all" else (args.which,)
    print(f"Ferry A/B: {', '.join(benches)}; {args.rounds} rounds, old and new alternating")
    print(f"before: {describe(args.old)}")
    print(f"after:  {describe(args.new)}")
    print(f"scripts: {args.new}/Benchmarks (one copy for both sides); raw outputs: {out}")
    print(f"ferry and ferryd from: {os.path.dirname(binaries('<root>')['ferry'])}; apps from <root>/.build-release/release")
    print(f"machine: {os.cpu_count()} cores, kernel {os.uname().release}")
    print(f"start: {uptime()}", flush=True)
    staged = {"old": stage(args.old, "old", out), "new": stage(args.new, "new", out)}
    print(f"binaries: fresh copies in {out}/old and {out}/new")
    roots = sorted((args.old, args.new, *staged.values()), key=len, reverse=True)
    tables = []
    for bench in benches:
        argv, env = command(bench, "<root>", args.new)
        print(f"\n== running {bench}: {' '.join(f'{k}={v}' for k, v in env.items())} {' '.join(argv)}".replace("  ", " "),
              flush=True)
        results = {"old": [], "new": []}
        for n in range(1, args.rounds + 1):
            for side in ("old", "new"):
                rows = run(bench, side, staged[side], args.new, roots, out, n)
                if rows is not None:
                    results[side].append(rows)
        if not results["old"] or not results["new"]:
            tables.append((bench, None, 0))
            continue
        tables.append((bench, compare(results["old"], results["new"]),
                       min(len(results["old"]), len(results["new"]))))
    for bench, table, rounds in tables:
        if table is None:
            print(f"\n== {bench}: no comparison (a side failed every round; see above and {out})")
        else:
            print_table(bench, table, rounds)
    print(f"\nend: {uptime()}")


if __name__ == "__main__":
    main()
