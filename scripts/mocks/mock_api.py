#!/usr/bin/env python3
"""Mock of the Met Collection API for the crawler's tests (stdlib only).

    python3 scripts/mocks/mock_api.py --data FILE.jsonl [--port 0] [--port-file P] [faults...]

The API base is the server root: {api}/objects, {api}/objects/{id},
{api}/departments.  Test hooks live under /__ (stats, times, reset, config) and are
never blocked, faulted or counted.  Every fault is decided from a hash of
(seed, path, n-th request of that path), so a run replays identically
whatever the thread timing is, and a retry of a path gets a fresh decision.
"""

import argparse, dataclasses, hashlib, itertools, json, os, re, select, signal, socket, struct, sys, threading, time, unicodedata, zlib
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mock_pictures  # noqa: E402  (beside this file)


# Default-ignorable code points outside the Cf category (etl's VisibleText
# asks Unicode's Default_Ignorable_Code_Point property; Python has none).
_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F), (0x2800, 0x2800),
              (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0000, 0xE0FFF))


def visible(text):
    """Whether `text` shows anything, as etl's rules decide "non-empty": not
    only whitespace, control, format or other invisible characters."""
    if not isinstance(text, str):
        return False
    for ch in text:
        o = ord(ch)
        if o < 0x80:
            if 0x20 < o != 0x7F:
                return True
            continue
        if ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Zs", "Cn", "Cs"):
            continue
        if any(lo <= o <= hi for lo, hi in _IGNORABLE):
            continue
        return True
    return False

JSON_TYPE = "application/json; charset=UTF-8"  # what the real API sends
IMAGE_HOST = b"https://images.metmuseum.org/"
BAD_DATE = b'"Date not valid. Dates must be in the format YYYY-MM-DD e.g. 1987-05-03"'
DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


@dataclasses.dataclass
class Config:
    """Every field except host/port/port_file can be changed via POST /__config."""
    data: str = ""
    host: str = "127.0.0.1"
    port: int = 0
    port_file: str = ""
    seed: int = 0
    fail_5xx: float = 0.0
    reset: float = 0.0
    truncate: float = 0.0
    html200: float = 0.0
    slow: float = 0.0
    slow_ms: float = 0.0
    retry_after: float = 0.0  # 0 = no Retry-After header on 503
    block_limit: int = 0      # 0 = blocking off
    block_window: float = 1.0
    block_penalty: float = 10.0
    # A block lasts its penalty and until it has refused this many requests
    # (the one that tripped it included): 2 makes the probe a client sends
    # after a refusal meet the block however late a loaded machine sends it.
    block_refusals: int = 1
    images: bool = False
    pictures: bool = False    # with --images: real-looking pictures of varied sizes (scripts/mocks/mock_pictures.py), not 8x8 grey
    image_404: float = 0.0
    image_html200: float = 0.0
    image_truncate: float = 0.0
    image_slow: float = 0.0
    verbose: bool = False

    FIXED = ("host", "port", "port_file")

    def updated(self, changes):
        """A new Config with changes applied; ValueError on a bad key or value."""
        types = {f.name: f.type for f in dataclasses.fields(self)}
        new = {}
        for key, value in changes.items():
            if key not in types or key in self.FIXED:
                raise ValueError(f"unknown or fixed option: {key}")
            typ = types[key]
            if typ is bool and not isinstance(value, bool):
                raise ValueError(f"{key} must be true or false")
            if typ is not bool and (isinstance(value, bool) or not isinstance(value, (str, int, float))):
                raise ValueError(f"{key} has a bad value")
            new[key] = typ(value)
        return dataclasses.replace(self, **new)


