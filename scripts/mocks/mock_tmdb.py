#!/usr/bin/env python3
"""Mock of TMDB's /movie/now_playing and its image host, for tests (stdlib only).

    python3 scripts/mocks/mock_tmdb.py [--movies 800] [--seed 0] [--day 1] [--port 0] [--port-file P] [faults...]

Shaped like the real API v3: api_key query or Bearer token, 401/400/404/429
bodies with status_code and status_message, 20 results a page sorted by
popularity, an empty page past the last one.  --shift-every K inserts a new
movie at the top after every K pages served, as the live list does while a
client pages through it (--shift-limit N stops after N shifts; --shift-remove
makes every second shift drop the top movie instead).  POST /__config {"day": 2} moves to another day's
list: some movies leave, some arrive.  Test hooks live under /__ (stats,
expected, reset, config) and are never faulted, limited or counted.
"""

import dataclasses, datetime, hashlib, math, re, sys, threading, time
from collections import deque
from urllib.parse import parse_qs, urlsplit

import mock_api
from mock_api import draw, dumps, make_jpeg, pick

PER_PAGE = 20
FIRST_DAY = datetime.date(2026, 11, 20)
GENRES = (28, 12, 16, 35, 80, 99, 18, 10751, 14, 36, 27, 10402, 9648, 10749, 878, 10770, 53, 10752, 37)
LANGUAGES = ("en", "en", "en", "en", "fr", "ja", "ko", "es", "hi")
WORDS = ("Night", "River", "Last", "Signal", "Garden", "Echo", "Winter", "Crown", "Harbor",
         "Glass", "Tide", "Orbit", "Ashes", "Summer", "Paper", "Wolves", "Saturn", "Kite")
INCOMPLETE_KINDS = ("no_poster", "empty_overview", "blank_overview", "no_release_date",
                    "no_title", "no_vote_average", "string_id")
PATH_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
NOW_PLAYING = re.compile(r"^(?:/3)?/movie/now_playing/?$")
IMAGE_RE = re.compile(r"^/t/p/(w\d+|h\d+|original)(/[A-Za-z0-9]+\.jpg)$")
ERRORS = {
    7: (401, "Invalid API key: You must be granted a valid key."),
    9: (503, "Service offline: This service is temporarily offline, try again later."),
    11: (500, "Internal error: Something went wrong, contact TMDb."),
    22: (400, "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer."),
    34: (404, "The resource you requested could not be found.")}


@dataclasses.dataclass
class Config:
    """Every field except host/port/port_file can be changed via POST /__config."""
    host: str = "127.0.0.1"
    port: int = 0
    port_file: str = ""
    seed: int = 0
    movies: int = 800
    day: int = 1
    turnover: float = 0.1     # share of the list replaced from one day to the next
    incomplete: float = 0.1
    key: str = "test-tmdb-key"
    token: str = "test-tmdb-token"
    shift_every: int = 0      # insert a movie at the top after every K pages served; 0 = off
    shift_limit: int = 0      # stop shifting after this many shifts; 0 = never stop
    shift_remove: bool = False  # every second shift drops the top movie instead of adding one
    oversize: int = 0         # every page holds this many movies, the 20 then copies under new IDs (a server ignoring the page size); 0 = off
    duplicate_every: int = 0  # page p (p % K == 0) repeats the previous page's last movie in place of its first, as TMDB's per-page cache does
    limit: int = 0            # more than `limit` requests in `window` seconds get 429; 0 = off
    window: float = 1.0
    limit_every: int = 0      # every K-th API request gets 429 whatever the pace (a limit a slow client meets too); 0 = off
    retry_after: float = 1.0
    fail_5xx: float = 0.0
    reset: float = 0.0
    html200: float = 0.0
    slow: float = 0.0
    slow_ms: float = 0.0
    verbose: bool = False

    FIXED = ("host", "port", "port_file")
    DATA_KEYS = ("seed", "movies", "day", "turnover", "incomplete")
    updated = mock_api.Config.updated


def image_path(h):
    return "/" + "".join(PATH_CHARS[b % len(PATH_CHARS)] for b in h) + ".jpg"


