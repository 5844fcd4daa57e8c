#!/usr/bin/env python3
"""The real tabbar-demo in a pseudo-terminal (issue 5, part 2).

Starts the release binary in an 80x24 pty with TERM=xterm-256color, feeds its
output to pyte (a terminal emulator in Python) and measures, per run:

  - spawn -> first complete frame: from just before fork() to the last byte of
    the first frame (the bottom row shows News Reading Video Topics Me);
  - per key (2, right, enter, esc): time from writing the key to the last byte
    of the settled frame (no output for a quiet period, which is not counted),
    bytes written, and screen cells that changed between settled frames;
  - bytes per changed cell over the key script;
  - full clears written after the first frame (ED sequences);
  - peak RSS: VmHWM from /proc/PID/status just before sending q;
  - with animations on, bytes of the same push (enter) against the push
    without, in a second process;
  - idle cost (issue 11): the demo left alone at the root of its first tab,
    once with a content file without the badge timer and once as shipped
    (see idle_run);
  - Esc with the kitty keyboard protocol (issue 14): the harness answers the
    demo's start-up queries as kitty does (`CSI ? 0 u`, then a device
    attributes reply), checks that the demo pushes the disambiguate flag
    (`CSI > 1 u`) and pops it (`CSI < u`) before it leaves the alternate
    screen, and sends Esc as `CSI 27 u` (see kitty_run). The plain runs answer
    only the device attributes, as xterm and tmux do: Esc there waits for the
    escape delay (ESCDELAY, 5 ms by default).
  - pastes (issue 27): a bracketed paste of 1 MB into the compose form's
    title field and of 200 KB into News's filter (`/`), timed from the last
    byte of the paste written to the last byte of the settled frame that
    shows it, then Ctrl-C to the demo's exit (see paste_run);
  - the native floor (issue 14, with --native): the demo and a small C
    program on ncursesw (Benchmarks/Native/native_tabs.c) that draws the same
    frames, the demo's own `--headless --styles` frames for each prefix of
    the key script right, right, 2, enter, esc, 1, run alternately in the
    same pty set-up with the same keys: spawn -> settled first frame, bytes
    written per byte of changed text, peak RSS, Esc and the other keys ->
    frame (see native_run).

With --scale, only the scale benchmark (issues 25 and 37, see scale_run) on
two content files: first one shaped like a real news archive, 21 MB from
Benchmarks/news_content.py (100,000 News rows of real-length titles, a fifth
in Chinese, opening 2,000 stories, under a channel strip; 20,000 Topics rows;
a book of 3,000 paragraphs), then the old 6.8 MB one from
Benchmarks/scale_content.py (two-word titles, one story), for comparison.
Each run times Python's json.load of the same file first; start, peak RSS,
each key of `/999`, Esc, `]`, q, the book opened, End in it and a resize of
it, printed with their goals and ratios.

The keys run in the order 2, right, enter, esc so that each changes the screen
(right then 2 would leave 2 choosing the selected tab at its root: no frame).

Run alone:  python3 Benchmarks/pty_bench.py [--demo PATH] [--runs 7] [--idle-seconds 20]
            python3 Benchmarks/pty_bench.py --scale [--scale-runs 5] [--demo PATH]
Benchmarks/run.sh calls it with --json and merges it into one table.
"""

import argparse
import curses
import fcntl
import json
import os
import re
import select
import signal
import statistics
import struct
import sys
import tempfile
import termios
import time

try:
    import pyte
except ImportError:  # run.sh installs it; say how when run alone
    sys.exit("pty_bench.py needs pyte: python3 -m pip install pyte")

COLS, ROWS = 80, 24
TERM = "xterm-256color"
BAR_TITLES = re.compile(r"News.*Reading.*Video.*Topics.*Me")
# A full clear: ED 2 or 3, or ED 0 with the cursor sent home first. After the
# first frame it means the screen was repainted instead of what changed being
# sent (ncurses' ED 0 from a lower row, to clear the rows a hidden bar left, is
# not one).
CLEAR = re.compile(rb"\x1b\[[23]J|\x1b\[(?:1;1)?H\x1b\[0?J")
DEFAULT_DEMO = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build",
                            "release", "tabbar-demo")
# The demo's built-in content: the idle run without a timer loads a copy of it
# with the badge timer taken out.
DEMO_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources",
                         "tabbar-demo", "Resources", "demo.json")

# The demo's lists load after --latency (150 ms by default, as over a slow
# network): the key runs load them at once, so each key's frame is its whole
# effect and a key never lands on a list that is still loading.
INSTANT_LISTS = ["--latency", "0"]


