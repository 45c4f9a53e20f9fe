"""A stand-in for the to-do service, for the Todos tests.

Listens on 127.0.0.1 on a free port, prints that port on its first line, and keeps an
in-memory list behind GET /api/todos, GET /api/todos/<id> and POST /api/todos until terminated.
"""
import json
import os
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

todos = [{"id": 1, "title": "Write the spec", "done": True}]
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlsplit(self.path)
        query = {key: values[-1] for key, values in parse_qs(url.query).items()}
        with lock:
            if url.path == "/api/todos":
                selected = todos
                if "done" in query:
                    selected = [todo for todo in todos if todo["done"] == (query["done"] == "true")]
                return self.send_json(200, selected)
            if url.path.startswith("/api/todos/"):
                found = [todo for todo in todos if str(todo["id"]) == url.path[len("/api/todos/"):]]
                if found:
                    return self.send_json(200, found[0])
        self.send_json(404, {"message": "not found"})

    def do_POST(self):
        if urlsplit(self.path).path != "/api/todos":
            return self.send_json(404, {"message": "not found"})
        if not self.headers.get("Content-Type", "").startswith("application/json"):
            return self.send_json(415, {"message": "expected a JSON body"})
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
        with lock:
            todo = {"id": len(todos) + 1, "title": body["title"], "done": body.get("done") or False}
            todos.append(todo)
        self.send_json(201, todo)

    def send_json(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):
        pass


def exit_when_stdin_closes():
    # The test holds our stdin open: when it closes it (or dies), stop, so no server outlives its test.
    sys.stdin.read()
    os._exit(0)


# A process started by Foundation's Process may inherit a mask that blocks SIGTERM: unblock it.
signal.pthread_sigmask(signal.SIG_SETMASK, [])
threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