def make_movie(seed, name, ident, day, incomplete):
    """One movie, fixed by (seed, name) apart from its release date, which falls in that day's window."""
    h = hashlib.sha256(f"{seed}\0{name}".encode()).digest()
    backdrop, poster = hashlib.sha256(h + b"backdrop").digest(), hashlib.sha256(h + b"poster").digest()
    word = lambda i: WORDS[i % len(WORDS)]
    num = lambda a, b: int.from_bytes(h[a:b], "big")
    newest = FIRST_DAY + datetime.timedelta(days=day - 1)
    title = f"The {word(h[0])} {word(h[1])}" + (f" {h[2] % 9 + 2}" if h[2] % 5 == 0 else "")
    language = LANGUAGES[h[3] % len(LANGUAGES)]
    movie = {"adult": False, "backdrop_path": image_path(backdrop[:27]),
             "genre_ids": sorted({GENRES[b % len(GENRES)] for b in h[4:4 + 1 + h[4] % 3]}),
             "id": ident, "original_language": language,
             "original_title": title if language == "en" else f"{title} ({language})",
             "overview": f"{title}: a story of {word(h[7]).lower()} and {word(h[7] + 1 + h[8] % 16).lower()}.",
             "popularity": round(num(9, 12) / 2 ** 24 * 600 + 1, 3), "poster_path": image_path(poster[:27]),
             "release_date": (newest - datetime.timedelta(days=h[12] % 42)).isoformat(),
             "title": title, "video": False,
             "vote_average": round(num(13, 15) / 65535 * 10, 3), "vote_count": num(15, 17) % 5000}
    if num(17, 23) / 2 ** 48 < incomplete:
        kind = INCOMPLETE_KINDS[h[23] % len(INCOMPLETE_KINDS)]
        if kind == "no_poster":
            movie["poster_path"] = None
        elif kind in ("empty_overview", "blank_overview"):
            movie["overview"] = "" if kind == "empty_overview" else "   "
        elif kind == "no_release_date":
            movie["release_date"] = ""
        elif kind == "no_title":
            del movie["title"]
        elif kind == "no_vote_average":
            movie["vote_average"] = None
        else:
            movie["id"] = str(ident)
    return movie


def is_complete(m):
    return (type(m.get("id")) is int
            and all(mock_api.visible(m.get(k)) for k in ("title", "overview", "poster_path", "release_date"))
            and type(m.get("vote_average")) in (int, float))


class Listing:
    """One day's list, sorted by popularity like the real endpoint, under the
    movies inserted since.  `insert` makes a new Listing rather than changing
    this one, so a page being answered never sees a half-made change."""

    def __init__(self, cfg, base=None, inserted=()):
        if base is None:
            # Pool index j is one movie whatever the day; a day plays a window of the pool.
            first = (cfg.day - 1) * max(1, round(cfg.movies * cfg.turnover)) if cfg.turnover > 0 else 0
            base = [make_movie(cfg.seed, f"movie\0{j}", 100_000 + j * 17 + j % 13, cfg.day, cfg.incomplete)
                    for j in range(first, first + cfg.movies)]
            base.sort(key=lambda m: (-m["popularity"], str(m["id"])))
        self.cfg, self.base, self.inserted = cfg, base, tuple(inserted)
        self.movies = list(self.inserted[::-1]) + base
        newest = FIRST_DAY + datetime.timedelta(days=cfg.day - 1)
        self.dates = {"maximum": newest.isoformat(), "minimum": (newest - datetime.timedelta(days=41)).isoformat()}
        self.images = {m[k] for m in self.movies for k in ("poster_path", "backdrop_path") if m.get(k)}

    def insert(self):
        k, cfg = len(self.inserted), self.cfg
        movie = make_movie(cfg.seed, f"new\0{cfg.day}\0{k}", 9_000_000 + cfg.day * 10_000 + k, cfg.day, cfg.incomplete)
        return Listing(cfg, self.base, self.inserted + (movie,))

    def remove(self):
        """The list without its top movie of the day (one that left mid-crawl)."""
        return Listing(self.cfg, self.base[1:], self.inserted)

    def page(self, n):
        return self.movies[(n - 1) * PER_PAGE: n * PER_PAGE]

    def expected(self):
        ids = [m.get("id") for m in self.movies]
        complete = []
        for m in self.movies:
            if is_complete(m) and m["id"] not in complete:
                complete.append(m["id"])
        pages = math.ceil(len(self.movies) / PER_PAGE)
        return {"complete_ids": complete, "all_ids": ids, "total_results": len(ids), "total_pages": pages,
                "pages_with_incomplete": sum(any(not is_complete(m) for m in self.page(p)) for p in range(1, pages + 1)),
                "inserted": len(self.inserted), "day": self.cfg.day}


