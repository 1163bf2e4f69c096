#!/usr/bin/env python3
"""Writes Tests/Fixtures/catalog/vN.sql: a catalog as etl at schema version N
left it, made by that version's own binary crawling its own mock API.

    python3 scripts/make_catalog_fixtures.py --version N --etl OLD/.build/debug/etl \
        --mock OLD/scripts/mock_api.py --commit SHA --out Tests/Fixtures/catalog/vN.sql

    python3 scripts/make_catalog_fixtures.py --version 3 --etl OLD3/.build/debug/etl \
        --upgrade Tests/Fixtures/catalog/v2.sql --commit 9d4f6e2 --out Tests/Fixtures/catalog/v2-upgraded-by-v3.sql

OLD is a checkout of the last commit on main at that version, built there
(`git archive SHA | tar -x -C OLD && (cd OLD && swift build --product etl)`):

    v1 e4f83df   v2 2506155   v3 9d4f6e2   v4 7e23391   v5 3437725   v6 0b7c414   v7 15f8375

Two crawls of a small, invented, Met-shaped data set: the first lists every
record, the second no longer lists one (so it is withdrawn). The records
exercise the promoted columns (markup, entities and escapes in a title, an
exponent and integral and fractional reals, a number too large, blank and
white-space-only text, values of the wrong JSON type, a repeated key) and
the rejection reasons (not public domain, missing fields, duplicate, gone).

With --upgrade, the binary (`etl status`) upgrades an existing fixture
instead: what that version's own migration made of it.

The dump is plain SQL any SQLite runs: the schema objects in the order
SQLite holds them (their text as stored), the rows of every ordinary table
(the full-text index is filled by its triggers as the rows go in), then the
file's page size, application_id and user_version.
"""

import argparse, json, os, sqlite3, subprocess, sys, tempfile, time, urllib.request

BASE = {
    "isHighlight": False, "accessionNumber": "", "accessionYear": "1917", "isPublicDomain": True,
    "primaryImage": "", "primaryImageSmall": "", "additionalImages": [], "constituents": None,
    "department": "European Paintings", "objectName": "Painting", "title": "", "culture": "",
    "period": "", "dynasty": "", "reign": "", "portfolio": "", "artistRole": "Artist", "artistPrefix": "",
    "artistDisplayName": "", "artistDisplayBio": "", "artistSuffix": "", "artistAlphaSort": "",
    "artistNationality": "", "artistBeginDate": "", "artistEndDate": "", "artistGender": "",
    "artistWikidata_URL": "", "artistULAN_URL": "", "objectDate": "", "objectBeginDate": 0,
    "objectEndDate": 0, "medium": "", "dimensions": "", "measurements": None, "creditLine": "",
    "geographyType": "", "city": "", "state": "", "county": "", "country": "", "region": "",
    "subregion": "", "locale": "", "locus": "", "excavation": "", "river": "", "classification": "",
    "rightsAndReproduction": "", "linkResource": "", "metadataDate": "2026-11-02T04:56:11.247Z",
    "repository": "Metropolitan Museum of Art, New York, NY", "objectURL": "", "tags": None,
    "objectWikidata_URL": "", "isTimelineWork": False, "GalleryNumber": "",
}


def image(n):
    return (f"https://images.metmuseum.org/CRDImages/ep/original/DP-{n}.jpg",
            f"https://images.metmuseum.org/CRDImages/ep/web-large/DP-{n}.jpg")


def record(oid, **fields):
    body = dict(BASE, objectID=oid, objectURL=f"https://www.metmuseum.org/art/collection/search/{oid}")
    body.update(fields)
    return body


