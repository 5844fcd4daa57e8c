#!/usr/bin/env python3
"""Prints the one table of `make bench`: the library micro-benchmarks
(ordo-one/benchmark percentiles) and the pseudo-terminal figures
(pty_bench.py), each with its unit, its budget from issue 5 (issue 11 for the
idle cost) and pass or miss.

  python3 Benchmarks/report.py --micro DIR --pty FILE.json [--scale SCALE.json]

DIR holds the `--format histogramPercentiles` export of
`swift package benchmark`; FILE.json is written by `pty_bench.py --json`,
SCALE.json by `pty_bench.py --scale --json` (the scale table of issues 25 and 37).
"""

import argparse
import datetime
import glob
import json
import os
import platform
import subprocess

TARGET = "TabBarKitBenchmarks"


def micro_stats(directory, benchmark, metric):
    """(median, min, max) of one metric of one benchmark, or None."""
    name = benchmark.replace("/", "_").replace(" ", "_")
    pattern = os.path.join(directory, f"*.{TARGET}.{glob.escape(name)}.{metric}.histogram."
                                      "percentiles.tsv")
    files = glob.glob(pattern)
    if not files:
        return None
    values = {}
    with open(files[0]) as f:
        next(f)  # header: "Percentile\t<metric> <unit>"
        for line in f:
            p, v = line.split("\t")
            values[int(p)] = float(v)
    return values[50], values[0], values[100]


class Row:
    def __init__(self, label, stats, unit, fmt, budget=None, check=None, use="median",
                 note="", spread=None):
        self.label, self.stats, self.unit, self.fmt = label, stats, unit, fmt
        self.budget, self.check, self.use, self.note = budget, check, use, note
        self.spread = spread  # what the Min–max column says instead, for one sample

    def cells(self):
        if self.stats is None:
            return [self.label, "not measured", "", self.budget or "—", "MISSING"]
        med, lo, hi = self.stats
        f = self.fmt
        median = f"{f(med)} {self.unit}"
        spread = self.spread or f"{f(lo)}–{f(hi)} {self.unit}"
        if self.check is None:
            result = "—"
        else:
            value = {"median": med, "max": hi}[self.use]
            ok, by = self.check(value)
            result = "pass" if ok else f"MISS {by}"
        return [self.label, median, spread, self.budget or "—", result]


def at_most(limit, unit, fmt):
    def check(v):
        if v <= limit:
            return True, ""
        return False, f"by {fmt(v - limit)} {unit} ({(v / limit - 1) * 100:+.0f}%)"
    return check


def zero(unit):
    def check(v):
        return (v == 0, f"by {v:g} {unit}")
    return check


