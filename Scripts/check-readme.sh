#!/usr/bin/env bash
# Runs the README's commands that need no terminal, as written, from the
# package root (make test runs it after building the release demo):
#   - every `.build/release/tabbar-demo …` command, in a sh block or in a
#     code span: as written when it has --headless, --help or --version;
#     with --headless added otherwise (it starts the full-screen app), which
#     still checks its flags and files;
#   - a code span `tabbar-demo --…` (the program named in prose): the same,
#     on the release binary;
#   - `make run ARGS="…"`: a dry run (make -n) that must hand ARGS to the binary.
# Then checks that --help and the README name the same --styles letters.
# Prints one summary line; exits 1 naming every command that failed.
set -uo pipefail
cd "$(dirname "$0")/.."
demo=.build/release/tabbar-demo
readme=README.md
[[ -x $demo ]] || { echo "check-readme: $demo is missing (make build)" >&2; exit 1; }

# The lines of the README's sh blocks, comments cut, then its code spans that
# start with the demo.
commands() {
  awk '/^```sh$/ {in_sh = 1; next} /^```/ {in_sh = 0} in_sh' "$readme" |
    sed -E 's/[[:space:]]+#.*$//'
  grep -oE '`(\.build/release/)?tabbar-demo --[^`]*`' "$readme" | tr -d '`'
}

failed=0 ran=0 headless=0 dry=0 skipped=0
out=$(mktemp) && trap 'rm -f "$out"' EXIT
while IFS= read -r command; do
  [[ -z $command ]] && continue
  case $command in
    "make run ARGS="*)
      args=$(sed -E 's/.*ARGS="([^"]*)".*/\1/' <<<"$command")
      if bash -c "make -n --no-print-directory ${command#make }" 2>&1 | grep -qF "$demo $args"; then
        dry=$((dry + 1))
      else
        echo "check-readme: $command: make does not pass ARGS to $demo" >&2
        failed=$((failed + 1))
      fi
      continue ;;
    .build/release/tabbar-demo*) run=$command ;;
    tabbar-demo*) run="$demo ${command#tabbar-demo }" ;;
    *) skipped=$((skipped + 1)); continue ;;  # make test, make run: a terminal, or the tests themselves
  esac
  if [[ $run =~ --(headless|help|version) ]]; then
    ran=$((ran + 1))
  else
    run="$run --headless"
    headless=$((headless + 1))
  fi
  if ! bash -c "$run" </dev/null >"$out" 2>&1 || [[ ! -s $out ]]; then
    echo "check-readme: README command failed: $command" >&2
    sed 's/^/  /' "$out" >&2
    failed=$((failed + 1))
  fi
done < <(commands)

# --help's --styles legend, e.g. "(S selected, R reverse, B bold)": each
# letter must be in the README's own legend, in backticks.
legend=$("$demo" --help | tr -s ' \n' ' ' | grep -oE 'style layer \([^)]*\)' | head -1)
readme_legend=$(grep -A3 -F '`--styles` adds' "$readme" | tr '\n' ' ')
if [[ -z $legend || -z $readme_legend ]]; then
  echo "check-readme: no --styles legend in --help or in the README" >&2
  failed=$((failed + 1))
else
  for letter in $(grep -oE '[(,] ?[A-Z.] ' <<<"$legend" | tr -d '(, '); do
    if ! grep -qF "\`$letter\`" <<<"$readme_legend"; then
      echo "check-readme: --help's --styles letter $letter is not in the README" >&2
      failed=$((failed + 1))
    fi
  done
fi

echo "check-readme: $ran ran as written, $headless with --headless added," \
  "$dry make dry runs, $skipped left to a terminal; $failed failed"
((failed == 0))
