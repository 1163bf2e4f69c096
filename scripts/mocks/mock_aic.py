#!/usr/bin/env python3
"""Mock of the Art Institute of Chicago's API (api.artic.edu/api/v1) and its IIIF host, for tests (stdlib only).

    python3 scripts/mocks/mock_aic.py [--artworks 12000] [--seed 0] [--port 0] [--port-file P] [faults...]

Shaped like the real API: {"pagination", "data", "info", "config":
{"iiif_url", "website_url"}}; only the `fields` asked for are returned; empty
values are null, never ""; `limit` above 100 and any page past the 10,000th
result of a query (page x limit > --depth) are refused with HTTP 403 and a
JSON error.  GET /artworks (newest update first), /artworks/{id}, and
/artworks/search with query[range][id][gte|lte], query[term][is_public_domain]
and sort=id.  Pictures: {iiif_url}/{image_id}/full/{w},/0/default.jpg, each
a landscape its path paints (scripts/mocks/mock_pictures.py, PNG; about one in a
hundred a near copy).
--limit N answers 429 (with Retry-After) past N requests in --window seconds,
as the API's throttle does (60 a minute).  Test hooks live under /__ (stats,
expected, reset, config) and are never faulted, limited or counted.  Faults
are drawn from a hash of (seed, path and query, n-th request of it), as in
mock_api.py.
"""

import bisect, dataclasses, hashlib, json, re, sys, threading, time, unicodedata
from collections import deque
from urllib.parse import parse_qs, urlsplit

import mock_api
import mock_pictures
from mock_api import draw, dumps, int_or, last, pick

INCOMPLETE_KINDS = ("not_public_domain", "public_domain_string", "null_image_id", "blank_image_id",
                    "null_title", "null_artist", "null_date", "null_classification", "string_id")
CLASSIFICATIONS = ("painting", "print", "drawing and watercolor", "photograph", "textile", "sculpture")
DEPARTMENTS = ("Painting and Sculpture of Europe", "Prints and Drawings", "Photography and Media",
               "Arts of Asia", "Textiles", "Arts of the Americas")
WORDS = ("Harbor", "Evening", "Portrait", "Garden", "Still Life", "River", "Woman", "Bridge", "Winter",
         "Landscape", "Study", "Street", "Flowers", "Saint", "Café", "Mountain", "Boats", "Window")
ARTISTS = ("Claude Monet\nFrench, 1840-1926", "Mary Cassatt\nAmerican, 1844-1926", "Katsushika Hokusai\nJapanese, 1760-1849",
           "Unknown Artist", "Winslow Homer\nAmerican, 1836-1910", "Berthe Morisot\nFrench, 1841-1895")
MAX_LIMIT = 100
IIIF_RE = re.compile(r"^/iiif/2/([^/]+)/full/(\d+),/0/default\.jpg$")
DETAIL_RE = re.compile(r"^/api/v1/artworks/(\d+)$")
INFO = {"license_text": "The `description` field in this response is licensed under a Creative Commons Attribution "
                        "4.0 Generic License (CC-By) and the Terms and Conditions of artic.edu. All other data in "
                        "this response is licensed under a Creative Commons Zero (CC0) 1.0 designation and the "
                        "Terms and Conditions of artic.edu.",
        "license_links": ["https://creativecommons.org/publicdomain/zero/1.0/", "https://www.artic.edu/terms"],
        "version": "1.13"}


@dataclasses.dataclass
class Config:
    """Every field except host/port/port_file can be changed via POST /__config."""
    host: str = "127.0.0.1"
    port: int = 0
    port_file: str = ""
    seed: int = 0
    artworks: int = 12000
    data: str = ""             # a JSON list of artwork dicts instead of generated ones
    incomplete: float = 0.3
    duplicates: float = 0.02   # share that repeats the artist and title of the artwork before (other spacing and case)
    oversize: int = 0          # every page holds this many artworks, those asked then copies under new IDs (a server ignoring `limit`); 0 = off
    depth: int = 10000         # results one query serves; a page past it is refused
    iiif_url: str = ""         # config.iiif_url; "" = this server's /iiif/2
    drop_lowest_every: int = 0  # after every K answered searches the lowest ID is deleted; 0 = off
    drop_limit: int = 0        # stop deleting after this many; 0 = never stop
    limit: int = 0             # more than `limit` requests in `window` seconds get 429; 0 = off
    window: float = 60.0
    retry_after: float = 1.0
    rate_429: float = 0.0      # share answered 429 with a Retry-After header
    rate_429_bare: float = 0.0  # share answered 429 without one
    fail_5xx: float = 0.0      # share answered 500/502/503 with an HTML page
    reset: float = 0.0
    html200: float = 0.0
    slow: float = 0.0
    slow_ms: float = 0.0
    verbose: bool = False

    FIXED = ("host", "port", "port_file")
    DATA_KEYS = ("seed", "artworks", "data", "incomplete", "duplicates")
    updated = mock_api.Config.updated


