"""The live-stream benchmark: how long after the sample API writes a server-sent event
`courier call` has it on stdout. Each tick's data carries `sent_ms` (the server's clock when
it wrote the event); this script reads courier's stdout through a pipe as it comes and
compares with its own clock (same machine, same clock). curl -N on the same URL is the
anchor. Goal: the first event within 100 ms of being sent.
"""
import re
import subprocess
import time

SENT = re.compile(rb'"sent_ms":\s*(\d+)')


def _latencies(argv, env):
    """Milliseconds from `sent_ms` to the moment each event's line is read from `argv`."""
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
    latencies = []
    for line in iter(process.stdout.readline, b""):
        match = SENT.search(line)
        if match:
            latencies.append(time.time() * 1000 - int(match.group(1)))
    process.wait()
    return latencies


def stream(binary, port, env):
    print("# live stream: server-sent event written → on stdout")
    url = f"http://127.0.0.1:{port}/dev/v1/events?count=10&ms=100"
    courier = _latencies([binary, "call", "events", "-q", "count=10", "-q", "ms=100", "--raw",
                          "--config", "environments.json"], env)
    curl = _latencies(["curl", "-sN", url], env)
    if not courier or not curl:
        print(f"no events read (courier {len(courier)}, curl {len(curl)})")
        return
    print(f"courier call: first event {courier[0]:6.1f} ms after it was sent, worst of {len(courier)} "
          f"{max(courier):6.1f} ms  (goal: first < 100 ms)")
    print(f"curl -N:      first event {curl[0]:6.1f} ms after it was sent, worst of {len(curl)} "
          f"{max(curl):6.1f} ms")
