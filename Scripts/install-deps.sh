#!/usr/bin/env bash
# Installs what `make` needs and is missing: the ncursesw headers, and for the feed engine
# (NewsFeeds) libcurl's and libxml2's headers, pkg-config (SwiftPM finds both libraries
# through it) and the CA certificates that https feeds are checked against; with --test,
# tmux, valgrind and python3 (the end-to-end tests and the feed tests' server). Uses
# apt-get when run as root; otherwise prints the exact command and fails.
#
# --dry-run prints `missing: PACKAGE…` (or nothing) and installs nothing. DEPS_ROOT, when
# set, is a folder that stands for / in every check, so a test can see what a fresh machine
# would be given.
set -euo pipefail

root=${DEPS_ROOT:-}
test_deps=no
dry_run=no
for argument in "$@"; do
  case "$argument" in
    --test) test_deps=yes ;;
    --dry-run) dry_run=yes ;;
    *) echo "install-deps.sh: unknown option $argument" >&2; exit 2 ;;
  esac
done

# True when a file exists under the root; several paths (or a glob) may be given.
have_file() {
  local path
  for path in "$@"; do
    for match in "$root"$path; do
      [ -e "$match" ] && return 0
    done
  done
  return 1
}
# True when a command is installed (under DEPS_ROOT: in its /usr/bin or /bin).
have_command() {
  if [ -n "$root" ]; then
    [ -x "$root/usr/bin/$1" ] || [ -x "$root/bin/$1" ]
  else
    command -v "$1" >/dev/null 2>&1
  fi
}

missing=()
have_file /usr/include/ncursesw/curses.h /usr/include/curses.h || missing+=(libncurses-dev)
# libcurl's headers: Debian puts them under the multiarch folder.
have_file /usr/include/curl/curl.h '/usr/include/*/curl/curl.h' || missing+=(libcurl4-openssl-dev)
have_file /usr/include/libxml2/libxml/parser.h || missing+=(libxml2-dev)
have_command pkg-config || missing+=(pkg-config)
have_file /etc/ssl/certs/ca-certificates.crt || missing+=(ca-certificates)
if [ "$test_deps" = yes ]; then
  have_command tmux || missing+=(tmux)
  have_command valgrind || missing+=(valgrind)
  have_command objcopy || missing+=(binutils)
  have_command python3 || missing+=(python3)
  # xterm-direct and tmux-direct: truecolor with COLORTERM=truecolor (themes, P5).
  if [ -n "$root" ]; then
    have_file /usr/share/terminfo/x/xterm-direct || missing+=(ncurses-term)
  else
    infocmp xterm-direct >/dev/null 2>&1 || missing+=(ncurses-term)
  fi
fi
if [ "$dry_run" = yes ]; then
  [ ${#missing[@]} -eq 0 ] || echo "missing: ${missing[*]}"
  exit 0
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
