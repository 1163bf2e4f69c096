#!/usr/bin/env python3
"""Writes the pictures that cannot be decoded row by row, for measuring
`etl images`'s peak memory (README, "Pictures"; issue 29's item 6):

    python3 -m venv /tmp/v && /tmp/v/bin/pip install pillow
    /tmp/v/bin/python scripts/make_memory_pictures.py /tmp/pictures

- adam7-rgba16-14000.png: Adam7-interlaced 16-bit RGBA, 14000 x 14000 (~1.5 MB);
- adam7-rgb8-10000.png: Adam7-interlaced 8-bit RGB, 10000 x 10000 (~0.3 MB);
- progressive-cmyk-14000.jpg: progressive CMYK JPEG, 14000 x 14000;
- progressive-cmyk-5000-{1..4}.jpg: progressive CMYK JPEGs, 5000 x 5000,
  each within the per-picture budget, four together above it.

Pillow writes no interlaced PNG, so the PNGs are written here: a flat
colour, every pass's rows alike, deflated as a stream (never held whole).
"""
import os, struct, sys, zlib
from PIL import Image, ImageDraw

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def adam7_png(path, size, colour, bit_depth, colour_type):
    pixel = b"".join(struct.pack(">H" if bit_depth == 16 else ">B", v) for v in colour)
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    deflate = zlib.compressobj(9)
    idat = []
    for x0, y0, dx, dy in passes:
        width = (size - x0 + dx - 1) // dx if size > x0 else 0
        height = (size - y0 + dy - 1) // dy if size > y0 else 0
        if width == 0 or height == 0:
            continue
        row = b"\x00" + pixel * width
        for _ in range(height):
            idat.append(deflate.compress(row))
    idat.append(deflate.flush())
    header = struct.pack(">IIBBBBB", size, size, bit_depth, colour_type, 0, 0, 1)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(idat)) + chunk(b"IEND", b""))


def progressive_cmyk(path, size, seed):
    image = Image.new("CMYK", (size, size), (seed * 40 % 256, 80, 160, 20))
    draw = ImageDraw.Draw(image)
    step = max(1, size // 40)
    for i in range(0, size, step):
        draw.line([(i, 0), (size - i, size)], fill=((i * 7 + seed) % 256, (i * 3) % 256, 200, 10), width=step // 3 + 1)
    image.save(path, quality=90, progressive=True)


adam7_png(f"{out}/adam7-rgba16-14000.png", 14000, (40000, 20000, 10000, 65535), 16, 6)
adam7_png(f"{out}/adam7-rgb8-10000.png", 10000, (200, 100, 50), 8, 2)
progressive_cmyk(f"{out}/progressive-cmyk-14000.jpg", 14000, 0)
for n in range(1, 5):
    progressive_cmyk(f"{out}/progressive-cmyk-5000-{n}.jpg", 5000, n)