def header():
    def run(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return "?"
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    commit = run(["git", "describe", "--always", "--dirty"])
    swift = run(["swift", "--version"]).splitlines()
    return [
        f"TabBarKit benchmark — {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}, "
        f"commit {commit}",
        f"Machine: {cpu}, {os.cpu_count()} cores, {platform.system()} "
        f"{platform.release()}; load average {load}",
        f"Toolchain: {swift[0] if swift else '?'}",
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--micro", required=True, help="ordo-one histogramPercentiles export")
    parser.add_argument("--pty", required=True, help="pty_bench.py --json output")
    parser.add_argument("--scale", help="pty_bench.py --scale --json output")
    args = parser.parse_args()
    with open(args.pty) as f:
        pty = json.load(f)
    summary = pty["summary"]

    def p(key):
        s = summary.get(key)
        return None if s is None else (s["median"], s["min"], s["max"])

    def m(bench, metric, scale=1.0):
        s = micro_stats(args.micro, bench, metric)
        return None if s is None else tuple(x * scale for x in s)

    us = lambda v: f"{v:.1f}"
    ms = lambda v: f"{v:.2f}"
    n0 = lambda v: f"{v:.0f}"
    r2 = lambda v: f"{v:.2f}"
    ns_to_us = 1 / 1000

    rows = [("Library, in memory (ordo-one/benchmark)", [
        Row("Frame build 80x24 (layout + render + diff)",
            m("Frame build 80x24", "wallClock", ns_to_us), "µs", us),
        Row("Frame build 200x60", m("Frame build 200x60", "wallClock", ns_to_us), "µs", us,
            "≤ 100 µs", at_most(100, "µs", us)),
        Row("  allocations per frame, 80x24 / 200x60",
            m("Frame build 80x24 (allocations)", "mallocCountTotal"), "mallocs", n0),
        Row("", m("Frame build 200x60 (allocations)", "mallocCountTotal"), "mallocs", n0),
        Row("App start + first frame 80x24 (library part)",
            m("App start + first frame 80x24", "wallClock", ns_to_us), "µs", us),
        Row("Tab switch: Right → frame (run loop, diff)",
            m("Tab switch (Right) 80x24", "wallClock", ns_to_us), "µs", us),
        Row("  allocations", m("Tab switch (Right) 80x24 (allocations)", "mallocCountTotal"),
            "mallocs", n0),
        Row("Push + pop: Enter, Esc → 2 frames",
            m("Push + pop (Enter, Esc) 80x24", "wallClock", ns_to_us), "µs", us),
        Row("  allocations",
            m("Push + pop (Enter, Esc) 80x24 (allocations)", "mallocCountTotal"), "mallocs", n0),
        Row("10,000 pushes then pops (stack only)",
            m("10,000 pushes then pops", "wallClock", 1 / 1000), "ms", ms),
        Row("  allocations per cycle",
            m("10,000 pushes then pops (allocations)", "mallocCountTotal"), "mallocs", n0),
        Row("  allocations not freed by the cycle's end",
            m("10,000 pushes then pops (allocations)", "mallocFreeDelta"), "mallocs", n0,
            "= 0 (flat)", zero("mallocs"), use="max"),
        Row("  bytes not freed by the cycle's end",
            m("10,000 pushes then pops (allocations)", "memoryLeakedBytes"), "B", n0,
            "= 0 (flat)", zero("B"), use="max"),
        Row("  VmRSS growth after 2 warm-up cycles",
            m("10,000 pushes then pops", "VmRSS_growth_after_warm-up_(KiB)"), "KiB", n0,
            "≤ 256 KiB (flat)", at_most(256, "KiB", n0), use="max"),
        Row("Paste 1 MB into a text area → frame (cut at 100,000 characters)",
            m("Paste 1 MB into a text area", "wallClock"), "ms", ms,
            "≤ 1000 ms", at_most(1000, "ms", ms)),
        Row("  a key in the full text area after it",
            m("Key in a full text area (100,000 characters)", "wallClock"), "µs", us),
        Row("Paste 200 KB into the list filter → frame (cut at 256)",
            m("Paste 200 KB into the list filter", "wallClock", 1 / 1000), "ms", ms,
            "≤ 1000 ms", at_most(1000, "ms", ms)),
    ] + scale_micro_rows(m, us)), (f"Real binary in a {pty['size']} pty ({pty['runs']} runs)", [
        Row("Spawn → first complete frame", p("first_frame_ms"), "ms", ms, "≤ 10 ms",
            at_most(10, "ms", ms)),
    ])]
    pty_rows = rows[1][1]
    for key, label in (("2", "Key 2 (select tab 2)"), ("right", "Key Right (next tab)"),
                       ("enter", "Key Enter (push)"), ("esc", "Key Esc (pop)")):
        # Esc waits for the escape delay (ESCDELAY, 5 ms by default) where
        # the terminal cannot tell it from a sequence (issue 14).
        limit = 10 if key == "esc" else 2
        pty_rows += [
            Row(f"{label} → settled frame", p(f"key_{key}_ms"), "ms", ms, f"≤ {limit} ms",
                at_most(limit, "ms", ms)),
            Row("  bytes written / screen cells changed", p(f"key_{key}_bytes"), "B", n0),
            Row("", p(f"key_{key}_cells"), "cells", n0),
        ]
    pty_rows += [
        Row("Key Esc as CSI 27 u (kitty keyboard protocol) → settled frame",
            p("kitty_key_esc_ms"), "ms", ms, "≤ 1 ms", at_most(1, "ms", ms)),
        Row("  flag popped before the alternate screen is left (runs that did not)",
            p("kitty_pop_missing"), "", n0,
            "= 0 (every run)", zero(""), use="max"),
        Row("  flag pushed where the terminal did not answer (plain runs)",
            p("plain_kitty_pushed"), "", n0, "= 0 (every run)", zero(""), use="max"),
        Row("Bytes written per changed cell (the 4 keys)", p("bytes_per_cell"), "B/cell", r2,
            "≤ 1.0 B/cell", at_most(1.0, "B/cell", r2)),
        Row("Full clears (ED 2J, or ED at home) after the first frame",
            p("clears_after_first"), "", n0, "= 0 (every run)", zero(""), use="max"),
        Row("Push with animation: bytes written", p("anim_push_bytes"), "B", n0),
        Row("  … against the same push without", p("anim_push_ratio"), "×", r2, "≤ 4×",
            at_most(4, "×", r2)),
        Row("Peak RSS (VmHWM before q)", p("vmhwm_mib"), "MiB", r2, "≤ 8 MiB",
            at_most(8, "MiB", r2)),
    ]

    paste = pty.get("paste")
    if paste:
        def v(key):
            entry = paste.get(key)
            return None if entry is None else (entry["median"], entry["min"], entry["max"])

        rows.append((f"Pastes (issue 27), bracketed, {paste['runs']} runs", [
            Row("1 MB into the compose form's title field → settled frame",
                v("paste_field_ms"), "ms", ms, "≤ 1000 ms", at_most(1000, "ms", ms),
                use="max"),
            Row("  then Ctrl-C → exit", v("paste_field_ctrl_c_ms"), "ms", ms, "≤ 3000 ms",
                at_most(3000, "ms", ms), use="max"),
            Row("200 KB into News's filter (/) → settled frame", v("paste_filter_ms"), "ms",
                ms, "≤ 1000 ms", at_most(1000, "ms", ms), use="max"),
            Row("  then Ctrl-C → exit", v("paste_filter_ctrl_c_ms"), "ms", ms, "≤ 3000 ms",
                at_most(3000, "ms", ms), use="max"),
        ]))

    idle = pty.get("idle")
    if idle:
        def i(config, key):
            v = idle[config].get(key)
            return None if v is None else (v, v, v)

        every = idle["timer"].get("every")
        one = f"one {idle['seconds']:g} s run"
        rows.append((f"Idle at the root of News, {idle['seconds']:g} s after a "
                     f"{idle['settle_s']:g} s settle, same pty", []))
        for config, title in (("no_timer", "No timer (demo.json without badgeTimer)"),
                              ("shipped", f"Badge timer every {every:g} s (as shipped)")):
            main_budget = ("= 0 /s", zero("/s")) if config == "no_timer" else (None, None)
            rows[-1][1].extend([
                Row(f"{title}: wake-ups, main thread", i(config, "main_wakeups_per_s"), "/s",
                    r2, *main_budget, spread=one),
                Row("  wake-ups, all threads", i(config, "wakeups_per_s"), "/s", r2,
                    spread=one),
                Row("  CPU, utime + stime", i(config, "cpu_ms_per_min"), "ms/min", r2,
                    spread=one),
                Row("  CPU, schedstat (ns run time)", i(config, "cpu_sched_ms_per_min"),
                    "ms/min", r2, spread=one),
                Row("  bytes written to the terminal", i(config, "bytes_per_min"), "B/min",
                    n0, spread=one),
            ])

    titles = ["Figure", "Median", "Min–max", "Budget", "Result"]
    table = []
    for section, section_rows in rows:
        table.append([f"**{section}**", "", "", "", ""])
        table += [r.cells() for r in section_rows]
    widths = [max(len(titles[i]), *(len(r[i]) for r in table)) for i in range(5)]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    for h in header():
        print(h)
    print(f"Demo: {pty['demo']}")
    print()
    print(line(titles))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in table:
        print(line(r))
    print()
    print("Library: median with the fastest and slowest sample; up to 5,000 samples (2 s) a")
    print("figure, 50 cycles for the 10,000 pages; allocations counted in separate runs.")
    print(f"Pty: TERM={pty['term']}, --no-animation except the animated push; median of "
          f"{pty['runs']} runs with min–max;")
    print(f"a frame has settled after {pty['quiet_ms']:g} ms without output, timed to its "
          "last byte. Keys run 2, Right, Enter, Esc.")
    if paste:
        print("Pastes: timed from the paste's last byte written to the last byte of the "
              "frame that shows it;")
        print("a figure at the --paste-timeout (default 60 s) never settled. The decoder "
              "keeps the first 256 KiB")
        print("of a paste and drops the rest up to the end marker.")
    if idle:
        threads = "; ".join(
            f"{name} {idle[c]['threads_before']}/{idle[c]['threads_after']}, "
            f"{idle[c]['threads_born']}/{idle[c]['threads_ended']}"
            for c, name in (("no_timer", "no timer"), ("shipped", "timer")))
        print("Idle: the demo with no flags but --content, animations on, the pty kept "
              "drained. A wake-up is a")
        print("context switch, voluntary + nonvoluntary from /proc/PID/task/TID/status, "
              "sampled every 0.25 s (a")
        print("thread that ends keeps its last sampled counts); 'main thread' is task PID, "
              "'all threads' the sum.")
        print("The settle lets the start's work and any libdispatch worker threads end "
              "first. Threads in the")
        print(f"window (at start/end, born/ended): {threads}.")
        print(f"CPU: utime + stime of the process from /proc/PID/stat, in "
              f"{1000 / idle['clock_ticks_per_s']:g} ms clock ticks, and the")
        print("threads' schedstat run time in ns (finer than a tick); both per minute "
              "of the window.")
        print("The input loop before b2b5b60 woke every 100 ms: about 10 main-thread "
              "wake-ups/s with no timer.")
    missed = [r.label.strip() for _, rs in rows for r in rs
              if r.check and r.cells()[4].startswith(("MISS", "MISSING"))]
    if "native" in pty:
        missed += native_table(pty["native"], pty["native"].get("runs", pty["runs"]))
    if args.scale:
        with open(args.scale) as f:
            missed += scale_table(json.load(f))
    print()
    print(f"{len(missed)} budget(s) missed" + (": " + "; ".join(missed) if missed else "."))


def native_table(native, runs):
    """Prints the demo beside the C program (issue 14): each figure's medians,
    their ratio and its goal. Returns the labels of the goals missed."""
    demo, c = native["demo"], native["native"]
    ms = lambda v: f"{v:.2f} ms"
    mib = lambda v: f"{v:.2f} MiB"
    r2 = lambda v: f"{v:.2f}"
    n0 = lambda v: f"{v:.0f}"
    # (label, key, format, goal text, the ratio it may reach, or an absolute limit)
    figures = [
        ("Spawn → settled first frame", "first_frame_ms", ms, "≤ 1.5× C", 1.5, None),
        ("Bytes written per byte of changed text", "bytes_per_text_byte", r2, "≤ C's", 1.0,
         None),
        ("  bytes written for the keys", "bytes", n0, "", None, None),
        ("  UTF-8 bytes of the cells that changed", "text_bytes", n0, "", None, None),
        ("Peak RSS (VmHWM before q)", "vmhwm_mib", mib, "≤ 2× C", 2.0, None),
        ("Esc (a lone Esc byte) → frame", "esc_ms", ms, "< 10 ms", None, 10),
        ("Other keys → frame (median of the 5)", "key_ms", ms, "", None, None),
    ]
    titles = ["Figure", "tabbar-demo", "C (ncursesw)", "Ratio", "Goal", "Result"]
    table, missed = [], []
    for label, key, fmt, goal, ratio_limit, limit in figures:
        if key not in demo or key not in c:
            table.append([label, "not measured", "", "", goal, "MISSING" if goal else ""])
            continue
        d, n = demo[key]["median"], c[key]["median"]
        ratio = d / n if n else float("inf")
        result = ""
        if ratio_limit is not None:
            ok = ratio <= ratio_limit
            result = "pass" if ok else f"MISS by {(ratio / ratio_limit - 1) * 100:.0f}%"
        elif limit is not None:
            ok = d < limit
            result = "pass" if ok else f"MISS by {fmt(d - limit)}"
        if result.startswith("MISS"):
            missed.append(label.strip())
        table.append([label, fmt(d), fmt(n), f"{ratio:.2f}×", goal, result])
    widths = [max(len(titles[i]), *(len(r[i]) for r in table)) for i in range(len(titles))]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    print()
    print(f"Beside C on ncursesw (Benchmarks/Native/native_tabs.c), medians of {runs} runs "
          "each, alternating:")
    print()
    print(line(titles))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in table:
        print(line(r))
    print()
    print(f"Keys {', '.join(native['keys'])}, then q; the demo with --no-animation --latency 0 "
          "and its content without the")
    print("badge timer; the C program draws the demo's own --headless --styles frames for "
          "each prefix of the")
    print("keys (style letters as attributes: S white on red bold, C red, B bold, D dim, R "
          "reverse, U underline),")
    print("each screen checked against them. Changed text: the UTF-8 length of the characters "
          "in the cells")
    print("whose character or attributes changed. Both wait 5 ms (ESCDELAY) after a lone Esc.")
    return missed


def scale_micro_rows(m, us):
    """The library's scale rows (issues 25 and 37): a list's frame at 1,000
    and 1,000,000 rows (within 10% of each other); a filter keystroke over
    200,000 log lines of 60-140 characters, a quarter with Chinese, within a
    frame (16 ms), the first key growing linearly from 100,000 lines, the
    folding of the texts between keys a slice within a frame; and 3
    lines appended to 200,000 within 1 ms, with and without a filter kept."""
    small = m("List frame, 1000 rows", "wallClock")
    large = m("List frame, 1000000 rows", "wallClock")
    ratio = None if not small or not large else (large[0] / small[0],) * 3
    ms = lambda v: f"{v:.2f}"
    to_ms = 1 / 1000
    rows = [
        Row("List frame (Down, Up) at 1,000 rows", small, "µs", us),
        Row("  at 1,000,000 rows", large, "µs", us),
        Row("  1,000,000 over 1,000", ratio, "×", lambda v: f"{v:.2f}", "≤ 1.10×",
            at_most(1.10, "×", lambda v: f"{v:.2f}"), spread="medians"),
    ]
    first_half = m("List filter, first key, 100,000 log lines", "wallClock")
    first = m("List filter, first key, 200,000 log lines", "wallClock")
    growth = None if not first_half or not first else (first[0] / first_half[0],) * 3
    frame = ("≤ 16 ms", at_most(16, "ms", ms))
    rows += [
        Row("Filter key over 200,000 log lines (60-140 chars, 1/4 Chinese): first key",
            m("List filter, first key, 200,000 log lines", "wallClock", to_ms), "ms", ms,
            *frame),
        Row("  second key (narrowing)",
            m("List filter, second key, 200,000 log lines", "wallClock", to_ms), "ms", ms,
            *frame),
        Row("  a Chinese key (超)",
            m("List filter, a Chinese key, 200,000 log lines", "wallClock", to_ms), "ms", ms,
            *frame),
        Row("  the texts folded between keys: one slice of 8,192 lines (a key waits ≤ 1)",
            m("List filter, one slice of folding between keys, 200,000 log lines",
              "wallClock", to_ms), "ms", ms, *frame),
        Row("  first key of a list never filtered nor on screen (folds all 200,000 first)",
            m("List filter, first key of a list never filtered, 200,000 log lines",
              "wallClock", to_ms), "ms", ms),
        Row("  first key at 100,000 lines",
            m("List filter, first key, 100,000 log lines", "wallClock", to_ms), "ms", ms),
        Row("  200,000 over 100,000", growth, "×", lambda v: f"{v:.2f}", "≤ 2.5× (linear)",
            at_most(2.5, "×", lambda v: f"{v:.2f}"), spread="medians"),
        Row("Append 3 lines to 200,000",
            m("List append 3 lines to 200,000", "wallClock", to_ms), "ms", ms,
            "≤ 1 ms", at_most(1, "ms", ms)),
        Row("  with a filter kept",
            m("List append 3 lines to 200,000, filter kept", "wallClock", to_ms), "ms", ms,
            "≤ 1 ms", at_most(1, "ms", ms)),
    ]
    return rows


def scale_table(result):
    """Prints the scale table (issues 25 and 37): each figure of the demo on
    the file shaped like a real news archive, its goal, its ratio to the
    goal and to Python's json.load of the file, pass or miss; then the same
    figure on the old file (two-word titles), for comparison. Returns the
    labels of the goals missed on the first file."""
    files = result["files"]
    first = files[0]["scale"]
    python_ms = first["python_parse_ms"]["median"]
    python_mib = first["python_rss_mib"]["median"]
    frame = 16.0
    # (label, key, unit, goal text, goal value, compared with Python's)
    figures = [
        ("Start → first settled frame", "start_ms", "ms",
         f"≤ 1.0× Python's json.load ({python_ms:.0f} ms)", python_ms, "python_parse_ms"),
        ("Peak RSS (VmHWM after the filter)", "vmhwm_mib", "MiB",
         f"≤ 64 MiB (Python's parse: {python_mib:.0f} MiB)", 64.0, "python_rss_mib"),
        ("Key / (the filter field opens)", "key_slash_ms", "ms", "≤ 16 ms", frame, None),
        ("Key 9 (filter 9, over every row)", "key_9x1_ms", "ms", "≤ 16 ms", frame, None),
        ("Key 9 (filter 99)", "key_9x2_ms", "ms", "≤ 16 ms", frame, None),
        ("Key 9 (filter 999)", "key_9x3_ms", "ms", "≤ 16 ms", frame, None),
        ("Esc (the filter cleared)", "filter_clear_ms", "ms", "≤ 16 ms", frame, None),
        ("] (the next channel)", "next_channel_ms", "ms", "≤ 16 ms", frame, None),
        ("q → exit, after the list", "quit_list_ms", "ms", "≤ 10 ms", 10.0, None),
        ("Enter: the book opens", "book_open_ms", "ms", "≤ 16 ms", frame, None),
        ("End in the book", "book_end_ms", "ms", "≤ 16 ms", frame, None),
        ("Resize of the book, 80×24 → 100×30", "book_resize_ms", "ms", "≤ 16 ms", frame, None),
        ("q → exit, in the book", "quit_book_ms", "ms", "≤ 10 ms", 10.0, None),
    ]
    titles = ["Figure", "Median", "Min–max", "Goal", "Ratio", "× Python", "Result",
              "Old file"]
    table, missed = [], []
    for label, key, unit, goal, limit, python_key in figures:
        entry = first.get(key)
        old = [f["scale"].get(key) for f in files[1:]]
        old_text = " / ".join("—" if o is None else f"{o['median']:.2f} {unit}" for o in old)
        if entry is None:
            table.append([label, "not measured", "", goal, "", "", "MISSING", old_text])
            missed.append(label)
            continue
        median, lo, hi = entry["median"], entry["min"], entry["max"]
        ratio = median / limit
        ok = ratio <= 1.0
        if not ok:
            missed.append(label)
        python = "" if python_key is None else f"{median / first[python_key]['median']:.2f}×"
        table.append([label, f"{median:.2f} {unit}", f"{lo:.2f}–{hi:.2f} {unit}", goal,
                      f"{ratio:.2f}×", python,
                      "pass" if ok else f"MISS by {(ratio - 1) * 100:.0f}%", old_text])
    widths = [max(len(titles[i]), *(len(r[i]) for r in table)) for i in range(len(titles))]

    def line(cells):
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    print()
    print(f"Scale (issues 25 and 37), release build, {result['size']} pty, medians of "
          f"{result['runs']} run(s); each run times Python's json.load")
    print("of the file (whole process, spawn to exit) first. Ratio: the median over the goal;")
    print("× Python: over Python's time or peak memory for the same file. Files:")
    for f in files:
        print(f"  {f['name']}: {f['content_bytes'] / 1e6:.1f} MB, {f['about']}; Python's "
              f"json.load {f['scale']['python_parse_ms']['median']:.0f} ms, "
              f"{f['scale']['python_rss_mib']['median']:.0f} MiB")
    print("The goals are checked on the first file; 'Old file' is the second, for comparison.")
    print()
    print(line(titles))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in table:
        print(line(r))
    return missed


if __name__ == "__main__":
    main()
