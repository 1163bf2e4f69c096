#!/usr/bin/env python3
"""Deterministic generator of invented, Met-shaped object records (stdlib only).

    python3 scripts/make_sample.py --count N --seed S --out FILE.jsonl [--summary FILE.json]
    python3 scripts/make_sample.py --v2-from v1.jsonl --seed S --out v2.jsonl
                                   [--summary changes.json] [--changed-date YYYY-MM-DD]
    python3 scripts/make_sample.py --summarize records.jsonl --summary FILE.json

Records use the real API's keys in the real order, with made-up content.  A
line {"objectID": N, "_notValid": true} tells scripts/mock_api.py to list N
but answer 404 "Not a valid object".  The summary is the generator's own
account (complete, kept after dedup, notValid, kept ids) for tests to compare
with an independent computation; --summarize applies the same rule to records
it did not write (the recorded real ones), so their counts are not copied by hand.
"""

import argparse
import json
import random
import sys
import unicodedata

from mock_api import visible

KEYS = ("objectID isHighlight accessionNumber accessionYear isPublicDomain primaryImage "
        "primaryImageSmall additionalImages constituents department objectName title culture "
        "period dynasty reign portfolio artistRole artistPrefix artistDisplayName "
        "artistDisplayBio artistSuffix artistAlphaSort artistNationality artistBeginDate "
        "artistEndDate artistGender artistWikidata_URL artistULAN_URL objectDate "
        "objectBeginDate objectEndDate medium dimensions measurements creditLine geographyType "
        "city state county country region subregion locale locus excavation river "
        "classification rightsAndReproduction linkResource metadataDate repository objectURL "
        "tags objectWikidata_URL isTimelineWork GalleryNumber").split()

# Completeness as the crawler is expected to judge it; the summary applies
# this to the records written, so it cannot drift from the file.
REQUIRED_TEXT = ("primaryImage", "artistDisplayName", "title", "classification", "objectDate")

DEPARTMENTS = [("European Paintings", "ep"), ("Greek and Roman Art", "gr"), ("Egyptian Art", "eg"),
               ("Asian Art", "as"), ("The American Wing", "ad"), ("Arms and Armor", "aa"),
               ("Islamic Art", "is"), ("Medieval Art", "md"), ("Drawings and Prints", "dp"),
               ("Musical Instruments", "mi"), ("Photographs", "ph")]
FIRST = ["Anneliese", "Bartholomew", "Céleste", "Dagný", "Émile", "Fiorella", "Grzegorz", "Hélène",
         "Ingrid", "Jiří", "Kenji", "Leocadia", "Matthias", "Noémie", "Oswin", "Perpetua", "Quirin",
         "Ruairí", "Søren", "Théodora", "Ulrike", "Valentín", "Wendeline", "Ximena", "Zoë"]
LAST = ["Ashcombe", "Brønstad", "Castellví", "Dufresnoy", "Eckhardt", "Fairweather", "Gómez de Lira",
        "Halloran", "Iwasaki", "Jäckel", "Kowalczyk", "Lindqvist", "Marchetti", "Nørgaard",
        "Okonkwo-Baines", "Pérignon", "Quenneville", "Rossetti-Vane", "Szabó", "Thornbury",
        "Ulloa", "Villanueva", "Whitcombe", "Yáñez", "Zelenka"]
SOLO = ["山田 花子", "Владимир Орешкин", "Master of the Quiet Orchard", "Workshop of Émile Dufresnoy"]
ADJ = ["Quiet", "Blue", "Golden", "Café", "Drowsy", "Ancient", "Crimson", "Little", "Winter",
       "Façade", "Naïve", "Silent", "Wandering", "Olive", "Distant", "Übermütig", "Rosé"]
NOUN = ["Harbor", "Orchard", "Vessel", "Garden", "Pitcher", "Lantern", "Courtyard", "Procession",
        "Amphora", "Mirror", "Pavilion", "Fête", "Tapestry", "Crêpe Stall", "Bridge", "Saint"]
WITH = ["Two Figures", "a Goat", "Lemons", "a Sleeping Dog", "Cherubs", "the Moon", "Jonquils"]
CLASSES = ["Paintings", "Ceramics", "Prints", "Drawings", "Sculpture", "Textiles", "Metalwork",
           "Glass", "Photographs", "Furniture"]
OBJECT_NAMES = ["Painting", "Bowl", "Print", "Drawing", "Statuette", "Textile", "Ewer", "Vase"]
CULTURES = ["", "French", "Italian", "Japanese", "Egyptian", "American", "Flemish", "Persian"]
MEDIA = ["Oil on canvas", "Earthenware", "Bronze", "Ink on paper", "Silk, metallic thread",
         "Tempera on wood", "Blown glass", "Albumen silver print"]
