"""Release-QA benchmarks: the whole-workspace comparison of 200 routes across two loopback
deployments with --jobs 4 beside --jobs 1 (goal: at least 2x the sequential rate, at most
50 MB peak), and what the OpenAPI contract check adds to a check run of 500 JSON routes with
schemas (goal: at most +10 %).

Each compared route answers after 5 ms (the sample API's /delay/5), as a deployment a few
network hops away would: on loopback with no wait at all, two cores are busy serving and
comparing, and there is nothing for concurrency to overlap.
"""
import json
import os
import subprocess
import time

from bench_check import _medians, _timed, cpu_medians as _cpu_medians

ROUTES = 200
CHECKED = 500


def compare(binary, port, work):
    workspace = os.path.join(work, "compare-bench.json")
    with open(workspace, "w") as out:
        json.dump({
            "environments": {"production": {"base_url": f"http://127.0.0.1:{port}/prod/v1"},
                             "candidate": {"base_url": f"http://127.0.0.1:{port}/next/v1"}},
            "routes": [{"name": f"wait.{i}", "path": "/delay/5", "query": {"n": str(i)}} for i in range(ROUTES)],
        }, out)
    base = [binary, "diff", "--env", "production", "--env", "candidate", "--no-history", "--config", workspace]
    # The delay route answers the same on both: every route is the same, exit 0.
    one, one_rss = _timed(base + ["--jobs", "1"])
    four, four_rss = _timed(base + ["--jobs", "4"])
    print(f"# whole-workspace diff: {ROUTES} routes x 2 loopback deployments, each answer after 5 ms")
    print(f"courier diff --jobs 1 {one * 1000:8.1f} ms  {2 * ROUTES / one:7.0f} req/s   peak RSS {one_rss / 1024:5.1f} MB")
    print(f"courier diff --jobs 4 {four * 1000:8.1f} ms  {2 * ROUTES / four:7.0f} req/s   peak RSS {four_rss / 1024:5.1f} MB")
    print(f"--jobs 4 is {one / four:5.2f}x the sequential rate (goal: at least 2x, at most 50 MB)")


def contract(binary, port, work):
    document = os.path.join(work, "openapi.json")
    subprocess.run(["curl", "-sf", "-o", document, f"http://127.0.0.1:{port}/openapi.json"], check=True)

    def workspace(name, checked):
        path = os.path.join(work, name)
        routes = [{"name": f"post.{i}", "path": "/posts/1", "query": {"n": str(i)},
                   "checks": ["status == 200", "json id == 1"], "operation": "openapi.json#posts.show",
                   **({} if checked else {"contract": False})} for i in range(CHECKED)]
        with open(path, "w") as out:
            json.dump({"environments": {"dev": {"base_url": f"http://127.0.0.1:{port}/dev/v1"}}, "routes": routes}, out)
        return path

    base = [binary, "check", "--env", "dev", "--no-history", "--config"]
    # CPU time as well as wall time: on a shared two-core machine the wall time's medians of 11
    # swung from +1 % to +18 % between runs; the work the check adds is its CPU time.
    (on, on_cpu), (off, off_cpu) = _cpu_medians(
        11, [base + [workspace("contract-on.json", True)], base + [workspace("contract-off.json", False)]])
    print(f"# contract check: {CHECKED} JSON routes, each body validated against its OpenAPI schema, medians of 11")
    print(f"courier check  without {off * 1000:7.1f} ms   with the contract {on * 1000:7.1f} ms   "
          f"{(on / off - 1) * 100:+5.1f} %   CPU {off_cpu * 1000:6.1f} ms vs {on_cpu * 1000:6.1f} ms "
          f"{(on_cpu / off_cpu - 1) * 100:+5.1f} % (goal: at most +10 %)")


def phases(binary, port, work):
    """What timing every phase costs: the same binary with the phase marker off
    (COURIER_NO_PHASE_TIMING=1) beside it on, for one `courier call` (medians of 201 in turns)
    and per request of a 500-route check run (medians of 21). Goal: at most 0.2 ms a call."""
    # Both through env(1), which costs a call a millisecond of its own, and both over
    # AsyncHTTPClient's connections (COURIER_NO_WIRE=1), where the phases take a marker in the
    # pipeline; the engine's own connections note them with four clock reads, always.
    on, off = ["env", "COURIER_NO_WIRE=1"], ["env", "COURIER_NO_WIRE=1", "COURIER_NO_PHASE_TIMING=1"]
    call = [binary, "call", "users.show", "--raw", "--no-history", "--config", "environments.json"]
    (call_wall, call_cpu), (bare_wall, bare_cpu) = _cpu_medians(201, [on + call, off + call])
    routes = [{"name": f"user.{i}", "path": "/users/42", "query": {"n": str(i)}, "checks": ["status == 200"]}
              for i in range(CHECKED)]
    path = os.path.join(work, "phases-bench.json")
    with open(path, "w") as out:
        json.dump({"environments": {"bench": {"base_url": f"http://127.0.0.1:{port}/dev/v1"}}, "routes": routes}, out)
    check = [binary, "check", "--no-history", "--config", path]
    (_, check_cpu), (_, check_bare) = _cpu_medians(21, [on + check, off + check])
    print("# timing every phase: the same binary with the phases measured and without (COURIER_NO_PHASE_TIMING=1)")
    print(f"courier call   wall {call_wall * 1000:6.2f} ms vs {bare_wall * 1000:6.2f} ms ({(call_wall - bare_wall) * 1000:+5.2f})"
          f"   CPU {call_cpu * 1000:6.2f} ms vs {bare_cpu * 1000:6.2f} ms ({(call_cpu - bare_cpu) * 1000:+5.2f})"
          "   (goal: at most +0.2 ms)")
    print(f"courier check  CPU {check_cpu * 1000:6.1f} ms vs {check_bare * 1000:6.1f} ms   "
          f"{(check_cpu - check_bare) / CHECKED * 1e6:+5.1f} us of CPU a request ({CHECKED} routes)")
