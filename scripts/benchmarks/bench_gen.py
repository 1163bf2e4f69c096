#!/usr/bin/env python3
"""Lays out Met-shaped records as static files for nginx (used by scripts/benchmarks/bench).

    python3 scripts/benchmarks/bench_gen.py --count N --seed S --root DIR [--extra 0.05]
    python3 scripts/benchmarks/bench_gen.py --from FILE.jsonl --root DIR [--extra 0.05]

Writes, under DIR:
  listing.json      {"total": M, "objectIDs": [...]}: every record's ID plus about
                    `--extra` x N listed IDs that have no file (404 from nginx)
  objects/<id>      one compact JSON body per valid record
  404.json          {"message":"ObjectID not found"}
  stats.json        counts (records, listed, files, not-found, bytes, complete)

Records come from scripts/fixtures/make_sample.py's own generator (same keys, same
order, same mix of incomplete, duplicate and "not valid" records), produced in
chunks and streamed to disk, so 500,000 records need neither a 1 GB JSONL file
nor gigabytes of memory. make_sample's `_notValid` lines get no file, i.e. they
answer 404 like the extra IDs. `--from` lays out an existing make_sample JSONL.
Bodies are compact JSON (no spaces after separators), as the real API sends.
"""

import argparse
import importlib.util
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def load_make_sample():
    spec = importlib.util.spec_from_file_location("make_sample", os.path.join(HERE, "..", "fixtures", "make_sample.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def compact(record):
    return json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def generated(ms, count, seed, chunk=5000):
    """make_sample's v1 records, chunk by chunk (duplicates are drawn within a chunk)."""
    rng = random.Random(seed)
    oid = 1000
    left = count
    while left > 0:
        ids = []
        for _ in range(min(chunk, left)):
            ids.append(oid)
            oid += rng.randrange(1, 8)
        left -= len(ids)
        yield from ms.generate(rng, ids, ms.day_2024)


def from_file(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=20000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--from", dest="source", help="a make_sample.py JSONL file instead of generating")
    p.add_argument("--root", required=True)
    p.add_argument("--extra", type=float, default=0.05, help="share of extra listed IDs with no file")
    args = p.parse_args(argv)

    ms = load_make_sample()
    objects_dir = os.path.join(args.root, "objects")
    os.makedirs(objects_dir, exist_ok=True)
    extra_rng = random.Random(args.seed ^ 0x5EED)
    listed, used = [], set()
    records = files = not_valid = extra = complete = total_bytes = 0
    source = from_file(args.source) if args.source else generated(ms, args.count, args.seed)
    pending_extra = 0.0
    for rec in source:
        oid = rec["objectID"]
        records += 1
        # Extra IDs go into gaps just below a record's ID, so 404s are spread
        # through the listing like real withdrawn objects are.
        pending_extra += args.extra
        if pending_extra >= 1 and oid - 1 not in used and (not listed or oid - 1 > listed[-1]):
            listed.append(oid - 1)
            used.add(oid - 1)
            pending_extra -= 1
            extra += 1
        listed.append(oid)
        used.add(oid)
        if rec.get("_notValid"):
            not_valid += 1
            continue
        if ms.is_complete(rec):
            complete += 1
        body = compact(rec)
        fd = os.open(os.path.join(objects_dir, str(oid)), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            os.write(fd, body)
        finally:
            os.close(fd)
        files += 1
        total_bytes += len(body)
        if records % 100000 == 0:
            print(f"bench_gen: {records} records", file=sys.stderr, flush=True)
    listed.sort()
    with open(os.path.join(args.root, "listing.json"), "w", encoding="utf-8") as fh:
        json.dump({"total": len(listed), "objectIDs": listed}, fh, separators=(",", ":"))
    with open(os.path.join(args.root, "404.json"), "w", encoding="utf-8") as fh:
        fh.write('{"message":"ObjectID not found"}')
    stats = {"records": records, "listed": len(listed), "files": files,
             "not_found": len(listed) - files, "not_valid": not_valid, "extra": extra,
             "complete": complete, "body_bytes": total_bytes,
             "mean_body_bytes": round(total_bytes / files) if files else 0}
    with open(os.path.join(args.root, "stats.json"), "w", encoding="utf-8") as fh:
        json.dump(stats, fh)
    print(json.dumps(stats))
    return 0


if __name__ == "__main__":
    sys.exit(main())