def generate(seed, count, incomplete, duplicates):
    artworks = []
    for i in range(count):
        h = hashlib.sha256(f"{seed}\0artwork\0{i}".encode()).digest()
        num = lambda a, b: int.from_bytes(h[a:b], "big")
        ident = 1 + 2 * i + h[0] % 2  # increasing, with gaps, as real IDs are
        start = 1400 + num(1, 3) % 620
        title = f"{WORDS[h[3] % len(WORDS)]} {WORDS[h[4] % len(WORDS)]} {num(5, 7)}"
        artist = ARTISTS[h[7] % len(ARTISTS)]
        if artworks and num(24, 26) / 65536 < duplicates:
            before = artworks[-1]
            title = "  " + str(before["title"] or "x").upper() + " "
            artist = str(before["artist_display"] or "x").replace(" ", "  ")
        image = "-".join(h[a:b].hex() for a, b in ((8, 12), (12, 14), (14, 16), (16, 18), (18, 24)))
        art = {"id": ident, "api_model": "artworks", "title": title, "artist_display": artist,
               "artist_title": artist.split("\n")[0], "date_display": f"c. {start}", "date_start": start,
               "date_end": start + h[9] % 10, "classification_title": CLASSIFICATIONS[h[10] % len(CLASSIFICATIONS)],
               "artwork_type_title": CLASSIFICATIONS[h[10] % len(CLASSIFICATIONS)].title(),
               "department_title": DEPARTMENTS[h[11] % len(DEPARTMENTS)], "medium_display": "Oil on canvas",
               "place_of_origin": ("France", "United States", "Japan", None)[h[12] % 4],
               "credit_line": f"Gift of donor {num(13, 15) % 900}", "main_reference_number": f"19{h[15] % 100:02d}.{i}",
               "is_public_domain": True, "image_id": image,
               "thumbnail": {"lqip": "data:image/gif;base64,R0lGODlhBQAFAPQAAA==", "width": 800 + h[16] % 200,
                             "height": 600 + h[17] % 200, "alt_text": None if h[18] % 3 == 0 else "A work of art."},
               "color": None if h[19] % 5 == 0 else {"h": h[19] % 360, "l": h[20] % 100, "s": h[21] % 100,
                                                     "percentage": 0.5, "population": 100},
               "description": "<p>A description under CC BY 4.0.</p>",
               "updated_at": time.strftime("%Y-%m-%dT%H:%M:%S-05:00", time.gmtime(1700000000 + num(22, 24) * 900))}
        if num(26, 30) / 2 ** 32 < incomplete:
            kind = INCOMPLETE_KINDS[h[30] % len(INCOMPLETE_KINDS)]
            if kind == "not_public_domain":
                art["is_public_domain"] = False
            elif kind == "public_domain_string":
                art["is_public_domain"] = "true"
            elif kind == "null_image_id":
                art["image_id"] = None
            elif kind == "blank_image_id":
                art["image_id"] = "   "
            elif kind == "string_id":
                art["id"] = str(ident)
            else:
                art[{"null_title": "title", "null_artist": "artist_display", "null_date": "date_display",
                     "null_classification": "classification_title"}[kind]] = None
        artworks.append(art)
    return artworks


def id_of(a):
    ident = a.get("id")
    if type(ident) is int:
        return ident
    return int(ident) if isinstance(ident, str) and ident.isdigit() else None


def is_complete(a):
    return (type(a.get("id")) is int and a["id"] > 0 and a.get("is_public_domain") is True
            and all(mock_api.visible(a.get(k)) for k in
                    ("image_id", "title", "artist_display", "date_display", "classification_title")))


def normalized(text):
    return " ".join(unicodedata.normalize("NFC", text or "").split()).lower()


class Dataset:
    def __init__(self, artworks):
        self.by_id = sorted((a for a in artworks if id_of(a) is not None), key=id_of)
        self.ids = [id_of(a) for a in self.by_id]
        self.by_update = sorted(artworks, key=lambda a: str(a.get("updated_at")), reverse=True)
        self.images = {a["image_id"] for a in artworks if isinstance(a.get("image_id"), str)}

    @classmethod
    def of(cls, cfg):
        if cfg.data:
            with open(cfg.data, encoding="utf-8") as fh:
                artworks = json.load(fh)
            if not isinstance(artworks, list) or not all(isinstance(a, dict) for a in artworks):
                raise ValueError(f"{cfg.data}: expected a JSON list of artwork objects")
            return cls(artworks)
        return cls(generate(cfg.seed, cfg.artworks, cfg.incomplete, cfg.duplicates))

    def without_lowest(self):
        return Dataset(self.by_id[1:] + [a for a in self.by_update if id_of(a) is None])

    def search(self, low, high, public):
        lo = 0 if low is None else bisect.bisect_left(self.ids, low)
        hi = len(self.ids) if high is None else bisect.bisect_right(self.ids, high)
        found = self.by_id[lo:hi]
        return found if public is None else [a for a in found if (a.get("is_public_domain") is True) == public]