QUERY_KITTY = b"\x1b[?u"
QUERY_DA = b"\x1b[c"
REPLY_KITTY = b"\x1b[?0u"
REPLY_DA = b"\x1b[?62;22c"
KITTY_PUSH = b"\x1b[>1u"
KITTY_POP = b"\x1b[<u"
KITTY_ESC = b"\x1b[27u"
LEAVE_ALTERNATE = b"\x1b[?1049l"


def key_bytes():
    """The bytes the terminal sends for each key, from terminfo (keypad mode:
    xterm sends ESC O C for Right once the app has switched it on)."""
    curses.setupterm(TERM, sys.stdout.fileno() if sys.stdout.isatty() else -1)
    right = curses.tigetstr("kcuf1") or b"\x1b[C"
    return [("2", b"2"), ("right", right), ("enter", b"\r"), ("esc", b"\x1b")]


class DemoError(Exception):
    """The demo did not show what the script expects."""


class Session:
    """One tabbar-demo process in an 80x24 pty, its output fed to pyte."""

    def __init__(self, demo, args, kitty=False):
        """`kitty`: answer the keyboard protocol query as kitty does; the
        device attributes query is answered either way."""
        self.kitty = kitty
        self.answered = set()
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
        env = {k: v for k, v in os.environ.items()
               if k not in ("NO_COLOR", "COLUMNS", "LINES", "TMUX", "LC_ALL")}
        env.update(TERM=TERM, LANG="C.UTF-8")
        self.spawned = time.perf_counter_ns()
        pid = os.fork()
        if pid == 0:  # child: the pty becomes its controlling terminal
            try:
                os.close(master)
                os.login_tty(slave)
                os.execve(demo, [demo] + args, env)
            finally:
                os._exit(127)
        os.close(slave)
        os.set_blocking(master, False)
        self.pid, self.fd = pid, master
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.status = None

    def read_until_quiet(self, quiet, timeout, until=None):
        """Reads until `until()` holds (when given) and then nothing comes for
        `quiet` seconds. Returns (bytes read, perf_counter_ns of the last byte
        or None when nothing came)."""
        start = len(self.output)
        last = None
        deadline = time.monotonic() + timeout
        while True:
            ready = until is None or until()
            wait = quiet if ready else max(0.0, deadline - time.monotonic())
            if not ready and wait == 0:
                raise DemoError("timed out; screen:\n" + "\n".join(self.screen.display))
            r, _, _ = select.select([self.fd], [], [], wait)
            if not r:
                if ready:
                    return len(self.output) - start, last
                continue
            try:
                data = os.read(self.fd, 65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:  # EIO: the child closed the pty
                data = b""
            if not data:
                raise DemoError("the demo exited early: " + self.output[-400:].decode(
                    "utf-8", "replace"))
            last = time.perf_counter_ns()
            self.take(data)

    def pump(self, until):
        """Reads (and keeps the pty drained) until time.monotonic() reaches
        `until`, whatever comes. Returns the bytes read."""
        start = len(self.output)
        while (wait := until - time.monotonic()) > 0:
            r, _, _ = select.select([self.fd], [], [], wait)
            if not r:
                continue
            try:
                data = os.read(self.fd, 65536)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data:
                raise DemoError("the demo exited early: " + self.output[-400:].decode(
                    "utf-8", "replace"))
            self.take(data)
        return len(self.output) - start

    def take(self, data):
        """Keeps and shows what the demo wrote, and answers its queries as
        the terminal would (once each)."""
        self.output += data
        self.stream.feed(data)
        for query, reply in ((QUERY_KITTY, REPLY_KITTY if self.kitty else None),
                             (QUERY_DA, REPLY_DA)):
            if reply and query not in self.answered and query in self.output:
                self.answered.add(query)
                os.write(self.fd, reply)

    def send(self, data):
        sent = time.perf_counter_ns()
        os.write(self.fd, data)
        return sent

    def cells(self):
        """The screen as (character, colours, attributes) per cell."""
        snap = []
        for y in range(ROWS):
            row = self.screen.buffer[y]
            for x in range(COLS):
                c = row[x]
                snap.append((c.data, c.fg, c.bg, c.bold, c.italics, c.underscore,
                             c.strikethrough, c.reverse))
        return snap

    def row(self, y):
        return self.screen.display[y]

    def status_kib(self, field):
        with open(f"/proc/{self.pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
        return 0

    def quit(self, timeout=3.0):
        """Sends q and waits for the exit, draining the pty meanwhile."""
        os.write(self.fd, b"q")
        deadline = time.monotonic() + timeout
        while self.status is None and time.monotonic() < deadline:
            select.select([self.fd], [], [], 0.02)
            try:
                data = os.read(self.fd, 65536)
                self.output += data
            except OSError:
                pass
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        self.close()
        if self.status is None or os.waitstatus_to_exitcode(self.status) != 0:
            raise DemoError(f"q did not end the demo cleanly (status {self.status})")

    def close(self):
        if self.status is None:
            try:
                os.kill(self.pid, signal.SIGKILL)
                _, self.status = os.waitpid(self.pid, 0)
            except ProcessLookupError:
                pass
        try:
            os.close(self.fd)
        except OSError:
            pass


def bar_shown(session):
    return lambda: BAR_TITLES.search(session.row(ROWS - 1)) is not None


def one_run(demo, quiet, anim_quiet, keys):
    """One run: the key script without animations, then the push again with
    animations on. Returns {figure: value}."""
    out = {}
    s = Session(demo, ["--no-animation"] + INSTANT_LISTS)
    try:
        _, last = s.read_until_quiet(quiet, 5.0, until=bar_shown(s))
        out["first_frame_ms"] = (last - s.spawned) / 1e6
        first_frame_end = len(s.output)
        before = s.cells()
        total_bytes = total_changed = 0
        checks = {
            "2": lambda: "Reading" in s.row(0) and BAR_TITLES.search(s.row(ROWS - 1)),
            "right": lambda: "Video" in s.row(0) and BAR_TITLES.search(s.row(ROWS - 1)),
            "enter": lambda: "‹ Video" in s.row(0) and not BAR_TITLES.search(s.row(ROWS - 1)),
            "esc": lambda: "‹" not in s.row(0) and BAR_TITLES.search(s.row(ROWS - 1)),
        }
        for name, data in keys:
            sent = s.send(data)
            nbytes, last = s.read_until_quiet(quiet, 5.0, until=None)
            if last is None or not checks[name]():
                raise DemoError(f"key {name}: unexpected screen:\n" + "\n".join(s.screen.display))
            after = s.cells()
            changed = sum(1 for a, b in zip(before, after) if a != b)
            before = after
            out[f"key_{name}_ms"] = (last - sent) / 1e6
            out[f"key_{name}_bytes"] = nbytes
            out[f"key_{name}_cells"] = changed
            total_bytes += nbytes
            total_changed += changed
        out["bytes_per_cell"] = total_bytes / max(1, total_changed)
        out["clears_after_first"] = len(CLEAR.findall(bytes(s.output[first_frame_end:])))
        out["vmhwm_mib"] = s.status_kib("VmHWM") / 1024
        out["vmrss_mib"] = s.status_kib("VmRSS") / 1024
        s.quit()
        # Never assumed: without the terminal's answer the flag is not pushed.
        out["plain_kitty_pushed"] = int(KITTY_PUSH in s.output)
    finally:
        s.close()

    # The same push with animations on: 2, right, then enter, settled after
    # the slide (frames come every 40 ms, so the quiet period is longer).
    a = Session(demo, INSTANT_LISTS)
    try:
        a.read_until_quiet(anim_quiet, 5.0, until=bar_shown(a))
        for name, data in keys[:2]:
            a.send(data)
            a.read_until_quiet(anim_quiet, 5.0)
        sent = a.send(dict(keys)["enter"])
        nbytes, last = a.read_until_quiet(anim_quiet, 5.0)
        if last is None or "‹ Video" not in a.row(0):
            raise DemoError("animated push: unexpected screen:\n" + "\n".join(a.screen.display))
        out["anim_push_bytes"] = nbytes
        out["anim_push_ms"] = (last - sent) / 1e6
        out["anim_push_ratio"] = nbytes / max(1, out["key_enter_bytes"])
        a.quit()
    finally:
        a.close()
    return out


def kitty_run(demo, quiet, keys):
    """The key script on a terminal that speaks the kitty keyboard protocol:
    the harness answers the query, waits for the demo to push the disambiguate
    flag, and sends Esc as `CSI 27 u`. Returns {figure: value}."""
    out = {}
    s = Session(demo, ["--no-animation"] + INSTANT_LISTS, kitty=True)
    try:
        s.read_until_quiet(quiet, 5.0, until=lambda: bar_shown(s)() and KITTY_PUSH in s.output)
        for name, data in keys[:-1]:
            s.send(data)
            s.read_until_quiet(quiet, 5.0)
        if "‹ Video" not in s.row(0):
            raise DemoError("kitty: no pushed page:\n" + "\n".join(s.screen.display))
        sent = s.send(KITTY_ESC)
        _, last = s.read_until_quiet(quiet, 5.0)
        if last is None or "‹" in s.row(0) or not BAR_TITLES.search(s.row(ROWS - 1)):
            raise DemoError("kitty: CSI 27 u did not pop:\n" + "\n".join(s.screen.display))
        out["kitty_key_esc_ms"] = (last - sent) / 1e6
        s.quit()
        # Popped on the way out, while the alternate screen is still shown
        # (the terminal keeps the flags per screen).
        pop = s.output.rfind(KITTY_POP)
        out["kitty_pop_missing"] = int(not (
            pop >= 0 and pop < s.output.rfind(LEAVE_ALTERNATE)
            and s.output.count(KITTY_PUSH) == 1))
    finally:
        s.close()
    return out


PASTE_START = b"\x1b[200~"
PASTE_END = b"\x1b[201~"


def paste_text(size):
    """`size` bytes of words to paste."""
    words = b"pasted text "
    return (words * (size // len(words) + 1))[:size]


def write_all(session, data):
    """Writes `data` to the demo as a terminal would hand over a paste,
    draining the demo's output meanwhile so that neither side blocks.
    Returns perf_counter_ns after the last byte."""
    view = memoryview(data)
    while view:
        r, w, _ = select.select([session.fd], [session.fd], [], 5.0)
        if r:
            try:
                session.take(os.read(session.fd, 65536))
            except (BlockingIOError, InterruptedError):
                pass
        if w:
            try:
                view = view[os.write(session.fd, view[:65536]):]
            except (BlockingIOError, InterruptedError):
                pass
    return time.perf_counter_ns()


def ctrl_c_exit_ms(session, timeout):
    """Sends Ctrl-C and waits for the exit: the milliseconds it took, or
    None when the demo still ran after `timeout` seconds."""
    sent = session.send(b"\x03")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        select.select([session.fd], [], [], 0.005)
        try:
            session.output += os.read(session.fd, 65536)
        except OSError:
            pass
        pid, status = os.waitpid(session.pid, os.WNOHANG)
        if pid:
            session.status = status
            return (time.perf_counter_ns() - sent) / 1e6
    return None


def paste_run(demo, quiet, timeout):
    """A 1 MB paste into the compose form's title field, and a 200 KB paste
    into News's filter, each in a fresh process. Returns {figure: value}:
    paste → settled frame and Ctrl-C → exit in ms (`timeout` in seconds when
    it never settled or never ended)."""
    out = {}
    for name, opener, shown, size in (
            ("field", b"+", lambda s: "What happened?" in "\n".join(s.screen.display), 1 << 20),
            # The filter row is under News's channel strip (row 3).
            ("filter", b"/", lambda s: any(s.row(r).startswith(" / ") for r in (2, 3)),
             200 * 1024)):
        s = Session(demo, ["--no-animation"] + INSTANT_LISTS)
        try:
            s.read_until_quiet(quiet, 5.0, until=bar_shown(s))
            s.send(opener)
            s.read_until_quiet(quiet, 5.0, until=lambda: shown(s))
            written = write_all(s, PASTE_START + paste_text(size) + PASTE_END)
            try:
                _, last = s.read_until_quiet(
                    quiet, timeout,
                    until=lambda: "pasted text" in "\n".join(s.screen.display))
                out[f"paste_{name}_ms"] = (max(last or written, written) - written) / 1e6
            except DemoError:
                out[f"paste_{name}_ms"] = timeout * 1000.0
            ms = ctrl_c_exit_ms(s, timeout)
            out[f"paste_{name}_ctrl_c_ms"] = timeout * 1000.0 if ms is None else ms
        finally:
            s.close()
    return out


# The key script of the comparison with the C program (issue 14's).
NATIVE_KEYS = ["right", "right", "2", "enter", "esc", "1"]


def no_timer_content(directory):
    """A copy of the demo's built-in content without `badgeTimer` (a tick
    would change the screen between the frames compared). Returns its path."""
    with open(DEMO_JSON) as f:
        content = json.load(f)
    if content.pop("badgeTimer", None) is None:
        raise DemoError(f"{DEMO_JSON} has no badgeTimer any more; update pty_bench.py")
    path = os.path.join(directory, "demo-no-timer.json")
    with open(path, "w") as f:
        json.dump(content, f, ensure_ascii=False)
    return path


def record_frames(demo, demo_args, names, path):
    """The demo's settled frames, text and style layers, for each prefix of
    the key script (the first with no key), as `--headless --styles` prints
    them, into `path`. Returns the text layers, one list of rows per frame."""
    import subprocess
    texts = []
    with open(path, "w") as out:
        for n in range(len(names) + 1):
            keys = ["--keys", ",".join(names[:n])] if n else []
            lines = subprocess.run(
                [demo, "--headless", "--styles", "--size", f"{COLS}x{ROWS}"] + demo_args + keys,
                capture_output=True, text=True, check=True).stdout.split("\n")
            if len(lines) < 2 * ROWS:
                raise DemoError(f"--headless printed {len(lines)} lines for {names[:n]}")
            out.write("\n".join(lines[:2 * ROWS]) + "\n")
            texts.append(lines[:ROWS])
    return texts


def changed_text_bytes(before, after):
    """The UTF-8 length of the characters in the cells whose character or
    attributes changed (the second column of a wide character counts nothing)."""
    return sum(len(b[0].encode()) for a, b in zip(before, after) if a != b)


def native_run(argv, names, key_map, texts, quiet):
    """One process (the demo, or the C program) through the comparison's key
    script. Returns {figure: value}; a screen that is not the recorded frame
    is an error."""
    out = {}
    s = Session(argv[0], argv[1:])
    try:
        def shows(k):
            return lambda: all(s.row(y).rstrip() == texts[k][y].rstrip() for y in range(ROWS))
        _, last = s.read_until_quiet(quiet, 5.0, until=shows(0))
        out["first_frame_ms"] = (last - s.spawned) / 1e6
        before = s.cells()
        total_bytes = total_text = 0
        key_ms = []
        for k, name in enumerate(names, 1):
            sent = s.send(key_map[name])
            nbytes, last = s.read_until_quiet(quiet, 5.0, until=shows(k))
            after = s.cells()
            total_bytes += nbytes
            total_text += changed_text_bytes(before, after)
            before = after
            if last is not None:
                if name == "esc":
                    out["esc_ms"] = (last - sent) / 1e6
                else:
                    key_ms.append((last - sent) / 1e6)
        out["key_ms"] = statistics.median(key_ms)
        out["bytes"] = total_bytes
        out["text_bytes"] = total_text
        out["bytes_per_text_byte"] = total_bytes / max(1, total_text)
        out["vmhwm_mib"] = s.status_kib("VmHWM") / 1024
        s.quit()
    finally:
        s.close()
    return out


def native_compare(demo, native, runs, quiet, directory):
    """The demo and the C program, alternately, `runs` times each. Returns
    {"demo": summary, "native": summary, "keys": the script}."""
    content = no_timer_content(directory)
    demo_args = ["--no-animation", "--latency", "0", "--content", content]
    frames = os.path.join(directory, "frames.txt")
    texts = record_frames(demo, demo_args, NATIVE_KEYS, frames)
    key_map = dict(key_bytes()) | {"1": b"1"}
    demo_runs, native_runs = [], []
    for _ in range(runs):
        demo_runs.append(native_run([demo] + demo_args, NATIVE_KEYS, key_map, texts, quiet))
        native_runs.append(native_run([native, frames], NATIVE_KEYS, key_map, texts, quiet))
    return {"keys": NATIVE_KEYS, "demo": summarize(demo_runs),
            "native": summarize(native_runs)}


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def cpu_ticks(pid):
    """utime + stime of the whole process (every thread, living or gone), in
    clock ticks: fields 14 and 15 of /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def thread_counts(pid):
    """{tid: (context switches, ns on a CPU or None)} of the living threads:
    voluntary_ctxt_switches + nonvoluntary_ctxt_switches from
    /proc/PID/task/TID/status, and the first field of its schedstat."""
    counts = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return counts
    for tid in tids:
        try:
            switches = 0
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith(("voluntary_ctxt_switches:",
                                        "nonvoluntary_ctxt_switches:")):
                        switches += int(line.split()[1])
            try:
                with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                    ns = int(f.read().split()[0])
            except (OSError, ValueError, IndexError):
                ns = None
        except FileNotFoundError:  # the thread ended meanwhile
            continue
        counts[int(tid)] = (switches, ns)
    return counts


class ThreadTracker:
    """Context switches and CPU time per thread over a window, sampled from
    /proc (reading /proc does not wake the process). A thread that ends takes
    its counts out of /proc, so each thread's last sampled counts are kept: a
    thread's share is its last counts minus those at the window's start (zero
    for one born in the window). What an ending thread did after the last
    sample, and a thread born and gone between two samples, are not seen;
    the ends are counted."""

    def __init__(self, pid):
        self.pid = pid
        self.first = thread_counts(pid)
        self.last = dict(self.first)
        self.born = set()
        self.ended = set()

    def sample(self):
        now = thread_counts(self.pid)
        for tid, counts in now.items():
            if tid not in self.first:
                self.first[tid] = (0, 0)
                self.born.add(tid)
            self.last[tid] = counts
        self.ended |= set(self.last) - set(now)

    def switches(self, tid=None):
        tids = self.last if tid is None else [tid]
        return sum(self.last[t][0] - self.first[t][0] for t in tids)

    def cpu_ns(self):
        if any(c[1] is None for c in self.last.values()):
            return None
        return sum(self.last[t][1] - (self.first[t][1] or 0) for t in self.last)


def idle_run(demo, args, settle, seconds, sample_every=0.25):
    """Starts the demo, waits for the first settled frame at the root of the
    first tab, lets it settle for `settle` seconds (libdispatch's worker
    threads from the start end after a few idle seconds), then measures
    `seconds` of idleness with the pty kept drained. Returns {figure: value}."""
    s = Session(demo, args)
    try:
        s.read_until_quiet(0.1, 5.0, until=bar_shown(s))
        if "News" not in s.row(0) or "‹" in s.row(0):
            raise DemoError("idle: not at the root of News:\n" + "\n".join(s.screen.display))
        s.pump(time.monotonic() + settle)
        threads_before = len(thread_counts(s.pid))
        ticks = cpu_ticks(s.pid)
        tracker = ThreadTracker(s.pid)
        start = time.monotonic()
        end = start + seconds
        nbytes = 0
        while (now := time.monotonic()) < end:
            nbytes += s.pump(min(end, now + sample_every))
            tracker.sample()
        elapsed = time.monotonic() - start
        ticks = cpu_ticks(s.pid) - ticks
        tracker.sample()
        threads_after = len(thread_counts(s.pid))
        cpu_ns = tracker.cpu_ns()
        out = {
            "seconds": elapsed,
            "wakeups_per_s": tracker.switches() / elapsed,
            "main_wakeups_per_s": tracker.switches(s.pid) / elapsed,
            "wakeups": tracker.switches(),
            "main_wakeups": tracker.switches(s.pid),
            "cpu_ms_per_min": ticks * 1000 / CLOCK_TICKS * 60 / elapsed,
            "cpu_sched_ms_per_min": None if cpu_ns is None else cpu_ns / 1e6 * 60 / elapsed,
            "bytes_per_min": nbytes * 60 / elapsed,
            "threads_before": threads_before,
            "threads_after": threads_after,
            "threads_born": len(tracker.born),
            "threads_ended": len(tracker.ended),
        }
        s.quit()
    finally:
        s.close()
    return out


def idle_configs(demo, directory, settle, seconds):
    """The idle figures of the demo without a timer (its built-in content
    with `badgeTimer` taken out, through --content) and as shipped."""
    with open(DEMO_JSON) as f:
        timer = json.load(f).get("badgeTimer")
    path = no_timer_content(directory)
    return {
        "settle_s": settle,
        "seconds": seconds,
        "timer": timer,
        "clock_ticks_per_s": CLOCK_TICKS,
        "no_timer": idle_run(demo, ["--content", path], settle, seconds),
        "shipped": idle_run(demo, [], settle, seconds),
    }


def python_parse(path):
    """`python3 -c "json.load(…)"` of `path`, the whole process: (ms from
    spawn to exit, peak RSS in MiB)."""
    script = "import json, sys\nwith open(sys.argv[1], 'rb') as f: json.load(f)"
    started = time.perf_counter_ns()
    pid = os.spawnv(os.P_NOWAIT, sys.executable, [sys.executable, "-c", script, path])
    _, status, usage = os.wait4(pid, 0)
    ended = time.perf_counter_ns()
    if os.waitstatus_to_exitcode(status) != 0:
        raise DemoError(f"python3 could not parse {path}")
    return (ended - started) / 1e6, usage.ru_maxrss / 1024


def resize(session, cols, rows):
    """Resizes the pty (the kernel sends the demo SIGWINCH) and pyte's screen."""
    fcntl.ioctl(session.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
    session.screen.resize(rows, cols)


def exit_ms(session, data, timeout=3.0):
    """Sends `data` (q) and waits for the exit, polling every 0.2 ms: the
    milliseconds from the key to the exit."""
    sent = session.send(data)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pid, status = os.waitpid(session.pid, os.WNOHANG)
        if pid:
            session.status = status
            ended = time.perf_counter_ns()
            if os.waitstatus_to_exitcode(status) != 0:
                raise DemoError(f"q ended the demo with status {status}")
            return (ended - sent) / 1e6
        r, _, _ = select.select([session.fd], [], [], 0.0002)
        if r:
            try:
                session.output += os.read(session.fd, 65536)
            except OSError:
                pass
    raise DemoError("q did not end the demo")


def scale_run(demo, content, quiet, timeout=30.0):
    """One run of the scale benchmark (issues 25 and 37) on `content`:
    Python's json.load of the file, then the demo on it: spawn → first
    settled frame, each key of `/999`, Esc (the filter cleared), `]` (the
    next channel of News's strip), peak RSS, q → exit; then in a second
    process the book opened from Reading, End in it, a resize to 100x30, and
    q. Returns {figure: value}, times in ms."""
    out = {}
    out["python_parse_ms"], out["python_rss_mib"] = python_parse(content)
    args = ["--no-animation", "--content", content] + INSTANT_LISTS

    def key(name, data, shows):
        sent = s.send(data)
        _, last = s.read_until_quiet(quiet, timeout, until=lambda: shows(s))
        out[f"{name}_ms"] = (max(last or sent, sent) - sent) / 1e6

    s = Session(demo, args)
    try:
        _, last = s.read_until_quiet(quiet, timeout, until=bar_shown(s))
        out["start_ms"] = (last - s.spawned) / 1e6
        # The filter row is under the navigation bar, and under News's
        # channel strip when there is one.
        def filter_row(s, text=" / "):
            return any(s.row(row).startswith(text) for row in (2, 3))
        key("key_slash", b"/", lambda s: filter_row(s))
        for n in range(1, 4):
            key(f"key_9x{n}", b"9", lambda s, n=n: filter_row(s, " / " + "9" * n))
        key("filter_clear", b"\x1b", lambda s: not filter_row(s))
        # The next channel: whatever it draws (its title is only restyled).
        written = len(s.output)
        key("next_channel", b"]", lambda s: len(s.output) > written)
        out["vmhwm_mib"] = s.status_kib("VmHWM") / 1024
        out["quit_list_ms"] = exit_ms(s, b"q")
    finally:
        s.close()

    s = Session(demo, args)
    try:
        s.read_until_quiet(quiet, timeout, until=bar_shown(s))
        key("reading_tab", b"2", lambda s: "Reading" in s.row(0))
        key("book_open", b"\r", lambda s: "The Very Long Book" in s.row(0)
            and "‹" in s.row(0))
        written = len(s.output)
        key("book_end", curses.tigetstr("kend") or b"\x1b[F",
            lambda s: len(s.output) > written)
        written = len(s.output)
        resize(s, 100, 30)
        sent = time.perf_counter_ns()
        _, last = s.read_until_quiet(quiet, timeout, until=lambda: len(s.output) > written)
        out["book_resize_ms"] = (max(last or sent, sent) - sent) / 1e6
        out["quit_book_ms"] = exit_ms(s, b"q")
    finally:
        s.close()
    return out


def summarize(runs):
    """{figure: {median, min, max, values}} over the runs."""
    summary = {}
    for key in (runs[0] if runs else []):
        values = [r[key] for r in runs]
        summary[key] = {"median": statistics.median(values), "min": min(values),
                        "max": max(values), "values": values}
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--demo", default=os.environ.get("TABBAR_DEMO", DEFAULT_DEMO),
                        help="the tabbar-demo binary (default: .build/release/tabbar-demo, "
                             "or $TABBAR_DEMO)")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--quiet-ms", type=float, default=100,
                        help="no output for this long means the frame settled (default 100)")
    parser.add_argument("--anim-quiet-ms", type=float, default=300,
                        help="the same with animations on (default 300)")
    parser.add_argument("--idle-seconds", type=float,
                        default=float(os.environ.get("IDLE_SECONDS", 20)),
                        help="idle window, per configuration (default $IDLE_SECONDS, else 20; "
                             "0 skips the idle runs)")
    parser.add_argument("--idle-settle", type=float, default=6,
                        help="seconds left idle after the first frame before the window "
                             "(default 6)")
    parser.add_argument("--tmp", metavar="DIR",
                        help="where the content file without a timer goes (default: a "
                             "temporary directory)")
    parser.add_argument("--native", metavar="PATH",
                        help="the C program (Benchmarks/Native/native_tabs.c, built): also "
                             "run the demo beside it (default: $TABBAR_NATIVE, else none)",
                        default=os.environ.get("TABBAR_NATIVE"))
    parser.add_argument("--native-runs", type=int, metavar="N",
                        help="runs of each beside the C program (default: --runs)")
    parser.add_argument("--paste-runs", type=int, default=3, metavar="N",
                        help="runs of the paste measurement (default 3; 0 skips it)")
    parser.add_argument("--paste-timeout", type=float, default=60, metavar="S",
                        help="seconds a paste may take to settle before it counts as "
                             "not settled (default 60)")
    parser.add_argument("--scale", action="store_true",
                        help="run only the scale benchmark (issues 25 and 37): the content "
                             "files of Benchmarks/news_content.py and scale_content.py beside "
                             "Python's json.load of each")
    parser.add_argument("--scale-runs", type=int, default=5, metavar="N",
                        help="runs of the scale benchmark (default 5)")
    parser.add_argument("--json", metavar="FILE", help="write the results as JSON")
    args = parser.parse_args()
    demo = os.path.abspath(args.demo)
    if not os.access(demo, os.X_OK):
        sys.exit(f"pty_bench.py: no executable at {demo} (build it, or pass --demo)")
    keys = key_bytes()
    if args.scale:
        return scale_main(demo, args)
    runs = []
    for i in range(args.runs):
        started = time.monotonic()
        runs.append(one_run(demo, args.quiet_ms / 1000, args.anim_quiet_ms / 1000, keys))
        # The demo's badge timer ticks every few seconds; a run that long could
        # have seen a tick in a quiet period.
        if time.monotonic() - started > 2.5:
            print(f"pty_bench.py: warning: run {i + 1} took over 2.5 s", file=sys.stderr)
        started = time.monotonic()
        runs[-1].update(kitty_run(demo, args.quiet_ms / 1000, keys))
        if time.monotonic() - started > 2.5:
            print(f"pty_bench.py: warning: kitty run {i + 1} took over 2.5 s", file=sys.stderr)
    result = {"demo": demo, "runs": args.runs, "size": f"{COLS}x{ROWS}", "term": TERM,
              "quiet_ms": args.quiet_ms, "summary": summarize(runs)}
    if args.native:
        with tempfile.TemporaryDirectory(dir=args.tmp) as directory:
            runs = args.runs if args.native_runs is None else args.native_runs
            result["native"] = native_compare(demo, os.path.abspath(args.native), runs,
                                              args.quiet_ms / 1000, directory)
            result["native"]["runs"] = runs
    if args.paste_runs > 0:
        result["paste"] = summarize([paste_run(demo, args.quiet_ms / 1000, args.paste_timeout)
                                     for _ in range(args.paste_runs)])
        result["paste"]["runs"] = args.paste_runs
    if args.idle_seconds > 0:
        with tempfile.TemporaryDirectory(dir=args.tmp) as directory:
            result["idle"] = idle_configs(demo, directory, args.idle_settle,
                                          args.idle_seconds)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    else:
        for key, s in result["summary"].items():
            print(f"{key:22} {s['median']:10.3f}  ({s['min']:.3f}–{s['max']:.3f})")
        for who, summary in ((w, result["native"][w]) for w in ("demo", "native")
                             if "native" in result):
            for key, v in summary.items():
                print(f"{who} {key:22} {v['median']:10.3f}  ({v['min']:.3f}–{v['max']:.3f})")
        for key, v in result.get("paste", {}).items():
            if key != "runs":
                print(f"{key:22} {v['median']:10.3f}  ({v['min']:.3f}–{v['max']:.3f})")
        for config in ("no_timer", "shipped"):
            for key, v in result.get("idle", {}).get(config, {}).items():
                print(f"idle {config} {key:22} {'—' if v is None else f'{v:10.3f}'}")


# The files of the scale table, in its order: the one shaped like a real
# news archive (issue 37) first, the old one of two-word titles (issue 25)
# second, for comparison only.
SCALE_FILES = [
    ("news", "news_content.py", "shaped like a real news archive (Benchmarks/news_content.py)"),
    ("old", "scale_content.py", "the old file: 100,000 two-word titles, one story "
                                "(Benchmarks/scale_content.py)"),
]


def scale_main(demo, args):
    """--scale: the scale runs alone on each file, printed or written as JSON."""
    import subprocess
    files = []
    with tempfile.TemporaryDirectory(dir=args.tmp) as directory:
        for name, script, about in SCALE_FILES:
            content = os.path.join(directory, f"{name}.json")
            subprocess.run([sys.executable, os.path.join(os.path.dirname(__file__), script),
                            content], check=True)
            size = os.path.getsize(content)
            summary = summarize([scale_run(demo, content, args.quiet_ms / 1000)
                                 for _ in range(args.scale_runs)])
            files.append({"name": name, "about": about, "content_bytes": size,
                          "scale": summary})
            os.remove(content)
    result = {"demo": demo, "runs": args.scale_runs, "size": f"{COLS}x{ROWS}", "files": files}
    if args.json:
        with open(args.json, "w") as f:
            json.dump(result, f, indent=1)
    else:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import report
        missed = report.scale_table(result)
        print()
        print(f"{len(missed)} goal(s) missed" + (": " + "; ".join(missed) if missed else "."))


if __name__ == "__main__":
    main()
