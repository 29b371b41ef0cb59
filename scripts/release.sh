#!/usr/bin/env bash
# Builds the `courier` binary as it ships: .build/release/courier.
#   scripts/release.sh
# The flags below only change how the binary is laid out and linked, not what it does; the
# end-to-end tests run against this build too (scripts/test.sh). Each one was measured with
# scripts/bench.sh ("resident memory after start"); docs/DECISIONS.md has the figures.
set -euo pipefail
cd "$(dirname "$0")/.."

flags=(
  # One section per function (Swift and C), so the linker can move single functions...
  -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
  # ...and lld, which reads the ordering file below and packs relocations (RELR).
  -Xswiftc -use-ld=lld
  -Xlinker -z -Xlinker pack-relative-relocs
  # SwiftPM exports every symbol; the dynamic loader then searches that 3 MB table for each
  # libc symbol it binds. Nothing looks our symbols up by name.
  -Xlinker --no-export-dynamic
)

# Start-up code gathered on neighbouring pages: each page fault maps 64 KB around it, so
# scattered start-up code costs far more resident memory than its size. scripts/order.sh
# regenerates the file; names it lists that no longer exist are ignored.
order="$PWD/scripts/courier.order"
if [ -s "$order" ] && [ "${COURIER_NO_ORDER:-0}" != 1 ]; then
  flags+=(-Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering)
fi

# libstdc++ (needed by the Swift runtime) linked statically: loading the shared library
# relocates and maps ~1 MB of it at start. The linker takes the first libstdc++ it finds on
# the search path, so a folder holding only the archive goes first.
archive=""
for compiler in "$(dirname "$(readlink -f "$(command -v swift)")")/clang" gcc cc; do
  command -v "$compiler" >/dev/null 2>&1 || continue
  archive="$("$compiler" -print-file-name=libstdc++.a 2>/dev/null || true)"
  [ -f "$archive" ] && break
done
if [ -f "$archive" ]; then
  mkdir -p .build/static-libstdc++
  ln -sf "$archive" .build/static-libstdc++/libstdc++.a
  flags+=(-Xswiftc -L -Xswiftc "$PWD/.build/static-libstdc++")
fi

# SwiftPM does not relink when only the ordering file changed.
rm -f .build/release/courier
swift build -c release --static-swift-stdlib --product courier "${flags[@]}" >&2
echo "$PWD/.build/release/courier"
