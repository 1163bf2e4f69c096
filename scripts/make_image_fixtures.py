#!/usr/bin/env python3
"""Writes the picture files the width/height tests read, with Pillow's real
encoders (libjpeg, zlib, libwebp, GIF LZW):

    python3 -m venv /tmp/v && /tmp/v/bin/pip install pillow
    /tmp/v/bin/python scripts/make_image_fixtures.py Tests/Fixtures/images

Every file is WIDTH x HEIGHT = 37 x 23 (not square, so a swap shows), except
where the name says otherwise. Files are small and committed; this script is
how they were made.

The decoding tests (PictureDecoderTests) read the `photo-*`, `exif-*`,
`near-*` and `bomb-*` files too: photo-like content (seeded, so reruns give
the same bytes), an EXIF orientation, a planted near copy (resized to 70%,
re-encoded at quality 60) and a PNG whose header claims 100000 x 100000.
"""
import io, os, random, struct, sys, zlib
from PIL import Image, ImageDraw, ImageFilter

out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def picture(width, height, mode="RGB"):
    image = Image.new(mode, (width, height))
    pixels = image.load()
    for x in range(width):
        for y in range(height):
            value = (x * 7 + y * 13) % 256
            pixels[x, y] = value if mode in ("L", "P") else (value, 255 - value, (x * y) % 256) + (() if mode == "RGB" else (200,))
    return image


exif = Image.Exif()
exif[0x010F] = "etl fixture camera"  # Make: puts an APP1 segment before the frame header
picture(37, 23).save(f"{out}/baseline.jpg", quality=80)
picture(37, 23).save(f"{out}/progressive-exif.jpg", quality=80, progressive=True, exif=exif.tobytes())
picture(37, 23, "L").save(f"{out}/grey.jpg", quality=80)
picture(37, 23).convert("CMYK").save(f"{out}/cmyk.jpg", quality=80)
picture(37, 23).save(f"{out}/rgb.png")
picture(37, 23, "RGBA").save(f"{out}/rgba.png")
picture(37, 23).convert("P").save(f"{out}/palette.gif")
picture(37, 23).save(f"{out}/lossy.webp", quality=70)                   # VP8
picture(37, 23).save(f"{out}/lossless.webp", lossless=True)             # VP8L
picture(37, 23, "RGBA").save(f"{out}/alpha.webp", quality=70)           # VP8X + ALPH + VP8
picture(5000, 3, "L").save(f"{out}/wide-5000x3.png")
# Slivers: libvips 8.14's JPEG loader scaled a side of 1 to 0 at 1/2-1/8 and aborted the process.
for width, height in ((1000, 1), (10000, 1), (1, 10000)):
    picture(width, height).save(f"{out}/thin-{width}x{height}.jpg", quality=80)


def photo(width, height, seed):
    """Blurred coloured shapes over a gradient: photo-like to the hashes."""
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height))
    top = tuple(rng.randrange(256) for _ in range(3))
    bottom = tuple(rng.randrange(256) for _ in range(3))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / max(1, height - 1)
        draw.line([(0, y), (width, y)], fill=tuple(int(a + (b - a) * t) for a, b in zip(top, bottom)))
    for _ in range(12):
        x, y = rng.randrange(width), rng.randrange(height)
        r = rng.randrange(max(2, min(width, height) // 10), max(3, min(width, height) // 3))
        draw.ellipse([x - r, y - r, x + r, y + r], fill=tuple(rng.randrange(256) for _ in range(3)))
    return image.filter(ImageFilter.GaussianBlur(max(1, min(width, height) // 150)))


photo(1200, 800, 1).save(f"{out}/photo-1200x800.jpg", quality=85)
photo(600, 900, 2).save(f"{out}/photo-progressive-600x900.jpg", quality=85, progressive=True)
photo(640, 480, 3).convert("CMYK").save(f"{out}/photo-cmyk-640x480.jpg", quality=85)
rotated = Image.Exif()
rotated[0x0112] = 6  # Orientation: rotate 90° clockwise to show
photo(600, 400, 4).save(f"{out}/exif-rotated-600x400.jpg", quality=85, exif=rotated.tobytes())  # shown 400 x 600
photo(500, 300, 5).convert("P", palette=Image.ADAPTIVE, colors=64).save(f"{out}/photo-palette-500x300.png")
photo(300, 500, 6).convert("L").convert("I").point(lambda v: v * 257).convert("I;16").save(f"{out}/photo-grey16-300x500.png")
alpha = photo(450, 450, 7).convert("RGBA")
alpha.putalpha(Image.linear_gradient("L").resize((450, 450)))
alpha.save(f"{out}/photo-alpha-450x450.png")
photo(800, 500, 8).save(f"{out}/photo-800x500.webp", quality=80)
frames = [photo(320, 200, 9).convert("P"), Image.new("RGB", (320, 200), (0, 0, 255)).convert("P")]
frames[0].save(f"{out}/photo-animated-320x200.gif", save_all=True, append_images=frames[1:], duration=100, loop=0)
# Two flat halves: the average colour is known exactly, (120, 40, 120).
halves = Image.new("RGB", (300, 200), (200, 40, 40))
halves.paste((40, 40, 200), (150, 0, 300, 200))
halves.save(f"{out}/halves-300x200.png")
# A planted near copy: the same photo resized to 70% and re-encoded at quality 60.
original = photo(1000, 700, 10)
original.save(f"{out}/near-original-1000x700.jpg", quality=90)
original.resize((700, 490), Image.LANCZOS).save(f"{out}/near-copy-700x490.jpg", quality=60)
photo(1000, 700, 11).save(f"{out}/near-other-1000x700.jpg", quality=90)
# A camera's EXIF with a GPS position, which no thumbnail may carry.
located = Image.Exif()
located[0x010F] = "etl fixture camera"
located[0x8825] = {1: "N", 2: (40.0, 26.0, 46.0), 3: "W", 4: (79.0, 58.0, 56.0)}
photo(640, 480, 12).save(f"{out}/exif-gps-640x480.jpg", quality=85, exif=located.tobytes())


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


# A decompression bomb's header: 100000 x 100000 RGB, then one short row.
with open(f"{out}/bomb-100000x100000.png", "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" + b"\x80" * 300)) + chunk(b"IEND", b""))
