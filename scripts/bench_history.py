"""The history benchmark: what recording costs a `courier call` (with and without
--no-history, interleaved, same server), and how fast `courier history` lists from a
database of 100,000 recorded exchanges (500 routes x 200, the default retention), with the
database's size.

The 100,000 rows are copies of one exchange recorded by Courier itself, inserted with
Python's sqlite3 into the schema Courier created (through its triggers, so the running
size total is right); recording them one `courier call` at a time would take an hour.
"""
import os
import sqlite3
import statistics
import subprocess
import time

ROUTES, PER_ROUTE = 500, 200


def _best(argv, env, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def history(binary, port, work):
    state = os.path.join(work, "history-state")
    database = os.path.join(state, "courier", "history.sqlite")
    spool = os.path.join(state, "courier", "history.spool")
    for path in (database, database + "-wal", database + "-shm", spool):
        if os.path.exists(path):
            os.remove(path)
    env = dict(os.environ, COURIER_DEMO_PORT=str(port), NO_COLOR="1", XDG_STATE_HOME=state)
    call = [binary, "call", "users.show", "--raw", "--config", "environments.json"]

    # Interleaved, so drift on a shared machine hits both sides alike.
    recorded, skipped = [], []
    subprocess.run(call, env=env, stdout=subprocess.DEVNULL, check=True)  # creates the spool
    for _ in range(30):
        for argv, into in ((call, recorded), (call + ["--no-history"], skipped)):
            start = time.perf_counter()
            subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
            into.append(time.perf_counter() - start)
    print("# history: recording cost of one courier call (30 interleaved pairs)")
    print(f"courier call            median {statistics.median(recorded) * 1000:6.2f} ms   best {min(recorded) * 1000:6.2f} ms")
    print(f"courier call --no-history median {statistics.median(skipped) * 1000:6.2f} ms   best {min(skipped) * 1000:6.2f} ms")
    print(f"recording adds {(statistics.median(recorded) - statistics.median(skipped)) * 1000:+.2f} ms (median)")

    # `call` appends to the spool; `history` opens the database and folds it in.
    subprocess.run([binary, "history", "--config", "environments.json"], env=env, stdout=subprocess.DEVNULL, check=True)
    # 100,000 exchanges: 500 routes x 200 of them, copies of the one Courier recorded (a
    # spooled record's frame id is unique, so the copies go without one).
    db = sqlite3.connect(database)
    columns = [row[1] for row in db.execute("PRAGMA table_info(exchange)") if row[1] not in ("id", "spool_id")]
    template = db.execute(f"SELECT {', '.join(columns)} FROM exchange ORDER BY id DESC LIMIT 1").fetchone()
    route_at = columns.index("route")
    stamp_at = columns.index("recorded_at")
    db.execute("DELETE FROM exchange")
    rows = []
    for index in range(ROUTES * PER_ROUTE):
        row = list(template)
        row[route_at] = "users.show" if index % ROUTES == 0 else f"route.{index % ROUTES}"
        row[stamp_at] = template[stamp_at] - (ROUTES * PER_ROUTE - index)
        rows.append(row)
    db.executemany(f"INSERT INTO exchange ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})", rows)
    db.commit()
    count = db.execute("SELECT count(*) FROM exchange").fetchone()[0]
    stored = db.execute("SELECT stored_bytes FROM totals").fetchone()[0]
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()

    listing = [binary, "history", "--limit", "50", "--config", "environments.json"]
    best, median = _best(listing, env, 10)
    route_best, route_median = _best(listing[:2] + ["users.show"] + listing[2:], env, 10)
    # The screen's H reads the open route's newest 500 (here its 200) through the same query.
    view = [binary, "history", "users.show", "--limit", "500", "--json", "--config", "environments.json"]
    view_best, view_median = _best(view, env, 10)
    # One route checked and recorded straight into it, retention limits applied with 100,000
    # rows present (a `call` only appends to the spool, folded in by the next reader).
    checked = [binary, "check", "users.show", "--config", "environments.json"]
    one_best, one_median = _best(checked, env, 10)
    size = os.path.getsize(database) + (os.path.getsize(database + "-wal") if os.path.exists(database + "-wal") else 0)
    print(f"# history: {count:,} recorded exchanges ({ROUTES} routes x {PER_ROUTE}), {stored / 1e6:.1f} MB recorded")
    print(f"courier history --limit 50             median {median * 1000:6.1f} ms   best {best * 1000:6.1f} ms  (goal < 100 ms)")
    print(f"courier history users.show --limit 50  median {route_median * 1000:6.1f} ms   best {route_best * 1000:6.1f} ms")
    print(f"history view of a route (H's query, --limit 500 --json, whole process) median {view_median * 1000:6.1f} ms   best {view_best * 1000:6.1f} ms  (goal < 50 ms)")
    print(f"courier check users.show recording into it  median {one_median * 1000:6.1f} ms   best {one_best * 1000:6.1f} ms")
    print(f"database file {size / 1e6:.1f} MB (limits: {PER_ROUTE} per route and environment, 256 MB)")
