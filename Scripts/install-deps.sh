#!/usr/bin/env bash
# Installs what `make` needs and is missing: the ncursesw headers (to build)
# and, with --test, tmux and valgrind (for the end-to-end tests). Uses apt-get when run as
# root; otherwise prints the exact command and fails.
set -euo pipefail

missing=()
if [ ! -e /usr/include/ncursesw/curses.h ] && [ ! -e /usr/include/curses.h ]; then
  missing+=(libncurses-dev)
fi
if [ "${1:-}" = "--test" ]; then
  command -v tmux >/dev/null 2>&1 || missing+=(tmux)
  command -v valgrind >/dev/null 2>&1 || missing+=(valgrind)
  command -v objcopy >/dev/null 2>&1 || missing+=(binutils)
  # xterm-direct and tmux-direct: truecolor with COLORTERM=truecolor (themes, P5).
  infocmp xterm-direct >/dev/null 2>&1 || missing+=(ncurses-term)
fi
if ! command -v swift >/dev/null 2>&1; then
  echo "swift is not on PATH: install Swift 6.2 or later (https://swift.org/install)" >&2
  exit 1
fi
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} with apt-get…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing: ${missing[*]}. Install with:" >&2
  echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
