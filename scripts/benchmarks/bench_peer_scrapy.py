#!/usr/bin/env python3
"""Optional Scrapy peer for scripts/benchmarks/bench (--with-scrapy).

    python scripts/benchmarks/bench_peer_scrapy.py --api URL --concurrency C

Same work as scripts/benchmarks/bench_peer_aiohttp.py (listing, every object, JSON
decode, the fields etl keeps, etl's completeness filter, records kept in
memory, no storage), with Scrapy's defaults for politeness switched off
(no robots.txt, no AutoThrottle, no delay, no retries of 404, no cookies).
Prints one JSON line like the aiohttp peer.
"""

import argparse
import json
import sys
import time

import scrapy
from scrapy.crawler import CrawlerProcess

FIELDS = ("objectID", "isPublicDomain", "primaryImage", "artistDisplayName", "title",
          "classification", "objectDate", "medium", "objectURL", "department", "metadataDate")
REQUIRED_TEXT = ("primaryImage", "artistDisplayName", "title", "classification", "objectDate")
RESULT = {"listed": 0, "fetched": 0, "gone": 0, "failed": 0, "complete": 0}
KEPT = []


def is_complete(rec, oid):
    rid = rec.get("objectID")
    return (isinstance(rid, int) and not isinstance(rid, bool) and rid > 0 and rid == oid
            and rec.get("isPublicDomain") is True
            and all(isinstance(rec.get(k), str) and rec[k].strip() for k in REQUIRED_TEXT))


class MetSpider(scrapy.Spider):
    name = "met"
    custom_settings = {"HTTPERROR_ALLOWED_CODES": [400, 404]}

    def __init__(self, api, **kwargs):
        super().__init__(**kwargs)
        self.api = api

    async def start(self):  # Scrapy >= 2.13
        for request in self.start_requests():
            yield request

    def start_requests(self):  # older Scrapy
        yield scrapy.Request(f"{self.api}/objects", callback=self.parse_listing, dont_filter=True)

    def parse_listing(self, response):
        ids = json.loads(response.body)["objectIDs"]
        RESULT["listed"] = len(ids)
        for oid in ids:
            yield scrapy.Request(f"{self.api}/objects/{oid}", callback=self.parse_object,
                                 errback=self.failed, cb_kwargs={"oid": oid}, dont_filter=True)

    def parse_object(self, response, oid):
        if response.status == 200:
            obj = json.loads(response.body)
            rec = {k: obj.get(k) for k in FIELDS}
            RESULT["fetched"] += 1
            if is_complete(rec, oid):
                RESULT["complete"] += 1
            KEPT.append(rec)
        else:
            RESULT["gone"] += 1

    def failed(self, failure):
        RESULT["failed"] += 1


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--api", required=True)
    p.add_argument("--concurrency", type=int, default=8)
    p.add_argument("--max-seconds", type=float, default=1800)
    args = p.parse_args()
    start = time.monotonic()
    process = CrawlerProcess(settings={
        "CONCURRENT_REQUESTS": args.concurrency,
        "CONCURRENT_REQUESTS_PER_DOMAIN": args.concurrency,
        "DOWNLOAD_DELAY": 0,
        "ROBOTSTXT_OBEY": False,
        "AUTOTHROTTLE_ENABLED": False,
        "COOKIES_ENABLED": False,
        "RETRY_TIMES": 2,
        "LOG_LEVEL": "ERROR",
        "TELNETCONSOLE_ENABLED": False,
        "CLOSESPIDER_TIMEOUT": args.max_seconds,
        "REMOTE_CONTROL_ENABLED": False,  # Scrapy >= 2.19 opens an HTTP control server otherwise
        "USER_AGENT": "bench-scrapy",
    })
    process.crawl(MetSpider, api=args.api.rstrip("/"))
    process.start()
    RESULT["records_in_memory"] = len(KEPT)
    RESULT["seconds"] = round(time.monotonic() - start, 3)
    print(json.dumps(RESULT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
