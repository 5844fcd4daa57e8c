#!/usr/bin/env bash
# The demo is an app like any other: it holds on to the pages it makes, or
# asks its model, and never looks into a page by its type. Fails, one line
# per place, on a downcast or a type test to a page or a controller (a type
# named …Page or …Controller) in Sources/tabbar-demo: `as?`, `as!`, `is`,
# and `let x as` in a case or catch. Comment lines are skipped. make lint
# runs it.
set -uo pipefail
cd "$(dirname "$0")/.."
root=${1:-Sources/tabbar-demo}
type='[A-Za-z_][A-Za-z0-9_.]*(Page|Controller)\b'
pattern="(\bas[?!][[:space:]]+|\bis[[:space:]]+|\blet[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]+as[[:space:]]+)$type"
hits=$(grep -rnE --include='*.swift' "$pattern" "$root" | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//')
[[ -z $hits ]] && exit 0
while IFS= read -r hit; do
  place=$(cut -d: -f1,2 <<<"$hit")
  cast=$(grep -oE "$pattern" <<<"${hit#*:*:}" | head -1)
  echo "$place: the demo casts to a page or controller ($cast): keep the page it made, or ask the model" >&2
done <<<"$hits"
exit 1
