#!/usr/bin/env python3
"""The parts of scripts/benchmarks/bench-pictures that need Python (Pillow and the
thumbhash-python package, in the venv the script makes):

    bench_pictures.py generate --out DIR --count N --copies M [--seed S]
        N photo-like JPEGs pic-<i>.jpg, 1000-4000 px on the long side, and
        near copies copy-<j>.jpg of the first M (resized to 70%, quality 60).
    bench_pictures.py serve --dir DIR --port-file FILE
        Serves DIR on 127.0.0.1 (port 0: any free port), as the image host.
    bench_pictures.py records --dir DIR --base URL --out FILE
        Met-shaped records, one per picture: pictures get IDs 100000+i,
        copies 200000+j (larger, so the copy is the one marked).
    bench_pictures.py peer --dir DIR --base URL --thumbs DIR
        The Pillow peer: for each picture, download it, then do what etl does
        per picture: decode (draft mode: JPEG shrink-on-load), EXIF
        orientation, sRGB, a 400 px WebP thumbnail, the average colour, a
        9x8 dHash and a ThumbHash (thumbhash-python). One process, one core.
    bench_pictures.py nearcheck --catalog FILE --dir DIR
        From etl's catalog: copies' distances to their originals, the closest
        two distinct pictures, and whether near_duplicate_image marks exactly
        the copies. Exits 1 if not.
"""
import argparse, base64, http.server, io, json, os, random, sqlite3, sys, threading, urllib.request


