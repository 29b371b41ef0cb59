"""The requests a Postman collection (v2), an Insomnia export (v4) or a Bruno collection
writes, read from the files by their published formats, for scripts/corpus_sent.py: each a dict
with the route name Courier gives it (folders as slugs, then the request's), method, URL,
headers [(name, value)] and body (kind, value): ("raw", text), ("form", pairs),
("multipart", text pairs), ("none", None) or ("any", None) when not compared."""
import base64
import json
import os
import re


def slug(title):
    out = ""
    for ch in (title or "").lower():
        if ch.isalpha() or ch.isdigit() or ch == "_":
            out += ch
        elif out and not out.endswith("-"):
            out += "-"
    return out.rstrip("-") or "request"


def basic(user, password):
    return ("Authorization", ("basic", user, password))


def postman_requests(path):
    collection = json.load(open(path, encoding="utf-8-sig"))
    out = []
    if "item" not in collection:
        return out

    def auth_headers(auth):
        if not isinstance(auth, dict):
            return []
        kind = auth.get("type")
        raw = auth.get(kind)
        values = {e.get("key"): e.get("value") for e in raw} if isinstance(raw, list) else (raw or {})
        if kind == "bearer":
            return [("Authorization", f"Bearer {values.get('token', '')}")]
        if kind == "basic":
            return [basic(values.get("username", ""), values.get("password", ""))]
        if kind == "apikey" and values.get("in", "header") == "header":
            return [(values.get("key") or "X-API-Key", values.get("value", ""))]
        return []

    def walk(items, prefix, auth):
        for item in items:
            name = item.get("name") or "request"
            if isinstance(item.get("item"), list):
                walk(item["item"], prefix + [slug(name)], item.get("auth") or auth)
                continue
            request = item.get("request")
            if request is None:
                continue
            if isinstance(request, str):
                request = {"url": request}
            url = request.get("url", "")
            if isinstance(url, dict):
                raw = url.get("raw", "")
                for variable in url.get("variable") or []:
                    key = variable.get("key") or variable.get("id")
                    if key and variable.get("value") is not None:
                        raw = re.sub(rf"/:{re.escape(key)}(?=/|\?|$)", "/" + str(variable["value"]), raw)
                url = raw
            headers = [(h.get("key", ""), h.get("value", "")) for h in request.get("header") or []
                       if isinstance(h, dict) and not h.get("disabled")]
            own = request.get("auth") or auth
            headers += auth_headers(own)
            body = request.get("body") or {}
            mode = None if body.get("disabled") else body.get("mode")
            if mode == "raw" and body.get("raw"):
                kind = ("raw", body["raw"])
            elif mode == "urlencoded":
                kind = ("form", [(p.get("key", ""), p.get("value", "")) for p in body.get("urlencoded") or []
                                 if not p.get("disabled")] or None)
                if kind[1] is None:
                    kind = ("none", None)
            elif mode == "formdata":
                fields = [(p.get("key", ""), p.get("value", "")) for p in body.get("formdata") or []
                          if not p.get("disabled") and p.get("type", "text") == "text"]
                kind = ("multipart", fields) if body.get("formdata") else ("none", None)
            elif mode in ("graphql", "file"):
                kind = ("any", None)
            else:
                kind = ("none", None)
            out.append({"name": ".".join(prefix + [slug(name)]), "method": request.get("method") or "GET",
                        "url": url, "headers": headers, "body": kind})

    walk(collection["item"], [], collection.get("auth"))
    return out


