#!/usr/bin/env bash
# bounded.sh MINUTES COMMAND...: runs a test command with a time bound far above its usual time.
# A hang then fails CI with the names of the tests that started and never ended, instead of
# running into CI's own limit with nothing said. The output is passed through as it comes.
set -uo pipefail
minutes=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
timeout --kill-after=30s "${minutes}m" "$@" 2>&1 | tee "$log"
code=${PIPESTATUS[0]}
if [ "$code" = 124 ] || [ "$code" = 137 ]; then
  echo "timed out after $minutes minutes: $*" >&2
  python3 - "$log" >&2 <<'PYTHON'
import re, sys
# Swift Testing: `◇ Test "name" started.`, `✔ Test "name" passed after …`, `✘ … failed after …`;
# XCTest: `Test Case 'name' started.`, `… passed (…)`, `… failed (…)`.
started, ended = [], set()
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    if m := re.search(r"Test (\".*\"|Case '.*') started\.$", line.rstrip()):
        started.append(m.group(1))
    elif m := re.search(r"Test (\".*\"|Case '.*') (passed|failed|skipped)", line):
        ended.add(m.group(1))
unfinished = [name for name in dict.fromkeys(started) if name not in ended]
print("started and never ended:" if unfinished else "every test that started ended")
for name in unfinished:
    print("  " + name)
PYTHON
fi
exit "$code"
