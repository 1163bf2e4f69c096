#!/usr/bin/env python3
"""Write a MetObjects.csv-shaped file (the real 54-column header) from a JSONL
of API records, so tests can plan a crawl with a CSV that agrees with what the
mock serves.

    python3 scripts/make_csv.py --from objects.jsonl --out MetObjects.csv [--omit 0.1] [--seed 1]

--omit leaves that share of objects out of the CSV (they are "unknown" to the
plan, like objects newer than the Met's snapshot). Lines with "_notValid" are
skipped. Values that are not strings are written as the CSV would show them:
booleans as True/False, null as an empty cell.
"""
import argparse, csv, json, random

HEADER = ["Object Number", "Is Highlight", "Is Timeline Work", "Is Public Domain", "Object ID",
          "Gallery Number", "Department", "AccessionYear", "Object Name", "Title", "Culture", "Period",
          "Dynasty", "Reign", "Portfolio", "Constituent ID", "Artist Role", "Artist Prefix",
          "Artist Display Name", "Artist Display Bio", "Artist Suffix", "Artist Alpha Sort",
          "Artist Nationality", "Artist Begin Date", "Artist End Date", "Artist Gender", "Artist ULAN URL",
          "Artist Wikidata URL", "Object Date", "Object Begin Date", "Object End Date", "Medium",
          "Dimensions", "Credit Line", "Geography Type", "City", "State", "County", "Country", "Region",
          "Subregion", "Locale", "Locus", "Excavation", "River", "Classification",
          "Rights and Reproduction", "Link Resource", "Object Wikidata URL", "Metadata Date",
          "Repository", "Tags", "Tags AAT URL", "Tags Wikidata URL"]

# CSV column → API key, where the API has one.
KEYS = {"Object Number": "accessionNumber", "Is Highlight": "isHighlight", "Is Timeline Work": "isTimelineWork",
        "Is Public Domain": "isPublicDomain", "Object ID": "objectID", "Gallery Number": "GalleryNumber",
        "Department": "department", "AccessionYear": "accessionYear", "Object Name": "objectName",
        "Title": "title", "Culture": "culture", "Period": "period", "Dynasty": "dynasty", "Reign": "reign",
        "Portfolio": "portfolio", "Artist Role": "artistRole", "Artist Prefix": "artistPrefix",
        "Artist Display Name": "artistDisplayName", "Artist Display Bio": "artistDisplayBio",
        "Artist Suffix": "artistSuffix", "Artist Alpha Sort": "artistAlphaSort",
        "Artist Nationality": "artistNationality", "Artist Begin Date": "artistBeginDate",
        "Artist End Date": "artistEndDate", "Artist Gender": "artistGender", "Artist ULAN URL": "artistULAN_URL",
        "Artist Wikidata URL": "artistWikidata_URL", "Object Date": "objectDate",
        "Object Begin Date": "objectBeginDate", "Object End Date": "objectEndDate", "Medium": "medium",
        "Dimensions": "dimensions", "Credit Line": "creditLine", "Geography Type": "geographyType",
        "City": "city", "State": "state", "County": "county", "Country": "country", "Region": "region",
        "Subregion": "subregion", "Locale": "locale", "Locus": "locus", "Excavation": "excavation",
        "River": "river", "Classification": "classification", "Rights and Reproduction": "rightsAndReproduction",
        "Link Resource": "linkResource", "Object Wikidata URL": "objectWikidata_URL",
        "Metadata Date": "metadataDate", "Repository": "repository"}


def cell(record, column):
    value = record.get(KEYS.get(column, ""), "")
    if column == "Is Public Domain":
        return "True" if value is True else "False"
    if isinstance(value, bool):
        return "True" if value else "False"
    if value is None or isinstance(value, (list, dict)):
        return ""
    return str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--omit", type=float, default=0.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.source, encoding="utf-8") as source, open(args.out, "w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(HEADER)
        for line in source:
            record = json.loads(line)
            if record.get("_notValid") or rng.random() < args.omit:
                continue
            writer.writerow([cell(record, column) for column in HEADER])


if __name__ == "__main__":
    main()