class Stats(mock_api.Counting):
    FAULTS = ("5xx", "rate_429", "rate_429_bare", "throttled", "reset", "html200", "slow")

    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self):
        with self.lock:
            self.requests = self.search_requests = self.listing_requests = self.image_requests = 0
            self.depth_errors = self.limit_errors = 0
            self.max_result_end = 0
            self.by_status, self.faults, self.hits = {}, dict.fromkeys(self.FAULTS, 0), {}
            self.window_starts, self.agents, self.times = set(), {}, deque()

    def begin(self, key, kind, agent):
        with self.lock:
            self.requests += 1
            if kind == "search":
                self.search_requests += 1
            elif kind == "listing":
                self.listing_requests += 1
            elif kind == "image":
                self.image_requests += 1
            if len(self.agents) < 20 or agent in self.agents:
                self.agents[agent] = self.agents.get(agent, 0) + 1
            n = self.hits[key] = self.hits.get(key, 0) + 1
            return n

    def throttled(self, cfg):
        """Whether this request is past the throttle's `limit` in `window` seconds."""
        if cfg.limit <= 0:
            return False
        now = time.monotonic()
        with self.lock:
            while self.times and self.times[0] <= now - cfg.window:
                self.times.popleft()
            self.times.append(now)
            return len(self.times) > cfg.limit

    def snapshot(self):
        with self.lock:
            return {"requests": self.requests, "search_requests": self.search_requests,
                    "listing_requests": self.listing_requests, "image_requests": self.image_requests,
                    "by_status": dict(self.by_status), "faults": dict(self.faults),
                    "depth_errors": self.depth_errors, "limit_errors": self.limit_errors,
                    "max_result_end": self.max_result_end, "windows": len(self.window_starts),
                    "aic_user_agents": dict(self.agents)}


class App(mock_api.SwappingApp):
    def __init__(self, cfg):
        super().__init__(cfg, Dataset.of, Stats())

    def search_answered(self):
        """Counts an answered search; every drop_lowest_every-th deletes the lowest ID."""
        self.answered_one("drop_lowest_every", Dataset.without_lowest)


def error(status, title, detail):
    return status, {"status": status, "error": title, "detail": detail}


