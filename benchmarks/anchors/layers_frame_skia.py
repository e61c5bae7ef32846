#!/usr/bin/env python3
"""Skia anchor for the `layers-frame` benchmark (docs/BENCHMARKS.md).

Usage: layers_frame_skia.py SPEC.json OUT.rgba RUNS

SPEC.json is written by `stardust bench layers-frame`: the frame size in points, the scale, and the
layers (position, size, rotation, path elements, fill, stroke, mask, shadow, blend mode) that Stardust draws in
the same run. This script draws the same content with skia-python on a CPU raster surface (N32,
premultiplied), one thread, RUNS times, timing each frame in-process (clear + draw + flush), and writes
the last frame's premultiplied RGBA to OUT.rgba for the pixel comparison. Prints one JSON line:
{"ms": [..per run..]}.

Mapping (the same semantics as Stardust's, docs/DRAWING.md): a layer with a mask, a blend mode or a
shadow is a saveLayer bounded by the layer's content; the blend mode is the layer paint's blend mode; a shadow is the layer paint's
DropShadow image filter with sigma = shadowRadius (Skia scales it by the canvas matrix, as Stardust
scales shadowRadius by the layer's transform); a mask is drawn into the layer with kDstIn (alpha mask).
A dash pattern is a DashPathEffect (an odd count repeated twice, as Core Animation and Skia's own rule
need an even one); a gradient fill is the path drawn with a radial shader (a circle about the center) or a
sweep shader turned by the start angle, where Stardust draws a CAGradientLayer masked by the path. The
stroke uses Core Animation's miter limit (10; Skia's default is 4).
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


def shape_path(elements):
    """The layer's path from Stardust's elements (the same curves and start point: dashes line up)."""
    p = skia.Path()
    for e in elements:
        if e[0] == "M":
            p.moveTo(e[1], e[2])
        elif e[0] == "L":
            p.lineTo(e[1], e[2])
        elif e[0] == "Q":
            p.quadTo(e[1], e[2], e[3], e[4])
        elif e[0] == "C":
            p.cubicTo(e[1], e[2], e[3], e[4], e[5], e[6])
        else:
            p.close()
    return p


def content_bounds(l):
    """The layer's content bounds in its own space, for saveLayer: its rectangle grown by the stroke's reach (a miter
    join reaches miterLimit / 2 = 5 line widths). Skia grows it by the drop shadow's reach itself. Without bounds a
    saveLayer allocates and composites the whole device, which no Skia user would write for a small layer."""
    pad = 5 * l["lineWidth"]
    return skia.Rect.MakeXYWH(-pad, -pad, l["w"] + 2 * pad, l["h"] + 2 * pad)


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
        canvas.saveLayer(content_bounds(l), paint)
    path = shape_path(l["path"])
    g = l.get("fillGradient")
    if g is None:
        fill = skia.Paint(AntiAlias=True, Color4f=color(l["fill"]))
    else:
        colors = [color(c).toColor() for c in g["colors"]]
        center = (l["w"] / 2, l["h"] / 2)
        if g["type"] == "radial":
            shader = skia.GradientShader.MakeRadial(center, g["radius"], colors, g["locations"])
        else:
            turn = skia.Matrix.RotateDeg(g["angle"] * 180 / 3.141592653589793, center)
            shader = skia.GradientShader.MakeSweep(center[0], center[1], colors, g["locations"],
                                                   skia.TileMode.kClamp, 0, 360, 0, turn)
        fill = skia.Paint(AntiAlias=True, Shader=shader)
    canvas.drawPath(path, fill)
    stroke = skia.Paint(AntiAlias=True, Color4f=color(l["stroke"]), Style=skia.Paint.kStroke_Style,
                        StrokeWidth=l["lineWidth"], StrokeMiter=10)
    dashes = l.get("lineDashPattern")
    if dashes is not None:
        if len(dashes) % 2 == 1:
            dashes = dashes + dashes
        stroke.setPathEffect(skia.DashPathEffect.Make(dashes, l["lineDashPhase"]))
        if l.get("lineCap") == "round":
            stroke.setStrokeCap(skia.Paint.kRound_Cap)
    canvas.drawPath(path, stroke)
    m = l.get("mask")
    if m is not None:
        canvas.saveLayer(content_bounds(l), skia.Paint(BlendMode=skia.BlendMode.kDstIn))
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
