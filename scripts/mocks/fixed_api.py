#!/usr/bin/env python3
"""A loopback server that answers fixed responses, for bad-input tests (stdlib only).

    python3 scripts/mocks/fixed_api.py --routes ROUTES.json --port-file P

ROUTES.json maps a path (query included) to {"status": 200, "body": "...",
"content_type": "application/json", "delay_ms": 0}; "*" is the answer for any other path
(default: 404 {"message":"ObjectID not found"}).  A binary body (a picture)
is given as "body_file": a path whose bytes are answered as they are, read
when the server starts.  Each path requested is appended to --log, so a test
can prove a URL was never asked for; each path whose client hung up during
its delay (a cancelled transfer) is appended to --abandoned-log.
"""

import argparse, json, os, signal, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from mock_api import wait_unless_hung_up


def body_bytes(route):
    """The bytes a route answers: its "body_file" as stored, else its "body" as UTF-8."""
    if "body_file" in route:
        with open(route["body_file"], "rb") as fh:
            return fh.read()
    return route.get("body", "").encode("utf-8")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--routes", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--abandoned-log")
    parser.add_argument("--agent-log", help="append each request's User-Agent header here")
    args = parser.parse_args()
    # Foundation.Process may hand down a mask with SIGTERM blocked.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    with open(args.routes, encoding="utf-8") as fh:
        routes = json.load(fh)
    fallback = routes.get("*", {"status": 404, "body": '{"message":"ObjectID not found"}'})
    for route in list(routes.values()) + [fallback]:
        route["bytes"] = body_bytes(route)
    lock = threading.Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            with lock, open(args.log, "a", encoding="utf-8") as log:
                log.write(self.path + "\n")
            if args.agent_log:
                with lock, open(args.agent_log, "a", encoding="utf-8") as log:
                    log.write(self.headers.get("User-Agent", "") + "\n")
            route = routes.get(self.path, fallback)
            if not wait_unless_hung_up(self.connection, route.get("delay_ms", 0) / 1000.0):
                if args.abandoned_log:
                    with lock, open(args.abandoned_log, "a", encoding="utf-8") as log:
                        log.write(self.path + "\n")
                self.close_connection = True
                return
            self.answer(route.get("status", 200), route["bytes"], route.get("content_type", "application/json; charset=UTF-8"),
                        route.get("headers") or {})

        def answer(self, status, body, content_type, headers):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(args.port_file + ".tmp", "w") as fh:
        fh.write(str(server.server_address[1]))
    os.replace(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
