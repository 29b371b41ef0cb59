#!/usr/bin/env bash
# A long WebSocket conversation's memory: the demo's ws/echo gets MESSAGES lines of 1 KB, one
# every GAP seconds, through `courier call ws.echo`; the call's resident memory is printed every
# 5 s. Flat after the first samples means the transcript's bound holds (4 MB of messages).
#
#   scripts/ws-soak.sh [MESSAGES] [GAP]     (default 60000 0.001; 3600 1 is an hour at 1/s)
#   COURIER=.build/release/courier scripts/ws-soak.sh
set -euo pipefail
cd "$(dirname "$0")/.."
messages=${1:-60000}
gap=${2:-0.001}
courier=${COURIER:-.build/debug/courier}
state=$(mktemp -d)
trap 'kill $demo 2>/dev/null || true; rm -rf "$state"' EXIT
port=$((20000 + RANDOM % 20000))
XDG_STATE_HOME=$state "$courier" demo --port "$port" >/dev/null 2>&1 &
demo=$!
sleep 1
python3 - "$messages" "$gap" <<'PY' |
import sys, time
count, gap = int(sys.argv[1]), float(sys.argv[2])
pad = "x" * 1000
for n in range(count):
    sys.stdout.write('{"n": %d, "pad": "%s"}\n' % (n, pad))
    sys.stdout.flush()
    time.sleep(gap)
PY
  COURIER_DEMO_PORT=$port XDG_STATE_HOME=$state "$courier" call ws.echo --raw --no-history >/dev/null &
sleep 1
call=$(pgrep -n -f "call ws.echo --raw --no-history" || true)
started=$(date +%s)
while kill -0 "$call" 2>/dev/null; do
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$call/status" 2>/dev/null || true)
  [ -n "$rss" ] && echo "$(( $(date +%s) - started )) s  ${rss} kB"
  sleep 5
done
# A server that stops reading (ws/deaf) while 1 GB waits on stdin: the call is held back (the
# next line is read once the last is written), so its peak stays what the connection's buffers
# and the transcript hold, whatever the size of the input.
cat > "$state/deaf.json" <<JSON
{"environments": {"local": {"base_url": "http://127.0.0.1:$port/dev/v1", "timeout": 3}},
 "routes": [{"name": "deaf", "path": "/ws/deaf", "websocket": true}]}
JSON
line=$(head -c 1000 /dev/zero | tr '\0' a)
yes "$line" | head -c 1000000000 | XDG_STATE_HOME=$state /usr/bin/time -f '%M' -o "$state/peak" \
  "$courier" call deaf --config "$state/deaf.json" --no-history >/dev/null 2>&1 || true
peak=$(tail -1 "$state/peak")
echo "deaf server, 1 GB on stdin: peak ${peak} kB"
