#!/usr/bin/env bash
# What share of building a request goes to parsing its templates (DECISIONS, "Templates are
# parsed by one scanner"): builds every route of a workspace 2,000 times, then parses every
# templated string it holds as often, with the core compiled -O as one module.
#   scripts/measure/template-share.sh [environments.json]
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swiftc -O -parse-as-library -emit-module -emit-library -static -module-name CourierSystem \
  Sources/CourierSystem/*.swift -emit-module-path "$work/CourierSystem.swiftmodule" -o "$work/libCourierSystem.a"
swiftc -O -wmo -parse-as-library -module-name Measure -I "$work" -L "$work" -lCourierSystem \
  $(find Sources/CourierCore -name '*.swift') scripts/measure/template-share.swift -o "$work/measure"
"$work/measure" "${1:-environments.json}"
