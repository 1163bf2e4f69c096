#!/usr/bin/env python3
"""The peer crawler that scripts/benchmarks/bench compares etl with: asyncio + aiohttp.

    python scripts/benchmarks/bench_peer_aiohttp.py --api URL --concurrency C

Does the same work as `etl crawl` up to storage: GET {api}/objects, then
GET {api}/objects/{id} for every listed ID with at most C requests in flight
(a semaphore), one keep-alive connection pool; decodes each 200 body as
JSON, keeps the fields etl stores (objectID, isPublicDomain, primaryImage,
artistDisplayName, title, classification, objectDate, medium, objectURL,
department, metadataDate) in a list in memory, and applies etl's
completeness filter. It writes no SQLite and no page files (etl does).
Prints one JSON line: listed, fetched, gone, failed, complete.
"""

import argparse
import asyncio
import json
import sys
import time

import aiohttp

FIELDS = ("objectID", "isPublicDomain", "primaryImage", "artistDisplayName", "title",
          "classification", "objectDate", "medium", "objectURL", "department", "metadataDate")
REQUIRED_TEXT = ("primaryImage", "artistDisplayName", "title", "classification", "objectDate")


def is_complete(rec):
    oid = rec.get("objectID")
    return (isinstance(oid, int) and not isinstance(oid, bool) and oid > 0
            and rec.get("isPublicDomain") is True
            and all(isinstance(rec.get(k), str) and rec[k].strip() for k in REQUIRED_TEXT))


async def crawl(api, concurrency, deadline):
    kept, counts = [], {"fetched": 0, "gone": 0, "failed": 0, "complete": 0}
    connector = aiohttp.TCPConnector(limit=concurrency, ttl_dns_cache=None)
    timeout = aiohttp.ClientTimeout(total=30)
    async with aiohttp.ClientSession(connector=connector, timeout=timeout) as session:
        async with session.get(f"{api}/objects") as resp:
            resp.raise_for_status()
            ids = json.loads(await resp.read())["objectIDs"]
        sem = asyncio.Semaphore(concurrency)

        async def one(oid):
            try:
                for _attempt in range(3):
                    try:
                        async with session.get(f"{api}/objects/{oid}") as resp:
                            body = await resp.read()
                            status = resp.status
                        break
                    except (aiohttp.ClientError, asyncio.TimeoutError):
                        continue
                else:
                    counts["failed"] += 1
                    return
                if status == 200:
                    obj = json.loads(body)
                    rec = {k: obj.get(k) for k in FIELDS}
                    counts["fetched"] += 1
                    if is_complete(rec) and rec["objectID"] == oid:
                        counts["complete"] += 1
                    kept.append(rec)
                elif status in (400, 404):
                    counts["gone"] += 1
                else:
                    counts["failed"] += 1
            finally:
                sem.release()

        tasks = set()
        for oid in ids:
            if time.monotonic() > deadline:
                break
            await sem.acquire()  # at most `concurrency` tasks exist at once
            task = asyncio.ensure_future(one(oid))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
        if tasks:
            await asyncio.gather(*tasks)
    return {"listed": len(ids), **counts, "records_in_memory": len(kept)}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--api", required=True)
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--max-seconds", type=float, default=1800, help="stop starting requests after this long")
    args = p.parse_args()
    start = time.monotonic()
    result = asyncio.run(crawl(args.api.rstrip("/"), args.concurrency, start + args.max_seconds))
    result["seconds"] = round(time.monotonic() - start, 3)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
