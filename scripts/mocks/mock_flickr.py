#!/usr/bin/env python3
"""Mock of Flickr's REST API (flickr.photos.search) and its image host, for tests (stdlib only).

    python3 scripts/mocks/mock_flickr.py [--photos 9000] [--seed 0] [--port 0] [--port-file P] [faults...]

Shaped like the real API: errors are HTTP 200 {"stat":"fail",...}; extras
appear only when asked for; without nojsoncallback=1 the JSON is wrapped in
jsonFlickrApi(...); without format=json the answer is XML.  Only the first
4,000 results of a query can be reached: later pages repeat earlier ones
while total/pages still count everything, so a client must split by
upload-date windows.  Test hooks live under /__ (stats, expected, reset,
config) and are never faulted or counted.  Faults are drawn from a hash of
(seed, query without api_key, n-th request of that query), as in mock_api.py.
"""

import calendar, dataclasses, hashlib, json, math, re, sys, threading, time
from urllib.parse import parse_qs, urlsplit
from xml.sax.saxutils import quoteattr

import mock_api
from mock_api import draw, dumps, int_or, last, make_jpeg, pick

JSON_TYPE = "application/json; charset=utf-8"
REACHABLE = 4000  # Flickr serves no result past the 4,000th of a query
FIRST_UPLOAD, LAST_UPLOAD = 1420070400, 1767225600  # 2015-01-01 .. 2026-01-01 UTC
INCOMPLETE_KINDS = ("no_secret", "empty_server", "no_farm", "string_farm", "private", "empty_id")
BASE_FIELDS = ("id", "owner", "secret", "server", "farm", "title", "ispublic", "isfriend", "isfamily")
EXTRAS = {  # extras token -> the fields it adds, in the order Flickr writes them
    "license": ("license",), "date_upload": ("dateupload",),
    "date_taken": ("datetaken", "datetakengranularity", "datetakenunknown"),
    "owner_name": ("ownername",), "url_m": ("url_m", "height_m", "width_m")}
WORDS = ("harbour", "dusk", "market", "tram", "mural", "heron", "bridge", "window", "fog",
         "street", "garden", "tower", "winter", "river", "lantern", "station", "café", "Zürich")
IMAGE_RE = re.compile(r"^/(\d+)/(\d+)_([0-9a-f]+)(?:_([a-z0-9]+))?\.jpg$")
FAILS = {3: "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.",
         10: "Sorry, the Flickr search API is not currently available.",
         100: "Invalid API Key (Key has invalid format)", 105: "Service currently unavailable"}


@dataclasses.dataclass
class Config:
    """Every field except host/port/port_file can be changed via POST /__config."""
    host: str = "127.0.0.1"
    port: int = 0
    port_file: str = ""
    seed: int = 0
    photos: int = 9000
    data: str = ""           # a JSON list of photo dicts instead of generated photos
    incomplete: float = 0.1
    key: str = "test-flickr-key"
    total_as_string: bool = False
    total_extra: int = 0          # report this many more matches than exist (an index counting photos it hides)
    oversize: int = 0             # every page holds this many photos, those asked then copies under new IDs (a server ignoring per_page); 0 = off
    ignore_dates: bool = False    # answer as if min/max_upload_date were not given (a broken --api)
    drop_oldest_every: int = 0    # after every K answered searches the oldest photo is deleted; 0 = off
    drop_limit: int = 0           # stop deleting after this many; 0 = never stop
    unavailable: float = 0.0      # share answered code 105
    unavailable_10: float = 0.0   # share answered code 10
    fail_5xx: float = 0.0
    reset: float = 0.0
    html200: float = 0.0
    slow: float = 0.0
    slow_ms: float = 0.0
    verbose: bool = False

    FIXED = ("host", "port", "port_file")
    DATA_KEYS = ("seed", "photos", "data", "incomplete")
    updated = mock_api.Config.updated