class Dataset:
    """The JSONL file, indexed. Bodies keep the line's exact bytes unless the
    line has mock-only '_' keys, so the client can be checked to store bodies
    verbatim."""

    def __init__(self, path):
        self.bodies = {}     # id -> body bytes
        self.not_valid = set()
        self.listed = []     # ids in file order, as /objects returns them
        self.meta = {}       # id -> (metadata date 'YYYY-MM-DD' or None, department or None)
        with open(path, "rb") as fh:
            for lineno, raw in enumerate(fh, 1):
                line = raw.rstrip(b"\n").rstrip(b"\r")
                if not line.strip():
                    continue
                rec = json.loads(line)
                oid = rec.get("objectID") if isinstance(rec, dict) else None
                if type(oid) is not int:
                    raise ValueError(f"{path}:{lineno}: no integer objectID")
                if oid in self.meta:
                    raise ValueError(f"{path}:{lineno}: duplicate objectID {oid}")
                date = rec.get("metadataDate")
                date = date[:10] if isinstance(date, str) and len(date) >= 10 else None
                dept = rec.get("department") if isinstance(rec.get("department"), str) else None
                self.meta[oid] = (date, dept)
                if rec.get("_notValid"):
                    self.not_valid.add(oid)
                elif isinstance(rec.get("_rawBodyHex"), str):  # a broken body, served as these bytes
                    self.bodies[oid] = bytes.fromhex(rec["_rawBodyHex"])
                elif any(k.startswith("_") for k in rec):
                    clean = {k: v for k, v in rec.items() if not k.startswith("_")}
                    self.bodies[oid] = json.dumps(clean, ensure_ascii=False).encode()
                else:
                    self.bodies[oid] = line
                if not rec.get("_unlisted"):
                    self.listed.append(oid)
        names = sorted({d for _, d in self.meta.values() if d})
        self.dept_ids = {name: i for i, name in enumerate(names, 1)}
        self.departments_body = dumps({"departments": [
            {"departmentId": i, "displayName": n} for n, i in self.dept_ids.items()]})
        self.listing_body = dumps({"total": len(self.listed), "objectIDs": self.listed})

    def listing(self, since, dept_ids):
        if since is None and dept_ids is None:
            return self.listing_body
        ids = []
        for oid in self.listed:
            date, dept = self.meta[oid]
            if since is not None and (date is None or date < since):
                continue
            if dept_ids is not None and self.dept_ids.get(dept) not in dept_ids:
                continue
            ids.append(oid)
        return dumps({"total": len(ids), "objectIDs": ids})


class Counting:
    """The status and fault counters every mock's Stats keeps under its
    `lock` (`by_status`, `faults`, and `first_faults` where it has one)."""

    abandoned = 0

    def abandon(self):
        """A slow answer whose client hung up before it was sent: the event
        that proves a client cancelled its transfer, without timing it."""
        with self.lock:
            self.abandoned += 1

    def status(self, code):
        with self.lock:
            self.by_status[str(code)] = self.by_status.get(str(code), 0) + 1

    def fault(self, name, nth=0):
        with self.lock:
            self.faults[name] += 1
            if nth == 1 and hasattr(self, "first_faults"):
                self.first_faults[name] += 1


class Stats(Counting):
    """Counters plus the sliding-window blocker; one lock so a request's
    counting and its block decision are a single step."""

    FAULTS = ("5xx", "reset", "truncate", "html200", "slow", "image_404")

    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self, keep_block=False):
        """Zeroes the counters; with `keep_block` the blocker's window and a
        block in force stay, as the real front end's do between two runs."""
        with self.lock:
            held = (self.window, self.block_until, self.refused_in_block) if keep_block else None
            self.requests = self.blocks = self.blocked_requests = self.peak_rps = 0
            self.kinds = dict.fromkeys(("object", "listing", "image"), 0)
            self.by_status, self.hits, self.buckets = {}, {}, {}
            self.faults = dict.fromkeys(self.FAULTS, 0)
            # Faults drawn by a path's first request: with one attempt per item
            # these are the items' own answers, apart from probes that re-ask a
            # URL that answered before.
            self.first_faults = dict.fromkeys(self.FAULTS, 0)
            self.abandoned = 0
            self.window, self.block_until, self.refused_in_block = held or (deque(), 0.0, 0)
            # When each counted request arrived (monotonic seconds), by kind,
            # for /__times: how fast a client started, not just how much it sent.
            self.times = {kind: deque(maxlen=100_000) for kind in ("object", "listing", "image", "other")}

    def begin(self, path, kind, cfg):
        """Count one API request; return (n-th request of this path, blocked?)."""
        now = time.monotonic()
        with self.lock:
            self.requests += 1
            if kind in self.kinds:
                self.kinds[kind] += 1
            n = self.hits[path] = self.hits.get(path, 0) + 1
            self.times[kind].append(now)
            sec = int(now)
            self.buckets[sec] = self.buckets.get(sec, 0) + 1
            self.peak_rps = max(self.peak_rps, self.buckets[sec])
            if len(self.buckets) > 8:  # late threads may still touch the last few seconds
                for old in sorted(self.buckets)[:-4]:
                    del self.buckets[old]
            return n, self._blocked(now, cfg)

    def _blocked(self, now, cfg):
        if cfg.block_limit <= 0:
            return False
        if now < self.block_until or (self.block_until and self.refused_in_block < cfg.block_refusals):
            self.blocked_requests += 1
            self.refused_in_block += 1
            return True
        if self.block_until:  # a block just ended: Imperva forgets the burst
            self.block_until = 0.0
            self.window.clear()
        self.window.append(now)
        while self.window and self.window[0] <= now - cfg.block_window:
            self.window.popleft()
        if len(self.window) > cfg.block_limit:
            self.blocks += 1
            self.blocked_requests += 1
            self.refused_in_block = 1
            self.block_until = now + cfg.block_penalty
            self.window.clear()
            return True
        return False


    def snapshot(self):
        with self.lock:
            per_object = {p[len("/objects/"):]: c for p, c in self.hits.items()
                          if p.startswith("/objects/")}
            return {"requests": self.requests, "by_status": dict(self.by_status),
                    "object_requests": self.kinds["object"],
                    "listing_requests": self.kinds["listing"], "per_object": per_object,
                    "peak_rps": self.peak_rps, "blocks": self.blocks,
                    "blocked_requests": self.blocked_requests, "faults": dict(self.faults),
                    "first_faults": dict(self.first_faults), "abandoned": self.abandoned,
                    "image_requests": self.kinds["image"]}


