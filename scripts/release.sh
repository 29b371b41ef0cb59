#!/usr/bin/env bash
# Builds the `courier` binary as it ships: .build/release/courier.
#   scripts/release.sh
# The flags below only change how the binary is laid out and linked, not what it does; the
# end-to-end tests run against this build too (scripts/test.sh). Each one was measured with
# scripts/bench.sh ("resident memory after start"); docs/DECISIONS.md, "The shipped link", says
# why each is there, and the commits that added them have the figures.
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
  # Identical functions folded into one (generic specialisations repeat a lot): 2.1 MB less.
  # Only code is folded, never data; nothing in Courier compares function addresses.
  -Xlinker --icf=all
  # The C targets (two BoringSSLs, NIO's HTTP parser) for size: their hot loops are assembly or
  # network-bound, and the binary must stay under 30 MB stripped.
  -Xcc -Os
)

# Start-up code gathered on neighbouring pages: each page fault maps 64 KB around it, so
# scattered start-up code costs far more resident memory than its size. scripts/order.sh
# regenerates the file; names it lists that no longer exist are ignored.
order="$PWD/scripts/courier.order"
if [ -s "$order" ] && [ "${COURIER_NO_ORDER:-0}" != 1 ]; then
  flags+=(-Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering)
fi

# The C libraries linked statically where their archives are installed: libstdc++ (needed by
# the Swift runtime), SQLite, ncurses with its terminfo part, zlib. Each shared library costs
# the dynamic loader a search, a mapping and its relocations at every start (~0.5 ms of a
# ~8 ms `courier call` for these four). The linker takes the first library of a name it finds
# on the search path, so a folder holding only the archives goes first. glibc's own (libc,
# libm) stay shared, as glibc requires.
static=.build/static-libs
rm -rf "$static" .build/static-libstdc++
mkdir -p "$static"
archive_of() {  # the archive's path as the first C compiler that knows it says, or nothing
  local compiler path
  for compiler in "$(dirname "$(readlink -f "$(command -v swift)")")/clang" gcc cc; do
    command -v "$compiler" >/dev/null 2>&1 || continue
    path="$("$compiler" -print-file-name="$1" 2>/dev/null || true)"
    [ -f "$path" ] && { echo "$path"; return; }
  done
}
for library in stdc++ sqlite3 ncursesw tinfo z psl idn2 unistring; do
  archive="$(archive_of "lib$library.a")"
  if [ -n "$archive" ]; then ln -sf "$archive" "$static/lib$library.a"; fi
done
flags+=(-Xswiftc -L -Xswiftc "$PWD/$static")
# The shared ncurses names its terminfo library itself; the archive needs it named.
if [ -e "$static/libncursesw.a" ] && [ -e "$static/libtinfo.a" ]; then flags+=(-Xlinker -ltinfo); fi
# libpsl's archive leaves IDNA and Unicode normalisation to libidn2 and libunistring.
if [ -e "$static/libpsl.a" ] && [ -e "$static/libidn2.a" ] && [ -e "$static/libunistring.a" ]; then
  flags+=(-Xlinker -lidn2 -Xlinker -lunistring)
fi

# SwiftPM does not relink when only the ordering file changed.
rm -f .build/release/courier
# No `$ORIGIN` run path: with every Swift library inside, there is nothing beside the binary to
# load, and the loader would search that folder (and its glibc-hwcaps subfolders) for each
# shared library first: ~0.5 ms per start.
swift build -c release --static-swift-stdlib --disable-local-rpath --product courier "${flags[@]}" >&2
echo "$PWD/.build/release/courier"