def generate(seed, count, incomplete):
    photos, previous = [], FIRST_UPLOAD
    for i in range(count):
        h = hashlib.sha256(f"{seed}\0photo\0{i}".encode()).digest()
        num = lambda a, b: int.from_bytes(h[a:b], "big")
        # Every tenth photo or so shares its upload second with the one before.
        uploaded = previous if i and h[8] % 10 == 0 else \
            FIRST_UPLOAD + num(2, 8) * (LAST_UPLOAD - FIRST_UPLOAD) // 2 ** 48
        previous = uploaded
        taken = uploaded - num(9, 12) % (86400 * 400)
        owner = f"{10000000 + num(17, 20) % 90000000}@N0{h[20] % 9}"
        server = "65535" if h[16] % 3 else str(4000 + h[16] * 3)
        width, height = ((500, 333), (333, 500), (500, 500))[h[31] % 3]
        photo = {"id": str(50_000_000_000 + i * 1000 + num(0, 2) % 1000), "owner": owner,
                 "secret": h[11:16].hex(), "server": server, "farm": 66,
                 "title": "" if h[22] % 40 == 0 else f"{WORDS[h[22] % len(WORDS)]} {WORDS[h[23] % len(WORDS)]}",
                 "ispublic": 1, "isfriend": 0, "isfamily": 0, "license": str(h[21] % 11),
                 "dateupload": str(uploaded),
                 "datetaken": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(taken)),
                 "datetakengranularity": 0, "datetakenunknown": "0",
                 "ownername": f"photographer {num(17, 20) % 500}", "height_m": height, "width_m": width}
        if num(24, 30) / 2 ** 48 < incomplete:
            kind = INCOMPLETE_KINDS[h[30] % len(INCOMPLETE_KINDS)]
            if kind == "no_secret":
                del photo["secret"]
            elif kind == "empty_server":
                photo["server"] = ""
            elif kind == "no_farm":
                del photo["farm"]
            elif kind == "string_farm":
                photo["farm"] = "abc"
            elif kind == "private":
                photo["ispublic"] = 0
            else:
                photo["id"] = ""
        photos.append(photo)
    return photos


def is_complete(p):
    return (isinstance(p.get("id"), str) and p["id"] != "" and type(p.get("farm")) is int
            and all(mock_api.visible(p.get(k)) for k in ("server", "secret"))
            and p.get("ispublic") == 1)


def uploaded_at(p):
    try:
        return int(p.get("dateupload"))
    except (TypeError, ValueError):
        return 0


def id_order(p):
    ident = p.get("id")
    return int(ident) if isinstance(ident, str) and ident.isdigit() else -1


class Dataset:
    def __init__(self, cfg):
        if cfg.data:
            with open(cfg.data, encoding="utf-8") as fh:
                photos = json.load(fh)
            if not isinstance(photos, list) or not all(isinstance(p, dict) for p in photos):
                raise ValueError(f"{cfg.data}: expected a JSON list of photo objects")
        else:
            photos = generate(cfg.seed, cfg.photos, cfg.incomplete)
        self.ascending = sorted(photos, key=lambda p: (uploaded_at(p), id_order(p)))
        self.images = {(p["server"], p["id"], p["secret"]) for p in photos
                       if all(isinstance(p.get(k), str) and p[k] for k in ("server", "id", "secret"))}

    def without_oldest(self):
        """The same data less its oldest photo (deleted while a client reads)."""
        copy = object.__new__(Dataset)
        copy.ascending, copy.images = self.ascending[1:], self.images
        return copy

    def matches(self, licenses, low, high, descending=True):
        found = [p for p in self.ascending if (licenses is None or p.get("license") in licenses)
                 and (low is None or uploaded_at(p) >= low) and (high is None or uploaded_at(p) <= high)]
        return found[::-1] if descending else found


