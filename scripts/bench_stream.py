"""The live-stream benchmark: how long after the sample API writes a server-sent event
`courier call` has it on stdout, and the screen has it in its pane. Each tick's data carries `sent_ms` (the server's clock when
it wrote the event); this script reads courier's stdout through a pipe as it comes and
compares with its own clock (same machine, same clock). curl -N on the same URL is the
anchor. Goal: the first event within 100 ms of being sent.
"""
import os
import re
import subprocess
import time

SENT = re.compile(rb'"sent_ms":\s*(\d+)')
SCREEN_SENT = re.compile(r'"sent_ms":\s*(\d+)')


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


def _tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, *args], capture_output=True, text=True).stdout


def screen(binary, port, work):
    """The screen in tmux (140x45): `events` sent with Enter, the pane read as fast as tmux
    answers (every 2-4 ms); each event's latency is when its `sent_ms` first shows, minus
    it. An upper bound: it includes tmux's own redraw and the polling interval."""
    sock = f"courier-bench-stream-{os.getpid()}"
    command = (f"exec env -u NO_COLOR COURIER_DEMO_PORT={port} XDG_STATE_HOME={os.path.join(work, 'state-stream')} "
               f"{binary} --config {os.path.abspath('environments.json')}")
    subprocess.Popen(["tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "140", "-y", "45", command],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seen = {}
    try:
        deadline = time.time() + 10
        while "Routes" not in _tmux(sock, "capture-pane", "-p") and time.time() < deadline:
            time.sleep(0.01)
        _tmux(sock, "send-keys", "/")
        _tmux(sock, "send-keys", "-l", "events")
        _tmux(sock, "send-keys", "Enter")
        while "Request · events" not in _tmux(sock, "capture-pane", "-p") and time.time() < deadline:
            time.sleep(0.01)
        _tmux(sock, "send-keys", "Enter")
        deadline = time.time() + 5
        while time.time() < deadline and "event: done" not in (text := _tmux(sock, "capture-pane", "-p")):
            now = time.time() * 1000
            for sent in SCREEN_SENT.findall(text):
                seen.setdefault(int(sent), now - int(sent))
    finally:
        _tmux(sock, "kill-server")
    print("# live stream on the screen: server-sent event written → in the Response pane (tmux 140x45)")
    if not seen:
        print("no event reached the screen")
        return
    latencies = [seen[sent] for sent in sorted(seen)]
    print(f"courier screen: first event {latencies[0]:6.1f} ms after it was sent, worst of {len(latencies)} "
          f"{max(latencies):6.1f} ms  (goal: first < 100 ms)")
