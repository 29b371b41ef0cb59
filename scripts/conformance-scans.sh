#!/usr/bin/env bash
# Counts how often one command makes the Swift runtime search the binary's protocol
# conformance records, and how many records it visits: every first look-up of a (type,
# protocol) pair visits all of them (~7,400), and those searches are the largest single cost
# of a small `courier call` (docs/DECISIONS.md, "A small call's time").
#   scripts/conformance-scans.sh BINARY ARGS...      e.g. .build/release/courier call users.show
# Needs perf with uprobes (root); the binary must keep its symbols (not stripped).
set -euo pipefail
binary=$(readlink -f "$1")
shift
symbol() { nm "$binary" | awk -v pattern="$1" '!found && $0 ~ pattern { print $1; found = 1 }'; }
lookup=$(symbol ' t _ZL52swift_conformsToProtocolMaybeInstantiateSuperclassesPKN')
record=$(symbol '_ZZZL52swift_conformsToProtocolMaybe.*clESH_$')
[ -n "$lookup" ] && [ -n "$record" ] || { echo "no conformance look-up symbols in $binary" >&2; exit 1; }
# uprobes take file offsets; the text segment of a lld-linked binary sits 0x1000 above them.
offset() { printf '0x%x' $((0x$1 - 0x1000)); }
perf probe -q -d 'probe_courier:*' 2>/dev/null || true
perf probe -q -x "$binary" -a "lookup=$(offset "$lookup")" 2>/dev/null
perf probe -q -x "$binary" -a "record=$(offset "$record")" 2>/dev/null
trap 'perf probe -q -d "probe_courier:*" 2>/dev/null || true' EXIT
perf stat -x, -e probe_courier:lookup,probe_courier:record "$binary" "$@" 2>&1 >/dev/null |
  awk -F, '/probe_courier:lookup/ { l = $1 } /probe_courier:record/ { r = $1 }
    END { printf "%s look-ups, %s records visited (about %d full searches)\n", l, r, r / 7400 }'
