"""A local HTTP echo server for tests.

Listens on 127.0.0.1 on a free port, prints the port on the first line of standard output, and
answers every request with JSON describing exactly what arrived:

    {"method": "POST", "path": "/a%2Fb?q=1", "headers": [["Host", "127.0.0.1:5000"], ...],
     "body": "<base64>", "count": 3}

`path` is the request target as sent (path and query, still percent-encoded).

Request headers choose a canned answer instead:
    X-Echo-Status: 503                      status of the answer (default 200)
    X-Echo-Headers: {"Retry-After": "0"}    extra response headers (JSON object)
    X-Echo-Body: <base64>                   body of the answer instead of the echo
    X-Echo-Delay: 0.5                       seconds to wait before answering
    X-Echo-Fail: 2:503:key                  the first 2 requests carrying `key` get status 503
                                            (with X-Echo-Headers), later ones the normal answer
    X-Echo-Require-Authorization: Bearer b  answer 401 unless Authorization equals this value
    X-Echo-Trickle: 6:0.2                   answer 200 with a body of 6 bytes ("xxxxxx"), one every 0.2 s
    X-Echo-Expect: final                    on `Expect: 100-continue`, answer the X-Echo-Status at once
                                            (417 by default) without 100 Continue and without reading
                                            the body, then close the connection
    X-Echo-Expect: silent                   on `Expect: 100-continue`, send no 100 Continue; read the
                                            body whenever the client sends it

Paths under /paged/<style>/<key> serve pages instead of the echo (items 1..5, two a page), counting
requests per key; GET /paged/count/<key> answers {"count": n} without counting itself:
    /paged/link/<key>?page=N     a JSON array; `Link: <...page=N+1>; rel="next"` (absolute on page 1,
                                 relative after, with commas and quoted multi-value rels) until page 3
    /paged/badlink/<key>?page=N  page 1 with only `rel="prev"` and `rel="last"` links
    /paged/loop/<key>            page 1 whose next link points at itself
    /paged/cursor/<key>?after=c  {"data": [...], "meta": {"next_cursor": "c2" | "c3" | null}}
    /paged/page/<key>?page=N     {"data": [...]}, empty from page 4 on
    /paged/numbers/<key>?page=N  a JSON array, empty from page 4 on
    /paged/contributors/<key>?page=N  as link (without the extra links), or, for a key containing
                                 "empty", 204 without a body (with a `Link` to page 2 that must not be followed)
Anything after the key is ignored (a client's base URL can end with /paged/<style>/<key>). Keys that
start with "obj" serve items as objects, {"id": n, "number": n, "title": "#n", "login": "user-n",
"action": "event-n"}, instead of numbers.

The server exits when its standard input closes, so it never outlives the test process.
"""
import base64
import json
import urllib.parse
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

lock = threading.Lock()
counters = {}
total = [0]


