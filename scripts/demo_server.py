"""The sample API for scripts that measure or profile `courier` against it."""
import contextlib
import subprocess


@contextlib.contextmanager
def demo_server(binary):
    """Runs `binary demo` on a free loopback port; yields the port, kills the server after."""
    demo = subprocess.Popen([binary, "demo", "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        port = None
        for line in demo.stdout:
            if "listening on http://127.0.0.1:" in line:
                port = line.rsplit(":", 1)[1].strip()
            if "Ctrl-C" in line:
                break
        if port is None:
            raise RuntimeError(f"{binary} demo never said which port it listens on")
        yield port
    finally:
        demo.kill()
        demo.wait()