def insomnia_requests(path):
    """Requests of a v4 export (`resources`, folders by `parentId`) or a v5 one (`collection`,
    folders with `children`); a folder's auth is inherited by what it holds unless a request
    has its own, and its headers come before the request's."""
    text = open(path, encoding="utf-8-sig").read()
    try:
        document = json.loads(text)
    except ValueError:
        import yaml
        document = yaml.safe_load(text)
    if not isinstance(document, dict):
        return []

    def template(value):
        return re.sub(r"\{\{\s*_\.", "{{", value or "")

    def headers_of(entity):
        return [(h.get("name", ""), template(h.get("value", ""))) for h in entity.get("headers") or []
                if not h.get("disabled") and h.get("name")]

    def own_auth(entity):
        auth = entity.get("authentication") or {}
        return auth if auth.get("type") and not auth.get("disabled") else None

    out = []

    def scoped(value, scope):
        """A folder's environment values written in, as Insomnia resolves them first."""
        return re.sub(r"\{\{\s*([^{}\s]+)\s*\}\}", lambda m: scope.get(m.group(1), m.group(0)), value)

    def folder_scope(folder, scope):
        values = dict(scope)
        for key, value in (folder.get("environment") or {}).items():
            if isinstance(value, (str, int, float, bool)):
                values[key] = scoped(template(str(value)), scope)
        return values

    def entry(request, prefix, auth, inherited_headers, scope=None):
        scope = scope or {}
        request = substitute(request, scope)
        url = template(request.get("url", ""))
        if re.match(r"^wss?://", url):
            return  # a WebSocket request is not HTTP
        for parameter in request.get("pathParameters") or []:
            url = re.sub(rf"/:{re.escape(parameter.get('name', ''))}(?=/|\?|$)",
                         "/" + template(parameter.get("value", "")), url)
        query = [(p.get("name", ""), template(p.get("value", ""))) for p in request.get("parameters") or []
                 if not p.get("disabled")]
        if query:
            url += ("&" if "?" in url else "?") + "&".join(f"{k}={v}" for k, v in query)
        headers = inherited_headers + headers_of(request)
        auth = own_auth(request) or auth
        if auth and auth.get("type") == "bearer":
            headers.append(("Authorization", f"{auth.get('prefix') or 'Bearer'} {template(auth.get('token'))}"))
        elif auth and auth.get("type") == "basic":
            headers.append(basic(template(auth.get("username")), template(auth.get("password"))))
        body = request.get("body") or {}
        mime = body.get("mimeType")
        if mime == "application/graphql" and body.get("text"):
            # Insomnia fills the templates, then sends the query and the variables, parsed.
            kind = ("graphql", template(body["text"]))
        elif body.get("text"):
            kind = ("raw", template(body["text"]))
        elif mime == "application/x-www-form-urlencoded":
            kind = ("form", [(p.get("name", ""), template(p.get("value", ""))) for p in body.get("params") or []
                             if not p.get("disabled")])
        elif mime == "multipart/form-data":
            kind = ("multipart", [(p.get("name", ""), template(p.get("value", ""))) for p in body.get("params") or []
                                  if not p.get("disabled") and p.get("type") != "file"])
        elif mime:
            kind = ("any", None)
        else:
            kind = ("none", None)
        out.append({"name": ".".join(prefix + [slug(request.get("name"))]), "method": request.get("method") or "GET",
                    "url": url, "headers": headers, "body": kind})

    def substitute(value, scope):
        if isinstance(value, str):
            return scoped(template(value), scope)
        if isinstance(value, list):
            return [substitute(v, scope) for v in value]
        if isinstance(value, dict):
            return {k: substitute(v, scope) for k, v in value.items()}
        return value

    if isinstance(document.get("collection"), list):
        def walk(items, prefix, auth, folders, scope):
            for item in items:
                if isinstance(item.get("children"), list):
                    walk(item["children"], prefix + [slug(item.get("name"))], own_auth(item) or auth,
                         folders + [item], folder_scope(item, scope))
                elif "url" in item:
                    headers = [h for f in folders for h in headers_of(substitute(f, scope))]
                    entry(item, prefix, substitute(auth, scope) if auth else None, headers, scope)
        walk(document["collection"], [], None, [], {})
        return out

    resources = document.get("resources")
    if not isinstance(resources, list):
        return []
    by_id = {r.get("_id"): r for r in resources}
    for request in resources:
        if request.get("_type") != "request":
            continue
        folders, parent = [], request.get("parentId")
        while parent in by_id and by_id[parent].get("_type") == "request_group":
            folders.insert(0, by_id[parent])
            parent = by_id[parent].get("parentId")
        auth, scope = None, {}
        for folder in folders:
            auth = own_auth(folder) or auth
            scope = folder_scope(folder, scope)
        headers = [h for f in folders for h in headers_of(substitute(f, scope))]
        entry(request, [slug(f.get("name")) for f in folders], substitute(auth, scope) if auth else None, headers,
              scope)
    return out


