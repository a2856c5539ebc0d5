#!/usr/bin/env python3
"""The table of `scripts/bench check`: issue 26's rows, each with its baselines from the same run,
the ratio and the target, met or missed. Reads the JSON lines the benchmarks wrote (open-latency
--json, transfer BENCH_JSON, daemon --idle --json, sizes.sh, run.sh's meta line).

Usage: summarize.py [--short] FILE...
Exit status: 0 when every row ran (met or missed alike), 1 when a row could not run. Rows the
machine cannot run at all (the LAN bed without root) are shown as skipped and do not fail.
"""
import json, statistics, sys

MB = 1e6


def load(paths):
    rows, meta, skipped = {}, {}, {}
    for path in paths:
        try:
            lines = open(path).read().splitlines()
        except OSError:
            continue
        for line in lines:
            if not line.strip():
                continue
            record = json.loads(line)
            bench = record.get("bench")
            if bench == "meta":
                meta.update(record)
            elif "skipped" in record:
                skipped[bench] = record["skipped"]
            else:
                key = (bench, record.get("row"), record.get("kind"))
                rows[key] = record
    return rows, meta, skipped


class Figures:
    """Looks samples up by (bench, row, kind) and formats them."""

    def __init__(self, rows):
        self.rows = rows

    def samples(self, bench, row, kind=None):
        record = self.rows.get((bench, row, kind))
        return record["samples"] if record and record.get("samples") else None

    def median(self, bench, row, kind=None):
        values = self.samples(bench, row, kind)
        return statistics.median(values) if values else None

    def ms(self, bench, row):
        values = self.samples(bench, row)
        return f"{statistics.median(values):.2f} ms ({min(values):.2f}–{max(values):.2f})" if values else None

    def seconds(self, row, kind):
        values = self.samples("transfer", row, kind)
        return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})" if values else None

    def rate(self, row):
        """MB/s of the medians' run, with the slowest and fastest runs' MB/s."""
        record = self.rows.get(("transfer", row, "big"))
        if not record:
            return None
        values, size = record["samples"], record["bytes"]
        return (f"{size / statistics.median(values) / MB:,.0f} MB/s "
                f"({size / max(values) / MB:,.0f}–{size / min(values) / MB:,.0f})")

    def mb(self, bench, row):
        values = self.samples(bench, row)
        return f"{statistics.median(values):.1f} MB ({min(values):.1f}–{max(values):.1f})" if values else None

    def size(self, row):
        values = self.samples("sizes", row)
        return f"{values[0] / MB:.1f} MB" if values else None


def verdict(ok):
    return "**met**" if ok else "**missed**"


