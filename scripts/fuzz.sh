#!/usr/bin/env bash
# Fuzzes every parser that reads untrusted bytes (Fuzz/Sources/*: JSON reader and printers,
# json_path, workspace loader, templates, checks, `matches` patterns, curl, Postman, .http,
# OpenAPI, response headers and cookies, stream framing, the RNCryptor container, GraphQL,
# a WebSocket's answer and frames) with
# libFuzzer and AddressSanitizer, SECONDS each (default 60), two at a time on two cores.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]      (FUZZ_CONFIG=debug, FUZZ_JOBS=N)
#
# Seeds are Fuzz/Corpus/<target> (small, kept in git); what a run adds goes to
# .build/fuzz/corpus/<target>, so a later run starts where the last one stopped. Prints
# executions and coverage per target; exits 1 on any crash, broken invariant, timeout
# or out-of-memory, leaving the input as .build/fuzz/artifacts/<target>-crash-… and the
# command that replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=($(ls Fuzz/Sources | grep '^Fuzz' | grep -v FuzzSupport))
fi
jobs=${FUZZ_JOBS:-$(nproc)}
# release unless told: optimised code runs several times more inputs per second; CI's short
# run takes debug, which builds in one minute instead of six.
config=${FUZZ_CONFIG:-release}
out=.build/fuzz
echo "building ${#targets[@]} fuzz targets ($config, -sanitize=fuzzer,address)…" >&2
# A failed build stops here (the targets of an earlier build must not run in its place) and
# shows its messages, less the linker's harmless note about ASan's spill area.
mkdir -p "$out"
if ! swift build --package-path Fuzz --scratch-path "$out" -c "$config" -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -parse-as-library -Xswiftc -enable-testing >"$out/build.log" 2>&1; then
  grep -v -e "Cannot export local symbol '__asan_extra_spill_area'" -e '^\[[0-9]*/[0-9]*\]' "$out/build.log" >&2
  echo "the fuzz targets did not build" >&2
  exit 1
fi
bin=$(swift build --package-path Fuzz --scratch-path "$out" -c "$config" --show-bin-path)
mkdir -p "$out/logs" "$out/artifacts"

run() {
  local target=$1
  local corpus="$out/corpus/$target"
  mkdir -p "$corpus"
  if [ ! -x "$bin/$target" ]; then
    echo "$target: not built" >"$out/logs/$target.log"
    return 1
  fi
  # Leak checks are off: the Swift runtime's caches read as leaks to LeakSanitizer. Swift's
  # own backtracer is off too: it reads memory that AddressSanitizer then reports as well.
  SWIFT_BACKTRACE=enable=no "$bin/$target" "$corpus" "Fuzz/Corpus/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-" >"$out/logs/$target.log" 2>&1
}

# Each run leaves its exit status in a file: `jobs` (which paces the runs) reaps finished
# jobs, after which `wait PID` can no longer say how one ended.
failed=0
names=()
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
  rm -f "$out/logs/$target.status"
  (
    code=0
    run "$target" || code=$?
    echo "$code" >"$out/logs/$target.status"
  ) &
  names+=("$target")
done
wait
status=()
for i in "${!names[@]}"; do
  if [ "$(cat "$out/logs/${names[$i]}.status" 2>/dev/null)" = 0 ]; then
    status[$i]=ok
  else
    status[$i]=FAILED
    failed=1
  fi
done

printf '%-14s %14s %10s %8s %8s %8s  %s\n' target executions "exec/s" cov ft corpus result
for i in "${!names[@]}"; do
  target=${names[$i]}
  log="$out/logs/$target.log"
  # A crashed run has no final statistics: each lookup may find nothing.
  runs=$(grep 'stat::number_of_executed_units:' "$log" | awk '{print $2}' | tail -1 || true)
  rate=$(grep 'stat::average_exec_per_sec:' "$log" | awk '{print $2}' | tail -1 || true)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(grep -o 'cov: [0-9]*' <<<"$last" | awk '{print $2}' || true)
  ft=$(grep -o 'ft: [0-9]*' <<<"$last" | awk '{print $2}' || true)
  files=$(find "$out/corpus/$target" -type f | wc -l)
  printf '%-14s %14s %10s %8s %8s %8s  %s\n' "$target" "${runs:--}" "${rate:--}" "${cov:--}" "${ft:--}" "$files" \
    "${status[$i]}"
  if [ "${status[$i]}" != ok ]; then
    grep -E 'invariant broken|ERROR: (libFuzzer|AddressSanitizer)|Fatal error|SUMMARY' "$log" | head -5 |
      sed 's/^/    /' || true
    for artifact in $(grep -o 'Test unit written to [^ ]*' "$log" | awk '{print $5}' | sort -u || true); do
      echo "    reproduce: $bin/$target $artifact"
    done
    echo "    log: $log"
  fi
done
exit $failed
