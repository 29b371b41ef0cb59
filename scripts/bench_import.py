"""The import benchmark: `courier import openapi` of the largest public OpenAPI document at
hand, GitHub Enterprise Server's (2.5 MB of YAML, 664 operations, shipped in OpenAPIKit's
test inputs, taken from the package's copy on this machine), beside `posting import` of the same file
(Posting 2.11.1, installed on first use into .build/bench-venv). Goal: under 1 s.
"""
import os
import subprocess
import time

from bench_check import _timed, venv_with

POSTING = "2.11.1"
# OpenAPIKit is no longer a dependency; its test inputs are read from the package mirror.
MIRROR = "/opt/swift-packages/mattpolzin/OpenAPIKit.git"
SOURCE = "6.4.0:Tests/inputs/ghes-3.0.yaml"


def import_openapi(binary, work):
    print("# import of an OpenAPI document")
    DOCUMENT = os.path.join(work, "ghes-3.0.yaml")
    if not os.path.exists(DOCUMENT):
        found = subprocess.run(["git", "-C", MIRROR, "show", SOURCE], capture_output=True)
        if found.returncode != 0:
            print(f"{MIRROR} has no {SOURCE}; skipped")
            return
        with open(DOCUMENT, "wb") as out:
            out.write(found.stdout)
    size = os.path.getsize(DOCUMENT) / 1e6
    workspace = os.path.join(work, "import-bench.json")
    courier, rss = _timed([binary, "import", "openapi", DOCUMENT, "--config", workspace, "--dry-run"])
    routes = subprocess.run(
        [binary, "import", "openapi", DOCUMENT, "--config", workspace, "--dry-run"],
        capture_output=True, text=True, check=True).stdout.count('"method":')
    print(f"courier import openapi ({size:.1f} MB YAML, {routes} routes) {courier * 1000:8.1f} ms   "
          f"peak RSS {rss / 1024:6.1f} MB  (goal < 1 s)")
    posting = venv_with(f"posting-{POSTING}", [f"posting=={POSTING}"], "posting")
    if posting is None:
        print("posting could not be installed; no comparison")
        return
    out = os.path.join(work, "posting-import")
    start = time.perf_counter()
    done = subprocess.run([posting, "import", DOCUMENT, "-o", out], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no message"]
        print(f"posting import {POSTING} refused the document after {seconds * 1000:.0f} ms: {reason[0][:160]}")
        return
    print(f"posting import {POSTING} {seconds * 1000:8.1f} ms   ratio (posting/courier) {seconds / courier:5.1f}")