class Stats(mock_api.Counting):
    FAULTS = ("5xx", "reset", "html200", "slow", "unavailable", "unavailable_10")
    MAX_WINDOWS = 20000

    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self):
        with self.lock:
            self.requests = self.search_requests = self.image_requests = 0
            self.keys_seen_bad = self.capped_pages = self.abandoned = 0
            self.max_page_start = -1
            self.by_status, self.hits, self.fail_codes = {}, {}, {}
            self.faults = dict.fromkeys(self.FAULTS, 0)
            self.windows, self.window_count = [], 0

    def begin(self, key, kind):
        with self.lock:
            self.requests += 1
            if kind == "search":
                self.search_requests += 1
            elif kind == "image":
                self.image_requests += 1
            n = self.hits[key] = self.hits.get(key, 0) + 1
            return n


    def failed(self, code):
        with self.lock:
            self.fail_codes[str(code)] = self.fail_codes.get(str(code), 0) + 1
            self.keys_seen_bad += code == 100

    def searched(self, low, high, page, start, capped):
        with self.lock:
            self.window_count += 1
            if len(self.windows) < self.MAX_WINDOWS:
                self.windows.append([low, high, page])
            self.max_page_start = max(self.max_page_start, start)
            self.capped_pages += capped

    def snapshot(self):
        with self.lock:
            return {"requests": self.requests, "search_requests": self.search_requests,
                    "image_requests": self.image_requests, "by_status": dict(self.by_status),
                    "faults": dict(self.faults), "fail_codes": dict(self.fail_codes),
                    "keys_seen_bad": self.keys_seen_bad, "windows": list(self.windows),
                    "window_count": self.window_count,
                    "distinct_windows": len({(lo, hi) for lo, hi, _ in self.windows}),
                    "max_page_start": self.max_page_start, "capped_pages": self.capped_pages,
                    "abandoned": self.abandoned}


class App(mock_api.SwappingApp):
    def __init__(self, cfg):
        super().__init__(cfg, Dataset, Stats())

    def search_answered(self):
        """Counts an answered search; every drop_oldest_every-th deletes the oldest photo."""
        self.answered_one("drop_oldest_every", Dataset.without_oldest)


def upload_bound(text):
    """Unix seconds or a MySQL datetime, as Flickr takes; None when absent or unreadable."""
    if text is None or text.strip() == "":
        return None
    if text.strip().lstrip("-").isdigit():
        return int(text)
    try:
        return calendar.timegm(time.strptime(text.strip(), "%Y-%m-%d %H:%M:%S"))
    except ValueError:
        return None


def xml_body(answer):
    """The same answer in Flickr's default REST (XML) format."""
    head = '<?xml version="1.0" encoding="utf-8" ?>\n'
    if answer["stat"] == "fail":
        return (head + f'<rsp stat="fail">\n\t<err code="{answer["code"]}" msg={quoteattr(answer["message"])} />\n'
                "</rsp>\n").encode()
    attrs = lambda d: " ".join(f"{k}={quoteattr(str(v))}" for k, v in d.items() if k != "photo")
    photos = answer["photos"]
    rows = "".join(f"\t\t<photo {attrs(p)} />\n" for p in photos["photo"])
    return (head + f'<rsp stat="ok">\n\t<photos {attrs(photos)}>\n{rows}\t</photos>\n</rsp>\n').encode()