def bru_blocks(text):
    """`name {` … `}` blocks: a dict of name to its lines (the indent of two removed)."""
    blocks, current, lines = {}, None, []
    for line in text.splitlines():
        if current is None:
            match = re.match(r"^([\w:-]+)\s*\{\s*$", line)
            if match:
                current, lines = match.group(1), []
        elif line.rstrip() == "}":
            blocks[current] = lines
            current = None
        else:
            lines.append(line[2:] if line.startswith("  ") else line)
    return blocks


def bru_pairs(lines):
    pairs = []
    for line in lines:
        if ":" in line and not line.startswith("~"):
            key, value = line.split(":", 1)
            pairs.append((key.strip(), value.strip()))
    return pairs


def bruno_requests(folder):
    out = []
    methods = ("get", "post", "put", "patch", "delete", "options", "head")
    collection = bru_blocks(open(os.path.join(folder, "collection.bru")).read()) \
        if os.path.exists(os.path.join(folder, "collection.bru")) else {}
    for root, directories, files in os.walk(folder):
        directories[:] = [d for d in directories if d != "environments" and not d.startswith(".")]
        for file in files:
            if not file.endswith(".bru") or file in ("folder.bru", "collection.bru"):
                continue
            blocks = bru_blocks(open(os.path.join(root, file), encoding="utf-8").read())
            method = next((m for m in methods if m in blocks), None)
            if method is None or "meta" not in blocks:
                continue
            meta = dict(bru_pairs(blocks["meta"]))
            spec = dict(bru_pairs(blocks[method]))
            relative = os.path.relpath(root, folder)
            folders = [] if relative == "." else relative.split(os.sep)
            name = ".".join([slug(f) for f in folders] + [slug(meta.get("name") or file[:-4])])
            url = spec.get("url", "")
            query = bru_pairs(blocks.get("params:query", []))
            if query and "?" not in url:
                url += "?" + "&".join(f"{k}={v}" for k, v in query)
            headers = bru_pairs(collection.get("headers", [])) + bru_pairs(blocks.get("headers", []))
            auth = spec.get("auth", "none")
            if auth in ("bearer", "basic"):
                # The selected auth overrides an Authorization header (Bruno's own testbench says so).
                headers = [(k, v) for k, v in headers if k.lower() != "authorization"]
            if auth == "bearer":
                headers.append(("Authorization", "Bearer " + dict(bru_pairs(blocks.get("auth:bearer", []))).get("token", "")))
            elif auth == "basic":
                values = dict(bru_pairs(blocks.get("auth:basic", [])))
                headers.append(basic(values.get("username", ""), values.get("password", "")))
            body = spec.get("body", "none")
            if body in ("json", "text", "xml", "sparql") and f"body:{body}" in blocks:
                kind = ("raw", "\n".join(blocks[f"body:{body}"]).strip("\n"))
            elif body == "form-urlencoded":
                kind = ("form", bru_pairs(blocks.get("body:form-urlencoded", [])))
            elif body == "multipart-form":
                kind = ("multipart", [(k, v) for k, v in bru_pairs(blocks.get("body:multipart-form", []))
                                      if not v.startswith("@file(")])
            elif body == "none":
                kind = ("none", None)
            else:
                kind = ("any", None)
            out.append({"name": name, "method": method.upper(), "url": url, "headers": headers, "body": kind})
    return out


def filled_basic(value, fill):
    """An Authorization header written as basic credentials, encoded once filled."""
    _, user, password = value
    return "Basic " + base64.b64encode(f"{fill(user)}:{fill(password)}".encode()).decode()
