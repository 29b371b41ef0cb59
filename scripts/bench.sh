#!/usr/bin/env bash
# Benchmarks Courier beside public tools on the same input, in one run, and prints ratios.
#   scripts/bench.sh            (builds the release binary first)
# Needs: jq, curl, python3 (installed by scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --static-swift-stdlib --product courier >&2
exec python3 scripts/bench.py .build/release/courier