NATIONS = ["French", "Italian", "Danish", "Czech", "Japanese", "American", "Spanish", "Polish"]
TAGS = ["Boats", "Dogs", "Flowers", "Landscapes", "Portraits", "Saints", "Moon", "Fruit"]

DEFECTS = {  # name -> change that makes a complete record incomplete
    "not_public": lambda r: r.update(isPublicDomain=False),
    "no_image": lambda r: r.update(primaryImage="", primaryImageSmall="", additionalImages=[]),
    "no_artist": lambda r: r.update(artistDisplayName="", artistAlphaSort="", artistRole=""),
    "blank_title": lambda r: r.update(title="   "),
    "no_classification": lambda r: r.update(classification=""),
    "no_date": lambda r: r.update(objectDate=""),
    "public_as_string": lambda r: r.update(isPublicDomain="true"),
    "title_number": lambda r: r.update(title=1867),
    "artist_null": lambda r: r.update(artistDisplayName=None),
}
# Share of all lines, by kind; what is left over is complete.
NOT_VALID, DUPLICATE = 0.03, 0.08
INCOMPLETE = [("not_public", .05), ("no_image", .05), ("no_artist", .05), ("blank_title", .04),
              ("no_classification", .04), ("no_date", .04), ("public_as_string", .015),
              ("title_number", .015), ("artist_null", .015), ("several", .025)]


def norm(s):
    return " ".join(unicodedata.normalize("NFC", s).split()).lower()


def is_complete(r):
    return (r.get("isPublicDomain") is True
            and all(visible(r.get(k)) for k in REQUIRED_TEXT))


def summarize(records):
    """Counts and the ids a deduplicating crawler keeps: smallest objectID per
    normalised (artist, title) among complete records."""
    valid = [r for r in records if not r.get("_notValid")]
    complete = [r for r in valid if is_complete(r)]
    kept = {}
    for r in sorted(complete, key=lambda r: r["objectID"]):
        kept.setdefault((norm(r["artistDisplayName"]), norm(r["title"])), r["objectID"])
    return {"lines": len(records), "valid": len(valid), "complete": len(complete),
            "kept": len(kept), "not_valid": len(records) - len(valid),
            "incomplete": len(valid) - len(complete), "kept_ids": sorted(kept.values()),
            "not_valid_ids": sorted(r["objectID"] for r in records if r.get("_notValid"))}


def timestamp(rng, day):
    """metadataDate in the API's style, whose fraction has 0-3 digits."""
    frac = rng.choice(["", ".6", ".34", ".477", ".35", ".1"])
    return f"{day}T{rng.randrange(24):02d}:{rng.randrange(60):02d}:{rng.randrange(60):02d}{frac}Z"


def artist_name(rng):
    if rng.random() < 0.08:
        return rng.choice(SOLO)
    return f"{rng.choice(FIRST)} {rng.choice(LAST)}"


def title_text(rng):
    t = f"{rng.choice(ADJ)} {rng.choice(NOUN)}"
    if rng.random() < 0.5:
        t += f" with {rng.choice(WITH)}"
    if rng.random() < 0.3:
        t += f", No. {rng.randrange(2, 40)}"
    return t


