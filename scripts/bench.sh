#!/usr/bin/env bash
# Benchmarks Courier beside public tools on the same input, in one run, and prints ratios.
#   scripts/bench.sh            (builds the release binary first)
# Needs: jq, curl, python3 (installed by scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# The binary as it ships (scripts/release.sh: function order, lld, static libstdc++).
binary=$(scripts/release.sh)
exec python3 scripts/bench.py "$binary"
