"""The check-run benchmark: 500 GET routes with two checks each, against one loopback server,
run by `courier check`, by curl fetching the same 500 URLs in one process (keep-alive), and by
Tavern 3.7.1 running the same 500 checks. Rates are whole-process: start-up included. Then what
masking secrets in every encoding costs that run, and `matches` beside Python's `re` and jq's
`test()` (Oniguruma): on a megabyte, and on the pattern that makes backtracking exponential.

Tavern is installed on first use into .build/bench-venv (tavern==3.7.1 with pytest<9).
"""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time

ROUTES = 500
TAVERN = "3.7.1"


def _urls(port):
    return [f"http://127.0.0.1:{port}/dev/v1/users/42?n={i}" for i in range(ROUTES)]


def peak_rss(argv, **popen):
    """`argv` under GNU time, which forks it from a process of its own and reports its peak RSS
    (KB). A child of this script reports at least the script's own: Linux keeps the larger
    high-water mark across exec, and a child forked from Python starts with Python's pages (the
    comparison of 200 routes read 62 MB here while it used 19). Returns (Popen, path of the
    figure)."""
    figure = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"courier-bench-rss-{os.getpid()}")
    proc = subprocess.Popen(["/usr/bin/time", "-q", "-f", "%M", "-o", figure] + argv, **popen)
    return proc, figure


def read_rss(figure):
    with open(figure) as text:
        return int(text.read().split()[-1])