def records():
    big, small = image(1001)
    yield record(1001, title="Sword (<i>Wakizashi</i>) &amp; Scabbard", artistDisplayName="Umetada Myōju",
                 classification="Swords", objectDate="1615–1868", objectBeginDate=1615, objectEndDate=1868.0,
                 culture="Japanese", period="Edo period (1615–1868)", country="", artistNationality="  ",
                 accessionNumber="36.120.82", creditLine="Gift of Bashford Dean, 1936", isHighlight=True,
                 medium="Steel, wood, lacquer", department="Arms and Armor", primaryImage=big,
                 primaryImageSmall=small)
    big, small = image(1002)
    yield record(1002, title="Seated Peasant Woman with Goats", artistDisplayName="Jean-François Millet",
                 classification="Drawings", objectDate="1866", objectBeginDate=1866, objectEndDate=1867,
                 culture="French", artistNationality="French", accessionNumber="1975.1.622",
                 creditLine="Robert Lehman Collection, 1975", department="Drawings and Prints",
                 medium="Black chalk", primaryImage=big, primaryImageSmall=small)
    big, _ = image(1003)
    yield record(1003, title="Portrait of a Man", artistDisplayName="Unknown Painter",
                 classification="Paintings", objectDate="ca. 1520", objectBeginDate=1515, objectEndDate=1525,
                 isPublicDomain=False, primaryImage="", accessionNumber="29.100.15",
                 creditLine="H. O. Havemeyer Collection, 1929", country="Netherlands")
    yield record(1004, title="", artistDisplayName="Workshop of Paul Revere", objectDate="1850",
                 objectBeginDate="1850", objectEndDate=None, isHighlight="true", classification="",
                 culture="\u00a0", accessionNumber="33.120.543", primaryImage=image(1004)[0],
                 creditLine="Bequest of A. T. Clearwater, 1933", department="The American Wing")
    big, small = image(1005)
    yield record(1005, title="Seated  peasant woman with goats", artistDisplayName="Jean-François  Millet",
                 classification="Drawings", objectDate="1866", objectBeginDate=1866, objectEndDate=1866,
                 culture="French", accessionNumber="1975.1.623", creditLine="Robert Lehman Collection, 1975",
                 department="Drawings and Prints", primaryImage=big, primaryImageSmall=small)
    yield {"objectID": 1006, "_notValid": True}
    big, small = image(1007)
    yield record(1007, title="View of Toledo", artistDisplayName="El Greco (Domenikos Theotokopoulos)",
                 classification="Paintings", objectDate="ca. 1599–1600", objectBeginDate=1599,
                 objectEndDate=1600, culture="Spanish", period="", artistNationality="Greek",
                 accessionNumber="29.100.6", creditLine="H. O. Havemeyer Collection, 1929", isHighlight=True,
                 medium="Oil on canvas", primaryImage=big, primaryImageSmall=small)
    big, small = image(1009)
    yield record(1009, title="  Still\u00a0Life   with\tLemons ", artistDisplayName="Juan de Zurbarán",
                 classification="Paintings", objectDate="1640s", objectBeginDate=1640, objectEndDate=1649,
                 culture="Spanish", creditLine="Purchase, 2019", accessionNumber="2019.141",
                 medium="Oil on canvas", primaryImage=big, primaryImageSmall="")
    yield record(1010, title="Fragment &lt;unidentified&gt;", artistDisplayName="", classification="Textiles",
                 objectDate="3rd–4th century", objectBeginDate=200, objectEndDate=399, culture="Coptic",
                 period="Byzantine", country="Egypt", accessionNumber="89.18.172", isHighlight=None,
                 creditLine="Gift of George F. Baker, 1890", department="Medieval Art",
                 primaryImage=image(1010)[0])
    big, _ = image(1012)
    yield record(1012, title="Cypresses", artistDisplayName="Vincent van Gogh", classification="Paintings",
                 objectDate="1889", objectBeginDate=99999999999999999999, objectEndDate=12.5, accessionNumber=42,
                 creditLine="", culture=None, period="\u00a0\u2003 ", country="France", primaryImage=big)
    # Served byte for byte: escapes, an exponent, a repeated key (the first
    # counts), a number where a boolean goes.
    yield (r'{"objectID": 1011, "isPublicDomain": true, "primaryImage": '
           r'"https://images.metmuseum.org/CRDImages/ep/original/DP-1011.jpg", "primaryImageSmall": "", '
           r'"title": "\u003ci\u003eThe Harvesters\u003c/i\u003e \/ study", "artistDisplayName": '
           r'"Pieter Bruegel the Elder", "classification": "Paintings", "objectDate": "1565", '
           r'"objectBeginDate": 1.565e3, "objectEndDate": 1565.0, "culture": "Netherlandish", "culture": "Flemish", '
           r'"period": null, "country": "\u2003", "artistNationality": "Netherlandish", "accessionNumber": "19.164", '
           r'"creditLine": "Rogers Fund, 1919", "isHighlight": 1, "department": "European Paintings", '
           r'"objectURL": "https://www.metmuseum.org/art/collection/search/1011", '
           r'"metadataDate": "2026-11-02T04:56:11.247Z"}')


def write_data(path, unlisted):
    with open(path, "w", encoding="utf-8") as fh:
        for rec in records():
            if isinstance(rec, str):
                fh.write(rec + "\n")
                continue
            if rec["objectID"] in unlisted:
                rec = dict(rec, _unlisted=True)
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")


def crawl(etl, api, folder, withdraw=False):
    command = [etl, "crawl", "--api", api, "--catalog", os.path.join(folder, "catalog.sqlite"),
               "--out", os.path.join(folder, "pages"), "--rate", "unlimited", "--quiet"]
    # Later versions refuse to withdraw more than 10% of a catalog unless told.
    if withdraw and "--max-withdraw" in subprocess.run([etl, "crawl", "--help"], capture_output=True, text=True).stdout:
        command += ["--max-withdraw", "100%"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(command)} exited {done.returncode}: {done.stderr}")


def literal(value):
    if value is None:
        return "NULL"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, bytes):
        return "X'" + value.hex() + "'"
    return "'" + value.replace("'", "''") + "'"