class Handler(mock_api.Handler):
    """Reuses mock_api's reply, fault and POST (/__reset, /__config) plumbing."""

    def do_GET(self):
        app = self.server.app
        url = urlsplit(self.path)
        query = parse_qs(url.query, keep_blank_values=True)
        if self.hook(url.path, self.expected):
            return
        cfg, data = app.snapshot()
        image = IIIF_RE.match(url.path)
        kind = "image" if image else "search" if url.path.rstrip("/") == "/api/v1/artworks/search" \
            else "listing" if url.path.startswith("/api/v1/") else "other"
        key = url.path + "?" + "&".join(f"{k}={query[k][-1]}" for k in sorted(query))
        self.nth = app.stats.begin(key, kind, self.headers.get("AIC-User-Agent") or "")
        if image:
            if image.group(1) in data.images:
                return self.reply(200, mock_pictures.picture(url.path, 100), "image/png")
            return self.reply(404, b"<html><body><h1>404 Not Found</h1></body></html>", "text/html")
        if app.stats.throttled(cfg):
            with app.stats.lock:
                app.stats.limit_errors += 1
            after = f"{cfg.retry_after:g}"
            return self.reply(429, dumps({"message": "Too Many Attempts."}), headers=[("Retry-After", after)])
        u, tag = draw(cfg.seed, key, self.nth)
        fault = pick(u, [("5xx", cfg.fail_5xx), ("rate_429", cfg.rate_429), ("rate_429_bare", cfg.rate_429_bare),
                         ("reset", cfg.reset), ("html200", cfg.html200), ("slow", cfg.slow)])
        if fault == "5xx":
            app.stats.fault(fault)
            status = (500, 502, 503)[tag[0] % 3]
            page = f"<!DOCTYPE html><html><head><title>{status}</title></head><body><h1>{status} {self.responses[status][0]}</h1></body></html>"
            return self.reply(status, page.encode(), "text/html; charset=UTF-8")
        if fault in ("rate_429", "rate_429_bare"):
            app.stats.fault(fault)
            headers = [("Retry-After", f"{cfg.retry_after:g}")] if fault == "rate_429" else []
            return self.reply(429, dumps({"message": "Too Many Attempts."}), headers=headers)
        if fault in ("reset", "html200"):
            return self.apply_fault(fault, b"", tag)
        detail = DETAIL_RE.match(url.path)
        if kind == "search":
            status, answer = self.search(cfg, data, query)
        elif url.path.rstrip("/") == "/api/v1/artworks":
            status, answer = self.listing(cfg, data, query)
        elif detail:
            found = [a for a in data.by_id if id_of(a) == int(detail.group(1))]
            status, answer = (200, {"data": self.render(found[0], query), "info": INFO, "config": self.config(cfg)}) \
                if found else error(404, "Not found", "The item you requested cannot be found.")
        else:
            status, answer = error(404, "Not found", "The page you requested cannot be found.")
        body = dumps(answer)
        if fault == "slow":
            return self.apply_fault(fault, body, tag, status, cfg.slow_ms)
        self.reply(status, body)

    def config(self, cfg):
        return {"iiif_url": cfg.iiif_url or f"{self.server.app.base_url}/iiif/2", "website_url": "https://www.artic.edu"}

    def expected(self):
        _, data = self.server.app.snapshot()
        everything = data.by_update
        complete = sorted(a["id"] for a in everything if is_complete(a))
        kept = {}
        for a in sorted((a for a in everything if is_complete(a)), key=lambda a: a["id"]):
            kept.setdefault((normalized(a["artist_display"]), normalized(a["title"])), a["id"])
        with_id = sum(1 for a in everything if (id_of(a) or 0) > 0)
        return {"complete_ids": complete, "complete": len(complete), "kept_ids": sorted(kept.values()),
                "kept": len(kept), "duplicates": len(complete) - len(kept), "total": len(everything),
                "with_id": with_id, "incomplete": len(everything) - len(complete)}

    def page_of(self, cfg, found, query, kind):
        """The page asked for, or the API's refusal of a limit or depth past its own."""
        limit = int_or(last(query, "limit"), 12 if kind == "listing" else 10)
        page = max(1, int_or(last(query, "page"), 1))
        stats = self.server.app.stats
        if limit > MAX_LIMIT or limit < 0:
            return error(403, "Invalid limit", "You have requested too many resources per page. Please set a smaller limit.")
        if page * limit > cfg.depth:
            with stats.lock:
                stats.depth_errors += 1
            return error(403, "Invalid number of results", "You have requested too many results. Please refine your parameters.")
        with stats.lock:
            stats.max_result_end = max(stats.max_result_end, page * limit)
        start = (page - 1) * limit
        total = len(found)
        pages = max(1, -(-total // limit)) if limit else 0
        pagination = {"total": total, "limit": limit, "offset": start, "total_pages": pages, "current_page": page}
        if kind == "listing" and page < pages:
            pagination["next_url"] = f"https://api.artic.edu/api/v1/artworks?page={page + 1}&limit={limit}"
        rendered = [self.render(a, query) for a in found[start:start + limit]]
        rendered = mock_api.oversized(rendered, cfg.oversize, 50_000_000 + page * cfg.oversize)
        answer = {"pagination": pagination, "data": rendered,
                  "info": INFO, "config": self.config(cfg)}
        if kind == "search":
            answer = {"preference": None, **answer}
        return 200, answer

    def search(self, cfg, data, query):
        low = int_or(last(query, "query[range][id][gte]"), None)
        high = int_or(last(query, "query[range][id][lte]"), None)
        public = last(query, "query[term][is_public_domain]")
        found = data.search(low, high, None if public is None else public == "true")
        if last(query, "sort") != "id":  # relevance: here, newest update first
            found = sorted(found, key=lambda a: str(a.get("updated_at")), reverse=True)
        with self.server.app.stats.lock:
            self.server.app.stats.window_starts.add((low, high))
        status, answer = self.page_of(cfg, found, query, "search")
        if status == 200:
            self.server.app.search_answered()
        return status, answer

    def listing(self, cfg, data, query):
        ids = last(query, "ids")
        if ids:
            wanted = {int_or(i, -1) for i in ids.split(",")}
            found = [a for a in data.by_id if id_of(a) in wanted]
        else:
            found = data.by_update
        return self.page_of(cfg, found, query, "listing")

    def render(self, artwork, query):
        """Only the fields asked for (all of them when none are), null where absent."""
        fields = [f.strip() for f in last(query, "fields", "").split(",") if f.strip()]
        if not fields:
            return dict(artwork)
        return {f: artwork.get(f) for f in fields}


def main(argv=None):
    return mock_api.run(Config, App, Handler, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
