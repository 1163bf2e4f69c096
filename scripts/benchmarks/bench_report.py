#!/usr/bin/env python3
"""Turns scripts/benchmarks/bench's raw measurements into Markdown (stdout).

    python3 scripts/benchmarks/bench_report.py --results DIR

DIR/runs.tsv has one line per run: tool, concurrency, repetition, exit code,
wall seconds, nginx worker CPU seconds, path of `/usr/bin/time -v` output,
path of the tool's stdout (etl's --json summary or the peer's JSON line),
and for etl the number of complete objects in its catalog. DIR/big.tsv (optional) has key<TAB>value lines
from the --big phase. DIR/meta.tsv has key<TAB>value lines about the setup.
"""

import argparse
import json
import os
import re
import statistics
import sys

TARGET_RATE = 10_000        # objects/s
TARGET_RATIO = 2.0          # etl / aiohttp objects/s
TARGET_CPU_MS = 0.15        # CPU ms per object
TARGET_RSS_MB = 150         # at 500k
TARGET_PAGES_S = 3.0


def parse_time(path):
    out = {"user": 0.0, "sys": 0.0, "rss_kb": 0, "elapsed": None}
    try:
        text = open(path, encoding="utf-8", errors="replace").read()
    except OSError:
        return out
    for key, pattern in (("user", r"User time \(seconds\): ([\d.]+)"),
                         ("sys", r"System time \(seconds\): ([\d.]+)"),
                         ("rss_kb", r"Maximum resident set size \(kbytes\): (\d+)")):
        m = re.search(pattern, text)
        if m:
            out[key] = float(m.group(1)) if key != "rss_kb" else int(m.group(1))
    m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)", text)
    if m:
        secs = 0.0
        for part in m.group(1).split(":"):
            secs = secs * 60 + float(part)
        out["elapsed"] = secs
    return out


def last_json(path):
    try:
        lines = open(path, encoding="utf-8", errors="replace").read().strip()
    except OSError:
        return {}
    # etl prints pretty JSON (the whole file); the peers print one line.
    try:
        return json.loads(lines)
    except ValueError:
        for line in reversed(lines.splitlines()):
            try:
                return json.loads(line)
            except ValueError:
                continue
    return {}


def read_kv(path):
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            if "\t" in line:
                k, v = line.rstrip("\n").split("\t", 1)
                out[k] = v
    return out


def fmt(x, digits=1):
    if x is None:
        return "–"
    if isinstance(x, int):
        return f"{x:,}"
    return f"{x:,.{digits}f}"


def load_runs(results, files=None):
    runs = []
    path = os.path.join(results, "runs.tsv")
    if not os.path.exists(path):
        return runs
    for line in open(path, encoding="utf-8"):
        parts = line.rstrip("\n").split("\t")
        if len(parts) < 8:
            continue
        tool, conc, rep, rc, wall, ngx, tfile, ofile = parts[:8]
        etl_complete = parts[8] if len(parts) > 8 else ""
        t = parse_time(tfile)
        j = last_json(ofile)
        if tool.startswith("etl"):
            objects = sum(int(j.get(k, 0) or 0) for k in ("fetched", "gone", "failed", "badIDs"))
            complete = int(etl_complete) if etl_complete.isdigit() else None
            ok = rc == "0" and j.get("status") == "completed" and int(j.get("failed", 0) or 0) == 0
        else:
            objects = sum(int(j.get(k, 0) or 0) for k in ("fetched", "gone", "failed"))
            complete = j.get("complete")
            ok = rc == "0" and int(j.get("failed", 0) or 0) == 0 and objects == j.get("listed")
        # Every object with a file must come back 200: a 404 from a server
        # out of file descriptors would otherwise pass for a fast run.
        if files is not None and int(j.get("fetched", -1) or 0) != files:
            ok = False
        wall = float(wall)
        cpu = t["user"] + t["sys"]
        runs.append({
            "tool": tool, "c": int(conc), "rep": int(rep), "rc": rc, "ok": ok, "wall": wall,
            "objects": objects, "rate": objects / wall if wall > 0 else 0.0,
            "cpu": cpu, "cpu_per_1k": cpu / objects * 1000 if objects else None,
            "rss_mb": t["rss_kb"] / 1024, "nginx_cpu": float(ngx) if ngx not in ("", "-") else None,
            "complete": complete, "summary": j,
        })
    return runs