class Stats(mock_api.Counting):
    FAULTS = ("5xx", "reset", "html200", "slow")

    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self):
        with self.lock:
            self.requests = self.page_requests = self.image_requests = self.rate_limited = 0
            self.abandoned = self.early_retries = 0
            # When each key refused by the rate limit may be asked again (its Retry-After).
            self.retry_at = {}
            self.by_status, self.hits, self.per_page = {}, {}, {}
            self.faults = dict.fromkeys(self.FAULTS, 0)
            self.auth = dict.fromkeys(("api_key", "bearer", "bad"), 0)
            self.window = deque()

    def begin(self, key, kind, cfg):
        """Count one request; return (n-th request of this key, refused by the rate limit?)."""
        now = time.monotonic()
        with self.lock:
            self.requests += 1
            if kind == "image":
                self.image_requests += 1
                return 1, False
            n = self.hits[key] = self.hits.get(key, 0) + 1
            if now < self.retry_at.get(key, 0.0):  # asked again before its Retry-After passed
                self.early_retries += 1
            if cfg.limit_every > 0 and (self.requests - self.image_requests) % cfg.limit_every == 0:
                self.rate_limited += 1
                self.retry_at[key] = now + cfg.retry_after
                return n, True
            if cfg.limit > 0:
                while self.window and self.window[0] <= now - cfg.window:
                    self.window.popleft()
                if len(self.window) >= cfg.limit:  # refused requests do not fill the window
                    self.rate_limited += 1
                    self.retry_at[key] = now + cfg.retry_after
                    return n, True
                self.window.append(now)
            return n, False


    def authenticated(self, kind):
        with self.lock:
            self.auth[kind] += 1

    def paged(self, page):
        with self.lock:
            self.page_requests += 1
            self.per_page[str(page)] = self.per_page.get(str(page), 0) + 1

    def snapshot(self):
        with self.lock:
            return {"requests": self.requests, "page_requests": self.page_requests,
                    "per_page": dict(self.per_page), "image_requests": self.image_requests,
                    "by_status": dict(self.by_status), "faults": dict(self.faults),
                    "rate_limited": self.rate_limited, "early_retries": self.early_retries,
                    "abandoned": self.abandoned, "auth": dict(self.auth)}


class App:
    """Config and list swapped together under a lock so /__config is atomic."""

    def __init__(self, cfg):
        self.lock, self.config_lock = threading.Lock(), threading.Lock()
        self.cfg, self.listing = cfg, Listing(cfg)
        self.stats = Stats()
        self.served = 0  # pages answered since the last day change, for --shift-every
        self.shifts = 0

    def snapshot(self):
        with self.lock:
            return self.cfg, self.listing

    def reconfigure(self, changes):
        with self.config_lock:
            cfg = self.cfg.updated(changes)
            fresh = any(k in changes for k in Config.DATA_KEYS)
            listing = Listing(cfg) if fresh else None  # built before readers are held up
            with self.lock:
                self.cfg = cfg
                if listing is not None:
                    self.listing, self.served, self.shifts = listing, 0, 0

    def page_served(self):
        """After every shift_every-th page, a new movie tops the list (or,
        with shift_remove, every second time the top movie leaves it)."""
        with self.lock:
            self.served += 1
            cfg = self.cfg
            if cfg.shift_every > 0 and self.served % cfg.shift_every == 0 \
                    and (cfg.shift_limit <= 0 or self.shifts < cfg.shift_limit):
                self.shifts += 1
                removes = cfg.shift_remove and self.shifts % 2 == 0
                self.listing = self.listing.remove() if removes else self.listing.insert()