def _timed(argv, cwd=None, expect=0):
    """Best wall time (s) and peak RSS (KB) of three runs of `argv` (each under GNU time, whose
    own start adds about half a millisecond to the wall time)."""
    best, peak = float("inf"), 0
    for _ in range(3):
        start = time.perf_counter()
        proc, figure = peak_rss(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, status, _ = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != expect:
            raise SystemExit(f"{argv[0]} exited {code}: {proc.stderr.read().decode()[:400]}")
        best, peak = min(best, elapsed), max(peak, read_rss(figure))
    return best, peak


def cpu_medians(runs, argvs):
    """Median wall and CPU time (user + system, s) of each argv, run `runs` times in turns: CPU
    time is what the code costs, wall time also what the other processes on the machine do.
    An entry may be (argv, environment, prepare): `prepare()` runs before each run, untimed."""
    walls, cpus = [[] for _ in argvs], [[] for _ in argvs]
    for _ in range(runs):
        for index, entry in enumerate(argvs):
            argv, env, prepare = entry if isinstance(entry, tuple) else (entry, None, None)
            if prepare:
                prepare()
            start = time.perf_counter()
            proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            _, status, usage = os.wait4(proc.pid, 0)
            walls[index].append(time.perf_counter() - start)
            cpus[index].append(usage.ru_utime + usage.ru_stime)
            if os.waitstatus_to_exitcode(status) != 0:
                raise SystemExit(f"{' '.join(argv[:3])}… failed")
    median = lambda values: sorted(values)[len(values) // 2]
    return [(median(w), median(c)) for w, c in zip(walls, cpus)]


def _empty(folder):
    """Makes `folder` (a state folder) anew, empty."""
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)


def full_history(base, work):
    """A state folder whose history holds 200 exchanges (the default `keep`) of every route of
    the check run `base`: one real run records the first, and copies of its rows the rest.
    Made anew each time: the binary's schema may have changed."""
    folder = os.path.join(work, "state-full")
    database = os.path.join(folder, "courier", "history.sqlite")
    _empty(folder)
    subprocess.run(base, env={**os.environ, "XDG_STATE_HOME": folder}, stdout=subprocess.DEVNULL, check=True)
    with sqlite3.connect(database, isolation_level=None) as db:
        columns = [row[1] for row in db.execute("PRAGMA table_info(exchange)") if row[1] != "id"]
        rows = db.execute(f"SELECT {', '.join(columns)} FROM exchange").fetchall()
        insert = f"INSERT INTO exchange ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
        db.execute("BEGIN")
        for _ in range(199):
            db.executemany(insert, rows)
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    # Written back now, not by the first run's checkpoint.
    os.sync()
    return folder


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
    base = [binary, "check", "--config", workspace, "--env", "bench"]
    curl_config = os.path.join(work, "check-bench.curl")
    with open(curl_config, "w") as out:
        for url in urls:
            out.write(f'url = "{url}"\noutput = "/dev/null"\n')
    # History is recorded in state folders of the bench's own: one emptied before each run (a
    # first run), and one holding a full history (every route at its 200 kept, as after a few
    # weeks of daily runs), which the runs go on filling, each exchange dropping its route's
    # oldest, and SQLite checkpointing its log as it grows. The user's own folder would drift
    # from one to the other as the bench is run. (Copying a full folder before each run was
    # tried: the checkpoint's fsync then wrote back the whole copy, 16 ms a run.)
    full = full_history(base, work)
    state = os.path.join(work, "state")
    # Restored at the end: the masking and pattern runs below record there too.
    user_state = os.environ.get("XDG_STATE_HOME")
    os.environ["XDG_STATE_HOME"] = state
    _empty(state)
    _, rss = _timed(base)
    # Medians of 11 in turns, CPU beside wall: best-of-three wall times swung the ratio from
    # 0.5x to 1.0x between runs on this two-core machine, where the server shares the cores.
    # The last is the same binary over AsyncHTTPClient's connections instead of its own.
    (courier, courier_cpu), (filled, filled_cpu), (unrecorded, unrecorded_cpu), (client, client_cpu), (curl, curl_cpu) = (
        cpu_medians(11, [
            (base, None, lambda: _empty(state)), (base, {**os.environ, "XDG_STATE_HOME": full}, None),
            base + ["--no-history"], ["env", "COURIER_NO_WIRE=1"] + base + ["--no-history"],
            ["curl", "-s", "-K", curl_config]]))

    print(f"# check run: {ROUTES} GET routes x 2 checks (status, one json field), one loopback server, medians of 11")
    print(f"courier check, history empty {courier * 1000:8.1f} ms  {ROUTES / courier:7.0f} req/s   "
          f"CPU {courier_cpu * 1000:6.1f} ms   peak RSS {rss / 1024:5.1f} MB")
    print(f"courier check, history full ({ROUTES} routes x 200 kept) {filled * 1000:8.1f} ms  {ROUTES / filled:7.0f} req/s"
          f"   CPU {filled_cpu * 1000:6.1f} ms")
    print(f"courier check --no-history {unrecorded * 1000:8.1f} ms  {ROUTES / unrecorded:7.0f} req/s"
          f"   CPU {unrecorded_cpu * 1000:6.1f} ms")
    print(f"curl -K (keep-alive, one process) {curl * 1000:8.1f} ms  {ROUTES / curl:7.0f} req/s"
          f"   CPU {curl_cpu * 1000:6.1f} ms")
    print(f"courier check --no-history, AsyncHTTPClient's connections (COURIER_NO_WIRE=1) "
          f"{client * 1000:8.1f} ms  {ROUTES / client:7.0f} req/s   CPU {client_cpu * 1000:6.1f} ms")
    print(f"courier's rate is {curl / courier:5.2f}x curl's with history empty, {curl / filled:5.2f}x with it full, "
          f"{curl / unrecorded:5.2f}x without recording it (goal: at least 0.8x)")
    print(f"the engine's own HTTP/1.1 connections run it {client / unrecorded:5.2f}x as fast as AsyncHTTPClient's")

    masking(binary, port, work)
    patterns(binary, port, work)
    if user_state is None:
        os.environ.pop("XDG_STATE_HOME", None)
    else:
        os.environ["XDG_STATE_HOME"] = user_state

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


def _medians(runs, argvs):
    """Median wall time (s) of each argv, run `runs` times in turns (a drift of the machine's
    speed touches all alike)."""
    times = [[] for _ in argvs]
    for _ in range(runs):
        for index, argv in enumerate(argvs):
            start = time.perf_counter()
            code = subprocess.call(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[index].append(time.perf_counter() - start)
            if code != 0:
                raise SystemExit(f"{' '.join(argv[:3])}… exited {code}")
    return [sorted(t)[len(t) // 2] for t in times]


def _workspace(work, name, port, routes, environment=None, headers=None):
    path = os.path.join(work, name)
    env = {"base_url": f"http://127.0.0.1:{port}/dev/v1", **(environment or {})}
    with open(path, "w") as out:
        json.dump({"environments": {"bench": env}, **({"headers": headers} if headers else {}), "routes": routes}, out)
    return path


def masking(binary, port, work):
    """The 500-route run with a secret header and a secret query value (masked in every
    encoding, in every line and in history) beside the same run with plain values."""
    routes = [{"name": f"user.{i}", "path": "/users/42", "query": {"n": str(i), "key": "{{api_key}}"},
               "checks": ["status == 200", "json id == 42"]} for i in range(ROUTES)]
    values = {"variables": {"token": "s3cr+t/==&\"x", "api_key": "k3y with spaces"}}
    bearer = {"Authorization": "Bearer {{token}}"}
    plain = _workspace(work, "mask-plain.json", port, routes, values, bearer)
    secret = _workspace(work, "mask-secret.json", port, routes, {**values, "secrets": ["token", "api_key"]}, bearer)
    base = [binary, "check", "--env", "bench", "--config"]
    plain_t, secret_t, plain_r, secret_r = _medians(11, [
        base + [plain, "--no-history"], base + [secret, "--no-history"], base + [plain], base + [secret]])
    print(f"# masking secrets in every encoding: {ROUTES} routes, a secret header and query value, medians of 11")
    print(f"courier check --no-history  plain {plain_t * 1000:7.1f} ms   secret {secret_t * 1000:7.1f} ms   "
          f"{(secret_t / plain_t - 1) * 100:+5.1f} % (goal: at most +5 %)")
    print(f"courier check (recording)   plain {plain_r * 1000:7.1f} ms   secret {secret_r * 1000:7.1f} ms   "
          f"{(secret_r / plain_r - 1) * 100:+5.1f} %")


def patterns(binary, port, work):
    """`matches` over a 1 MB value that holds no match (the whole value is read), and over the
    input that makes a backtracking engine exponential."""
    import re
    value = ("abc123 " * 150_000)[:1_000_000]
    pattern = r"\b[a-z]+@[a-z]+\.[a-z]{2,}\b"
    echo = {"name": "echo", "method": "POST", "path": "/echo", "body": {"s": value}}
    on_path = _workspace(work, "match-on.json", port,
                         [{**echo, "checks": ["status == 200", f"json body.s not matches {json.dumps(pattern)}"]}])
    off_path = _workspace(work, "match-off.json", port, [{**echo, "checks": ["status == 200"]}])
    base = [binary, "check", "--env", "bench", "--no-history", "--config"]
    on, off = _medians(7, [base + [on_path], base + [off_path]])
    start = time.perf_counter()
    found = re.search(pattern, value)
    python = time.perf_counter() - start
    body = os.path.join(work, "match.json")
    with open(body, "w") as out:
        json.dump({"s": value}, out)
    jq_on, jq_off = _medians(5, [["jq", "--arg", "p", pattern, ".s | test($p)", body], ["jq", ".s | length", body]])
    print(f"# matches over a 1 MB value with no match (/{pattern}/), medians")
    print(f"courier {max(0, on - off) * 1000:7.1f} ms (check run {on * 1000:.1f} ms less {off * 1000:.1f} without it)   "
          f"python re {python * 1000:7.1f} ms   jq test() {max(0, jq_on - jq_off) * 1000:7.1f} ms   "
          f"(a match: {bool(found)})")

    catastrophic = "^/(a+)+$"
    python_times = []
    for n in (20, 22, 24):
        start = time.perf_counter()
        re.match(catastrophic, "/" + "a" * n + "!")
        python_times.append(f"{n} chars {(time.perf_counter() - start) * 1000:.0f} ms")
    path = _workspace(work, "catastrophic.json", port, [
        {"name": "echo", "method": "POST", "path": "/echo", "body": {"s": "/" + "a" * 5000 + "!"},
         "checks": [f"json body.s not matches {json.dumps(catastrophic)}"]}])
    whole, = _medians(5, [base + [path]])
    jq = subprocess.run(["jq", "-n", "--arg", "s", "/" + "a" * 30 + "!", "--arg", "p", catastrophic, "$s | test($p)"],
                        capture_output=True, text=True)
    verdict = "answers" if jq.returncode == 0 else jq.stderr.strip().split(": ")[-1]
    print(f"# /{catastrophic}/ against '/aaa…a!': linear here, exponential where the engine backtracks")
    print(f"courier check, 5,000 chars: {whole * 1000:.1f} ms whole run   python re: {', '.join(python_times)}   "
          f"jq test(), 30 chars: {verdict}")
