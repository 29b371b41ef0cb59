"""Writes the linker's symbol ordering file from what `courier` actually runs.

    python3 scripts/order.py BINARY OUTPUT      (scripts/order.sh calls it)

Runs the binary under callgrind in four scenes (the TUI starting and quitting; a TUI session
that opens a route, sends, scrolls, switches environment and opens help; `courier call`;
`courier format`) and lists the functions of the courier image each one ran, scene by scene
(sorted by name within a scene), so start-up code comes first. The kernel maps 64 KB around
every page fault on a file, so start-up code spread over the 25 MB text costs several times
its size in resident memory; gathered, it costs about its size.

Names that several objects define as local symbols are left out: lld would move every one of
them, pulling unrelated code into the start-up region.
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from demo_server import demo_server

BIN = os.path.abspath(sys.argv[1])
OUTPUT = sys.argv[2]
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
WORKSPACE = os.path.join(ROOT, "environments.json")
WORK = tempfile.mkdtemp(prefix="courier-order-")


def callgrind(name):
    out = os.path.join(WORK, f"{name}.callgrind")
    return ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={out}"], out


def functions(path):
    """Functions with cost in the courier image, in the order callgrind lists them."""
    if not os.path.exists(path):
        sys.exit(f"{path}: callgrind wrote nothing (is valgrind installed and working?)")
    names, objects, found = {}, {}, []
    image = None
    for line in open(path, encoding="utf-8", errors="replace"):
        if line.startswith(("ob=", "cob=")):
            match = re.match(r"c?ob=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
            if match.group(2):
                objects[match.group(1)] = match.group(2)
            if line.startswith("ob="):
                image = objects.get(match.group(1))
        elif line.startswith(("fn=", "cfn=")):
            match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.rstrip("\n"))
            if match.group(2):
                # callgrind marks recursion levels as name'2; the symbol is the name.
                names[match.group(1)] = re.sub(r"'\d+$", "", match.group(2))
            if line.startswith("fn=") and image and os.path.basename(image).startswith("courier"):
                found.append(names[match.group(1)])
    return found


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, *args], capture_output=True, text=True).stdout


def tui_scene(name, binary, port, keys):
    """The TUI under callgrind in a 140x45 tmux pane: wait for the first frame, press keys, quit."""
    prefix, out = callgrind(name)
    sock = f"courier-order-{os.getpid()}"
    state = os.path.join(WORK, "state")
    command = " ".join(prefix + [binary, "--config", WORKSPACE])
    subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "140", "-y", "45",
                    f"env -u NO_COLOR COURIER_DEMO_PORT={port} XDG_STATE_HOME={state} {command} 2>/dev/null"], check=True)
    try:
        deadline = time.time() + 120
        while "quit" not in tmux(sock, "capture-pane", "-p") and time.time() < deadline:
            time.sleep(0.5)
        time.sleep(2)
        for key in keys:
            tmux(sock, "send-keys", key)
            time.sleep(1.5)
        tmux(sock, "send-keys", "q")
        deadline = time.time() + 60
        while tmux(sock, "list-panes") and time.time() < deadline:
            time.sleep(0.5)
    finally:
        tmux(sock, "kill-server")
    return out


def main():
    # valgrind cannot read Swift's DWARF; the symbol table is all this needs.
    binary = os.path.join(WORK, "courier")
    subprocess.run(["objcopy", "--strip-debug", BIN, binary], check=True)
    with demo_server(BIN) as port:
        outputs = [
            tui_scene("start", binary, port, []),
            tui_scene("session", binary, port,
                      ["j", "Enter", "Enter", "Tab", "j", "G", "Escape", "e", "j", "Enter", "Escape",
                       "Enter", "L", "?", "Escape"]),
        ]
        prefix, out = callgrind("call")
        subprocess.run(prefix + [binary, "call", "users.show", "--config", WORKSPACE],
                       env=dict(os.environ, COURIER_DEMO_PORT=port, NO_COLOR="1"),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        outputs.append(out)
        prefix, out = callgrind("format")
        subprocess.run(prefix + [binary, "format", WORKSPACE], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        outputs.append(out)

    symbols = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    defined = collections.Counter(line.split()[-1] for line in symbols.splitlines() if len(line.split()) == 3)
    # Scene by scene; sorted within a scene (all of it is touched together anyway) so that a
    # regenerated file differs from the last one only where the code did.
    order, seen = [], set()
    for path in outputs:
        scene = sorted({name for name in functions(path) if name not in seen and defined[name] == 1})
        seen.update(scene)
        order.extend(scene)
    with open(OUTPUT, "w", encoding="utf-8") as handle:
        handle.write("\n".join(order) + "\n")
    print(f"{OUTPUT}: {len(order)} functions ({', '.join(os.path.basename(p) for p in outputs)})")
    shutil.rmtree(WORK, ignore_errors=True)


main()
