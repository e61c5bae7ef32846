#!/usr/bin/env python3
"""Pillow anchor for the `gif-encode` benchmark.

Usage: gif_pillow.py FRAMES.rgba WIDTH HEIGHT COUNT FPS OUT.gif [RUNS]

Reads COUNT straight-RGBA frames of WIDTH×HEIGHT from FRAMES.rgba into RGBA Pillow images (not
timed), then times `save_all` to an in-memory GIF as a new user would call it (Pillow's defaults: it
quantizes RGBA frames itself and stores only the changed rectangle of each frame), and writes OUT.gif.
This is how the docs/BENCHMARKS.md anchor (1.80 MB, 36.1 dB on snow.gif's 100 frames) was produced; RGB
input takes Pillow's adaptive-palette path instead (slower and larger here). Prints one JSON line:
{"ms": [..per run..], "bytes": N}.
"""
import io
import json
import sys
import time

from PIL import Image


def main():
    path, w, h, n, fps, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]), sys.argv[6]
    runs = int(sys.argv[7]) if len(sys.argv) > 7 else 1
    raw = open(path, "rb").read()
    size = w * h * 4
    frames = [Image.frombytes("RGBA", (w, h), raw[i * size:(i + 1) * size]) for i in range(n)]
    duration = round(1000 / fps)
    times = []
    data = b""
    for _ in range(runs):
        buf = io.BytesIO()
        start = time.perf_counter()
        frames[0].save(buf, format="GIF", save_all=True, append_images=frames[1:], duration=duration, loop=0)
        times.append((time.perf_counter() - start) * 1000)
        data = buf.getvalue()
    with open(out, "wb") as f:
        f.write(data)
    print(json.dumps({"ms": times, "bytes": len(data)}))


if __name__ == "__main__":
    main()