def complete_record(rng, oid, day):
    dept, code = rng.choice(DEPARTMENTS)
    artist, title = artist_name(rng), title_text(rng)
    first, _, last = artist.rpartition(" ")
    begin = rng.randrange(1400, 1950)
    end = begin + rng.choice([0, 0, 5, 20, 70])
    born = begin - rng.randrange(20, 50)
    img = rng.randrange(10000, 999999)
    image = lambda size, n: f"https://images.metmuseum.org/CRDImages/{code}/{size}/{n}.jpg"
    has_wiki = rng.random() < 0.4
    constituents = None if rng.random() < 0.3 else [{
        "constituentID": rng.randrange(1000, 200000), "role": "Artist", "name": artist,
        "constituentULAN_URL": f"http://vocab.getty.edu/page/ulan/500{rng.randrange(100000, 999999)}",
        "constituentWikidata_URL": f"https://www.wikidata.org/wiki/Q{rng.randrange(10**5, 10**7)}" if has_wiki else "",
        "gender": rng.choice(["", "", "Female"])}]
    h, w = rng.randrange(10, 200), rng.randrange(10, 200)
    measurements = None if rng.random() < 0.25 else [{
        "elementName": "Overall", "elementDescription": None,
        "elementMeasurements": {"Height": float(h), "Width": float(w)}}]
    tags = None if rng.random() < 0.35 else [
        {"term": t, "AAT_URL": f"http://vocab.getty.edu/page/aat/300{rng.randrange(100000, 999999)}",
         "Wikidata_URL": f"https://www.wikidata.org/wiki/Q{rng.randrange(100, 99999)}"}
        for t in rng.sample(TAGS, rng.randrange(1, 4))]
    values = {
        "objectID": oid, "isHighlight": rng.random() < 0.05,
        "accessionNumber": f"{rng.randrange(10, 99)}.{rng.randrange(1, 300)}.{rng.randrange(1, 99)}",
        "accessionYear": str(rng.randrange(1880, 2023)), "isPublicDomain": True,
        "primaryImage": image("original", img), "primaryImageSmall": image("web-large", img),
        "additionalImages": [image("original", img + k) for k in range(1, rng.randrange(1, 4))],
        "constituents": constituents, "department": dept, "objectName": rng.choice(OBJECT_NAMES),
        "title": title, "culture": rng.choice(CULTURES), "artistRole": "Artist",
        "artistDisplayName": artist, "artistDisplayBio": f"{rng.choice(NATIONS)}, {born}–{born + 60}",
        "artistAlphaSort": f"{last}, {first}" if first else artist,
        "artistNationality": rng.choice(NATIONS), "artistBeginDate": str(born),
        "artistEndDate": str(born + 60), "artistGender": "",
        "artistWikidata_URL": f"https://www.wikidata.org/wiki/Q{rng.randrange(10**5, 10**7)}" if has_wiki else "",
        "objectDate": rng.choice([str(begin), f"ca. {begin}", f"{begin}–{end}"]),
        "objectBeginDate": begin, "objectEndDate": end, "medium": rng.choice(MEDIA),
        "dimensions": f"{h / 2.54:.1f} x {w / 2.54:.1f} in. ({h} x {w} cm)",
        "measurements": measurements,
        "creditLine": f"Gift of {artist_name(rng)}, {rng.randrange(1900, 2023)}",
        "classification": rng.choice(CLASSES), "metadataDate": timestamp(rng, day),
        "repository": "Metropolitan Museum of Art, New York, NY",
        "objectURL": f"https://www.metmuseum.org/art/collection/search/{oid}", "tags": tags,
        "isTimelineWork": rng.random() < 0.1,
        "GalleryNumber": rng.choice(["", "", str(rng.randrange(100, 999))]),
    }
    return {k: values.get(k, "") for k in KEYS}


def variant(rng, s):
    """The same text to a deduplicator, different bytes to everyone else."""
    options = [lambda s: s.upper() if s.upper().lower() == s.lower() else s,
               lambda s: f"  {s} ", lambda s: s.replace(" ", "  ", 1),
               lambda s: unicodedata.normalize("NFD", s), lambda s: s.lower()]
    for choice in rng.sample(options, len(options)):
        v = choice(s)
        if v != s and norm(v) == norm(s):
            return v
    return s


def generate(rng, ids, day_of, earlier=(), allow_not_valid=True):
    """One record per id; earlier complete records may be duplicated."""
    pool = [r for r in earlier if is_complete(r)]
    out = []
    for oid in ids:
        u = rng.random()
        if allow_not_valid and u < NOT_VALID:
            out.append({"objectID": oid, "_notValid": True})
            continue
        rec = complete_record(rng, oid, day_of(rng))
        u -= NOT_VALID
        if u < DUPLICATE and pool:
            src = rng.choice(pool)
            artist, title = variant(rng, src["artistDisplayName"]), variant(rng, src["title"])
            if (artist, title) == (src["artistDisplayName"], src["title"]):
                title = f" {title}"
            rec.update(artistDisplayName=artist, title=title)
        else:
            u -= DUPLICATE
            for name, share in INCOMPLETE:
                if u < share:
                    names = rng.sample(sorted(DEFECTS), rng.randrange(2, 4)) if name == "several" else [name]
                    for n in names:
                        DEFECTS[n](rec)
                    break
                u -= share
        if is_complete(rec):
            pool.append(rec)
        out.append(rec)
    return out


def day_2024(rng):
    return f"2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}"


def line(rec):
    return json.dumps(rec, ensure_ascii=False)


def make_v1(args):
    rng = random.Random(args.seed)
    ids, oid = [], 1000
    for _ in range(args.count):
        ids.append(oid)
        oid += rng.randrange(1, 8)
    records = generate(rng, ids, day_2024)
    return [line(r) for r in records], {"mode": "v1", "seed": args.seed, **summarize(records)}


