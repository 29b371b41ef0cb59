#!/usr/bin/env bash
# Installs the system packages Courier's build and tests need, only when they are missing:
# ncurses headers (the TUI links ncursesw), SQLite headers (history), zlib's, libpsl's (cookies),
# tmux (TUI end-to-end tests), jq, curl and GNU time (benchmark anchors), chromium (the HTML report read
# as a browser lays it out).
set -euo pipefail
cd "$(dirname "$0")/.."
need=()
[ -f /usr/include/ncursesw/curses.h ] || need+=(libncurses-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
# zlib's archive, which the shipped binary links statically (scripts/release.sh).
[ -f /usr/include/zlib.h ] || need+=(zlib1g-dev)
# libpsl (the Public Suffix List for cookies) and what its archive needs, for the same reason.
[ -f /usr/include/libpsl.h ] || need+=(libpsl-dev)
[ -f /usr/include/idn2.h ] || need+=(libidn2-dev)
[ -f /usr/include/unistr.h ] || need+=(libunistring-dev)
for tool in tmux jq curl chromium; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
# GNU time: the benchmark's peak-memory figures (scripts/bench_check.py, `peak_rss`).
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
# Independent peers the tests check Courier against: the `rncryptor` package (sealed
# workspaces), in a virtual environment of the build folder.
peers=.build/peers-venv
if ! "$peers/bin/python" -c 'import rncryptor' >/dev/null 2>&1; then
  rm -rf "$peers"
  python3 -m venv "$peers"
  "$peers/bin/pip" install -q --disable-pip-version-check 'rncryptor==3.3.0'
fi
