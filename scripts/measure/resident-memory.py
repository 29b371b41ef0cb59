#!/usr/bin/env python3
"""The screen's resident memory after start, for several binaries side by side, interleaved.

    python3 scripts/measure/resident-memory.py OLD_COURIER NEW_COURIER [ROUNDS]

Each binary opens the repository's environments.json in a 140x45 tmux session with a state
folder of its own; once the first frame is drawn (and 0.3 s more), VmRSS is read from /proc.
Rounds alternate the binaries so a drift of the machine touches both. bench.sh reports the
same figure once per run; this is for comparing two builds (a stale symbol order file shows
here first: scripts/order.sh)."""
import os
import subprocess
import sys
import tempfile
import time


def resident(binary, sock):
    state = tempfile.mkdtemp(prefix="courier-rss-")
    command = f"exec env XDG_STATE_HOME={state} {binary} --config {os.path.abspath('environments.json')}"
    subprocess.Popen(["tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "140", "-y", "45", command])
    try:
        start = time.time()
        while time.time() - start < 10:
            screen = subprocess.run(["tmux", "-L", sock, "capture-pane", "-p"], capture_output=True, text=True).stdout
            if "Routes" in screen and "quit" in screen:
                break
            time.sleep(0.01)
        time.sleep(0.3)
        panes = subprocess.run(["tmux", "-L", sock, "list-panes", "-F", "#{pane_pid}"], capture_output=True, text=True)
        pid = int(panes.stdout.split()[0])
        with open(f"/proc/{pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024
    finally:
        subprocess.run(["tmux", "-L", sock, "kill-server"], capture_output=True)


def main():
    binaries = [arg for arg in sys.argv[1:] if not arg.isdigit()]
    rounds = next((int(arg) for arg in sys.argv[1:] if arg.isdigit()), 3)
    for round_ in range(rounds):
        for index, binary in enumerate(binaries):
            print(f"{binary}: {resident(binary, f'courier-rss-{os.getpid()}-{round_}-{index}'):.1f} MB")


if __name__ == "__main__":
    main()
