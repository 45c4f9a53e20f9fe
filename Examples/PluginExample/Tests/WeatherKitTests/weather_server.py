"""A stand-in for the weather and geocoding services, for the WeatherKit tests.

Listens on 127.0.0.1 on a free port, prints that port on its first line, and answers
GET /v1/forecast, /v1/stations/<id>, /v1/air-quality and /v1/search with JSON until it is terminated.
"""
import json
import os
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        url = urlsplit(self.path)
        query = {key: values[-1] for key, values in parse_qs(url.query).items()}
        # AirQuality comes from an OpenAPI document, which states no Accept header.
        if url.path == "/v1/air-quality":
            index = 42 if float(query["latitude"]) > 0 else 7
            return self.send_json(200, {"index": index, "pollutant": "pm25"})
        if self.headers.get("Accept") != "application/json":
            return self.send_json(406, {"message": "expected Accept: application/json"})
        if url.path == "/v1/forecast":
            days = int(query.get("days", "0"))
            return self.send_json(200, {
                "latitude": float(query["latitude"]),
                "longitude": float(query["longitude"]),
                "units": query.get("units", "metric"),
                "days": [
                    {"date": "2026-06-%02d" % (day + 1), "high": 20.5 + day, "low": 11.0 + day,
                     "summary": "sunny" if day % 2 == 0 else None}
                    for day in range(days)
                ],
            })
        if url.path.startswith("/v1/stations/"):
            station = url.path[len("/v1/stations/"):]
            if station == "KSFO":
                return self.send_json(200, {"id": "KSFO", "name": "San Francisco Intl", "elevation_m": 4})
            return self.send_json(404, {"message": "no station " + station})
        if url.path == "/v1/search":
            places = [
                {"name": "Paris", "country_code": "FR", "latitude": 48.8566, "longitude": 2.3522},
                {"name": "Paris", "country_code": "US", "latitude": 33.6609, "longitude": -95.5555},
            ]
            matches = [place for place in places if place["name"] == query.get("name")]
            return self.send_json(200, matches[: int(query.get("count", "10"))])
        self.send_json(404, {"message": "no route " + url.path})

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