def utf8(text):
    """http.server reads header bytes as Latin-1; give back the UTF-8 text that was sent."""
    try:
        return text.encode("iso-8859-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return text


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def __getattr__(self, name):
        if name.startswith("do_"):
            return self.answer
        raise AttributeError(name)

    def handle_expect_100(self):
        mode = self.headers.get("X-Echo-Expect")
        if mode == "silent":
            return True
        if mode == "final":
            status = int(self.headers.get("X-Echo-Status") or 417)
            payload = b"refused before the body"
            self.send_response(status)
            for name, value in json.loads(self.headers.get("X-Echo-Headers") or "{}").items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(payload)
            self.close_connection = True
            return False
        return BaseHTTPRequestHandler.handle_expect_100(self)

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            data = b""
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    return data
                data += self.rfile.read(size)
                self.rfile.readline()
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def answer(self):
        body = self.read_body()
        if self.path.startswith("/paged/"):
            return self.paged()
        with lock:
            total[0] += 1
            count = total[0]
        status = int(self.headers.get("X-Echo-Status") or 200)
        extra = json.loads(self.headers.get("X-Echo-Headers") or "{}")
        canned = self.headers.get("X-Echo-Body")
        delay = float(self.headers.get("X-Echo-Delay") or 0)

        fail = self.headers.get("X-Echo-Fail")
        if fail:
            times, fail_status, key = fail.split(":", 2)
            with lock:
                seen = counters.get(key, 0)
                counters[key] = seen + 1
            if seen < int(times):
                status = int(fail_status)
            else:
                status = int(self.headers.get("X-Echo-Status") or 200)
                extra = {}

        required = self.headers.get("X-Echo-Require-Authorization")
        if required is not None and self.headers.get("Authorization") != required:
            status = 401

        if delay:
            time.sleep(delay)

        trickle = self.headers.get("X-Echo-Trickle")
        if trickle:
            pieces, interval = trickle.split(":")
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Content-Length", pieces)
            self.end_headers()
            self.wfile.flush()
            for _ in range(int(pieces)):
                time.sleep(float(interval))
                self.wfile.write(b"x")
                self.wfile.flush()
            return

        if canned is not None:
            payload = base64.b64decode(canned)
            content_type = None
        else:
            payload = json.dumps({
                "method": self.command,
                "path": self.path,
                "headers": [[utf8(name), utf8(value)] for name, value in self.headers.items()],
                "body": base64.b64encode(body).decode("ascii"),
                "count": count,
            }).encode("utf-8")
            content_type = "application/json"

        self.send_response(status)
        if content_type and not any(k.lower() == "content-type" for k in extra):
            self.send_header("Content-Type", content_type)
        for name, value in extra.items():
            self.send_header(name, value)
        if self.command == "HEAD" or status in (204, 304):
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


    def paged(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        parts = url.path.split("/")
        style, key = parts[2], (parts[3] if len(parts) > 3 else "")
        counter = "paged:" + key
        headers = {}
        with lock:
            if style != "count":
                counters[counter] = counters.get(counter, 0) + 1
            count = counters.get(counter, 0)
        pages = [[1, 2], [3, 4], [5]]
        if key.startswith("obj"):
            pages = [[{"id": n, "number": n, "title": "#%d" % n, "login": "user-%d" % n, "action": "event-%d" % n, "contributions": 10 * n}
                      for n in page]
                     for page in pages]
        page = int(query.get("page", "1"))
        items = pages[page - 1] if 1 <= page <= len(pages) else []
        origin = "http://" + self.headers.get("Host", "127.0.0.1")
        if style == "count":
            payload = {"count": count}
        elif style == "link":
            payload = items
            if page < len(pages):
                target = "/paged/link/%s?page=%d&tags=a,b" % (key, page + 1)
                if page == 1:
                    target = origin + target
                headers["Link"] = '<%s/paged/link/%s?page=1>; rel="first", <%s>; title="x, y"; rel="next nofollow", <%s/paged/link/%s?page=3>; rel=last' % (origin, key, target, origin, key)
        elif style == "contributors":
            if "empty" in key:
                self.send_response(204)
                self.send_header("Link", '<%s/paged/contributors/%s?page=2>; rel="next"' % (origin, key))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            payload = items
            if page < len(pages):
                headers["Link"] = '<%s/paged/contributors/%s?page=%d>; rel="next"' % (origin, key, page + 1)
        elif style == "badlink":
            payload = items
            headers["Link"] = '<%s/paged/badlink/%s?page=0>; rel="prev", <%s/paged/badlink/%s?page=3>; rel="last"' % (origin, key, origin, key)
        elif style == "loop":
            payload = items
            headers["Link"] = '<%s%s>; rel="next"' % (origin, self.path)
        elif style == "cursor":
            after = query.get("after")
            index = {None: 0, "c2": 1, "c3": 2}.get(after, 3)
            payload = {"data": pages[index] if index < 3 else [], "meta": {"next_cursor": ["c2", "c3", None, None][index]}}
        elif style == "numbers":
            payload = items
        else:
            payload = {"data": items}
        data = json.dumps(payload).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024

    def handle_error(self, request, client_address):
        # A client that hangs up before the answer is written (a test that times out or cancels
        # on purpose) is not the server's error: no traceback for it. Anything else is printed.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def watch_stdin():
    try:
        sys.stdin.read()
    finally:
        os._exit(0)


server = Server(("127.0.0.1", 0), Handler)
threading.Thread(target=watch_stdin, daemon=True).start()
print(server.server_address[1], flush=True)
server.serve_forever()
