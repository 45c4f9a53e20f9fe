"""A local HTTP server that streams, for tests of streamed responses.

Listens on 127.0.0.1 on a free port and prints the port on the first line of standard output.
Answers are HTTP/1.0 without Content-Length unless said otherwise, so the body ends when the
connection closes, and each write is flushed at once.

    GET /paced?count=3&pause=0.3        SSE: `count` events, `pause` seconds apart; each event's data is
                                        {"n": i, "sent": <time.time() when written>}, then `data: [DONE]`
    GET /acked?key=k&count=3&pause=0.3  like /paced, but waits for /ack?key=k before each event after
                                        the first; each event's data has "acked": whether the ack came
    GET /ack?key=k                      acknowledges the last event of /acked?key=k
    GET /forever?key=k                  SSE: an event every 20 ms until the client closes the connection,
                                        then /closed?key=k answers {"closed": true}
    GET /closed?key=k                   {"closed": true|false}: whether /forever?key=k saw its client go
    GET /bytes?size=N&chunk=65536       N bytes generated on the fly (with Content-Length: N)
    GET /raw?body=<base64>&split=5&pause=0.01   the body in pieces of `split` bytes, `pause` apart
    GET /truncated                      Content-Length: 1000, then 10 bytes and the connection closes
    GET /status?code=429&body=<base64>  that status with that body (application/json)
    POST /upload                        reads the body, answers {"received": <bytes>}
    .../chat/completions, .../notices, .../logs, .../records, .../export   specs/ChatAPI.endpoints.json's
                                        endpoints (see the handlers)

The server exits when its standard input closes, so it never outlives the test process.
"""
import base64
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

lock = threading.Lock()
closed = {}
acks = {}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def head(self, status, content_type, length=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.flush()

    def write(self, data):
        self.wfile.write(data)
        self.wfile.flush()

    def do_GET(self):
        try:
            self.answer_get()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client went away (a cancelled stream, a timeout): nothing to report

    def answer_get(self):
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        if url.path == "/paced":
            self.head(200, "text/event-stream")
            count = int(query.get("count", "3"))
            pause = float(query.get("pause", "0.3"))
            for i in range(count):
                if i > 0:
                    time.sleep(pause)
                self.write(("data: " + json.dumps({"n": i, "sent": time.time()}) + "\n\n").encode())
            self.write(b"data: [DONE]\n\n")
        elif url.path == "/acked":
            # Like /paced, but before each event after the first the server waits (up to 30 s) for
            # /ack?key=k, and says in `acked` whether the ack came: an event acknowledged before the next
            # was written proves the client had it before the next existed.
            key = query.get("key", "")
            with lock:
                acks[key] = threading.Event()
            self.head(200, "text/event-stream")
            for i in range(int(query.get("count", "3"))):
                acked = True
                if i > 0:
                    acked = acks[key].wait(30)
                    acks[key].clear()
                    time.sleep(float(query.get("pause", "0.3")))
                self.write(("data: " + json.dumps({"n": i, "sent": time.time(), "acked": acked}) + "\n\n").encode())
            self.write(b"data: [DONE]\n\n")
        elif url.path == "/ack":
            with lock:
                event = acks.get(query.get("key", ""))
            if event:
                event.set()
            self.head(204, "text/plain", 0)
        elif url.path == "/forever":
            key = query.get("key", "")
            with lock:
                closed[key] = False
            self.head(200, "text/event-stream")
            i = 0
            try:
                while True:
                    self.write(("data: {\"n\": %d, \"sent\": 0}\n\n" % i).encode())
                    i += 1
                    time.sleep(0.02)
            except (BrokenPipeError, ConnectionResetError):
                with lock:
                    closed[key] = True
        elif url.path == "/closed":
            with lock:
                answer = json.dumps({"closed": closed.get(query.get("key", ""), False)}).encode()
            self.head(200, "application/json", len(answer))
            self.write(answer)
        elif url.path == "/bytes":
            size = int(query.get("size", "0"))
            chunk = int(query.get("chunk", "65536"))
            self.head(200, "application/octet-stream", size)
            block = bytes(range(256)) * (chunk // 256 + 1)
            sent = 0
            try:
                while sent < size:
                    n = min(chunk, size - sent)
                    self.wfile.write(block[:n])
                    sent += n
                self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif url.path == "/raw":
            body = base64.b64decode(query.get("body", ""))
            split = max(1, int(query.get("split", "5")))
            pause = float(query.get("pause", "0.01"))
            self.head(200, query.get("type", "text/event-stream"))
            for i in range(0, len(body), split):
                self.write(body[i:i + split])
                time.sleep(pause)
        elif url.path == "/truncated":
            # Promises 1000 bytes, sends 10, closes: the body is cut short.
            self.head(200, "text/event-stream", 1000)
            self.write(b"data: 1\n\nda")
        elif url.path == "/status":
            body = base64.b64decode(query.get("body", ""))
            self.head(int(query.get("code", "500")), "application/json", len(body))
            self.write(body)
        elif url.path.endswith("/notices"):
            self.head(200, "text/event-stream")
            self.write(b": welcome\n\nevent: notice\ndata: maintenance at noon\n\ndata: two\ndata: lines\n\n")
        elif url.path.endswith("/logs") or url.path.endswith("/records"):
            lines = [{"level": "info", "message": "started", "time": "2026-01-02T03:04:05Z"},
                     {"level": "warn", "message": "slow", "time": "2026-01-02T03:04:06Z"}]
            seq = url.path.endswith("/records")
            self.head(200, "application/json-seq" if seq else "application/jsonl")
            for line in lines:
                text = json.dumps(line).encode() + b"\n"
                self.write(b"\x1e" + text if seq else text)
                time.sleep(0.01)
        elif url.path.endswith("/export"):
            self.head(200, "application/octet-stream")
            for i in range(4):
                self.write(bytes([i]) * 1000)
                time.sleep(0.01)
        else:
            self.head(404, "text/plain", 0)

    def do_POST(self):
        if self.path.endswith("/chat/completions"):
            # ChatAPI.chat: the prompt's words back, one event each, then `data: [DONE]`; the prompt
            # "too many" answers 429 with a Problem body. Authorization must be "Bearer t0k3n".
            request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
            if self.headers.get("Authorization") != "Bearer t0k3n":
                body = json.dumps({"message": "no token"}).encode()
                self.head(401, "application/json", len(body))
                self.write(body)
                return
            if request.get("prompt") == "too many":
                body = json.dumps({"message": "slow down"}).encode()
                self.head(429, "application/json", len(body))
                self.write(body)
                return
            self.head(200, "text/event-stream")
            for index, word in enumerate(request.get("prompt", "").split(" ")):
                self.write(("data: " + json.dumps({"index": index, "text": word}) + "\n\n").encode())
                time.sleep(0.02)
            self.write(b"data: [DONE]\n\n")
            return
        length = int(self.headers.get("Content-Length", "0"))
        received = 0
        while received < length:
            data = self.rfile.read(min(65536, length - received))
            if not data:
                break
            received += len(data)
        answer = json.dumps({"received": received}).encode()
        self.head(200, "application/json", len(answer))
        self.write(answer)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

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