def error_body(code):
    status, message = ERRORS[code]
    if status == 401:  # the order TMDB writes these keys in differs by error
        return status, dumps({"status_code": code, "status_message": message, "success": False})
    return status, dumps({"success": False, "status_code": code, "status_message": message})


class Handler(mock_api.Handler):
    """Reuses mock_api's reply, fault and POST (/__reset, /__config) plumbing."""

    def do_GET(self):
        app = self.server.app
        url = urlsplit(self.path)
        if self.hook(url.path, lambda: app.snapshot()[1].expected()):
            return
        cfg, listing = app.snapshot()
        image = IMAGE_RE.match(url.path)
        if image:  # image.tmdb.org: another host, no key, no rate limit
            app.stats.begin(url.path, "image", cfg)
            if image.group(2) not in listing.images:
                return self.reply(404, b"Not Found", "text/plain")
            return self.reply(200, make_jpeg(draw(cfg.seed, image.group(2), 1)[1]), "image/jpeg")
        query = parse_qs(url.query, keep_blank_values=True)
        key = url.path + "?" + "&".join(f"{k}={query[k][-1]}" for k in sorted(query) if k != "api_key")
        self.nth, limited = app.stats.begin(key, "api", cfg)
        if limited:
            after = f"{cfg.retry_after:.0f}" if cfg.retry_after == int(cfg.retry_after) else f"{cfg.retry_after}"
            body = dumps({"success": False, "status_code": 25, "status_message":
                          f"Your request count (#) is over the allowed limit of ({cfg.limit})."})
            return self.reply(429, body, headers=[("Retry-After", after)])
        u, tag = draw(cfg.seed, key, self.nth)
        fault = pick(u, [("5xx", cfg.fail_5xx), ("reset", cfg.reset), ("html200", cfg.html200), ("slow", cfg.slow)])
        if fault == "5xx":
            app.stats.fault(fault)
            status = (500, 502, 503)[tag[0] % 3]
            if status == 502:  # the CDN's page, not TMDB's JSON
                return self.reply(502, b"<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html")
            return self.reply(*error_body(11 if status == 500 else 9))
        if fault in ("reset", "html200"):
            return self.apply_fault(fault, b"", tag)
        status, body = self.answer(cfg, listing, url.path, query)
        if fault == "slow":
            return self.apply_fault(fault, body, tag, status, cfg.slow_ms)
        self.reply(status, body)

    def answer(self, cfg, listing, path, query):
        if not NOW_PLAYING.match(path):
            return error_body(34)
        stats = self.server.app.stats
        bearer = self.headers.get("Authorization", "")
        if query.get("api_key", [None])[-1] == cfg.key:
            stats.authenticated("api_key")
        elif bearer == f"Bearer {cfg.token}":
            stats.authenticated("bearer")
        else:
            stats.authenticated("bad")
            return error_body(7)
        text = query.get("page", ["1"])[-1].strip()
        if not re.fullmatch(r"[0-9]+", text) or not 1 <= int(text) <= 500:
            return error_body(22)
        page = int(text)
        stats.paged(page)
        results = listing.page(page)
        if cfg.duplicate_every > 0 and page > 1 and page % cfg.duplicate_every == 0 and results:
            results = listing.page(page - 1)[-1:] + results[1:]
        results = mock_api.oversized(results, cfg.oversize, 50_000_000 + page * cfg.oversize)
        body = dumps({"dates": listing.dates, "page": page, "results": results,
                      "total_pages": math.ceil(len(listing.movies) / PER_PAGE),
                      "total_results": len(listing.movies)})
        self.server.app.page_served()
        return 200, body


def main(argv=None):
    cfg = mock_api.parse_args(argv, Config, required=(), doc=__doc__)
    app = App(cfg)
    server = mock_api.Server((cfg.host, cfg.port), Handler)
    server.app = app
    mock_api.serve(server, cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
