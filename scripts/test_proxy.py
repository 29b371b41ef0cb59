#!/usr/bin/env python3
"""A small loopback proxy for Courier's tests: HTTP CONNECT tunnels, absolute-form HTTP
requests and SOCKS5 (no authentication), on one port. It prints `PORT n` once listening and
logs one line per request it carries (`CONNECT host:port`, `GET http://…`, `SOCKS5 host:port`)
to --log, flushed at once, so a test can see what went through it. With --auth USER:PASS an
HTTP request without that Proxy-Authorization gets 407. Standard library only."""
import argparse
import asyncio
import base64
import sys


async def pipe(reader, writer):
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            writer.write(data)
            await writer.drain()
    except (ConnectionError, asyncio.CancelledError):
        pass
    finally:
        try:
            writer.close()
        except Exception:
            pass


class Proxy:
    def __init__(self, log, auth):
        self.log = log
        self.auth = auth

    def record(self, line):
        with open(self.log, "a") as handle:
            handle.write(line + "\n")

    async def handle(self, reader, writer):
        try:
            first = await reader.readexactly(1)
            if first == b"\x05":
                await self.socks(reader, writer)
            else:
                await self.http(first, reader, writer)
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            writer.close()

    async def socks(self, reader, writer):
        count = (await reader.readexactly(1))[0]
        await reader.readexactly(count)
        writer.write(b"\x05\x00")
        version, command, _, kind = await reader.readexactly(4)
        if kind == 1:
            host = ".".join(str(b) for b in await reader.readexactly(4))
        elif kind == 3:
            host = (await reader.readexactly((await reader.readexactly(1))[0])).decode()
        else:
            host = ":".join((await reader.readexactly(16)).hex()[i:i + 4] for i in range(0, 32, 4))
        port = int.from_bytes(await reader.readexactly(2), "big")
        self.record(f"SOCKS5 {host}:{port}")
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(host, port)
        except OSError:
            writer.write(b"\x05\x05\x00\x01\x00\x00\x00\x00\x00\x00")
            writer.close()
            return
        writer.write(b"\x05\x00\x00\x01\x7f\x00\x00\x01" + port.to_bytes(2, "big"))
        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))

    async def http(self, first, reader, writer):
        head = first + await reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        method, target, version = lines[0].split(" ", 2)
        headers = [line.split(":", 1) for line in lines[1:] if ":" in line]
        if self.auth:
            expected = "Basic " + base64.b64encode(self.auth.encode()).decode()
            given = next((v.strip() for k, v in headers if k.lower() == "proxy-authorization"), None)
            if given != expected:
                self.record(f"407 {method} {target}")
                writer.write(b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                             b"Proxy-Authenticate: Basic realm=\"test\"\r\nContent-Length: 0\r\n\r\n")
                await writer.drain()
                writer.close()
                return
        self.record(f"{method} {target}")
        if method == "CONNECT":
            host, _, port = target.rpartition(":")
            try:
                upstream_reader, upstream_writer = await asyncio.open_connection(host.strip("[]"), int(port))
            except OSError:
                writer.write(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
                await writer.drain()
                writer.close()
                return
            writer.write(b"HTTP/1.1 200 Connection established\r\n\r\n")
            await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))
            return
        # Absolute form: forward with the origin form, one request per connection.
        if "://" not in target:
            writer.write(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            await writer.drain()
            writer.close()
            return
        rest = target.split("://", 1)[1]
        authority, _, path = rest.partition("/")
        host, _, port = authority.partition(":")
        upstream_reader, upstream_writer = await asyncio.open_connection(host, int(port or 80))
        kept = [f"{k}:{v}" for k, v in headers if k.lower() not in ("proxy-authorization", "proxy-connection", "connection")]
        upstream_writer.write(("\r\n".join([f"{method} /{path} {version}"] + kept + ["Connection: close", "", ""])).encode("latin-1"))
        await asyncio.gather(pipe(reader, upstream_writer), pipe(upstream_reader, writer))


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--auth")
    arguments = parser.parse_args()
    proxy = Proxy(arguments.log, arguments.auth)
    server = await asyncio.start_server(proxy.handle, "127.0.0.1", 0)
    print(f"PORT {server.sockets[0].getsockname()[1]}", flush=True)
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
