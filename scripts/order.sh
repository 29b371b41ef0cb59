#!/usr/bin/env bash
# Regenerates scripts/courier.order, the order in which the linker places functions (see
# scripts/order.py), then relinks the release binary with it.
#   scripts/order.sh
# Needs valgrind and tmux. Rerun after changing what runs at start-up; a stale file only costs
# resident memory, never correctness (the linker skips names it does not find).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "scripts/order.sh needs valgrind (apt-get install valgrind)" >&2; exit 1; }
binary=$(scripts/release.sh)
python3 scripts/order.py "$binary" scripts/courier.order
scripts/release.sh >/dev/null