def median_run(group):
    ordered = sorted(group, key=lambda r: r["wall"])
    return ordered[(len(ordered) - 1) // 2]


def compare_section(runs, meta):
    out = []
    tools = []
    for r in runs:
        if r["tool"] not in tools:
            tools.append(r["tool"])
    concs = sorted({r["c"] for r in runs})
    chosen = {}
    for tool in tools:
        for c in concs:
            group = [r for r in runs if r["tool"] == tool and r["c"] == c]
            if group:
                chosen[(tool, c)] = median_run(group)
    reps = max((r["rep"] for r in runs), default=1)
    n = meta.get("count", "?")
    out.append(f"### Crawl throughput: {n} records ({meta.get('listed', '?')} listed IDs, "
               f"{meta.get('not_found', '?')} of them 404), nginx on 127.0.0.1, "
               f"{meta.get('cores', '?')} cores shared by client and server"
               + (f", median of {reps} runs" if reps > 1 else ""))
    out.append("")
    out.append("| tool | stores | concurrency | objects | wall s | objects/s | CPU s (user+sys) / 1,000 objects "
               "| peak RSS MB | etl/aiohttp objects/s | nginx CPU s | complete | ok |")
    out.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|")
    stores = {"etl": "SQLite (batched txns) + page files", "aiohttp": "in memory only, no SQLite",
              "scrapy": "in memory only, no SQLite"}
    for c in concs:
        for tool in tools:
            r = chosen.get((tool, c))
            if not r:
                continue
            ratio = ""
            if tool == "etl" and ("aiohttp", c) in chosen and chosen[("aiohttp", c)]["rate"] > 0:
                ratio = f"{r['rate'] / chosen[('aiohttp', c)]['rate']:.2f}×"
            out.append(f"| {tool} | {stores.get(tool, '')} | {c} | {fmt(r['objects'])} | {r['wall']:.2f} | "
                       f"{fmt(r['rate'], 0)} | {fmt(r['cpu_per_1k'], 3)} | {fmt(r['rss_mb'], 1)} | {ratio} | "
                       f"{fmt(r['nginx_cpu'], 2)} | {fmt(r['complete']) if r['complete'] is not None else '–'} | "
                       f"{'yes' if r['ok'] else 'NO'} |")
    out.append("")
    out.append("objects = listed IDs requested (200 + 404). CPU and peak RSS are the client's own "
               "(`/usr/bin/time -v`); nginx's worker CPU is shown apart. complete = objects passing the "
               "completeness filter (etl: `is_complete` in the catalog; peers: same rules in Python) — "
               "equal counts mean the work is comparable. etl also writes every body and its fields to "
               "SQLite and rebuilds works/pages; the peers keep the 11 fields in a list.")
    out.append("")
    return out, chosen, concs


def ab_section(runs):
    """This build against the previous release, run in alternation on the same nginx."""
    out = []
    concs = sorted({r["c"] for r in runs if r["tool"] == "etl-prev"})
    if not concs:
        return out
    out.append("### A/B: this build against the previous release, alternating on the same nginx")
    out.append("")
    out.append("| binary | concurrency | rounds | CPU ms per object (median) | objects/s (median) | all ok |")
    out.append("|---|---:|---:|---:|---:|:-:|")
    for c in concs:
        for tool, name in (("etl", "this build"), ("etl-prev", "previous release")):
            group = [r for r in runs if r["tool"] == tool and r["c"] == c]
            if not group:
                continue
            cpu = sorted(r["cpu"] / r["objects"] * 1000 for r in group if r["objects"])
            rate = sorted(r["rate"] for r in group)
            out.append(f"| {name} | {c} | {len(group)} | {cpu[(len(cpu) - 1) // 2]:.4f} | "
                       f"{fmt(rate[(len(rate) - 1) // 2], 0)} | {'yes' if all(r['ok'] for r in group) else 'NO'} |")
    out.append("")
    return out


def big_section(big):
    out = []
    if not big:
        return out
    n = int(big.get("listed", 0) or 0)
    out.append(f"### Catalog rebuild at scale: {fmt(int(big.get('count', 0)))} records "
               f"({fmt(n)} listed IDs), etl crawl --concurrency {big.get('concurrency')}")
    out.append("")
    out.append("| step | result | wall s | CPU s | peak RSS MB | notes |")
    out.append("|---|---|---:|---:|---:|---|")
    crawl = last_json(big.get("crawl_out", ""))
    ct = parse_time(big.get("crawl_time", ""))
    objects = sum(int(crawl.get(k, 0) or 0) for k in ("fetched", "gone", "failed", "badIDs"))
    wall = float(big.get("crawl_wall", 0) or 0)
    rate = objects / wall if wall else 0
    cpu = ct["user"] + ct["sys"]
    status = crawl.get("status", f"exit {big.get('crawl_rc')}")
    if big.get("files", "").isdigit() and int(crawl.get("fetched", -1) or 0) != int(big["files"]):
        status += f" (WRONG: fetched {crawl.get('fetched')} of {big['files']} files)"
    if big.get("crawl_rc") == "124":
        status = "ABORTED (time limit)"
    out.append(f"| etl crawl (full, fresh catalog) | {status}: {fmt(objects)} objects ({fmt(crawl.get('fetched'))} "
               f"200, {fmt(crawl.get('gone'))} 404), kept {fmt(crawl.get('kept'))} | "
               f"{wall:.1f} | {cpu:.1f} | {ct['rss_kb'] / 1024:.1f} | {fmt(rate, 0)} objects/s, "
               f"{(cpu / objects * 1000) if objects else 0:.3f} CPU s / 1,000 objects |")
    for step in ("pages", "status"):
        t = parse_time(big.get(f"{step}_time", ""))
        w = float(big.get(f"{step}_wall", 0) or 0)
        note = f"exit {big.get(f'{step}_rc')}"
        out.append(f"| etl {step} | {note} | {w:.2f} | {t['user'] + t['sys']:.2f} | {t['rss_kb'] / 1024:.1f} | |")
    db = int(big.get("catalog_bytes", 0) or 0)
    wal = int(big.get("wal_bytes", 0) or 0)
    body = int(big.get("body_bytes", 0) or 0)
    out.append(f"| catalog on disk | {db / 1e6:,.0f} MB (+ WAL {wal / 1e6:,.0f} MB) | | | | "
               f"{db / n if n else 0:,.0f} B per listed ID; served JSON bodies total {body / 1e6:,.0f} MB |")
    out.append("")
    return out


def targets_section(chosen, concs, big):
    out = ["### Targets", ""]
    etl = [chosen[("etl", c)] for c in concs if ("etl", c) in chosen]

    def mark(ok):
        return "PASS" if ok else "MISS"

    if etl:
        best = max(etl, key=lambda r: r["rate"])
        out.append(f"- etl ≥ 10,000 objects/s: best {best['rate']:,.0f} at concurrency {best['c']} — "
                   f"{mark(best['rate'] >= TARGET_RATE)}")
        for c in concs:
            if ("etl", c) in chosen and ("aiohttp", c) in chosen and chosen[("aiohttp", c)]["rate"] > 0:
                ratio = chosen[("etl", c)]["rate"] / chosen[("aiohttp", c)]["rate"]
                out.append(f"- etl ≥ 2× aiohttp at concurrency {c}: {ratio:.2f}× — {mark(ratio >= TARGET_RATIO)}")
        worst = max(etl, key=lambda r: r["cpu_per_1k"] or 0)
        ms = (worst["cpu_per_1k"] or 0)  # s per 1,000 objects == ms per object
        out.append(f"- etl ≤ 0.15 ms CPU per object: worst {ms:.3f} ms (concurrency {worst['c']}) — "
                   f"{mark(ms <= TARGET_CPU_MS)}")
    if big:
        ct = parse_time(big.get("crawl_time", ""))
        rss = ct["rss_kb"] / 1024
        out.append(f"- etl peak RSS ≤ 150 MB at {int(big.get('count', 0)):,} records: {rss:.1f} MB — "
                   f"{mark(rss <= TARGET_RSS_MB and big.get('crawl_rc') == '0')}")
        pw = float(big.get("pages_wall", 0) or 0)
        out.append(f"- etl pages ≤ 3 s: {pw:.2f} s — {mark(pw <= TARGET_PAGES_S and big.get('pages_rc') == '0')}")
    else:
        out.append("- etl peak RSS ≤ 150 MB at 500k, etl pages ≤ 3 s: not measured (run with --big)")
    out.append("")
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--results", required=True)
    args = p.parse_args()
    meta = read_kv(os.path.join(args.results, "meta.tsv"))
    big = read_kv(os.path.join(args.results, "big.tsv"))
    files = int(meta["files"]) if meta.get("files", "").isdigit() else None
    runs = load_runs(args.results, files)
    lines = []
    chosen, concs = {}, []
    if runs:
        section, chosen, concs = compare_section(runs, meta)
        lines += section
        lines += ab_section(runs)
    lines += big_section(big)
    lines += targets_section(chosen, concs, big)
    setup = ", ".join(f"{k} {v}" for k, v in meta.items() if k in ("etl", "etl_prev", "nginx", "python", "aiohttp", "scrapy", "cpu"))
    if setup:
        lines.append(f"Setup: {setup}.")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
