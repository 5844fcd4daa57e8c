#!/usr/bin/env bash
# Prints one closing line over Swift Testing logs, counted from the results
# of each test: `summary: N passed, M failed`. Exits non-zero when a test
# failed, when a log holds no result at all (a run that never started), or
# when a status file given with --status holds a non-zero exit code. A status
# file given with --step is that of a step that runs no test (a build): when
# it is non-zero, the step counts as one failure and is named.
set -euo pipefail

statuses=()
steps=()
logs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --status) statuses+=("$2"); shift 2 ;;
    --step) steps+=("$2"); shift 2 ;;
    *) logs+=("$1"); shift ;;
  esac
done

passed=0
failed=0
for log in "${logs[@]}"; do
  # One line a test at its end: `✔ Test "name" passed after…`, or
  # `✘ Test "name" failed after…` (an issue it recorded has a line of its
  # own, which is not counted), parameterized tests once each.
  p=$(grep -E '^✔ Test .* passed after' "$log" | grep -vc '^✔ Test run ' || true)
  f=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^✘ Test run ' || true)
  if [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
    echo "$log: no test result (the run did not start)" >&2
    failed=$((failed + 1))
  fi
  passed=$((passed + p))
  failed=$((failed + f))
done
for step in "${steps[@]}"; do
  if [ "$(cat "$step")" != "0" ]; then
    echo "${step%.status}: failed (its log: ${step%.status}.log)" >&2
    failed=$((failed + 1))
  fi
done
echo "summary: $passed passed, $failed failed"

code=0
[ "$failed" -eq 0 ] || code=1
for status in "${statuses[@]}"; do
  [ "$(cat "$status")" = "0" ] || code=1
done
exit "$code"
