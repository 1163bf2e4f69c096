#!/usr/bin/env python3
"""Mock of the Cleveland Museum of Art's Open Access API (openaccess-api.clevelandart.org/api) and its picture host, for tests (stdlib only).

    python3 scripts/mocks/mock_cma.py [--artworks 64000] [--seed 0] [--port 0] [--port-file P] [faults...]

Shaped like the real API: GET /api/artworks/?skip=S&limit=L answers
{"info": {"total": T, "parameters": {...the query, as strings}}, "data": [...]}
(a skip past the end: 200 with data []; limit at most 1,000), with the
filters cc0 and has_image=1 and `fields=a,b`; GET /api/artworks/{id} answers
{"data": {...}}.  Pictures: /images/{id}/{name}_web.jpg and _print.jpg (sizes
sometimes strings, as the museum sends them), each a landscape its path
paints (scripts/mocks/mock_pictures.py, PNG; about one in a hundred a near copy).

The collection changes while it is listed: after every --change-every
answered listing pages (up to --changes times), a work among those already
read (before the page's skip) is deleted, or a new one added there, in turn.
--change-share P changes it after a deterministic share P of the pages
instead, and --change-at page lands each change within the page just
served (never after a page that reached the list's end: no client could
see it).  --endless answers every page with `limit` new artworks and a
total of 10^9.  --bad-text N gives N artworks a title with bytes that are
not UTF-8 (ff fe c0 af) and N more one with an escaped lone surrogate
(\ud800); the oracle takes those titles as absent.
Faults by default: 1% 5xx (an HTML error page), 0.5% HTML pages with 200,
0.5% 429 with a JSON body and Retry-After.  POST /__config {"leave": 0.01}
makes a deterministic 1% of the artworks leave (for a second run).  Test hooks
under /__ (stats, expected, reset, config) are never faulted or counted;
/__expected is the oracle: the complete, de-duplicated set as it stands.
"""

import dataclasses, hashlib, json, sys, threading
from urllib.parse import parse_qs, urlsplit

import mock_api
import mock_pictures
from mock_api import draw, dumps, int_or, last, pick
from mock_aic import id_of, normalized  # the museums' IDs and duplicate keys read alike

INCOMPLETE_KINDS = ("copyrighted", "no_images", "blank_web_url", "null_title", "no_creators", "blank_creator",
                    "null_date", "null_type", "string_id", "invisible_title")
TYPES = ("Painting", "Print", "Drawing", "Photograph", "Textile", "Sculpture", "Ceramic")
DEPARTMENTS = ("European Painting and Sculpture", "Prints", "Drawings", "Photography", "Textiles", "Asian Art",
               "American Painting and Sculpture")
WORDS = ("Harbor", "Evening", "Portrait", "Garden", "Still Life", "River", "Woman", "Bridge", "Winter",
         "Landscape", "Study", "Street", "Flowers", "Saint", "Café", "Mountain", "Boats", "Window")
CREATORS = ("Claude Monet (French, 1840–1926)", "Mary Cassatt (American, 1844–1926)",
            "Katsushika Hokusai (Japanese, 1760–1849)", "Jacques-Louis David (French, 1748–1825)",
            "Winslow Homer (American, 1836–1910)", "Berthe Morisot (French, 1841–1895)")
MAX_LIMIT = 1000
# Titles the encoder writes as marked text, replaced in the body by what JSON's text cannot hold.
BAD_TITLES = {"\0not-utf8\0": b'"Harbor \xff\xfe\xc0\xaf Evening"', "\0lone-surrogate\0": b'"Harbor \\ud800 Evening"'}


@dataclasses.dataclass
class Config:
    """Every field except host/port/port_file can be changed via POST /__config."""
    host: str = "127.0.0.1"
    port: int = 0
    port_file: str = ""
    seed: int = 0
    artworks: int = 64000
    incomplete: float = 0.45   # share missing something the rule needs (the real collection: ~27,000 of 64,000 without a picture)
    duplicates: float = 0.02   # share repeating the creator and title of the artwork before (other spacing and case)
    change_every: int = 16     # after every K answered listing pages a work before the cursor is deleted or added; 0 = off
    changes: int = 3           # changes made at most (set again to allow more)
    change_share: float = 0.0  # instead of change_every: the share of answered listing pages after which it changes
    change_at: str = "before"  # where a change lands: "before" the page's skip, or within the "page" just served
    endless: bool = False      # every page holds `limit` new artworks, the total 10^9: a list that never ends
    bad_text: int = 0          # artworks whose title is not UTF-8, and as many with an escaped lone surrogate in it
    leave: float = 0.0         # share of the artworks that have left (deterministic by seed and id)
    retry_after: float = 1.0
    fail_5xx: float = 0.01
    html200: float = 0.005
    rate_429: float = 0.005
    reset: float = 0.0
    verbose: bool = False

    FIXED = ("host", "port", "port_file")
    DATA_KEYS = ("seed", "artworks", "incomplete", "duplicates", "bad_text")
    updated = mock_api.Config.updated


