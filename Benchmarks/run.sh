#!/usr/bin/env bash
# `make bench`: builds release, runs the library micro-benchmarks
# (ordo-one/benchmark, package Benchmarks/) and the real binary in a
# pseudo-terminal (Benchmarks/pty_bench.py: the key script, the demo beside a
# small C program on ncursesw that draws the same frames, a 1 MB paste into a
# form field and a 200 KB paste into a list filter, then the idle cost
# with and without the demo's badge timer), then the scale benchmark (a
# 21 MB content file shaped like a news archive from Benchmarks/news_content.py,
# then the old 6.8 MB one from Benchmarks/scale_content.py, each beside
# Python's json.load of it), and prints the tables with the budgets of issues
# 5, 11, 14, 25, 27 and 37. The scale part alone, quicker:
#   python3 Benchmarks/pty_bench.py --scale [--scale-runs 5] [--demo PATH]
#
# Environment:
#   TABBAR_DEMO    the demo binary to measure; when set, the demo is not built
#                  (default: build and use .build/release/tabbar-demo)
#   BUILD_FLAGS    flags for building the demo (default: --static-swift-stdlib,
#                  as make build does)
#   RUNS           pty runs (default 7)
#   SCALE_RUNS     runs of the scale benchmark (default 5)
#   IDLE_SECONDS   idle window per configuration, after a 6 s settle (default
#                  20; 0 skips the idle measurement)
#   BENCH_SCRATCH  scratch path of the benchmark package (default Benchmarks/.build)
#   SWIFT          the swift driver (default swift)
#   CC             the C compiler for Benchmarks/Native/native_tabs.c (default cc)
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
RUNS=${RUNS:-7}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

step() { printf '%s\n' "bench: $*" >&2; }
fail() {
  printf '%s\n' "bench: $1 failed; the last lines of its log:" >&2
  tail -n 40 "$2" >&2
  exit 1
}

if ! python3 -c 'import pyte' 2>/dev/null; then
  step "installing pyte (pip)"
  python3 -m pip install --quiet pyte >"$out/pip.log" 2>&1 \
    || python3 -m pip install --quiet --user pyte >>"$out/pip.log" 2>&1 \
    || fail "python3 -m pip install pyte" "$out/pip.log"
fi

if [ -z "${TABBAR_DEMO:-}" ]; then
  step "building tabbar-demo (release)"
  # shellcheck disable=SC2086 # BUILD_FLAGS is a list of flags
  "$SWIFT" build -c release --product tabbar-demo ${BUILD_FLAGS---static-swift-stdlib} \
    >"$out/build.log" 2>&1 \
    || fail "swift build -c release" "$out/build.log"
  TABBAR_DEMO=.build/release/tabbar-demo
fi

step "building the native floor (Benchmarks/Native/native_tabs.c, ncursesw)"
native="$out/native_tabs"
"${CC:-cc}" -O2 -o "$native" Benchmarks/Native/native_tabs.c -lncursesw >"$out/cc.log" 2>&1 \
  || fail "${CC:-cc} native_tabs.c" "$out/cc.log"

step "library micro-benchmarks (ordo-one/benchmark; the first run fetches and builds it)"
"$SWIFT" package --package-path Benchmarks ${BENCH_SCRATCH:+--scratch-path "$BENCH_SCRATCH"} \
  --disable-sandbox benchmark --no-progress --format histogramPercentiles \
  --path "$out/micro" >"$out/micro.log" 2>&1 \
  || fail "swift package benchmark" "$out/micro.log"

step "$TABBAR_DEMO in a pseudo-terminal, $RUNS runs, beside the C program, then idle ${IDLE_SECONDS:-20} s without and with the badge timer"
python3 Benchmarks/pty_bench.py --demo "$TABBAR_DEMO" --runs "$RUNS" \
  --idle-seconds "${IDLE_SECONDS:-20}" --native "$native" --tmp "$out" --json "$out/pty.json"

step "$TABBAR_DEMO on the news-shaped and the old content files, ${SCALE_RUNS:-5} runs each, beside Python's json.load"
python3 Benchmarks/pty_bench.py --demo "$TABBAR_DEMO" --scale --scale-runs "${SCALE_RUNS:-5}" \
  --tmp "$out" --json "$out/scale.json"

python3 Benchmarks/report.py --micro "$out/micro" --pty "$out/pty.json" --scale "$out/scale.json"