def make_v2(args):
    rng = random.Random(args.seed)
    with open(args.v2_from, encoding="utf-8") as fh:
        lines = {json.loads(l)["objectID"]: l.rstrip("\n") for l in fh if l.strip()}
    recs = {oid: json.loads(l) for oid, l in lines.items()}
    for r in recs.values():
        if not r.get("_notValid") and r.get("metadataDate", "")[:10] >= args.changed_date:
            sys.exit(f"make_sample: object {r['objectID']} is not older than --changed-date")
    new_day = lambda _rng: args.changed_date
    v1 = summarize(list(recs.values()))
    kept_keys = {}
    for r in recs.values():
        if is_complete(r):
            kept_keys.setdefault((norm(r["artistDisplayName"]), norm(r["title"])), []).append(r["objectID"])
    # A kept record without duplicates, so its loss is the only effect.
    alone = sorted(ids[0] for ids in kept_keys.values() if len(ids) == 1)
    gone = rng.choice(alone)
    others = sorted(oid for oid in recs if oid != gone)
    rng.shuffle(others)
    n_changed, n_withdrawn = max(3, round(len(recs) * 0.05)), max(1, round(len(recs) * 0.02))
    valid = [o for o in others if not recs[o].get("_notValid")]
    changed = valid[:n_changed]
    withdrawn = sorted([o for o in others if o not in changed][:n_withdrawn])
    now_pass, now_fail = [], []
    for oid in changed:
        r = recs[oid]
        if not is_complete(r) and len(now_pass) <= len(changed) // 3:
            fix = complete_record(rng, oid, args.changed_date)  # fresh, so no dedup clash
            r["isPublicDomain"] = True
            for k in REQUIRED_TEXT:
                if not (isinstance(r[k], str) and r[k].strip()):
                    r[k] = fix[k]
                    if k == "primaryImage":
                        r["primaryImageSmall"] = fix["primaryImageSmall"]
            now_pass.append(oid)
        elif is_complete(r) and len(now_fail) <= len(changed) // 3:
            DEFECTS[rng.choice(sorted(DEFECTS))](r)
            now_fail.append(oid)
        else:
            r["medium"] = f"{r.get('medium', '')} (revised)".strip()
        r["metadataDate"] = timestamp(rng, args.changed_date)
        lines[oid] = line(r)
    if not (now_pass and now_fail):
        sys.exit("make_sample: this seed changed too few records both ways; try another --seed")
    for oid in withdrawn:
        del lines[oid], recs[oid]
    # The withdrawal touches the record, so it shows in ?metadataDate= too:
    # an incremental crawler can only notice what the change list names.
    not_valid = {"objectID": gone, "_notValid": True, "metadataDate": timestamp(rng, args.changed_date)}
    lines[gone] = line(not_valid)
    recs[gone] = not_valid
    top, new_ids = max(recs), []
    for _ in range(max(1, round(len(lines) * 0.03))):
        top += rng.randrange(1, 8)
        new_ids.append(top)
    for r in generate(rng, new_ids, new_day, earlier=list(recs.values()), allow_not_valid=False):
        lines[r["objectID"]], recs[r["objectID"]] = line(r), r
    summary = {"mode": "v2", "seed": args.seed, "from": args.v2_from, "changed_date": args.changed_date,
               "changed": sorted(changed), "now_pass": sorted(now_pass), "now_fail": sorted(now_fail),
               "withdrawn": withdrawn, "new": new_ids, "now_not_valid": [gone],
               "v1": {k: v for k, v in v1.items() if not k.endswith("_ids")},
               **summarize(list(recs.values()))}
    return [lines[oid] for oid in sorted(lines)], summary


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=300)
    p.add_argument("--seed", type=int)
    p.add_argument("--out")
    p.add_argument("--summary")
    p.add_argument("--summarize", metavar="FILE.jsonl", help="only write --summary for these records")
    p.add_argument("--v2-from", help="make a later snapshot of this v1 file instead")
    p.add_argument("--changed-date", default="2026-11-20", help="metadataDate of changed and new records")
    args = p.parse_args(argv)
    if args.summarize:
        if not args.summary:
            p.error("--summarize needs --summary")
        with open(args.summarize, encoding="utf-8") as fh:
            summary = summarize([json.loads(l) for l in fh if l.strip()])
    else:
        if args.seed is None or not args.out:
            p.error("--seed and --out are required")
        out_lines, summary = make_v2(args) if args.v2_from else make_v1(args)
        with open(args.out, "w", encoding="utf-8", newline="\n") as fh:
            fh.write("".join(l + "\n" for l in out_lines))
    if args.summary:
        with open(args.summary, "w", encoding="utf-8") as fh:
            json.dump(summary, fh, ensure_ascii=False, indent=1)
            fh.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
