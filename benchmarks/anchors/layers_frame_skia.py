#!/usr/bin/env python3
"""Skia anchor for the `layers-frame` benchmark (docs/BENCHMARKS.md).

Usage: layers_frame_skia.py SPEC.json OUT.rgba RUNS

SPEC.json is written by `stardust bench layers-frame`: the frame size in points, the scale, and the
layers (position, size, rotation, shape, fill, stroke, mask, shadow, blend mode) that Stardust draws in
the same run. This script draws the same content with skia-python on a CPU raster surface (N32,
premultiplied), one thread, RUNS times, timing each frame in-process (clear + draw + flush), and writes
the last frame's premultiplied RGBA to OUT.rgba for the pixel comparison. Prints one JSON line:
{"ms": [..per run..]}.

Mapping (the same semantics as Stardust's, docs/DRAWING.md): a layer with a mask, a blend mode or a
shadow is a saveLayer; the blend mode is the layer paint's blend mode; a shadow is the layer paint's
DropShadow image filter with sigma = shadowRadius (Skia scales it by the canvas matrix, as Stardust
scales shadowRadius by the layer's transform); a mask is drawn into the layer with kDstIn (alpha mask).
Dash patterns and radial/conic gradients plug in where marked "PLUG-IN".
"""
import json
import sys
import time

import skia

BLENDS = {
    "normal": skia.BlendMode.kSrcOver, "multiply": skia.BlendMode.kMultiply, "screen": skia.BlendMode.kScreen,
    "overlay": skia.BlendMode.kOverlay, "darken": skia.BlendMode.kDarken, "lighten": skia.BlendMode.kLighten,
    "softLight": skia.BlendMode.kSoftLight, "difference": skia.BlendMode.kDifference,
}


def color(c):
    return skia.Color4f(c[0], c[1], c[2], c[3])


def shape_path(kind, w, h, radius):
    p = skia.Path()
    if kind == "ellipse":
        p.addOval(skia.Rect.MakeWH(w, h))
    else:
        p.addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeWH(w, h), radius, radius))
    return p


def draw_layer(canvas, l):
    canvas.save()
    # The layer's transform: position of its center, then rotation about it, then back to its top-left.
    canvas.translate(l["x"], l["y"])
    canvas.rotate(l["rotation"] * 180 / 3.141592653589793)
    canvas.translate(-l["w"] / 2, -l["h"] / 2)
    needs_layer = l.get("mask") is not None or l["blend"] != "normal" or l.get("shadow") is not None
    if needs_layer:
        paint = skia.Paint(BlendMode=BLENDS[l["blend"]])
        s = l.get("shadow")
        if s is not None:
            paint.setImageFilter(skia.ImageFilters.DropShadow(s["dx"], s["dy"], s["radius"], s["radius"],
                                                              skia.Color4f(0, 0, 0, s["opacity"]).toColor()))
        canvas.saveLayer(None, paint)
    path = shape_path(l["shape"], l["w"], l["h"], l["cornerRadius"])
    fill = skia.Paint(AntiAlias=True, Color4f=color(l["fill"]))
    # PLUG-IN: radial / conic gradient fills (l["fillGradient"]) as skia.GradientShader.MakeRadial / MakeSweep.
    canvas.drawPath(path, fill)
    stroke = skia.Paint(AntiAlias=True, Color4f=color(l["stroke"]), Style=skia.Paint.kStroke_Style,
                        StrokeWidth=l["lineWidth"])
    # PLUG-IN: dash patterns (l["lineDashPattern"], l["lineDashPhase"]) as skia.DashPathEffect.Make.
    canvas.drawPath(path, stroke)
    m = l.get("mask")
    if m is not None:
        canvas.saveLayer(None, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
        mp = skia.Path()
        mp.addOval(skia.Rect.MakeXYWH(m["inset"], m["inset"], l["w"] - 2 * m["inset"], l["h"] - 2 * m["inset"]))
        canvas.drawPath(mp, skia.Paint(AntiAlias=True, Color4f=skia.Color4f(1, 1, 1, m["alpha"])))
        canvas.restore()
    if needs_layer:
        canvas.restore()
    canvas.restore()


def main():
    spec = json.load(open(sys.argv[1]))
    out, runs = sys.argv[2], int(sys.argv[3])
    w, h, scale = spec["pixelWidth"], spec["pixelHeight"], spec["scale"]
    info = skia.ImageInfo.Make(w, h, skia.ColorType.kRGBA_8888_ColorType, skia.AlphaType.kPremul_AlphaType)
    surface = skia.Surface.MakeRaster(info)
    canvas = surface.getCanvas()
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        canvas.clear(skia.Color4f(0, 0, 0, 0))
        canvas.save()
        canvas.scale(scale, scale)
        for l in spec["layers"]:
            draw_layer(canvas, l)
        canvas.restore()
        surface.flushAndSubmit()
        times.append((time.perf_counter() - t0) * 1000)
    image = surface.makeImageSnapshot()
    with open(out, "wb") as f:
        f.write(image.tobytes())
    print(json.dumps({"ms": times}))


if __name__ == "__main__":
    main()
