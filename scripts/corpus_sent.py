"""Sent as written (issue 29): each request of a Postman, Insomnia or Bruno file, imported by
Courier and sent by `courier call`, compared with the request the file writes, read here
independently of Courier's importers.

    python3 scripts/corpus_sent.py BINARY postman  COLLECTION.json...
    python3 scripts/corpus_sent.py BINARY insomnia EXPORT.json|yaml...
    python3 scripts/corpus_sent.py BINARY bruno    COLLECTION-FOLDER...
    (--at-least PERCENT: exit 1 below it; scripts/test.sh runs the Insomnia, Bruno and
    Postman transformer fixtures)

Every environment of the imported workspace is pointed at a loopback proxy that records the
request and answers 200 (https base URLs are made http so the proxy sees inside), so nothing
leaves the machine. "As written": the method; the URL (scheme aside); every header the file
writes, with its value (a client's own additions, such as User-Agent, are not the file's); the
body (raw bytes, form pairs, or the multipart fields' names and values). Variables are filled
from the imported environment, whose values the fixture tests check separately.
"""
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import urllib.parse

from corpus import Echo, RECEIVED, at_least
from corpus_sources import bruno_requests, filled_basic, insomnia_requests, postman_requests


def fill(text, variables, depth=0):
    """`{{name}}` replaced from `variables`, again while a value holds more (10 deep)."""
    if depth > 10 or not isinstance(text, str):
        return text
    filled = re.sub(r"\{\{\s*([^{}]+?)\s*\}\}",
                    lambda m: str(variables.get(m.group(1), m.group(0))), text)
    return filled if filled == text else fill(filled, variables, depth + 1)


def schemeless(url):
    return re.sub(r"^([a-zA-Z]+:)?//", "", url)


def same_url(expected, sent):
    """Host, path and query equal, escapes decoded (`%20` and a space are one thing)."""
    a, b = urllib.parse.urlsplit("http://" + schemeless(expected)), urllib.parse.urlsplit(sent)
    path = lambda p: urllib.parse.unquote(p or "/")
    query = lambda q: urllib.parse.parse_qsl(q, keep_blank_values=True)
    return (a.hostname, a.port or 80, path(a.path), query(a.query)) == \
        (b.hostname, b.port or 80, path(b.path), query(b.query))


def same_body(kind, expected, request):
    body = request["body"]
    if kind == "none":
        return not body
    if kind == "raw":
        return body == expected.encode()
    if kind == "form":
        return urllib.parse.parse_qsl(body.decode(errors="replace"), keep_blank_values=True) == expected
    if kind == "graphql":
        try:
            graphql = json.loads(expected)
            if isinstance(graphql.get("variables"), str):
                graphql["variables"] = json.loads(graphql["variables"] or "{}")
            return json.loads(body) == graphql
        except ValueError:
            return False
    if kind == "multipart":
        text = body.decode(errors="replace")
        return all(f'name="{name}"' in text and value in text for name, value in expected)
    return True


def compare(request, sent, variables):
    """The differences between the written request and the one sent (empty when none)."""
    problems = []
    if sent["method"] != request["method"].upper():
        problems.append(f"method {sent['method']} for {request['method']}")
    url = fill(request["url"], variables)
    if not same_url(url, sent["target"]):
        problems.append(f"URL {sent['target']} for {url}")
    headers = {}
    for name, value in sent["headers"]:
        headers.setdefault(name.lower(), []).append(value)
    for name, value in request["headers"]:
        value = filled_basic(value, lambda t: fill(t, variables)) if isinstance(value, tuple) else fill(value, variables)
        sent_values = headers.get(name.lower(), [])
        if name.lower() == "content-type" and value.startswith("multipart/") and "boundary" not in value:
            # The client adds the boundary it chose.
            sent_values = [v.split(";")[0] for v in sent_values]
        if value not in sent_values:
            problems.append(f"header {name}: {sent_values} for {value!r}")
    kind, body = request["body"]
    if kind == "form":
        body = [(fill(k, variables), fill(v, variables)) for k, v in body]
    elif kind == "multipart":
        body = [(fill(k, variables), fill(v, variables)) for k, v in body]
    elif kind in ("raw", "graphql"):
        body = fill(body, variables)
    if not same_body(kind, body, sent):
        problems.append(f"body {sent['body'][:120]!r} for {kind} {str(body)[:120]!r}")
    return problems


