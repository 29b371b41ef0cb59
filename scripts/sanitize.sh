#!/usr/bin/env bash
# The unit and integration tests under AddressSanitizer and ThreadSanitizer, each in its own
# build folder (.build/asan, .build/tsan) so the normal build is untouched.
#
#   scripts/sanitize.sh [address|thread]...   (both unless told)
#
# The end-to-end tests are left out: they run the courier binary as users get it, and the
# sanitizers' own tests are about the code in-process (the engine's event loop and tasks,
# the history writer's queue, the screen's state), which the unit and integration tests drive.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
kinds=("$@")
[ ${#kinds[@]} -gt 0 ] || kinds=(address thread)
suites='CourierCoreTests|CourierHTTPTests|CourierTUITests|CourierStoreTests|CourierOpenAPITests|CourierCLITests'
for kind in "${kinds[@]}"; do
  case "$kind" in
    address) dir=.build/asan ;;
    thread) dir=.build/tsan ;;
    *) echo "usage: scripts/sanitize.sh [address|thread]..." >&2; exit 2 ;;
  esac
  echo "== $kind sanitizer: building in $dir" >&2
  swift build --build-tests --sanitize="$kind" --scratch-path "$dir"
  echo "== $kind sanitizer: running the unit and integration tests" >&2
  # halt_on_error: the first report fails the run instead of scrolling past.
  ASAN_OPTIONS=detect_leaks=0:halt_on_error=1 TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 \
    swift test --skip-build --sanitize="$kind" --scratch-path "$dir" --filter "$suites"
done
