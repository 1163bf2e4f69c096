"""Real-looking pictures for the mocks' image hosts (stdlib only): a
landscape a path's hash paints (a sky gradient, a sun, three ridges of
hills, a lake's reflection), in varied sizes and shapes, as PNG. About one
path in twelve (the Met's mock; the larger collections' mocks ask for one in
a hundred) paints one of four shared scenes at a size of its own: a near
copy (the same picture resized), as a museum's two records of one print are.

The bytes depend on the path only, so a retry gets the same picture, and no
picture file is kept in the repository. `python3 scripts/mocks/mock_pictures.py
PATH OUT.png` writes one to look at."""

import hashlib, math, struct, sys, zlib
from functools import lru_cache

WIDTHS = (160, 200, 240, 300, 360)
# width : height
SHAPES = ((4, 3), (3, 4), (1, 1), (3, 2), (2, 3), (16, 9))
PALETTES = (
    ((33, 64, 154), (250, 200, 150), (40, 80, 60), (252, 220, 120)),    # dusk over green hills
    ((120, 180, 230), (225, 240, 250), (110, 90, 70), (255, 250, 220)),  # noon, brown hills
    ((20, 24, 60), (90, 60, 120), (30, 30, 45), (240, 240, 255)),        # night, a moon
    ((250, 140, 80), (255, 225, 160), (90, 50, 60), (255, 245, 200)),    # sunset
    ((160, 200, 210), (235, 235, 225), (70, 100, 110), (250, 250, 240)),  # mist over the sea
)


def _digest(text):
    return hashlib.sha256(text.encode()).digest()


def scene_and_size(path, one_in=12):
    """(scene seed, width, height) for a path; about one path in `one_in`
    paints a shared scene."""
    h = _digest(path)
    scene = path
    if h[0] % one_in == 0:
        scene = f"shared scene {h[1] % 4}"
    width = WIDTHS[h[2] % len(WIDTHS)]
    w, ht = SHAPES[_digest(scene)[3] % len(SHAPES)] if scene != path else SHAPES[h[3] % len(SHAPES)]
    return scene, width, max(8, width * ht // w)


def _mix(a, b, t):
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def render(scene, width, height):
    """Rows of RGB bytes; the same scene at two sizes looks the same.

    Painted a column at a time (a column is the sky's gradient, then each
    ridge from its line down, far to near) and read back a row at a time by
    strided slices, so that the mocks serve thousands of pictures in
    seconds; only the sun's few pixels are worked out one by one."""
    h = _digest(scene)
    top, horizon, land, sun = PALETTES[h[0] % len(PALETTES)]
    sun_x, sun_y, sun_r = 0.2 + 0.6 * h[1] / 255, 0.15 + 0.25 * h[2] / 255, 0.05 + 0.06 * h[3] / 255
    ridges = []
    for layer in range(3):
        base = 0.45 + 0.12 * layer + 0.05 * h[4 + layer] / 255
        waves = [(0.03 + 0.05 * h[8 + 3 * layer + k] / 255, 1 + (h[9 + 3 * layer + k] % 5) + 2 * k, h[10 + layer] / 40)
                 for k in range(2)]
        shade = _mix(land, (0, 0, 0), 0.25 * layer) if layer else _mix(land, horizon, 0.45)
        ridges.append((base, waves, shade))
    water = 0.82 + 0.1 * h[20] / 255 if h[21] % 2 else 2.0
    heights = []
    for base, waves, shade in ridges:
        heights.append([int(height * (base - sum(a * math.sin(f * math.pi * x / width + p) for a, f, p in waves)))
                        for x in range(width)])
    shades = [bytes(shade) for _, _, shade in ridges]
    skies = [_mix(top, horizon, min(1.0, (y / height) / 0.6)) for y in range(height)]
    column = b"".join(bytes(sky) for sky in skies)
    stride = 3 * height
    pixels = bytearray(column * width)
    # The sun, on the sky, where it is: the columns within its glow's reach.
    reach = 1.6 * sun_r * height
    first, last = max(0, int(sun_x * width - reach) - 1), min(width, int(sun_x * width + reach) + 2)
    disc, glow, fade = bytes(sun), sun_r * 1.6, sun_r * 0.6
    for y in range(max(0, int((sun_y - 1.6 * sun_r) * height)), min(height, int((sun_y + 1.6 * sun_r) * height) + 1)):
        dy = y / height - sun_y
        toward = [b - a for a, b in zip(sun, skies[y])]
        for x in range(first, last):
            d = math.hypot((x / width - sun_x) * width / height, dy)
            if d < glow:
                at = x * stride + 3 * y
                if d < sun_r:
                    pixels[at:at + 3] = disc
                else:
                    t = (d - sun_r) / fade
                    pixels[at:at + 3] = bytes((int(sun[0] + toward[0] * t), int(sun[1] + toward[1] * t), int(sun[2] + toward[2] * t)))
    # Each ridge from its line to the bottom, far to near: the nearest covering one shows.
    for line, shade in zip(heights, shades):
        for x in range(width):
            y = max(0, line[x])
            if y < height:
                pixels[x * stride + 3 * y:(x + 1) * stride] = shade * (height - y)
    rows = []
    tint = bytes(top)
    for y in range(height):
        row = bytearray(3 * width)
        for channel in range(3):
            row[channel::3] = pixels[3 * y + channel::stride]
        if y / height >= water:
            # The lake: the row above the waterline mirrored, dimmed, with ripples.
            mirror = rows[max(0, int(2 * water * height) - y)] if int(2 * water * height) - y < len(rows) else bytes(row)
            ripple = 0.5 + 0.15 * math.sin(y * 0.9)
            for channel in range(3):
                values, table = mirror[channel::3], bytearray(256)
                rest = tint[channel] * (1 - ripple)
                for c in set(values):
                    table[c] = int(c * ripple + rest)
                row[channel::3] = values.translate(table)
        rows.append(bytes(row))
    return rows


def png(width, height, rows):
    chunk = lambda kind, body: (struct.pack(">I", len(body)) + kind + body
                                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


@lru_cache(maxsize=512)
def picture(path, one_in=12):
    """The PNG bytes for `path`; about one path in `one_in` (at most 256) is
    a near copy of a shared scene."""
    scene, width, height = scene_and_size(path, one_in)
    return png(width, height, render(scene, width, height))


if __name__ == "__main__":
    with open(sys.argv[2], "wb") as out:
        out.write(picture(sys.argv[1]))