def photo(width, height, rng):
    from PIL import Image, ImageDraw, ImageFilter
    small_w, small_h = max(8, width // 16), max(8, height // 16)
    image = Image.new("RGB", (small_w, small_h))
    draw = ImageDraw.Draw(image)
    top = tuple(rng.randrange(256) for _ in range(3))
    bottom = tuple(rng.randrange(256) for _ in range(3))
    for y in range(small_h):
        t = y / max(1, small_h - 1)
        draw.line([(0, y), (small_w, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(14):
        x, y = rng.randrange(small_w), rng.randrange(small_h)
        r = rng.randrange(max(2, min(small_w, small_h) // 12), max(3, min(small_w, small_h) // 3))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3)))
    return image.filter(ImageFilter.GaussianBlur(1)).resize((width, height), Image.BILINEAR)


def generate_one(job):
    from PIL import Image
    out, i, seed, copy = job
    path = os.path.join(out, f"pic-{i}.jpg")
    if not os.path.exists(path):
        rng = random.Random(seed * 1_000_003 + i)
        long_side = rng.randrange(1000, 4001)
        aspect = rng.uniform(0.6, 1.6)
        size = (long_side, int(long_side / aspect)) if aspect >= 1 else (int(long_side * aspect), long_side)
        photo(*size, rng).save(path + ".tmp", format="JPEG", quality=85)
        os.replace(path + ".tmp", path)
    copy_path = os.path.join(out, f"copy-{i}.jpg")
    if copy and not os.path.exists(copy_path):
        with Image.open(path) as original:
            resized = original.resize((original.width * 7 // 10, original.height * 7 // 10), Image.LANCZOS)
        resized.save(copy_path + ".tmp", format="JPEG", quality=60)
        os.replace(copy_path + ".tmp", copy_path)


def generate(args):
    import multiprocessing
    os.makedirs(args.out, exist_ok=True)
    jobs = [(args.out, i, args.seed, i <= args.copies) for i in range(1, args.count + 1)]
    with multiprocessing.Pool(os.cpu_count()) as pool:
        pool.map(generate_one, jobs, chunksize=8)
    json.dump({"count": args.count, "copies": args.copies, "seed": args.seed}, open(os.path.join(args.out, "manifest.json"), "w"))


def pictures(directory):
    manifest = json.load(open(os.path.join(directory, "manifest.json")))
    names = [(100000 + i, f"pic-{i}.jpg") for i in range(1, manifest["count"] + 1)]
    names += [(200000 + j, f"copy-{j}.jpg") for j in range(1, manifest["copies"] + 1)]
    return manifest, names


def serve(args):
    handler = lambda *a, **k: http.server.SimpleHTTPRequestHandler(*a, directory=args.dir, **k)
    http.server.SimpleHTTPRequestHandler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    with open(args.port_file + ".tmp", "w") as f:
        f.write(str(server.server_address[1]))
    os.replace(args.port_file + ".tmp", args.port_file)
    server.serve_forever()


def records(args):
    _, names = pictures(args.dir)
    with open(args.out, "w") as f:
        for object_id, name in names:
            url = f"{args.base}/{name}"
            f.write(json.dumps({
                "objectID": object_id, "isPublicDomain": True, "primaryImage": url, "primaryImageSmall": url,
                "title": f"Study {object_id}", "artistDisplayName": f"Painter {object_id % 977}",
                "classification": "Paintings", "objectDate": "1850", "department": "European Paintings",
                "objectURL": f"https://www.metmuseum.org/art/collection/search/{object_id}",
            }) + "\n")


def peer(args):
    from PIL import Image, ImageOps, ImageStat
    from thumbhash import image_to_thumbhash
    _, names = pictures(args.dir)
    os.makedirs(args.thumbs, exist_ok=True)
    for object_id, name in names:
        body = urllib.request.urlopen(f"{args.base}/{name}").read()
        with Image.open(io.BytesIO(body)) as image:
            image.draft("RGB", (400, 400))  # JPEG: decode at 1/2-1/8 scale, as libvips's shrink-on-load
            image = ImageOps.exif_transpose(image).convert("RGB")
            image.thumbnail((400, 400), Image.LANCZOS)
            image.save(os.path.join(args.thumbs, f"{object_id}.webp"), quality=80)
            colour = "#%02x%02x%02x" % tuple(round(v) for v in ImageStat.Stat(image).mean[:3])
            grey = list(image.convert("L").resize((9, 8), Image.LANCZOS).getdata())
            dhash = sum(1 << (63 - (y * 8 + x)) for y in range(8) for x in range(8) if grey[y * 9 + x] > grey[y * 9 + x + 1])
            placeholder = image_to_thumbhash(image)
        assert colour and placeholder and dhash >= 0


def nearcheck(args):
    manifest, _ = pictures(args.dir)
    db = sqlite3.connect(args.catalog)
    hashes = {row[0]: int(row[1], 16) for row in db.execute("SELECT object_id, phash FROM images WHERE state = 'ok' AND phash IS NOT NULL")}
    count, copies = manifest["count"], manifest["copies"]
    distance = lambda a, b: bin(hashes[a] ^ hashes[b]).count("1")
    copy_distances = sorted(distance(100000 + j, 200000 + j) for j in range(1, copies + 1) if 200000 + j in hashes)
    originals = sorted(i for i in hashes if i < 200000)
    closest = min((distance(a, b) for n, a in enumerate(originals) for b in originals[n + 1:]), default=None)
    histogram = {}
    for d in copy_distances:
        histogram[d] = histogram.get(d, 0) + 1
    marked = {row[0] for row in db.execute("SELECT object_id FROM rejections WHERE reason = 'near_duplicate_image'")}
    expected = {200000 + j for j in range(1, copies + 1)}
    print(f"near copies: {len(copy_distances)} of {copies} decoded, bits from their original: "
          + ", ".join(f"{d}: {n}" for d, n in sorted(histogram.items())))
    print(f"distinct pictures: {len(originals)}, the closest two are {closest} bits apart")
    print(f"near_duplicate_image: {len(marked & expected)} of {len(expected)} copies marked, "
          f"{len(marked - expected)} distinct pictures marked")
    if marked != expected:
        sys.exit("Error: near_duplicate_image does not mark exactly the copies")


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("generate"); p.add_argument("--out", required=True); p.add_argument("--count", type=int, default=2000)
    p.add_argument("--copies", type=int, default=200); p.add_argument("--seed", type=int, default=1)
    p = sub.add_parser("serve"); p.add_argument("--dir", required=True); p.add_argument("--port-file", required=True)
    p = sub.add_parser("records"); p.add_argument("--dir", required=True); p.add_argument("--base", required=True); p.add_argument("--out", required=True)
    p = sub.add_parser("peer"); p.add_argument("--dir", required=True); p.add_argument("--base", required=True); p.add_argument("--thumbs", required=True)
    p = sub.add_parser("nearcheck"); p.add_argument("--catalog", required=True); p.add_argument("--dir", required=True)
    args = parser.parse_args()
    {"generate": generate, "serve": serve, "records": records, "peer": peer, "nearcheck": nearcheck}[args.command](args)


if __name__ == "__main__":
    main()
