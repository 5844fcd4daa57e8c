#!/usr/bin/env bash
# Measures the fetcher choice of Sources/NewsFeeds/README.md: builds the three probes as the
# demo is built (-c release --static-swift-stdlib), then prints for each its size, the shared
# libraries it needs, its start time and the time and peak memory of one fetch of a fixture
# feed from a server on 127.0.0.1, and what each fetcher does with the bad feeds.
#
#   Benchmarks/FeedFetchers/measure.sh [--no-build]
#
# Needs hyperfine (apt-get install hyperfine) and python3. Nothing but 127.0.0.1 is contacted.
set -euo pipefail
cd "$(dirname "$0")"
scratch=${SCRATCH:-/tmp/feedfetchers-build}
if [ "${1:-}" != "--no-build" ]; then
  swift build -c release --static-swift-stdlib --scratch-path "$scratch" >&2
fi
bin="$scratch/release"
fixtures=../../Tests/NewsFeedsTests/Fixtures

# The fixture server: its standard input is a FIFO held open by this script.
fifo=$(mktemp -u)
mkfifo "$fifo"
exec 3<>"$fifo"
python3 "$fixtures/feed_server.py" <"$fifo" >"$fifo.out" &
server=$!
trap 'exec 3>&-; wait $server 2>/dev/null; rm -f "$fifo" "$fifo.out"' EXIT
for _ in $(seq 50); do [ -s "$fifo.out" ] && break; sleep 0.1; done
port=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["port"])' "$fifo.out")
tls=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["tls"])' "$fifo.out")
url="http://127.0.0.1:$port"

# The median time of a command over hyperfine's runs, in ms.
median_ms() {
  local json
  json=$(mktemp)
  hyperfine -N --style none "$@" --export-json "$json" >/dev/null 2>&1
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1]))["results"][0]
print("%.1f ms" % (r["median"]*1000))' "$json"
  rm -f "$json"
}

# Peak resident memory (KiB) of one run, from the kernel's rusage of the child.
peak() {
  python3 -c '
import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}

printf '%-18s %10s %8s %9s %9s  %s\n' program bytes "MiB" "start" "fetch" "peak RSS (KiB), shared libraries"
for program in hello-essentials fetch-curl fetch-foundation; do
  size=$(stat -c %s "$bin/$program")
  start=$(median_ms --warmup 3 --runs 30 "$bin/$program")
  fetch=$(median_ms --warmup 2 --runs 20 "$bin/$program $url/a.rss")
  rss=$(peak "$bin/$program" "$url/a.rss")
  libs=$(ldd "$bin/$program" | awk '{print $1}' | grep -vE '^(linux-vdso|/lib64)' | tr '\n' ' ')
  printf '%-18s %10s %8.1f %9s %9s  %s; %s\n' "$program" "$size" "$(echo "$size/1048576" | bc -l)" \
    "$start" "$fetch" "$rss" "$libs"
done

echo
echo "bad feeds (5 s total timeout, 1 MiB cap), each: result line, seconds, peak RSS KiB"
for case in "loop" "redirect-file" "gzip-bomb" "huge" "trickle" "status/404" \
  "https://127.0.0.1:$tls/a.rss" "file://$(cd "$fixtures" && pwd)/a.rss" "gzip/a.rss"; do
  target=$case
  case "$case" in http*|file*) ;; *) target="$url/$case" ;; esac
  for program in fetch-curl fetch-foundation; do
    started=$(date +%s.%N)
    line=$(timeout 20 "$bin/$program" "$target" 2>&1 | head -c 160 | tr '\n' ' ' || true)
    elapsed=$(echo "$(date +%s.%N) - $started" | bc -l)
    rss=$(peak timeout 20 "$bin/$program" "$target")
    printf '%-16s %-17s %5.1f s %7s  %s\n' "${case:0:16}" "$program" "$elapsed" "$rss" "$line"
  done
done
