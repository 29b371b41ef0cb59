#!/usr/bin/env bash
# Installs the system packages Courier's build and tests need, only when they are missing:
# ncurses headers (the TUI links ncursesw), SQLite headers (history, through GRDB), tmux (TUI end-to-end tests), jq and curl
# (benchmark anchors).
set -euo pipefail
need=()
[ -f /usr/include/ncursesw/curses.h ] || need+=(libncurses-dev)
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
for tool in tmux jq curl; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