def table(f, meta):
    """(row, ferry, baselines, ratio, target, verdict or None when the row did not run) per row."""
    out = []
    open_key = lambda key: ("open", key)

    ver, gver = f.median("open", "ferryver"), f.median("open", "giover")
    out.append(("`ferry --version`, start to exit", f.ms("open", "ferryver"),
                f"`gio --version` {f.ms('open', 'giover')}" if gver else "-",
                f"gio/ferry {gver / ver:.2f}×" if ver and gver else "-", "≤ 1.5 ms",
                None if ver is None else verdict(ver <= 1.5)))

    direct, gio = f.median("open", "direct"), f.median("open", "gio")
    for key, label in (("ferry", "`ferry open`, command handler, no daemon"),
                       ("ferryd0", "`ferry open` through a running ferryd")):
        value = f.median(*open_key(key))
        base = f"direct exec {f.ms('open', 'direct')}; `gio open` {f.ms('open', 'gio')}"
        ok = value is not None and direct is not None and gio is not None
        ratio = f"+{value - direct:.2f} ms over direct; gio/ferry {gio / value:.2f}×" if ok else "-"
        out.append((label, f.ms(*open_key(key)), base, ratio, "≤ direct + 1.5 ms, ≥ 3× gio",
                    verdict(value - direct <= 1.5 and gio / value >= 3) if ok else None))

    big = f.rows.get(("transfer", "ferry", "big"))
    size = f"{big['bytes'] >> 20:,} MiB" if big else "1 GiB"
    ferry_big, ossl_big = f.median("transfer", "ferry", "big"), f.median("transfer", "openssl", "big")
    ok = ferry_big is not None and ossl_big is not None
    out.append((f"{size} file over the veth LAN bed", f.rate("ferry"),
                f"openssl TLS 1.3 {f.rate('openssl')}; iperf3 (ceiling) {f.rate('iperf3')}",
                f"{ossl_big / ferry_big:.2f}× openssl's speed" if ok else "-", "≥ 2× openssl",
                verdict(ossl_big / ferry_big >= 2) if ok else None))

    small = f.rows.get(("transfer", "ferry", "small"))
    count = f"{small['files']:,}" if small else "10,000"
    ferry_s, rsync_s, tar_s = (f.median("transfer", row, "small") for row in ("ferry", "rsync", "tarssh"))
    ok = None not in (ferry_s, rsync_s, tar_s)
    out.append((f"{count} × 4 KiB files", f.seconds("ferry", "small"),
                f"rsync over ssh {f.seconds('rsync', 'small')}; tar \\| ssh \\| tar {f.seconds('tarssh', 'small')}",
                f"{rsync_s / ferry_s:.2f}× faster than rsync, {tar_s / ferry_s:.2f}× than tar over ssh" if ok else "-",
                "≥ 3× rsync, ≥ 2× tar over ssh", verdict(rsync_s / ferry_s >= 3 and tar_s / ferry_s >= 2) if ok else None))

    peak, after = f.samples("transfer", "offer-rss-peak"), f.samples("transfer", "offer-rss-after")
    ok = bool(peak and after)
    out.append((f"receiving ferryd, peak RSS on a {count}-file offer / after",
                f"{f.mb('transfer', 'offer-rss-peak')} / {f.mb('transfer', 'offer-rss-after')}" if ok else None,
                "-", "-", "≤ 48 MB peak, < 40 MB after (every run)",
                verdict(max(peak) <= 48 and max(after) < 40) if ok else None))

    idle6, idle13 = f.samples("daemon", "idle-rss-6"), f.samples("daemon", "idle-rss-13")
    ok = bool(idle6 and idle13)
    out.append(("idle ferryd RSS, 6 / 13 apps, discovery and LocalSend off",
                f"{f.mb('daemon', 'idle-rss-6')} / {f.mb('daemon', 'idle-rss-13')}" if ok else None,
                "-", "-", "≤ 20 MB (every run)", verdict(max(idle6 + idle13) <= 20) if ok else None))

    for row, label, limit in (("ferryd", "`ferryd` as installed (stripped)", 25), ("ferry", "`ferry` as installed (stripped)", 8),
                              ("deb", "the .deb", 15)):
        values = f.samples("sizes", row)
        extra = "-"
        if row == "deb" and f.samples("sizes", "installed"):
            extra = f"{f.size('installed')} installed under /usr; ferry-dbgsym {f.size('dbgsym-deb')}"
        out.append((label, f.size(row), extra, "-", f"≤ {limit} MB", verdict(values[0] / MB <= limit) if values else None))
    return out


def main():
    args = sys.argv[1:]
    short = "--short" in args
    rows, meta, skipped = load([a for a in args if a != "--short"])
    f = Figures(rows)
    lines = table(f, meta)
    print()
    title = "scripts/bench check" + (" --short" if short else "")
    print(f"## {title}: issue 26's rows" + (" (short form: not the README's figures)" if short else ""))
    print()
    if meta:
        print(f"tree {meta.get('commit', '?')}, {meta.get('cores', '?')} cores, {meta.get('cpu', '?')}; "
              f"{meta.get('settings', '')}")
        print(f"load average (1 min): {meta.get('load_start', '?')} at the start, {meta.get('load_end', '?')} at the end; "
              f"transfer part {rows_load(rows)}; {meta.get('seconds', '?')} s in all")
        loads = [float(x) for x in (meta.get("load_start"), meta.get("load_end")) if x not in (None, "?")]
        if loads and max(loads) > 2:
            print("the load average was above 2: the machine was busy; run it again before quoting it")
        print()
    print("| row | ferry: median (min–max) | baselines, same run | ratio | target | |")
    print("|---|---|---|---|---|---|")
    missing = []
    for label, ferry, base, ratio, target, result in lines:
        if result is None:
            why = next((f"skipped: {reason}" for bench, reason in skipped.items() if bench_of(label) == bench), None)
            result = why or "**did not run**"
            if not why:
                missing.append(label)
        print(f"| {label} | {ferry or '-'} | {base or '-'} | {ratio} | {target} | {result} |")
    met = sum(1 for line in lines if line[5] == verdict(True))
    ran = sum(1 for line in lines if line[5] is not None)
    print()
    print(f"{met} of {ran} targets met" + (f"; {len(missing)} rows did not run: {', '.join(missing)}" if missing else "")
          + (" (short form: smaller sizes, fewer rounds; timings are not checked)" if short else ""))
    return 1 if missing else 0


def rows_load(rows):
    record = rows.get(("transfer", "load", None))
    return f"{record['start']} → {record['end']}" if record else "-"


def bench_of(label):
    if "veth" in label or "files" in label or "offer" in label:
        return "transfer"
    return None


if __name__ == "__main__":
    sys.exit(main())
