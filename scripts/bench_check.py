"""The check-run benchmark: 500 GET routes with two checks each, against one loopback server,
run by `courier check`, by curl fetching the same 500 URLs in one process (keep-alive), and by
Tavern 3.7.1 running the same 500 checks. Rates are whole-process: start-up included.

Tavern is installed on first use into .build/bench-venv (tavern==3.7.1 with pytest<9).
"""
import json
import os
import subprocess
import sys
import time

ROUTES = 500
TAVERN = "3.7.1"


def _urls(port):
    return [f"http://127.0.0.1:{port}/dev/v1/users/42?n={i}" for i in range(ROUTES)]


def _timed(argv, cwd=None, expect=0):
    """Best wall time (s) and peak RSS (KB) of three runs of `argv`."""
    best, peak = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != expect:
            raise SystemExit(f"{argv[0]} exited {code}: {proc.stderr.read().decode()[:400]}")
        best, peak = min(best, elapsed), max(peak, usage.ru_maxrss)
    return best, peak


def venv_with(marker_name, requirements, program):
    """`program` in .build/bench-venv, after pip installs `requirements` there the first time;
    None when pip cannot. A marker file per package and version skips pip afterwards."""
    venv = os.path.abspath(".build/bench-venv")
    marker = os.path.join(venv, f".{marker_name}")
    if not os.path.exists(marker):
        if not os.path.exists(venv) and subprocess.call([sys.executable, "-m", "venv", venv]) != 0:
            return None
        if subprocess.call([os.path.join(venv, "bin", "pip"), "install", "-q", *requirements]) != 0:
            return None
        open(marker, "w").close()
    return os.path.join(venv, "bin", program)


def _tavern(work):
    """The venv's pytest with Tavern, installing it the first time; None when pip cannot."""
    # Tavern 3.7.1 imports _pytest.python_api, which pytest 9 removed.
    return venv_with(f"tavern-{TAVERN}", [f"tavern=={TAVERN}", "pytest<9"], "pytest")


def check_run(binary, port, work):
    urls = _urls(port)
    workspace = os.path.join(work, "check-bench.json")
    with open(workspace, "w") as out:
        json.dump({
            "environments": {"bench": {"base_url": f"http://127.0.0.1:{port}/dev/v1"}},
            "routes": [{"name": f"user.{i}", "path": "/users/42", "query": {"n": str(i)},
                        "checks": ["status == 200", "json id == 42"]} for i in range(ROUTES)],
        }, out)
    courier, rss = _timed([binary, "check", "--config", workspace, "--env", "bench"])
    unrecorded, _ = _timed([binary, "check", "--config", workspace, "--env", "bench", "--no-history"])

    curl_config = os.path.join(work, "check-bench.curl")
    with open(curl_config, "w") as out:
        for url in urls:
            out.write(f'url = "{url}"\noutput = "/dev/null"\n')
    curl, _ = _timed(["curl", "-s", "-K", curl_config])

    print(f"# check run: {ROUTES} GET routes x 2 checks (status, one json field), one loopback server")
    print(f"courier check {courier * 1000:8.1f} ms  {ROUTES / courier:7.0f} req/s   peak RSS {rss / 1024:5.1f} MB")
    print(f"courier check --no-history {unrecorded * 1000:8.1f} ms  {ROUTES / unrecorded:7.0f} req/s")
    print(f"curl -K (keep-alive, one process) {curl * 1000:8.1f} ms  {ROUTES / curl:7.0f} req/s")
    print(f"courier's rate is {curl / courier:5.2f}x curl's ({curl / unrecorded:5.2f}x without recording history)")

    pytest = _tavern(work)
    if pytest is None:
        print("tavern: not installed (pip could not install tavern); skipped")
        return
    suite = os.path.join(work, "test_check_bench.tavern.yaml")
    with open(suite, "w") as out:
        out.write("test_name: check bench\nstages:\n")
        for i, url in enumerate(urls):
            out.write(f"  - name: user {i}\n    request:\n      url: {url}\n      method: GET\n"
                      f"    response:\n      status_code: 200\n      json:\n        id: 42\n")
    # Tavern's json block checks the whole body unless told it may hold more keys.
    argv = [pytest, "-q", "-p", "no:cacheprovider", "--tavern-strict=json:off", suite]
    tavern, _ = _timed(argv, cwd=work)
    print(f"tavern {TAVERN} (pytest) {tavern * 1000:8.1f} ms  {ROUTES / tavern:7.0f} req/s")
    print(f"courier check is {tavern / courier:6.1f}x faster than tavern")