def artwork(seed, i, before, incomplete, duplicates):
    h = hashlib.sha256(f"{seed}\0artwork\0{i}".encode()).digest()
    num = lambda a, b: int.from_bytes(h[a:b], "big")
    ident = 90000 + 3 * i + h[0] % 3  # increasing, with gaps, as real IDs are
    accession = f"19{h[1] % 100:02d}.{i}"
    early = 1400 + num(2, 4) % 620
    title = f"{WORDS[h[4] % len(WORDS)]} {WORDS[h[5] % len(WORDS)]} {num(6, 8)}"
    creator = CREATORS[h[8] % len(CREATORS)]
    if before and num(24, 26) / 65536 < duplicates:
        title = "  " + str(before["title"] or "x").upper() + " "
        creator = str((before["creators"] or [{}])[0].get("description") or "x").replace(" ", "  ")
    size = lambda n: str(n) if h[9] % 2 else n  # the museum sends sizes as numbers or strings
    name = f"{accession}_{h[10]:02x}"
    images = {k: {"url": f"/images/{ident}/{name}_{k}.jpg", "width": size(w), "height": size(w * 3 // 4),
                  "filesize": str(1000 * w), "filename": f"{name}_{k}.jpg"}
              for k, w in (("web", 1000 + h[11] % 200), ("print", 3400))}
    art = {"id": ident, "accession_number": accession, "share_license_status": "CC0", "title": title,
           "tombstone": f"{title}, c. {early}. {creator}.", "creation_date": f"c. {early}",
           "creation_date_earliest": early, "creation_date_latest": early + h[12] % 10,
           "creators": [{"id": 1000 + h[8], "description": creator, "role": "artist"}],
           "culture": [("France", "America", "Japan", "Italy")[h[13] % 4]] if h[13] % 5 else [],
           "technique": "oil on canvas", "department": DEPARTMENTS[h[14] % len(DEPARTMENTS)],
           "collection": "Mod Euro - Painting", "type": TYPES[h[15] % len(TYPES)],
           "measurements": "Framed: 90 x 70 cm", "creditline": f"Gift of donor {num(16, 18) % 900}",
           "url": f"https://clevelandart.org/art/{accession}", "updated_at": f"2026-11-{1 + h[18] % 28:02d} 10:00:00.000000",
           "description": "A long description the crawl does not ask for.", "provenance": [], "images": images}
    if num(26, 30) / 2 ** 32 < incomplete:
        kind = INCOMPLETE_KINDS[h[30] % len(INCOMPLETE_KINDS)]
        if kind == "copyrighted":
            art["share_license_status"] = "Copyrighted"
        elif kind == "no_images":
            art["images"] = None
        elif kind == "blank_web_url":
            art["images"]["web"]["url"] = ""
        elif kind == "no_creators":
            art["creators"] = []
        elif kind == "blank_creator":
            art["creators"][0]["description"] = " \u200b"
        elif kind == "string_id":
            art["id"] = str(ident)
        elif kind == "invisible_title":
            art["title"] = "\u2060"
        else:
            art[{"null_title": "title", "null_date": "creation_date", "null_type": "type"}[kind]] = None
    return art


def with_bad_bytes(body):
    """The encoded body with each marked title as the hostile server sends it."""
    for title, raw in BAD_TITLES.items():
        body = body.replace(json.dumps(title).encode(), raw)
    return body


def first_creator(a):
    creators = a.get("creators")
    return creators[0].get("description") if isinstance(creators, list) and creators and isinstance(creators[0], dict) else None


def is_complete(a):
    web = ((a.get("images") or {}).get("web") or {}).get("url")
    return (type(a.get("id")) is int and a["id"] > 0 and a.get("share_license_status") == "CC0"
            and isinstance(web, str) and web != ""
            and a.get("title") not in BAD_TITLES
            and all(mock_api.visible(v) for v in (a.get("title"), first_creator(a), a.get("creation_date"), a.get("type"))))


def leaves(seed, a, share):
    h = hashlib.sha256(f"{seed}\0leave\0{id_of(a)}".encode()).digest()
    return int.from_bytes(h[:8], "big") / 2.0 ** 64 < share


class Dataset:
    def __init__(self, works, left=(), deleted=(), added=()):
        self.works, self.left, self.deleted, self.added = works, list(left), list(deleted), list(added)
        self.pictures = {p["url"] for a in works for p in (a.get("images") or {}).values() if p.get("url")}

    @classmethod
    def of(cls, cfg):
        works = []
        for i in range(cfg.artworks):
            works.append(artwork(cfg.seed, i, works[-1] if works else None, cfg.incomplete, cfg.duplicates))
        # Spread over the collection, a complete work each (else its title would not matter).
        for n in range(min(cfg.bad_text * 2, len(works))):
            at = (n * len(works)) // max(1, cfg.bad_text * 2) + len(works) // max(1, cfg.bad_text * 4)
            works[at] = dict(artwork(cfg.seed, at, None, 0.0, 0.0), title=list(BAD_TITLES)[n % 2])
        return cls(works).leaving(cfg)

    def leaving(self, cfg):
        """Without the artworks that left (a deterministic cfg.leave of them)."""
        gone = [a for a in self.works if cfg.leave > 0 and leaves(cfg.seed, a, cfg.leave)]
        if not gone:
            return self
        works = [a for a in self.works if not (cfg.leave > 0 and leaves(cfg.seed, a, cfg.leave))]
        return Dataset(works, self.left + [id_of(a) for a in gone], self.deleted, self.added)

    def changed(self, cfg, skip, limit):
        """The next change: delete (odd) or add (even) a work before `skip` (or within the page served from it,
        with change_at "page"); IDs never repeat across runs."""
        n = len(self.deleted) + len(self.added) + 1
        h = hashlib.sha256(f"{cfg.seed}\0change\0{n}".encode()).digest()
        u = int.from_bytes(h[:4], "big")
        if cfg.change_at == "page":
            at = min(skip + u % max(1, limit), len(self.works) - 1)
        else:
            at = u % max(1, min(skip, len(self.works)))
        works = list(self.works)
        if n % 2:
            gone = works.pop(at)
            return Dataset(works, self.left, self.deleted + [id_of(gone)], self.added)
        new = artwork(cfg.seed, 10_000_000 + n, None, 0.0, 0.0)
        new["id"] = 5_000_000 + n
        works.insert(at, new)
        return Dataset(works, self.left, self.deleted, self.added + [new["id"]])


class Stats(mock_api.Counting):
    FAULTS = ("5xx", "html200", "rate_429", "reset")

    def __init__(self):
        self.lock = threading.Lock()
        self.clear()

    def clear(self):
        with self.lock:
            self.requests = self.listing_requests = self.image_requests = self.past_end = 0
            self.by_status, self.faults, self.hits, self.limits = {}, dict.fromkeys(self.FAULTS, 0), {}, set()

    def begin(self, key, kind):
        with self.lock:
            self.requests += 1
            self.listing_requests += kind == "listing"
            self.image_requests += kind == "image"
            n = self.hits[key] = self.hits.get(key, 0) + 1
            return n

    def snapshot(self):
        with self.lock:
            return {"requests": self.requests, "listing_requests": self.listing_requests, "image_requests": self.image_requests,
                    "by_status": dict(self.by_status), "faults": dict(self.faults), "past_end": self.past_end,
                    "limits": sorted(self.limits)}


class App(mock_api.SwappingApp):
    def __init__(self, cfg):
        super().__init__(cfg, Dataset.of, Stats())
        self.made = 0

    def page_answered(self, skip, limit):
        """Counts an answered listing page; every change_every-th (or a change_share of them) changes the collection."""
        with self.lock:
            self.answered += 1
            cfg = self.cfg
            if cfg.change_share > 0:
                h = hashlib.sha256(f"{cfg.seed}\0page\0{self.answered}".encode()).digest()
                due = int.from_bytes(h[:8], "big") / 2.0 ** 64 < cfg.change_share
            else:
                due = cfg.change_every > 0 and self.answered % cfg.change_every == 0
            within = skip + limit < len(self.data.works) if cfg.change_at == "page" else skip > 0
            if due and self.made < cfg.changes and within:
                self.made += 1
                self.data = self.data.changed(cfg, skip, limit)

    def reconfigure(self, changes):
        super().reconfigure(changes)
        with self.lock:
            if "changes" in changes:
                self.made = 0
            if "leave" in changes:
                self.data = self.data.leaving(self.cfg)


class Handler(mock_api.Handler):
    """Reuses mock_api's reply, fault and POST (/__reset, /__config) plumbing."""

    def do_GET(self):
        app = self.server.app
        url = urlsplit(self.path)
        query = parse_qs(url.query, keep_blank_values=True)
        if self.hook(url.path, self.expected):
            return
        cfg, data = app.snapshot()
        path = url.path.rstrip("/")
        kind = "image" if path.startswith("/images/") else "listing" if path == "/api/artworks" else "other"
        key = url.path + "?" + "&".join(f"{k}={query[k][-1]}" for k in sorted(query))
        self.nth = app.stats.begin(key, kind)
        if kind == "image":
            if url.path in data.pictures:
                return self.reply(200, mock_pictures.picture(url.path, 100), "image/png")
            return self.reply(404, b"<html><body><h1>404 Not Found</h1></body></html>", "text/html")
        u, tag = draw(cfg.seed, key, self.nth)
        fault = pick(u, [("5xx", cfg.fail_5xx), ("html200", cfg.html200), ("rate_429", cfg.rate_429), ("reset", cfg.reset)])
        if fault == "5xx":
            app.stats.fault(fault)
            status = (500, 502, 503)[tag[0] % 3]
            page = f"<!DOCTYPE html><html><head><title>{status}</title></head><body><h1>{status}</h1></body></html>"
            return self.reply(status, page.encode(), "text/html; charset=UTF-8")
        if fault == "html200":
            app.stats.fault(fault)
            return self.reply(200, b"<!DOCTYPE html><html><body><p>Service temporarily unavailable.</p></body></html>",
                              "text/html; charset=UTF-8")
        if fault == "rate_429":
            app.stats.fault(fault)
            return self.reply(429, dumps({"detail": "Too many requests"}), headers=[("Retry-After", f"{cfg.retry_after:g}")])
        if fault == "reset":
            return self.apply_fault(fault, b"", tag)
        if kind == "listing":
            return self.reply(200, with_bad_bytes(dumps(self.listing(cfg, data, query))))
        if path.startswith("/api/artworks/"):
            wanted = path[len("/api/artworks/"):]
            found = [a for a in data.works if str(id_of(a)) == wanted or a.get("accession_number") == wanted]
            if found:
                return self.reply(200, dumps({"data": self.render(found[0], query)}))
        self.reply(404, dumps({"detail": "Not Found"}))

    def listing(self, cfg, data, query):
        skip = max(0, int_or(last(query, "skip"), 0))
        limit = min(MAX_LIMIT, max(0, int_or(last(query, "limit"), 1000)))
        if cfg.endless:
            with self.server.app.stats.lock:
                self.server.app.stats.limits.add(limit)
            return {"info": {"total": 10 ** 9, "parameters": {k: v[-1] for k, v in query.items()}},
                    "data": [self.render(artwork(cfg.seed, i, None, cfg.incomplete, 0.0), query) for i in range(skip, skip + limit)]}
        found = data.works
        if "cc0" in query:
            found = [a for a in found if a.get("share_license_status") == "CC0"]
        if last(query, "has_image") == "1":
            found = [a for a in found if ((a.get("images") or {}).get("web") or {}).get("url")]
        with self.server.app.stats.lock:
            self.server.app.stats.limits.add(limit)
            self.server.app.stats.past_end += skip >= len(found)
        answer = {"info": {"total": len(found), "parameters": {k: v[-1] for k, v in query.items()}},
                  "data": [self.render(a, query) for a in found[skip:skip + limit]]}
        self.server.app.page_answered(skip, limit)
        return answer

    def render(self, art, query):
        """Only the fields asked for (all of them when none are), picture URLs on this server."""
        fields = [f.strip() for f in last(query, "fields", "").split(",") if f.strip()]
        shown = {f: art[f] for f in fields if f in art} if fields else dict(art)
        if shown.get("images"):
            base = self.server.app.base_url
            shown["images"] = {k: {**p, "url": base + p["url"] if p.get("url") else p.get("url")} for k, p in shown["images"].items()}
        return shown

    def expected(self):
        app = self.server.app
        _, data = app.snapshot()
        complete = sorted((a for a in data.works if is_complete(a)), key=lambda a: a["id"])
        kept = {}
        for a in complete:
            kept.setdefault((normalized(first_creator(a)), normalized(a["title"])), a["id"])
        ids = sorted(i for i in (id_of(a) for a in data.works) if i and i > 0)
        return {"kept_ids": sorted(kept.values()), "kept": len(kept), "complete": len(complete),
                "duplicates": len(complete) - len(kept), "total": len(data.works), "ids": ids,
                "left_ids": sorted(data.left), "deleted_ids": data.deleted, "added_ids": data.added,
                "changes_made": app.made, "bad_text_ids": sorted(id_of(a) for a in data.works if a.get("title") in BAD_TITLES)}


def main(argv=None):
    return mock_api.run(Config, App, Handler, __doc__, argv)


if __name__ == "__main__":
    sys.exit(main())
