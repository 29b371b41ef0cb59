"""The diff benchmark: `courier diff` of two ~5 MB JSON bodies (the sample API's /large, with
30,000 and 30,010 items) beside DeepDiff 9.1.0 comparing the same two bodies, fetched once
with curl. Courier's time includes fetching both bodies over loopback; DeepDiff's includes
reading and parsing them. Goal: under 1 s and under 100 MB peak.

DeepDiff is installed on first use into .build/bench-venv.
"""
import json
import os
import subprocess

from bench_check import _timed, venv_with

DEEPDIFF = "9.1.0"
SIZES = (30_000, 30_010)


def diff(binary, port, work):
    base = f"http://127.0.0.1:{port}/dev/v1"
    workspace = os.path.join(work, "diff-bench.json")
    with open(workspace, "w") as out:
        json.dump({
            "environments": {"a": {"base_url": base, "variables": {"items": str(SIZES[0])}},
                             "b": {"base_url": base, "variables": {"items": str(SIZES[1])}}},
            "routes": [{"name": "large", "path": "/large", "query": {"items": "{{items}}"}}],
        }, out)
    files = []
    for items in SIZES:
        path = os.path.join(work, f"diff-{items}.json")
        subprocess.run(["curl", "-s", "-o", path, f"{base}/large?items={items}"], check=True)
        files.append(path)
    size = os.path.getsize(files[0]) / 1e6
    # Exit 1: the bodies differ, as they should.
    courier, rss = _timed(
        [binary, "diff", "large", "--env", "a", "--env", "b", "--config", workspace, "--no-history"], expect=1)
    print(f"# diff of two JSON bodies, {size:.1f} MB and {os.path.getsize(files[1]) / 1e6:.1f} MB")
    print(f"courier diff (both fetched over loopback) {courier * 1000:8.1f} ms   peak RSS {rss / 1024:6.1f} MB"
          "  (goal < 1 s, < 100 MB)")
    python = venv_with(f"deepdiff-{DEEPDIFF}", [f"deepdiff=={DEEPDIFF}"], "python")
    if python is None:
        print("deepdiff: not installed (pip could not install it); skipped")
        return
    script = ("import json, sys; from deepdiff import DeepDiff; "
              "a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2])); DeepDiff(a, b)")
    deep, deep_rss = _timed([python, "-c", script, *files])
    print(f"deepdiff {DEEPDIFF} (files already fetched) {deep * 1000:8.1f} ms   peak RSS {deep_rss / 1024:6.1f} MB")
    print(f"courier diff is {deep / courier:6.1f}x faster than deepdiff")
