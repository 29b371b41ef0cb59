#!/usr/bin/env bash
# Benchmarks Courier beside public tools on the same input, in one run, and prints ratios.
#   scripts/bench.sh            (builds the release binary first)
# Needs: jq, curl, python3 (installed by scripts/setup.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# lld with packed relative relocations: ~2 MB less resident memory for this large static binary.
swift build -c release --static-swift-stdlib --product courier -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs >&2
exec python3 scripts/bench.py .build/release/courier
