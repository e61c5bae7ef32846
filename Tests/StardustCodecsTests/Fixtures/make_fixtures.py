#!/usr/bin/env python3
"""Writes the StardustCodecs test fixtures with encoders other than ours.

Pillow writes the PNGs it supports, a JPEG and two GIFs; the remaining PNG variants (Adam7 interlacing,
2/4/16-bit depths, color keys, every filter type, several IDAT chunks) are assembled by hand below with
Python's zlib and struct. For each image, `<name>.rgba` holds the expected straight RGBA8 pixels (for GIFs,
one dump per composed frame, concatenated). 16-bit samples map to 8 bits as (v*255 + 32767) // 65535.
`manifest.json` lists every fixture. Run from anywhere: python3 make_fixtures.py
"""
import io, json, os, struct, zlib
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
manifest = []


def pattern(x, y):
    return ((x * 37 + y * 11) & 255, (x * 5 + y * 23 + 40) & 255, (x * y * 3 + 7) & 255, (x * 17 + y * 29 + 3) & 255)


def scale16(v):
    return (v * 255 + 32767) // 65535


def save(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


def add(name, width, height, rgba, kind="png", tolerance=0, frames=1, extra=None):
    assert len(rgba) == width * height * 4 * frames, name
    save(name.rsplit(".", 1)[0] + ".rgba", bytes(rgba))
    entry = {"file": name, "width": width, "height": height, "kind": kind, "tolerance": tolerance, "frames": frames}
    if extra:
        entry.update(extra)
    manifest.append(entry)


def pillow_rgba(data):
    im = Image.open(io.BytesIO(data))
    return im.convert("RGBA").tobytes()

# ---------------------------------------------------------------- Pillow PNGs

W, H = 16, 12
px = [pattern(x, y) for y in range(H) for x in range(W)]

def pil_png(name, im, expected, **kw):
    buf = io.BytesIO()
    im.save(buf, "PNG", **kw)
    data = buf.getvalue()
    save(name, data)
    add(name, im.width, im.height, expected)
    return data

gray = [p[0] for p in px]
im = Image.new("L", (W, H)); im.putdata(gray)
d = pil_png("pil_gray8.png", im, [c for g in gray for c in (g, g, g, 255)])
assert pillow_rgba(d) == bytes(c for g in gray for c in (g, g, g, 255))

im = Image.new("LA", (W, H)); im.putdata([(p[0], p[3]) for p in px])
exp = [c for p in px for c in (p[0], p[0], p[0], p[3])]
assert pillow_rgba(pil_png("pil_gray_alpha8.png", im, exp)) == bytes(exp)

im = Image.new("RGB", (W, H)); im.putdata([p[:3] for p in px])
exp = [c for p in px for c in (p[0], p[1], p[2], 255)]
assert pillow_rgba(pil_png("pil_rgb8.png", im, exp)) == bytes(exp)

im = Image.new("RGBA", (W, H)); im.putdata(px)
exp = [c for p in px for c in p]
assert pillow_rgba(pil_png("pil_rgba8.png", im, exp)) == bytes(exp)

# 8-bit palette with transparency: 40 colors, three of them translucent or clear.
pal40 = [(i * 6, 255 - i * 6, (i * 77) & 255) for i in range(40)]
alphas = [0, 128, 200] + [255] * 37
idx40 = [(x + 3 * y) % 40 for y in range(H) for x in range(W)]
im = Image.new("P", (W, H)); im.putpalette([c for rgb in pal40 for c in rgb]); im.putdata(idx40)
exp = [c for i in idx40 for c in (*pal40[i], alphas[i])]
assert pillow_rgba(pil_png("pil_palette8_trns.png", im, exp, transparency=bytes(alphas))) == bytes(exp)

pal = [(i * 20, 255 - i * 20, (i * 77) & 255) for i in range(12)]
idx = [(x + 2 * y) % 12 for y in range(H) for x in range(W)]

# Palette written with 4 bits per pixel.
im = Image.new("P", (W, H)); im.putpalette([c for rgb in pal for c in rgb]); im.putdata(idx)
exp = [c for i in idx for c in (*pal[i], 255)]
assert pillow_rgba(pil_png("pil_palette4.png", im, exp, bits=4)) == bytes(exp)

# 1-bit.
bits = [255 if (x * 3 + y * 5) % 7 < 3 else 0 for y in range(H) for x in range(W)]
im = Image.new("1", (W, H)); im.putdata(bits)
exp = [c for b in bits for c in (b, b, b, 255)]
assert pillow_rgba(pil_png("pil_gray1.png", im, exp)) == bytes(exp)

# 16-bit gray.
g16 = [(x * 4099 + y * 257 * 13 + 11) & 0xFFFF for y in range(H) for x in range(W)]
im = Image.new("I;16", (W, H)); im.putdata(g16)
data = pil_png("pil_gray16.png", im, [c for v in g16 for c in (scale16(v),) * 3 + (255,)])
assert list(Image.open(io.BytesIO(data)).get_flattened_data()) == g16

# Gray and RGB with a tRNS color key.
key = gray[5]
im = Image.new("L", (W, H)); im.putdata(gray)
exp = [c for g in gray for c in (g, g, g, 0 if g == key else 255)]
assert pillow_rgba(pil_png("pil_gray8_trns.png", im, exp, transparency=key)) == bytes(exp)

rgbkey = px[7][:3]
im = Image.new("RGB", (W, H)); im.putdata([p[:3] for p in px])
exp = [c for p in px for c in (p[0], p[1], p[2], 0 if p[:3] == rgbkey else 255)]
assert pillow_rgba(pil_png("pil_rgb8_trns.png", im, exp, transparency=rgbkey)) == bytes(exp)

# ---------------------------------------------------------------- hand-made PNGs

def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def pack_row(samples, depth):
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << depth) | s
        n += depth
        if n == 8:
            out.append(acc); acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, bpp):
    out, prev = bytearray(), bytes(len(rows[0])) if rows else b""
    for y, row in enumerate(rows):
        f = y % 5
        line = bytearray()
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            pred = (0, a, b, (a + b) // 2, paeth(a, b, c))[f]
            line.append((x - pred) & 255)
        out.append(f); out += line
        prev = row
    return bytes(out)


PASSES = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def make_png(pixels, width, height, depth, ctype, interlace=False, plte=None, trns=None, idat_pieces=1):
    """pixels: list (row-major) of sample tuples at `depth`."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[ctype]
    bpp = max(1, channels * depth // 8)
    raw = b""
    passes = PASSES if interlace else [(0, 0, 1, 1)]
    for (x0, y0, dx, dy) in passes:
        xs, ys = list(range(x0, width, dx)), list(range(y0, height, dy))
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in pixels[y * width + x]], depth) for y in ys]
        raw += filter_rows(rows, bpp)
    z = zlib.compress(raw, 9)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, ctype, 0, 0, 1 if interlace else 0))
    out += chunk(b"tEXt", b"Comment\x00hand-made fixture")
    if plte is not None:
        out += chunk(b"PLTE", bytes(c for rgb in plte for c in rgb))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    step = max(1, -(-len(z) // idat_pieces))
    for i in range(0, len(z), step):
        out += chunk(b"IDAT", z[i:i + step])
    return out + chunk(b"IEND", b"")


def hand(name, width, height, depth, ctype, sample, to_rgba, **kw):
    pixels = [sample(x, y) for y in range(height) for x in range(width)]
    data = make_png(pixels, width, height, depth, ctype, **kw)
    save(name, data)
    exp = [c for p in pixels for c in to_rgba(p)]
    add(name, width, height, exp)
    return data, exp

# Adam7 RGBA8, odd size so that passes are partial, three IDAT chunks.
d, e = hand("adam7_rgba8.png", 13, 11, 8, 6, lambda x, y: pattern(x, y), lambda p: p, interlace=True, idat_pieces=3)
assert pillow_rgba(d) == bytes(e)
# Adam7 2-bit gray.
d, e = hand("adam7_gray2.png", 9, 7, 2, 0, lambda x, y: ((x + y * 3) % 4,), lambda p: (p[0] * 85,) * 3 + (255,), interlace=True)
# 4-bit gray, every filter type.
d, e = hand("gray4.png", 10, 6, 4, 0, lambda x, y: ((x * 3 + y) % 16,), lambda p: (p[0] * 17,) * 3 + (255,))
assert pillow_rgba(d) == bytes(e)
# 2-bit gray with a tRNS key of 2.
hand("gray2_trns.png", 11, 5, 2, 0, lambda x, y: ((x + y) % 4,), lambda p: (p[0] * 85,) * 3 + (0 if p[0] == 2 else 255,),
     trns=struct.pack(">H", 2))
# 16-bit RGB with a 16-bit color key.
def rgb16(x, y):
    return ((x * 9001 + y * 77) & 0xFFFF, (y * 7919 + 5) & 0xFFFF, (x * y * 313) & 0xFFFF)
k = rgb16(3, 2)
hand("rgb16_trns.png", 8, 8, 16, 2, rgb16, lambda p: tuple(scale16(v) for v in p) + (0 if p == k else 255,),
     trns=struct.pack(">HHH", *k))
# Adam7 RGBA16.
def rgba16(x, y):
    return ((x * 5003) & 0xFFFF, (y * 6007) & 0xFFFF, ((x + y) * 3001) & 0xFFFF, (x * 4001 + y * 997) & 0xFFFF)
hand("adam7_rgba16.png", 11, 9, 16, 6, rgba16, lambda p: tuple(scale16(v) for v in p), interlace=True, idat_pieces=2)
# Gray + alpha 16.
hand("gray_alpha16.png", 7, 5, 16, 4, lambda x, y: ((x * 9000) & 0xFFFF, (y * 13000 + 1000) & 0xFFFF),
     lambda p: (scale16(p[0]),) * 3 + (scale16(p[1]),))
# 2-bit and 1-bit palettes, the 2-bit one with a partial tRNS.
pal4 = [(10, 20, 30), (200, 100, 0), (0, 255, 128), (90, 90, 250)]
hand("palette2_trns.png", 9, 6, 2, 3, lambda x, y: ((x * 2 + y) % 4,), lambda p: pal4[p[0]] + ((0, 100, 255, 255)[p[0]],),
     plte=pal4, trns=bytes([0, 100]))
pal2 = [(255, 0, 0), (0, 0, 255)]
hand("palette1.png", 13, 3, 1, 3, lambda x, y: ((x ^ y) & 1,), lambda p: pal2[p[0]] + (255,), plte=pal2)

# One pixel wide and one row high: the decoder inflates the rows into the tail of its pixel buffer and expands
# them into its front; these are the narrowest layouts either way (rows wider or narrower than their pixels).
hand("narrow_rgba16.png", 1, 6, 16, 6, rgba16, lambda p: tuple(scale16(v) for v in p))
for d, e in (hand("narrow_rgba8.png", 1, 7, 8, 6, lambda x, y: pattern(x, y), lambda p: p),
             hand("narrow_gray1.png", 1, 9, 1, 0, lambda x, y: (y & 1,), lambda p: (p[0] * 255,) * 3 + (255,)),
             hand("row_rgb8.png", 17, 1, 8, 2, lambda x, y: pattern(x, y)[:3], lambda p: p + (255,))):
    assert pillow_rgba(d) == bytes(e)

# ---------------------------------------------------------------- JPEG

def jpeg(name, im):
    buf = io.BytesIO()
    im.save(buf, "JPEG", quality=90)
    data = buf.getvalue()
    save(name, data)
    add(name, im.width, im.height, pillow_rgba(data), kind="jpeg", tolerance=3)

im = Image.new("RGB", (24, 16)); im.putdata([pattern(x // 2, y // 2)[:3] for y in range(16) for x in range(24)])
jpeg("pil_rgb.jpg", im)
im = Image.new("L", (16, 16)); im.putdata([(x * 16 + y * 3) & 255 for y in range(16) for x in range(16)])
jpeg("pil_gray.jpg", im)
# CMYK (Pillow writes Adobe-style inverted samples with an APP14 marker); RGB = (255-C)(255-K)/255 etc.
cmyk = [(0, 0, 0, 0), (255, 0, 0, 0), (0, 0, 0, 255), (0, 128, 255, 64)]
im = Image.new("CMYK", (32, 16)); im.putdata([cmyk[x // 8] for y in range(16) for x in range(32)])
jpeg("pil_cmyk.jpg", im)

# ---------------------------------------------------------------- GIF

def gif(name, frames, durations, **kw):
    buf = io.BytesIO()
    frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0, **kw)
    data = buf.getvalue()
    save(name, data)
    im = Image.open(io.BytesIO(data))
    composed = []
    for i in range(im.n_frames):
        im.seek(i)
        composed.append(im.convert("RGBA").tobytes())
    add(name, im.width, im.height, b"".join(composed), kind="gif", frames=im.n_frames,
        extra={"delays": [d // 10 for d in durations], "loop": 0})
    return composed

colors = [(255, 0, 0), (0, 128, 0), (0, 0, 255), (250, 250, 0), (20, 20, 20)]
frames = []
for f in range(3):
    im = Image.new("RGB", (12, 10))
    im.putdata([colors[(x // 3 + y // 3 + f) % 5] for y in range(10) for x in range(12)])
    frames.append(im)
composed = gif("pil_anim.gif", frames, [100, 200, 50])
for fr, c in zip(frames, composed):
    assert fr.convert("RGBA").tobytes() == c

# Hand-made GIF: interlaced first frame, sub-rectangles, transparency and disposal methods 1, 3, 2, 0.
def lzw_uncompressed(indices, m):
    """GIF LZW stream that never grows the table: a clear code every 2^m - 2 literals."""
    clear, end, size = 1 << m, (1 << m) + 1, m + 1
    codes = []
    for i, v in enumerate(indices):
        if i % ((1 << m) - 2) == 0:
            codes.append(clear)
        codes.append(v)
    codes.append(end)
    acc, n, out = 0, 0, bytearray()
    for c in codes:
        acc |= c << n
        n += size
        while n >= 8:
            out.append(acc & 255); acc >>= 8; n -= 8
    if n:
        out.append(acc)
    blocks = bytearray([m])
    for i in range(0, len(out), 255):
        blocks += bytes([len(out[i:i + 255])]) + out[i:i + 255]
    return bytes(blocks + b"\x00")


def interlace_rows(rows):
    order = list(range(0, len(rows), 8)) + list(range(4, len(rows), 8)) + list(range(2, len(rows), 4)) + list(range(1, len(rows), 2))
    return [rows[r] for r in order]

GW, GH = 16, 12
gpal = [(250, 250, 250), (200, 0, 0), (0, 0, 180), (0, 160, 0)]
gif_frames = [  # (x, y, w, h, disposal, transparent index or None, interlaced, pixel function)
    (0, 0, 16, 12, 1, None, True, lambda x, y: (x // 2 + y) % 3),
    (4, 3, 6, 5, 3, 3, False, lambda x, y: 3 if (x + y) % 3 == 0 else 2),
    (8, 6, 5, 4, 2, 0, False, lambda x, y: 1 if x < 3 else 0),
    (0, 0, 3, 3, 0, None, False, lambda x, y: 2),
]
data = b"GIF89a" + struct.pack("<HHBBB", GW, GH, 0x80 | 0x70 | 1, 0, 0) + bytes(c for rgb in gpal for c in rgb)
data += b"\x21\xff\x0bNETSCAPE2.0\x03\x01" + struct.pack("<H", 2) + b"\x00"
canvas = [(0, 0, 0, 0)] * (GW * GH)
expected = []
for (fx, fy, fw, fh, disp, tidx, inter, fn) in gif_frames:
    data += b"\x21\xf9\x04" + bytes([(disp << 2) | (1 if tidx is not None else 0)]) + struct.pack("<H", 5) + bytes([tidx or 0, 0])
    data += b"\x2c" + struct.pack("<HHHHB", fx, fy, fw, fh, 0x40 if inter else 0)
    rows = [[fn(x, y) for x in range(fw)] for y in range(fh)]
    stored = interlace_rows(rows) if inter else rows
    data += lzw_uncompressed([v for r in stored for v in r], 2)
    saved = list(canvas)
    for y in range(fh):
        for x in range(fw):
            if rows[y][x] != tidx:
                canvas[(fy + y) * GW + fx + x] = (*gpal[rows[y][x]], 255)
    expected.append(list(canvas))
    if disp == 2:
        for y in range(fh):
            for x in range(fw):
                canvas[(fy + y) * GW + fx + x] = (0, 0, 0, 0)
    elif disp == 3:
        canvas = saved
data += b"\x3b"
save("hand_disposal.gif", data)
im = Image.open(io.BytesIO(data))
pillow_frames = []
for i in range(im.n_frames):
    im.seek(i)
    pillow_frames.append(im.convert("RGBA").tobytes())
# Pillow agrees with these browser semantics except inside the rectangle disposed with method 2 (frame 2:
# x 8..12, y 6..9), which Pillow refills with palette color 0 instead of clearing it to transparent.
for i, (mine, theirs) in enumerate(zip(expected, pillow_frames)):
    mine_bytes = bytes(c for p in mine for c in p)
    # Compare alpha everywhere and color where opaque.
    for k in range(GW * GH):
        if i == 3 and 8 <= k % GW < 13 and 6 <= k // GW < 10:
            continue
        a, b = mine_bytes[4 * k:4 * k + 4], theirs[4 * k:4 * k + 4]
        assert a[3] == b[3] and (a[3] == 0 or a == b), ("frame", i, "pixel", k, a, b)
add("hand_disposal.gif", GW, GH, [c for f in expected for p in f for c in p], kind="gif", frames=len(expected),
    extra={"delays": [5] * len(expected), "loop": 2})

with open(os.path.join(HERE, "manifest.json"), "w") as f:
    json.dump(manifest, f, indent=1)
print("wrote", len(manifest), "fixtures")
