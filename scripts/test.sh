#!/usr/bin/env bash
# Runs every test: unit, integration (sample API on loopback) and end-to-end (built binary,
# tmux-driven TUI). Serial output keeps the XCTest and Swift Testing summaries visible.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# House rules first, they take seconds: the formatter's lint (.swift-format, 120 columns) and
# no source file over 400 lines (split files along their jobs instead).
swift format lint --strict --recursive --parallel Sources Tests Package.swift Fuzz/Sources Fuzz/Package.swift
long=$(find Sources Fuzz/Sources -name '*.swift' -exec wc -l {} + | awk '$2 != "total" && $1 > 400 {print $2 " (" $1 " lines)"}')
if [ -n "$long" ]; then
  echo "source files over 400 lines: $long" >&2
  exit 1
fi
# Swift 6.3.1 under -O loses a tuple element computed before a suspension when the tuple is a
# task's result (scripts/repro/task-tuple-miscompile.swift): no tuple literal (nor, to be safe,
# argument list) awaits after a comma.
split=$(grep -rnE '\([^()]*,[[:space:]]*(try[[:space:]]+)?await\b' Sources Fuzz/Sources || true)
if [ -n "$split" ]; then
  echo "a tuple or argument list that awaits after a comma (await into a let first; see scripts/repro): $split" >&2
  exit 1
fi
# ThreadSanitizer cannot see the standard library's `Mutex` pass between threads under
# contention (scripts/repro/tsan-mutex-false-race.swift): `Locked` is the one lock.
stdmutex=$(grep -rnE '\bMutex(<|\()|import Synchronization' Sources Tests Fuzz/Sources || true)
if [ -n "$stdmutex" ]; then
  echo "the standard Mutex, which ThreadSanitizer misreads (use Locked): $stdmutex" >&2
  exit 1
fi
# DESIGN.md §1 as a fact of the package graph: the core, the importers and the screen's state
# machine link nothing but the core and CourierSystem, which links nothing (no networking,
# database or terminal library, even indirectly).
graph=$(swift package dump-package | jq -c '[.targets[] | {(.name): [.dependencies[] | (.byName[0] // .product[0])]}] | add')
pure=$(jq -c '{core: .CourierCore, tui: .CourierTUI, system: .CourierSystem, import: .CourierImport}' <<<"$graph")
if [ "$pure" != '{"core":["CourierSystem"],"tui":["CourierCore"],"system":[],"import":["CourierCore"]}' ]; then
  echo "CourierCore, CourierTUI and CourierImport must stay pure (DESIGN.md §1), but depend on: $pure" >&2
  exit 1
fi
swift build --build-tests
# And the core and the screen make no system calls of their own: none of their objects calls
# the C library's file functions (the store and the command line read and write files), maps
# memory, starts a thread or looks a symbol up (CourierSystem does, for the JSON printer).
io=$(for target in CourierCore CourierTUI CourierImport; do
  for source in $(find "Sources/$target" -name '*.swift'); do
    object=".build/debug/$target.build/$(basename "$source").o"
    if nm -u "$object" | awk '{print $2}' |
      grep -qxE '(open|openat|fopen|stat|fstat|lstat|opendir|readdir|unlink|rename|mkdir|realpath|mmap)(64)?|read|write|pread|pwrite|close|munmap|madvise|dlsym|pthread_create|sysconf'; then
      echo "$source"
    fi
  done
done)
if [ -n "$io" ]; then
  echo "system calls in CourierCore, CourierTUI or CourierImport (files to CourierStore, the rest to CourierSystem): $io" >&2
  exit 1
fi
# Each test run has a bound (scripts/bounded.sh): a hang names its tests and fails in time.
scripts/bounded.sh 20 swift test
# The end-to-end tests once more, against the binary as it ships: scripts/release.sh links it
# with its own flags (function order, lld, static C libraries, folded code, no exported symbols).
binary=$(scripts/release.sh)
# No full Foundation in the shipped binary: one use of it brings CoreFoundation and ICU's 34 MB
# data table (docs/DECISIONS.md, "The binary's size"). Its symbols are `$s10Foundation…`.
if nm "$binary" | grep -q -e ' icudt' -e ' \$s10Foundation'; then
  echo "the release binary links full Foundation (and ICU); relink with -Xlinker --why-extract=FILE to see who asks" >&2
  exit 1
fi
# It loads nothing but glibc's own libraries and has no run path to search: each shared library
# and each run path folder costs every start (docs/DECISIONS.md, "The shipped link").
shared=$(readelf -d "$binary" | awk '/\(NEEDED\)/ { gsub(/[][]/, "", $5); print $5 }' |
  grep -v -x -e 'libc\.so\.6' -e 'libm\.so\.6' -e 'libgcc_s\.so\.1' -e 'ld-linux.*' || true)
if [ -n "$shared" ] || readelf -d "$binary" | grep -q -e '(RUNPATH)' -e '(RPATH)'; then
  echo "the release binary loads $(echo $shared) or has a run path; see scripts/release.sh" >&2
  exit 1
fi
COURIER_BINARY="$binary" scripts/bounded.sh 15 swift test --skip-build --filter CourierEndToEndTests
# Sent as written (issue 29): every request of the Insomnia and Bruno fixtures, imported and sent
# by the shipped binary through a recording loopback proxy, against the request its file writes,
# read by scripts/corpus_sources.py apart from Courier's importers.
python3 scripts/corpus_sent.py "$binary" insomnia --at-least 100 \
  Tests/CourierOpenAPITests/Fixtures/insomnia/*.yaml Tests/CourierOpenAPITests/Fixtures/insomnia/inso-insomnia_v4.json
python3 scripts/corpus_sent.py "$binary" bruno --at-least 100 Tests/CourierCoreTests/Fixtures/bruno/testbench/collection
python3 scripts/corpus_sent.py "$binary" postman --at-least 98 Tests/CourierCoreTests/Fixtures/postman-transformer/*.json
# curlconverter's 108 commands run with real curl and with Courier against one loopback server:
# no crash, and at least the fraction measured (79 of the 84 that curl sends here go out alike).
python3 scripts/corpus.py "$binary" curl --at-least 94 Tests/CourierCoreTests/Fixtures/curlconverter
# Bad input, briefly: every fuzz target for 10 s (a debug build, one minute instead of six; the
# long runs are scripts/fuzz.sh 600), then the thread sanitizer over the unit and integration
# tests (about 8 minutes: every dependency built again with -sanitize=thread).
FUZZ_CONFIG=debug scripts/bounded.sh 15 scripts/fuzz.sh 10
scripts/bounded.sh 30 scripts/sanitize.sh thread