CRAWLED = "two crawls of\n-- scripts/make_catalog_fixtures.py's records against that commit's mock API."


def dump(path, out, version, commit, origin=CRAWLED):
    db = sqlite3.connect(path)
    fts_shadow = {f"works_fts_{s}" for s in ("data", "idx", "content", "docsize", "config")}
    objects = [row for row in db.execute("SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid")
               if row[1] not in fts_shadow]
    lines = [f"-- A catalog at schema version {version}, written by etl at {commit}: {origin}",
             f"PRAGMA page_size = {db.execute('PRAGMA page_size').fetchone()[0]};", "BEGIN;"]
    lines += [sql + ";" for _, _, sql in objects]
    for kind, name, sql in objects:
        if kind != "table" or sql.upper().startswith("CREATE VIRTUAL"):
            continue
        columns = [c[1] for c in db.execute(f'PRAGMA table_info("{name}")')]
        for row in db.execute(f'SELECT * FROM "{name}" ORDER BY 1'):
            lines.append(f'INSERT INTO {name} ({", ".join(columns)}) VALUES ({", ".join(map(literal, row))});')
    for pragma in ("application_id", "user_version"):
        lines.append(f"PRAGMA {pragma} = {db.execute(f'PRAGMA {pragma}').fetchone()[0]};")
    lines.append("COMMIT;")
    assert db.execute("PRAGMA user_version").fetchone()[0] == version, "the binary is not at that version"
    with open(out, "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")


def upgrade(sql, etl, out, version, commit):
    """`sql` (a fixture) opened by `etl status`, which migrates it, then dumped."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "catalog.sqlite")
        db = sqlite3.connect(path)
        db.executescript(open(sql, encoding="utf-8").read())
        db.close()
        done = subprocess.run([etl, "status", "--catalog", path], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit(f"{etl} status exited {done.returncode}: {done.stderr}")
        dump(path, out, version, commit, f"its own `etl status`\n-- upgraded {os.path.basename(sql)}.")


AIC_MOCK = ["--artworks", "100", "--seed", "3"]


def start_mock(script, options, folder):
    """The mock on an ephemeral port; returns the process and its root URL."""
    port_file = os.path.join(folder, "port")
    mock = subprocess.Popen([sys.executable, script, *options, "--port", "0", "--port-file", port_file])
    for _ in range(200):
        if os.path.exists(port_file) and open(port_file).read().strip():
            break
        time.sleep(0.05)
    else:
        mock.terminate()
        sys.exit(f"{script} published no port in 10 s")
    return mock, f"http://127.0.0.1:{open(port_file).read().strip()}"


def crawl_aic(args):
    """A catalog of another source: its own table, and its columns on `works`."""
    with tempfile.TemporaryDirectory() as folder:
        mock, root = start_mock(args.mock, AIC_MOCK, folder)
        try:
            command = [args.etl, "crawl", "--source", "aic", "--api", root + "/api/v1",
                       "--catalog", os.path.join(folder, "catalog.sqlite"), "--out", os.path.join(folder, "pages"),
                       "--rate", "unlimited", "--quiet"]
            done = subprocess.run(command, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"{' '.join(command)} exited {done.returncode}: {done.stderr}")
        finally:
            mock.terminate()
            mock.wait()
        dump(os.path.join(folder, "catalog.sqlite"), args.out, args.version, args.commit,
             f"one crawl of\n-- --source aic against that commit's scripts/mock_aic.py {' '.join(AIC_MOCK)}.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", type=int, required=True)
    parser.add_argument("--etl", required=True)
    parser.add_argument("--mock", help="the mock API to crawl (not with --upgrade)")
    parser.add_argument("--upgrade", metavar="SQL", help="instead of crawling, let --etl upgrade this fixture")
    parser.add_argument("--commit", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--aic", action="store_true",
                        help="one crawl of --source aic against --mock (mock_aic.py, 100 artworks, seed 3) instead")
    args = parser.parse_args()
    if args.upgrade:
        return upgrade(args.upgrade, args.etl, args.out, args.version, args.commit)
    if args.aic:
        return crawl_aic(args)
    if not args.mock:
        parser.error("--mock is needed to crawl")
    with tempfile.TemporaryDirectory() as folder:
        first, second = os.path.join(folder, "first.jsonl"), os.path.join(folder, "second.jsonl")
        write_data(first, unlisted=set())
        write_data(second, unlisted={1007})
        mock, api = start_mock(args.mock, ["--data", first], folder)
        try:
            crawl(args.etl, api, folder)
            request = urllib.request.Request(api + "/__config", data=json.dumps({"data": second}).encode(),
                                             headers={"Content-Type": "application/json"}, method="POST")
            urllib.request.urlopen(request).read()
            crawl(args.etl, api, folder, withdraw=True)
        finally:
            mock.terminate()
            mock.wait()
        dump(os.path.join(folder, "catalog.sqlite"), args.out, args.version, args.commit)


if __name__ == "__main__":
    main()