class App:
    """Config and data swapped together under a lock so /__config is atomic."""

    def __init__(self, cfg):
        self.lock = threading.Lock()
        self.config_lock = threading.Lock()  # serialises writers; readers only need self.lock
        self.cfg, self.data = cfg, Dataset(cfg.data)
        self.stats = Stats()
        self.base_url = ""

    def snapshot(self):
        with self.lock:
            return self.cfg, self.data

    def reconfigure(self, changes):
        with self.config_lock:
            cfg = self.cfg.updated(changes)
            data = Dataset(cfg.data) if "data" in changes else self.data  # parse before swapping
            with self.lock:
                self.cfg, self.data = cfg, data


def wait_unless_hung_up(connection, seconds):
    """Waits `seconds` before an answer; returns False as soon as the client
    hangs up instead (it cancelled the transfer), so the answer is not sent."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        readable, _, _ = select.select([connection], [], [], left)
        if not readable:
            continue
        try:
            if connection.recv(1, socket.MSG_PEEK) == b"":
                return False
        except OSError:
            return False
        time.sleep(max(0.0, deadline - time.monotonic()))  # more bytes, no hang-up: wait on
        break
    return True


class SwappingApp:
    """Config and data swapped together under a lock so /__config is atomic,
    and data that may lose an item after every K answers (the sibling mocks
    share this).  `make_data(cfg)` builds the data from a config whose class
    names the fields that change it in DATA_KEYS."""

    def __init__(self, cfg, make_data, stats):
        self.lock, self.config_lock = threading.Lock(), threading.Lock()
        self.make_data = make_data
        self.cfg, self.data = cfg, make_data(cfg)
        self.stats = stats
        self.base_url = ""
        self.answered = self.dropped = 0

    def snapshot(self):
        with self.lock:
            return self.cfg, self.data

    def answered_one(self, every_field, drop):
        """Counts an answer; after every cfg.<every_field>-th (0: never), up to
        cfg.drop_limit times (0: no end), the data becomes drop(data)."""
        with self.lock:
            self.answered += 1
            every, limit = getattr(self.cfg, every_field), self.cfg.drop_limit
            if every > 0 and self.answered % every == 0 and (limit <= 0 or self.dropped < limit):
                self.dropped += 1
                self.data = drop(self.data)

    def reconfigure(self, changes):
        with self.config_lock:
            cfg = self.cfg.updated(changes)
            # Built before readers are held up.
            data = self.make_data(cfg) if any(k in changes for k in type(cfg).DATA_KEYS) else self.data
            with self.lock:
                self.cfg, self.data = cfg, data


def last(query, name, default=None):
    """The last value of a parse_qs query parameter (the sibling mocks share this)."""
    return query[name][-1] if name in query else default


def int_or(text, default):
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def oversized(records, size, first_id):
    """`records` then short records (an ID from `first_id` on, of the last one's type, and a title), `size` in
    all: a server that ignores the page size asked, its body within a client's 10 MB.  A client reads the first
    records only; the others are never expected."""
    if size <= len(records) or not records:
        return records
    kind = type(records[-1].get("id")) if type(records[-1].get("id")) in (int, str) else int
    return records + [{"id": kind(first_id + k), "title": "more than asked"} for k in range(size - len(records))]


def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode()


def draw(seed, path, n):
    """Deterministic (u in [0,1), 8 more hash bytes) for this request."""
    h = hashlib.sha256(f"{seed}\0{path}\0{n}".encode()).digest()
    return int.from_bytes(h[:8], "big") / 2.0 ** 64, h[8:16]


def pick(u, shares):
    """Map u onto consecutive ranges so each option's share is exact; if the
    shares add up past 1, the later options get what is left."""
    edges = itertools.accumulate(share for _, share in shares)
    return next((name for (name, _), edge in zip(shares, edges) if u < edge), None)


def incapsula_page(tag):
    incident = f"{int.from_bytes(tag[:3], 'big') % 1000}000{tag[3]}-{int.from_bytes(tag[4:8], 'big')}"
    return ('<html style="height:100%"><head><META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW">'
            '<meta name="viewport" content="initial-scale=1.0"></head><body style="margin:0px;height:100%">'
            f'<iframe id="main-iframe" src="/_Incapsula_Resource?incident_id={incident}&edet=15" '
            'frameborder=0 width="100%" height="100%">Request unsuccessful. Incapsula incident ID: '
            f'{incident}</iframe></body></html>').encode()


def make_jpeg(tag):
    """A valid 8x8 grey baseline JPEG: one DC value from the hash, one-code
    Huffman tables, plus a comment so the bytes vary with the path."""
    seg = lambda marker, body: struct.pack(">BBH", 0xFF, marker, len(body) + 2) + body
    scan = bytes([tag[0] >> 1, ((tag[0] & 1) << 7) | 0x3F])  # DC code 0 + 8 diff bits + EOB 0, pad 1s
    comment = ("mock image " + tag.hex() * 12).encode()
    return (b"\xff\xd8" + seg(0xE0, b"JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00")
            + seg(0xFE, comment) + seg(0xDB, b"\x00" + b"\x01" * 64)
            + seg(0xC0, struct.pack(">BHHBBBB", 8, 8, 8, 1, 1, 0x11, 0))
            + seg(0xC4, b"\x00" + b"\x01" + b"\x00" * 15 + b"\x08")   # DC: 1 code, category 8
            + seg(0xC4, b"\x10" + b"\x01" + b"\x00" * 15 + b"\x00")   # AC: 1 code, EOB
            + seg(0xDA, b"\x01\x01\x00\x00\x3f\x00") + scan + b"\xff\xd9")


def make_png(tag):
    chunk = lambda kind, body: (struct.pack(">I", len(body)) + kind + body
                                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    rows = b"".join(b"\x00" + bytes(tag[:3]) * 8 for _ in range(8))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 8, 8, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the real CDN offers
    disable_nagle_algorithm = True

    def log_message(self, fmt, *args):
        if self.server.app.cfg.verbose:
            sys.stderr.write("mock_api: " + (fmt % args) + "\n")

    def reply(self, status, body, ctype=JSON_TYPE, headers=(), count=True):
        if count:  # before sending, so a client reading /__stats next sees it
            self.server.app.stats.status(status)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def do_HEAD(self):
        self.reply(405, b"", headers=[("Allow", "OPTIONS, GET")], count=False)

    def hook(self, path, expected):
        """The sibling mocks' test hooks: /__stats, /__expected (what `expected()`
        returns), any other /__ path a 404; never counted. True when `path` was one."""
        if not path.startswith("/__"):
            return False
        if path == "/__stats":
            self.reply(200, dumps(self.server.app.stats.snapshot()), count=False)
        elif path == "/__expected":
            self.reply(200, dumps(expected()), count=False)
        else:
            self.reply(404, dumps({"message": "Not Found"}), count=False)
        return True

    def do_POST(self):
        app = self.server.app
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        path = urlsplit(self.path).path
        if path == "/__reset":
            try:
                keep_block = bool(json.loads(raw or b"{}").get("keep_block", False))
            except (ValueError, AttributeError):
                return self.reply(400, dumps({"message": "body must be a JSON object"}), count=False)
            # The other mocks reuse this handler with counters of their own,
            # which keep no blocker: only mock_api's take `keep_block`.
            if keep_block:
                app.stats.clear(keep_block=True)
            else:
                app.stats.clear()
            return self.reply(200, b"{}", count=False)
        if path == "/__config":
            try:
                changes = json.loads(raw or b"{}")
                if not isinstance(changes, dict):
                    raise ValueError("body must be a JSON object")
                app.reconfigure(changes)
            except (ValueError, OSError) as err:
                return self.reply(400, dumps({"message": str(err)}), count=False)
            return self.reply(200, b"{}", count=False)
        self.reply(405, dumps({"message": "Method Not Allowed"}), count=False)

    def do_GET(self):
        app = self.server.app
        url = urlsplit(self.path)
        path = url.path
        if path.startswith("/__"):
            if path == "/__stats":
                return self.reply(200, dumps(app.stats.snapshot()), count=False)
            if path == "/__times":
                with app.stats.lock:
                    times = {kind: list(values) for kind, values in app.stats.times.items()}
                return self.reply(200, dumps(times), count=False)
            return self.reply(404, dumps({"message": "Not Found"}), count=False)
        cfg, data = app.snapshot()
        kind = ("listing" if path == "/objects" else "object" if path.startswith("/objects/")
                else "image" if (cfg.images or cfg.pictures) and path.startswith("/images/") else "other")
        n, blocked = app.stats.begin(path, kind, cfg)
        self.nth = n
        u, tag = draw(cfg.seed, path, n)
        if blocked:  # Imperva answers 403 HTML, not 429, and gives no Retry-After
            return self.reply(403, incapsula_page(tag), "text/html", [("X-CDN", "Imperva")])
        if kind == "listing":
            return self.get_listing(data, parse_qs(url.query, keep_blank_values=True))
        if kind == "object":
            return self.get_object(cfg, data, path[len("/objects/"):], u, tag)
        if kind == "image":
            return self.get_image(cfg, path, u, tag)
        if path == "/departments":
            return self.reply(200, data.departments_body)
        self.reply(404, dumps({"message": "Not Found"}))

    def get_listing(self, data, query):
        since = query.get("metadataDate", [None])[-1]
        if since is not None:
            try:
                if not DATE_RE.match(since):
                    raise ValueError
                time.strptime(since, "%Y-%m-%d")
            except ValueError:
                return self.reply(400, BAD_DATE)
        dept_ids = None
        if "departmentIds" in query:
            parts = query["departmentIds"][-1].split("|")
            dept_ids = {int(p) for p in parts if p.strip().isdigit()}
        self.reply(200, data.listing(since, dept_ids))

    def get_object(self, cfg, data, ident, u, tag):
        fault = pick(u, [("5xx", cfg.fail_5xx), ("reset", cfg.reset), ("truncate", cfg.truncate),
                         ("html200", cfg.html200), ("slow", cfg.slow)])
        if fault == "5xx":
            self.server.app.stats.fault(fault, self.nth)
            status = (500, 502, 503)[tag[0] % 3]
            headers = [("Retry-After", f"{cfg.retry_after:.0f}" if cfg.retry_after == int(cfg.retry_after) else f"{cfg.retry_after}")] if status == 503 and cfg.retry_after > 0 else []
            return self.reply(status, dumps({"message": self.responses[status][0]}), headers=headers)
        if fault in ("reset", "html200"):
            return self.apply_fault(fault, b"", tag)
        if not re.fullmatch(r"-?[0-9]+", ident):  # "1.5" is 400, "-1" is a 404 like the API
            body, status = dumps({"message": "could not parse objectID"}), 400
        elif int(ident) in data.not_valid:
            body, status = dumps({"message": "Not a valid object"}), 404
        elif int(ident) not in data.bodies:
            body, status = dumps({"message": "ObjectID not found"}), 404
        else:
            body, status = data.bodies[int(ident)], 200
            if cfg.images or cfg.pictures:
                body = body.replace(IMAGE_HOST, f"{self.server.app.base_url}/images/".encode())
        if fault:
            return self.apply_fault(fault, body, tag, status, cfg.slow_ms)
        self.reply(status, body)

    def get_image(self, cfg, path, u, tag):
        fault = pick(u, [("image_404", cfg.image_404), ("html200", cfg.image_html200),
                         ("truncate", cfg.image_truncate), ("slow", cfg.image_slow)])
        ext = path.rsplit(".", 1)[-1].lower()
        if ext not in ("jpg", "jpeg", "png"):
            return self.reply(404, b"Not Found", "text/plain")
        if fault == "image_404":
            self.server.app.stats.fault(fault, self.nth)
            return self.reply(404, b"Not Found", "text/plain")
        if cfg.pictures:
            body, ctype = mock_pictures.picture(path), "image/png"
        else:
            body, ctype = (make_png(tag), "image/png") if ext == "png" else (make_jpeg(tag), "image/jpeg")
        if fault:
            return self.apply_fault(fault, body, tag, 200, cfg.slow_ms, ctype)
        self.reply(200, body, ctype)

    def apply_fault(self, fault, body, tag, status=200, slow_ms=0.0, ctype=JSON_TYPE):
        self.server.app.stats.fault(fault, self.nth)
        if fault == "reset":
            # SO_LINGER 0 makes close() send RST instead of FIN; the real close
            # happens once the handler drops its file objects.
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            self.connection.close()
            self.close_connection = True
        elif fault == "truncate":  # promise 100 bytes more than exist, send half, hang up
            self.server.app.stats.status(status)
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body) + 100))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.close_connection = True
        elif fault == "html200":
            self.reply(200, incapsula_page(tag), "text/html", [("X-CDN", "Imperva")])
        elif fault == "slow":
            if not wait_unless_hung_up(self.connection, slow_ms / 1000.0):
                self.server.app.stats.abandon()
                self.close_connection = True
                return
            self.reply(status, body, ctype)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # The default backlog of 5 drops SYNs when a crawler opens many
    # connections at once; the 1 s retransmit then looks like a slow server.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # Clients hanging up mid-response are part of the tests, not errors.
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


def parse_args(argv, cls=Config, required=("data",), doc=__doc__):
    """One flag per field of the dataclass `cls` (the sibling mocks share this)."""
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    for f in dataclasses.fields(cls):
        flag = "--" + f.name.replace("_", "-")
        if f.type is bool:
            p.add_argument(flag, action="store_true")
        else:
            p.add_argument(flag, type=f.type, default=f.default, required=(f.name in required))
    return cls(**vars(p.parse_args(argv)))


def main(argv=None):
    cfg = parse_args(argv)
    app = App(cfg)
    server = Server((cfg.host, cfg.port), Handler)
    server.app = app
    app.base_url = base_url_of(server, cfg)
    serve(server, cfg)
    return 0


def run(config_cls, make_app, handler, doc, argv=None):
    """A sibling mock's main: its options, its app on a server, served until a signal."""
    cfg = parse_args(argv, config_cls, required=(), doc=doc)
    app = make_app(cfg)
    server = Server((cfg.host, cfg.port), handler)
    server.app = app
    app.base_url = base_url_of(server, cfg)
    serve(server, cfg)
    return 0


def base_url_of(server, cfg):
    shown = "127.0.0.1" if cfg.host in ("", "0.0.0.0") else cfg.host
    return f"http://{shown}:{server.server_address[1]}"


def serve(server, cfg):
    """Publish the port, then serve until SIGTERM or SIGINT (the sibling mocks share this)."""
    port = server.server_address[1]
    print(f"listening on {base_url_of(server, cfg)}", flush=True)
    if cfg.port_file:  # via rename, so a poller never reads a half-written number
        tmp = f"{cfg.port_file}.tmp{os.getpid()}"
        with open(tmp, "w") as fh:
            fh.write(f"{port}\n")
        os.replace(tmp, cfg.port_file)
    stop = threading.Event()
    # A parent that spawns us from a thread with signals blocked (Swift's
    # Foundation.Process does) passes its mask on; undo it or SIGTERM never lands.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    # serve_forever runs in a thread: shutdown() would deadlock if called
    # from a signal handler on the serving thread.
    threading.Thread(target=server.serve_forever, args=(0.1,), daemon=True).start()
    while not stop.wait(0.1):
        pass
    server.shutdown()
    server.server_close()


if __name__ == "__main__":
    sys.exit(main())
