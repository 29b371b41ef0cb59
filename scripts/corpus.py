"""The import corpora (issue 29): how much of each public corpus of real exported files
`courier import` takes, and, for curl, how much of it Courier then sends as curl itself does.

    python3 scripts/corpus.py BINARY curl    DIR   # curlconverter's test/fixtures/curl_commands
    python3 scripts/corpus.py BINARY FORMAT  PATH... # postman, http, openapi, insomnia: files
    python3 scripts/corpus.py BINARY FORMAT  @LIST   # the same, one path per line of LIST
    (--at-least PERCENT: exit 1 on a crash or below it; scripts/test.sh runs curlconverter's)
    python3 scripts/corpus.py BINARY bruno   DIR...  # Bruno collections (folders with bruno.json)

A corpus is fetched by hand (the closing notes name the repositories and commits); nothing here
touches the network but the loopback echo server. Prints one line per file that did not come
across, then the fractions. Crashes are exit codes other than 0 and 1 (a signal, a trap).
"""
import base64
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading

RECEIVED = []


class Echo(http.server.BaseHTTPRequestHandler):
    """Records every request as it came on the wire (method, target, headers, body)."""
    protocol_version = "HTTP/1.1"

    def _any(self):
        length = self.headers.get("content-length")
        if self.headers.get("transfer-encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                body += self.rfile.read(size)
                self.rfile.readline()
        else:
            body = self.rfile.read(int(length)) if length else b""
        target = self.path
        if getattr(self, "tunnel", None) and target.startswith("/"):
            target = "http://" + self.tunnel + target
        RECEIVED.append({
            "method": self.command, "target": target,
            "headers": [(k.lower(), v) for k, v in self.headers.items()], "body": body})
        answer = b'{"ok": true}'
        if b"grant_type=" in body:
            # A token request (an OAuth2 auth's first step) gets a token.
            answer = b'{"access_token": "corpus-token", "token_type": "Bearer", "expires_in": 3600}'
        self.send_response(200)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(answer)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(answer)

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _any

    def __getattr__(self, name):
        # Any other method (COPY, PROPFIND) is recorded the same way.
        if name.startswith("do_"):
            return self._any
        raise AttributeError(name)

    def do_CONNECT(self):
        """A tunnel, as a client opens one through a proxy: the requests inside are recorded
        too (the scripts make every base URL http, so they are plain text)."""
        self.send_response(200, "Connection Established")
        self.end_headers()
        self.tunnel = self.path
        self.close_connection = False
        while not self.close_connection:
            self.handle_one_request()

    def log_message(self, *args):
        pass


def normalized(request, dropping):
    """A request made comparable: client defaults dropped, the multipart boundary made `B`,
    percent escapes in upper case (RFC 3986 §6.2.2.1: `%c3` and `%C3` are one character), and
    `Content-Length: 0` on an empty body as no header (RFC 9110 §8.6: a client SHOULD send it
    on POST and PUT, and Courier's engine does, also on OPTIONS; curl does not)."""
    body = request["body"]
    headers = [(k, v) for k, v in request["headers"] if k not in dropping
               and not (k == "content-length" and v == "0" and not body)]
    target = re.sub(r"%[0-9a-fA-F]{2}", lambda m: m.group(0).upper(), request["target"])
    for i, (k, v) in enumerate(headers):
        if k == "content-type" and "boundary=" in v:
            boundary = v.split("boundary=", 1)[1].strip('"').encode()
            count = body.count(boundary)
            body = body.replace(boundary, b"B")
            headers[i] = (k, v.replace(boundary.decode(), "B"))
            for j, (k2, v2) in enumerate(headers):
                if k2 == "content-length":
                    headers[j] = (k2, str(int(v2) - count * (len(boundary) - 1)))
    return (request["method"], target, sorted(headers), body)


def run(args, cwd, stdin=None):
    try:
        done = subprocess.run(args, cwd=cwd, capture_output=True, timeout=30, input=stdin)
        return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timed out"


def curl(binary, folder, port):
    files = sorted(f for f in os.listdir(folder) if f.endswith(".sh"))
    imported = same = sent = crashes = 0
    for name in files:
        text = open(os.path.join(folder, name), encoding="utf-8", errors="replace").read()
        text = re.sub(r"localhost:(28139|8888)", f"127.0.0.1:{port}", text)
        work = tempfile.mkdtemp(prefix="corpus-curl-")
        workspace = os.path.join(work, "environments.json")
        code, _, err = run([binary, "import", "curl", text, "--config", workspace, "--name", "it"], work)
        if code not in (0, 1):
            crashes += 1
            print(f"CRASH   {name}: exit {code} {err.strip()[:200]}")
            continue
        if code != 0:
            print(f"refused {name}: {err.strip().splitlines()[-1] if err.strip() else ''}")
            shutil.rmtree(work)
            continue
        imported += 1
        del RECEIVED[:]
        # The first command of the file, as curl runs it (a file may hold several; the function
        # ends the script after the first curl).
        run(["bash", "-c", 'curl() { command curl --max-time 10 "$@"; exit; }\n' + text + "\n"], work, stdin=b"")
        if not RECEIVED:
            shutil.rmtree(work)
            continue
        theirs = RECEIVED[0]
        del RECEIVED[:]
        run([binary, "call", "it", "--config", workspace, "--raw", "--no-history"], work, stdin=b"")
        sent += 1
        lower = text.lower()
        dropping = {"accept-encoding"}
        if "user-agent" not in lower and " -a " not in lower and "--user-agent" not in lower:
            dropping.add("user-agent")
        if "accept:" not in lower and "--json" not in lower:
            dropping.add("accept")
        if "--http2" in lower:
            # curl's upgrade to h2c on a plain http URL: how it talks, not what it asks.
            dropping |= {"connection", "upgrade", "http2-settings"}
        if RECEIVED and normalized(RECEIVED[0], dropping) == normalized(theirs, dropping):
            same += 1
        else:
            ours = normalized(RECEIVED[0], dropping) if RECEIVED else None
            print(f"differs {name}:\n  curl:    {normalized(theirs, dropping)}\n  courier: {ours}")
        shutil.rmtree(work)
    print(f"curl: imported {imported}/{len(files)} ({100 * imported / len(files):.0f} %), "
          f"sent as curl sends {same}/{sent} of those curl sent ({100 * same / max(sent, 1):.0f} %), "
          f"crashes {crashes}")
    return crashes == 0 and sent > 0, 100 * same / max(sent, 1)


METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def operations(path):
    """The operations an OpenAPI or Swagger document declares (None when it cannot tell)."""
    try:
        import yaml
        document = yaml.safe_load(open(path, encoding="utf-8"))
    except Exception:
        return None
    paths = document.get("paths") if isinstance(document, dict) else None
    if not isinstance(paths, dict):
        return 0
    count = 0
    for key, item in paths.items():
        if key.startswith("x-") or not isinstance(item, dict):
            continue
        if "$ref" in item:
            return None
        count += sum(1 for method in item if method in METHODS)
    return count


def files(binary, kind, paths):
    whole = partial = refused = crashes = mismatched = 0
    for path in paths:
        work = tempfile.mkdtemp(prefix=f"corpus-{kind}-")
        workspace = os.path.join(work, "environments.json")
        code, _, err = run([binary, "import", kind, os.path.abspath(path), "--config", workspace], work)
        if code not in (0, 1):
            crashes += 1
            print(f"CRASH   {path}: exit {code} {err.strip()[:200]}")
        elif code != 0:
            refused += 1
            print(f"refused {path}: {err.strip().splitlines()[-1] if err.strip() else ''}")
        elif re.search(r"imported \d+ of \d+", err):
            partial += 1
            print(f"partial {path}: " + " / ".join(
                line for line in err.splitlines() if "skipped" in line)[:400])
        else:
            whole += 1
            if kind == "openapi":
                declared = operations(path)
                routes = open(workspace, encoding="utf-8").read().count('"method":')
                if declared is not None and declared != routes:
                    mismatched += 1
                    print(f"routes  {path}: {routes} routes for {declared} operations")
        shutil.rmtree(work)
    total = len(paths)
    result = (crashes == 0 and total > 0, 100 * whole / max(total, 1))
    print(f"{kind}: every request imported {whole}/{total} ({100 * whole / max(total, 1):.0f} %), "
          f"some skipped {partial}, refused {refused}, crashes {crashes}"
          + (f", route count not the operation count {mismatched}" if kind == "openapi" else ""))
    return result


def at_least(arguments):
    """`--at-least PERCENT` taken out of `arguments`: (the floor or None, the rest)."""
    if "--at-least" not in arguments:
        return None, arguments
    position = arguments.index("--at-least")
    return float(arguments[position + 1]), arguments[:position] + arguments[position + 2:]


def main():
    floor, arguments = at_least(sys.argv[1:])
    binary, kind, paths = os.path.abspath(arguments[0]), arguments[1], arguments[2:]
    if len(paths) == 1 and paths[0].startswith("@"):
        paths = [line for line in open(paths[0][1:], encoding="utf-8").read().splitlines() if line]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    if kind == "curl":
        healthy, fraction = curl(binary, paths[0], server.server_address[1])
    else:
        healthy, fraction = files(binary, kind, paths)
    server.shutdown()
    # --at-least P: exit 1 on a crash or below P % (sent as curl sends; files wholly imported).
    if floor is not None and (not healthy or fraction < floor):
        sys.exit(1)


if __name__ == "__main__":
    main()