def run(binary, kind, source, port):
    work = tempfile.mkdtemp(prefix=f"sent-{kind}-")
    workspace = os.path.join(work, "environments.json")
    # The source's folder is copied beside the workspace, so the files it uploads are inside
    # the workspace's folder, as in a project.
    copy = os.path.join(work, "source")
    folder = source if os.path.isdir(source) else os.path.dirname(os.path.abspath(source))
    shutil.copytree(folder, copy, ignore=shutil.ignore_patterns("node_modules", ".git"))
    copied = copy if os.path.isdir(source) else os.path.join(copy, os.path.basename(source))
    done = subprocess.run([binary, "import", kind, copied, "--config", workspace],
                          capture_output=True, text=True, cwd=work)
    readers = {"postman": postman_requests, "insomnia": insomnia_requests, "bruno": bruno_requests}
    requests = readers[kind](source)
    if done.returncode != 0:
        print(f"refused {source}: {done.stderr.strip().splitlines()[-1:]}")
        return 0, len(requests)
    document = json.load(open(workspace))
    for environment in document.get("environments", {}).values():
        environment["proxy"] = f"http://127.0.0.1:{port}"
        environment["base_url"] = re.sub(r"^https://", "http://", environment.get("base_url", ""))
        for key, value in environment.get("variables", {}).items():
            if isinstance(value, str):
                environment["variables"][key] = re.sub(r"^https://", "http://", value)
        environment.setdefault("tls", {})
    json.dump(document, open(workspace, "w"), indent=2)
    routes = {route["name"]: route for route in document.get("routes", [])}
    same = unsendable = 0
    taken = set()
    for request in requests:
        # A second request of one name is `name.2`, as the import names it.
        name, number = request["name"], 2
        while name in taken:
            name, number = f"{request['name']}.{number}", number + 1
        taken.add(name)
        if name not in routes:
            print(f"missing {source}: {name} (routes: {', '.join(list(routes)[:6])}…)")
            continue
        # The environment whose base URL the request's URL starts with.
        chosen, variables = None, {}
        for env_name, environment in document.get("environments", {}).items():
            values = dict(environment.get("variables", {}))
            base = schemeless(fill(environment.get("base_url", ""), values))
            if schemeless(fill(request["url"], values)).startswith(base) and base:
                chosen, variables = env_name, values
                break
        if chosen is None:
            print(f"no env  {source}: {name}: {request['url']}")
            continue
        # A host the file gives no value anywhere: no client knows where to send it. (Another
        # variable without a value, set by a script at run time, gets its name as its value.)
        if schemeless(fill(request["url"], variables)).startswith("{{"):
            unsendable += 1
            print(f"no host {source}: {name}: {request['url']}")
            continue
        # A variable or path parameter the file leaves without a value gets its own name as
        # one, on both sides (Postman would send `{{id}}` as written; Courier asks for it).
        extra = []
        for _ in range(12):
            del RECEIVED[:]
            call = subprocess.run([binary, "call", name, "--env", chosen, "--config", workspace, "--no-history",
                                   "--yes"] + extra, capture_output=True, text=True, cwd=work, timeout=30)
            missing = re.search(r"unknown variable '\{\{([^}]+)\}\}'", call.stderr)
            parameter = re.search(r"needs path parameter '([^']+)'", call.stderr)
            if missing:
                extra += ["--var", f"{missing.group(1)}={missing.group(1)}"]
                variables[missing.group(1)] = missing.group(1)
            elif parameter:
                extra += ["-p", f"{parameter.group(1)}={parameter.group(1)}"]
                request = dict(request, url=re.sub(rf"/:{re.escape(parameter.group(1))}(?=/|\?|$)",
                                                   "/" + parameter.group(1), request["url"]))
            else:
                break
        if not RECEIVED:
            print(f"unsent  {source}: {name}: {call.stderr.strip()[:200]}")
            continue
        # The last request: an OAuth2 auth's token request comes first.
        problems = compare(request, RECEIVED[-1], variables)
        if problems:
            print(f"differs {source}: {name}: " + "; ".join(problems)[:400])
        else:
            same += 1
    shutil.rmtree(work)
    return same, len(requests) - unsendable


def main():
    floor, arguments = at_least(sys.argv[1:])
    binary, kind, sources = os.path.abspath(arguments[0]), arguments[1], arguments[2:]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Echo)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    same = total = 0
    for source in sources:
        s, t = run(binary, kind, source, server.server_address[1])
        same += s
        total += t
    print(f"{kind}: sent as written {same}/{total} ({100 * same / max(total, 1):.0f} %)")
    server.shutdown()
    if floor is not None and (total == 0 or 100 * same / total < floor):
        sys.exit(1)


if __name__ == "__main__":
    main()
