#!/usr/bin/env python3
"""A feed server on 127.0.0.1 for the NewsFeeds tests: fixture feeds and every failure.

Started by the tests (FeedServer.swift). It binds free ports, prints one JSON line
{"port": P, "tls": T, "blackhole": B} and serves until its standard input closes (the test stops it,
or the test process ends), so it never outlives the tests. Nothing but 127.0.0.1 is used.

Routes: /<fixture> (a file of this folder), /gzip/<fixture> (gzip-encoded), /gzip-bomb,
/huge (20 MiB streamed), /huge-declared (a Content-Length of 100 MiB), /redirect/<n>/<fixture>
(n redirects), /loop (redirects to itself), /redirect-file (to file:///etc/passwd),
/never (accepts, never answers), /trickle (one byte a second), /cut (closes before its
Content-Length), /status/<code>, /etag.rss (ETag and Last-Modified; 304 when they match),
/changing.rss (two items, then three after /control/advance).
The same routes are served over TLS on a second port, with a self-signed certificate.
The blackhole port listens but never accepts, its queue full: a connect there times out.
"""
import gzip
import http.server
import json
import os
import socket
import ssl
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
STOP = threading.Event()
STATE = {"generation": 1}


def gzip_bomb():
    # 64 MiB of zeros, gzip -9: 64 KiB. Made once and kept (compressing it anew took
    # seconds on a loaded machine, past the tests' timeout):
    # gzip.compress(b"\0" * (64 << 20), compresslevel=9, mtime=0)
    with open(os.path.join(HERE, "gzip-bomb.gz"), "rb") as f:
        return f.read()


def changing_feed():
    items = [("one", "First story", "Mon, 23 Nov 2026 08:00:00 GMT"),
             ("two", "Second story", "Mon, 23 Nov 2026 09:00:00 GMT")]
    if STATE["generation"] > 1:
        items.append(("three", "Third story", "Mon, 23 Nov 2026 10:00:00 GMT"))
    body = "".join(
        f"<item><guid>{guid}</guid><title>{title}</title><pubDate>{date}</pubDate></item>"
        for guid, title, date in items)
    return ('<?xml version="1.0"?><rss version="2.0"><channel><title>Changing</title>'
            f"{body}</channel></rss>").encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def fixture(self, name):
        path = os.path.join(HERE, os.path.basename(name))
        if not name.endswith((".rss", ".atom", ".json", ".html")) or not os.path.isfile(path):
            return None
        with open(path, "rb") as f:
            return f.read()

    def do_GET(self):
        path = self.path.split("?")[0]
        parts = [p for p in path.split("/") if p]
        if not parts:
            return self.send(404)
        head = parts[0]
        if head == "gzip" and len(parts) == 2:
            body = self.fixture(parts[1])
            if body is None:
                return self.send(404)
            return self.send(200, gzip.compress(body), [("Content-Encoding", "gzip")])
        if head == "gzip-bomb":
            return self.send(200, gzip_bomb(), [("Content-Encoding", "gzip"),
                                                 ("Content-Type", "application/rss+xml")])
        if head == "huge":
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b'<?xml version="1.0"?><rss version="2.0"><channel><title>Huge</title>')
            item = b"<item><title>" + b"x" * 1000 + b"</title></item>"
            for _ in range(20 * 1024):
                self.wfile.write(item)
            return
        if head == "huge-declared":
            self.send_response(200)
            self.send_header("Content-Length", str(100 << 20))
            self.end_headers()
            self.wfile.write(b"<rss>")
            return
        if head == "redirect" and len(parts) == 3:
            count = int(parts[1])
            target = f"/redirect/{count - 1}/{parts[2]}" if count > 1 else f"/{parts[2]}"
            return self.send(302, b"", [("Location", target)])
        if head == "loop":
            return self.send(302, b"", [("Location", "/loop")])
        if head == "redirect-file":
            return self.send(302, b"", [("Location", "file:///etc/passwd")])
        if head == "never":
            STOP.wait(120)
            return
        if head == "trickle":
            self.send_response(200)
            self.end_headers()
            for byte in b'<?xml version="1.0"?><rss version="2.0"><channel>':
                if STOP.wait(1):
                    return
                self.wfile.write(bytes([byte]))
                self.wfile.flush()
            return
        if head == "cut":
            self.send_response(200)
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b'<?xml version="1.0"?><rss version="2.0"><channel>')
            return
        if head == "status" and len(parts) == 2:
            return self.send(int(parts[1]), b"error page")
        if head == "etag.rss":
            etag, modified = '"v1"', "Mon, 23 Nov 2026 08:00:00 GMT"
            if (self.headers.get("If-None-Match") == etag
                    or self.headers.get("If-Modified-Since") == modified):
                return self.send(304, b"", [("ETag", etag)])
            return self.send(200, self.fixture("a.rss"),
                             [("ETag", etag), ("Last-Modified", modified)])
        if head == "changing.rss":
            return self.send(200, changing_feed(), [("ETag", f'"g{STATE["generation"]}"')])
        if head == "control" and parts[1:] == ["advance"]:
            STATE["generation"] += 1
            return self.send(200, b"ok")
        body = self.fixture(head)
        if body is None:
            return self.send(404, b"not found")
        return self.send(200, body)


def blackhole():
    """A port whose accept queue is full and never drained: new connections get no answer."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    fillers = []
    for _ in range(4):
        client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        client.setblocking(False)
        try:
            client.connect(listener.getsockname())
        except BlockingIOError:
            pass
        fillers.append(client)
    time.sleep(0.2)
    return listener, fillers


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that hung up on purpose (a cap, a timeout, a cancel) is what the tests
        # want: no traceback for it.
        pass


def main():
    server = Server(("127.0.0.1", 0), Handler)
    # The same routes over TLS, with a self-signed certificate for 127.0.0.1 (localhost.pem,
    # a test fixture whose key guards nothing).
    tls = Server(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(HERE, "localhost.pem"))
    tls.socket = context.wrap_socket(tls.socket, server_side=True)
    hole, fillers = blackhole()
    for each in (server, tls):
        threading.Thread(target=each.serve_forever, daemon=True).start()
    print(json.dumps({"port": server.server_address[1], "tls": tls.server_address[1],
                      "blackhole": hole.getsockname()[1]}), flush=True)
    sys.stdin.read()  # until the test closes our standard input
    STOP.set()
    for each in (server, tls):
        each.shutdown()
        each.server_close()
    for sock in fillers + [hole]:
        sock.close()


if __name__ == "__main__":
    main()