class Handler(mock_api.Handler):
    """Reuses mock_api's reply, fault and POST (/__reset, /__config) plumbing."""

    def do_GET(self):
        app = self.server.app
        url = urlsplit(self.path)
        query = parse_qs(url.query, keep_blank_values=True)
        if self.hook(url.path, lambda: self.expected(query)):
            return
        cfg, data = app.snapshot()
        if url.path in ("/services/rest", "/services/rest/"):
            return self.search(cfg, data, query)
        image = IMAGE_RE.match(url.path)
        self.nth = app.stats.begin(url.path, "image" if image else "other")
        if image and image.group(1, 2, 3) in data.images:
            return self.reply(200, make_jpeg(draw(cfg.seed, url.path, 1)[1]), "image/jpeg")
        self.reply(404, b"<html><body><h1>404 Not Found</h1></body></html>", "text/html")

    def expected(self, query):
        _, data = self.server.app.snapshot()
        licenses = last(query, "license")
        found = data.matches(set(licenses.split(",")) if licenses else None,
                             upload_bound(last(query, "min_upload_date")),
                             upload_bound(last(query, "max_upload_date")))
        complete = sorted({p["id"] for p in found if is_complete(p)}, key=lambda i: (len(i), i))
        return {"complete_ids": complete, "complete": len(complete), "total": len(found),
                "incomplete": sum(not is_complete(p) for p in found)}

    def search(self, cfg, data, query):
        stats = self.server.app.stats
        key = "&".join(f"{k}={query[k][-1]}" for k in sorted(query) if k != "api_key")
        self.nth = stats.begin("/services/rest/?" + key, "search")
        u, tag = draw(cfg.seed, "/services/rest/?" + key, self.nth)
        fault = pick(u, [("5xx", cfg.fail_5xx), ("reset", cfg.reset), ("html200", cfg.html200),
                         ("slow", cfg.slow), ("unavailable", cfg.unavailable),
                         ("unavailable_10", cfg.unavailable_10)])
        if fault == "5xx":
            stats.fault(fault)
            status = (500, 502, 503)[tag[0] % 3]
            page = f"<html><body><h1>{status} {self.responses[status][0]}</h1></body></html>"
            return self.reply(status, page.encode(), "text/html")
        if fault in ("reset", "html200"):
            return self.apply_fault(fault, b"", tag)
        if fault in ("unavailable", "unavailable_10"):
            stats.fault(fault)
            answer = self.fail(105 if fault == "unavailable" else 10)
        else:
            answer = self.answer(cfg, data, query)
        fmt = last(query, "format", "rest")
        if fmt == "json":
            body = dumps(answer)
            if last(query, "nojsoncallback") != "1":
                body, ctype = b"jsonFlickrApi(" + body + b")", "text/javascript; charset=utf-8"
            else:
                ctype = JSON_TYPE
        else:
            if fmt != "rest":
                answer = self.fail(111, f'Format "{fmt}" not found')
            body, ctype = xml_body(answer), "text/xml; charset=utf-8"
        if fault == "slow":
            return self.apply_fault(fault, body, tag, 200, cfg.slow_ms, ctype)
        self.reply(200, body, ctype)

    def fail(self, code, message=None):
        self.server.app.stats.failed(code)
        return {"stat": "fail", "code": code, "message": message or FAILS[code]}

    def answer(self, cfg, data, query):
        method = last(query, "method", "")
        if method != "flickr.photos.search":
            return self.fail(112, f'Method "{method}" not found')
        if last(query, "api_key") != cfg.key:
            return self.fail(100)
        if not (last(query, "text", "").strip() or last(query, "tags", "").strip()):
            return self.fail(3)
        per_page = int_or(last(query, "per_page"), 100)
        per_page = 100 if per_page < 1 else min(per_page, 500)
        page = max(1, int_or(last(query, "page"), 1))
        licenses = last(query, "license")
        low = None if cfg.ignore_dates else upload_bound(last(query, "min_upload_date"))
        high = None if cfg.ignore_dates else upload_bound(last(query, "max_upload_date"))
        found = data.matches(set(licenses.split(",")) if licenses else None, low, high,
                             descending=last(query, "sort") != "date-posted-asc")
        total, start = len(found), (page - 1) * per_page
        capped = REACHABLE <= start < total
        if capped:  # past the reachable results Flickr repeats earlier pages
            start = ((page - 1) % max(1, REACHABLE // per_page)) * per_page
        end = min(start + per_page, total, REACHABLE)
        self.server.app.stats.searched(low, high, page, (page - 1) * per_page, capped)
        extras = {t.strip() for t in last(query, "extras", "").split(",")}
        fields = BASE_FIELDS + tuple(f for t, fs in EXTRAS.items() if t in extras for f in fs)
        photos = [self.render(p, fields) for p in found[start:end]]
        photos = mock_api.oversized(photos, cfg.oversize, 50_000_000_000 + page * cfg.oversize)
        self.server.app.search_answered()
        total += cfg.total_extra
        return {"photos": {"page": page, "pages": math.ceil(total / per_page), "perpage": per_page,
                           "total": str(total) if cfg.total_as_string else total, "photo": photos},
                "stat": "ok"}

    def render(self, photo, fields):
        out = {}
        for field in fields:
            if field == "url_m":  # on this mock, so a test can fetch it
                out[field] = (f"{self.server.app.base_url}/{photo.get('server', '')}/"
                              f"{photo.get('id', '')}_{photo.get('secret', '')}.jpg")
            elif field in photo:
                out[field] = photo[field]
        return out

def main(argv=None):
    return mock_api.run(Config, App, Handler, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
