#!/usr/bin/env python3
"""Writes the picture files the width/height tests read, with Pillow's real
encoders (libjpeg, zlib, libwebp, GIF LZW):

    python3 -m venv /tmp/v && /tmp/v/bin/pip install pillow
    /tmp/v/bin/python scripts/make_image_fixtures.py Tests/Fixtures/images

Every file is WIDTH x HEIGHT = 37 x 23 (not square, so a swap shows), except
where the name says otherwise. Files are small and committed; this script is
how they were made.
"""
import io, os, sys
from PIL import Image

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
