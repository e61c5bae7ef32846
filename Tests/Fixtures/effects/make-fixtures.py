#!/usr/bin/env python3
"""Writes the importer fixtures in this folder (docs/IMPORTERS.md, "Fixtures").

The files are ours, written for the tests in each tool's format, so that a bare clone tests every key
the importers read. Run it from anywhere; it rewrites the files beside it. Only the standard library."""
import base64, gzip, json, math, os, struct, zlib

here = os.path.dirname(os.path.abspath(__file__))

def png(size, rgb):
    """An RGBA PNG `size`×`size`: a soft round dot of color `rgb` (alpha falls off with the radius)."""
    rows = b""
    c = (size - 1) / 2
    for y in range(size):
        rows += b"\x00"
        for x in range(size):
            r = math.hypot(x - c, y - c) / (size / 2)
            a = max(0, min(255, int(round(255 * (1 - r) ** 1.5)))) if r < 1 else 0
            rows += bytes(rgb) + bytes([a])
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")

def write(name, data):
    mode = "wb" if isinstance(data, bytes) else "w"
    with open(os.path.join(here, name), mode) as f:
        f.write(data)

# A texture beside an effect file (comet.pex names it).
write("comet_particle.png", png(24, (255, 255, 255)))
embedded = base64.b64encode(gzip.compress(png(16, (255, 200, 120)), mtime=0)).decode()

def pex(texture, **v):
    """A Particle Designer .pex with every key the importer reads; `v` overrides values."""
    d = dict(sx=160, sy=300, svx=40, svy=0, speed=120, speedVar=30, life=2, lifeVar=0.5, angle=270, angleVar=20,
             gx=0, gy=-40, ra=0, raVar=0, ta=0, taVar=0, maxP=300, size=24, sizeVar=8, fsize=8, fsizeVar=0,
             emitterType=0, maxR=100, maxRVar=0, minR=0, minRVar=0, rps=0, rpsVar=0, dst=1,
             r0=0, r0Var=0, r1=0, r1Var=0, sc=(1, 0.6, 0.2, 1), scVar=(0, 0, 0, 0), fc=(1, 0.2, 0, 0), fcVar=(0, 0, 0, 0))
    d.update(v)
    col = lambda tag, c: f'<{tag} red="{c[0]}" green="{c[1]}" blue="{c[2]}" alpha="{c[3]}"/>'
    return f"""<?xml version="1.0"?>
<particleEmitterConfig>
  {texture}
  <sourcePosition x="{d['sx']}" y="{d['sy']}"/>
  <sourcePositionVariance x="{d['svx']}" y="{d['svy']}"/>
  <speed value="{d['speed']}"/>
  <speedVariance value="{d['speedVar']}"/>
  <particleLifeSpan value="{d['life']}"/>
  <particleLifespanVariance value="{d['lifeVar']}"/>
  <angle value="{d['angle']}"/>
  <angleVariance value="{d['angleVar']}"/>
  <gravity x="{d['gx']}" y="{d['gy']}"/>
  <radialAcceleration value="{d['ra']}"/>
  <tangentialAcceleration value="{d['ta']}"/>
  <radialAccelVariance value="{d['raVar']}"/>
  <tangentialAccelVariance value="{d['taVar']}"/>
  {col('startColor', d['sc'])}
  {col('startColorVariance', d['scVar'])}
  {col('finishColor', d['fc'])}
  {col('finishColorVariance', d['fcVar'])}
  <maxParticles value="{d['maxP']}"/>
  <startParticleSize value="{d['size']}"/>
  <startParticleSizeVariance value="{d['sizeVar']}"/>
  <finishParticleSize value="{d['fsize']}"/>
  <FinishParticleSizeVariance value="{d['fsizeVar']}"/>
  <duration value="-1.00"/>
  <emitterType value="{d['emitterType']}"/>
  <maxRadius value="{d['maxR']}"/>
  <maxRadiusVariance value="{d['maxRVar']}"/>
  <minRadius value="{d['minR']}"/>
  <minRadiusVariance value="{d['minRVar']}"/>
  <rotatePerSecond value="{d['rps']}"/>
  <rotatePerSecondVariance value="{d['rpsVar']}"/>
  <blendFuncSource value="770"/>
  <blendFuncDestination value="{d['dst']}"/>
  <rotationStart value="{d['r0']}"/>
  <rotationStartVariance value="{d['r0Var']}"/>
  <rotationEnd value="{d['r1']}"/>
  <rotationEndVariance value="{d['r1Var']}"/>
</particleEmitterConfig>
"""

# Gravity mode, a texture beside the file, radial and tangential acceleration, variances (extensions).
write("comet.pex", pex('<texture name="comet_particle.png"/>', ra=-10, raVar=2, ta=15, taVar=3,
                       scVar=(0.1, 0.1, 0, 0), fcVar=(0, 0.1, 0, 0), r0=0, r1=180, r1Var=30, dst=771))
# Gravity mode with a named texture that is not here: one warning, the soft dot.
write("embers.pex", pex('<texture name="embers_particle.png"/>', sy=440, svx=100, speed=90, angle=270.5, angleVar=15,
                        gy=0, life=2, lifeVar=1.5, maxP=400, size=40, sizeVar=20, fsize=10, sc=(1, 0.3, 0, 0.6),
                        fc=(1, 0.3, 0, 0)))
# Radius mode (particles circling the source), the texture embedded as gzip + base64 in <texture data>.
write("halo.pex", pex(f'<texture name="halo.png" data="{embedded}"/>', sx=160, sy=240, svx=0, svy=0, emitterType=1,
                      maxR=90, maxRVar=10, minR=20, minRVar=0, rps=90, rpsVar=10, angle=0, angleVar=360, life=3,
                      lifeVar=0, maxP=240, size=16, sizeVar=0, fsize=16, r0=0, r1=0))

# A cocos2d .plist (y up): gravity mode, every key, the texture embedded as gzip + base64.
plist_values = [
    ("maxParticles", "integer", 200), ("particleLifespan", "real", 2), ("particleLifespanVariance", "real", 0),
    ("speed", "real", 100), ("speedVariance", "real", 20), ("angle", "real", 90), ("angleVariance", "real", 10),
    ("gravityx", "real", 5), ("gravityy", "real", -30), ("sourcePositionx", "real", 160), ("sourcePositiony", "real", 80),
    ("sourcePositionVariancex", "real", 10), ("sourcePositionVariancey", "real", 4),
    ("startParticleSize", "real", 32), ("startParticleSizeVariance", "real", 0),
    ("finishParticleSize", "real", 16), ("finishParticleSizeVariance", "real", 0),
    ("startColorRed", "real", 1), ("startColorGreen", "real", 0.5), ("startColorBlue", "real", 0), ("startColorAlpha", "real", 1),
    ("startColorVarianceRed", "real", 0), ("startColorVarianceGreen", "real", 0), ("startColorVarianceBlue", "real", 0),
    ("startColorVarianceAlpha", "real", 0),
    ("finishColorRed", "real", 0), ("finishColorGreen", "real", 0.5), ("finishColorBlue", "real", 1), ("finishColorAlpha", "real", 0),
    ("finishColorVarianceRed", "real", 0), ("finishColorVarianceGreen", "real", 0), ("finishColorVarianceBlue", "real", 0),
    ("finishColorVarianceAlpha", "real", 0),
    ("radialAcceleration", "real", 0), ("radialAccelVariance", "real", 0),
    ("tangentialAcceleration", "real", 0), ("tangentialAccelVariance", "real", 0),
    ("maxRadius", "real", 0), ("maxRadiusVariance", "real", 0), ("minRadius", "real", 0), ("rotatePerSecond", "real", 0),
    ("rotatePerSecondVariance", "real", 0),
    ("rotationStart", "real", 0), ("rotationStartVariance", "real", 0), ("rotationEnd", "real", 180),
    ("rotationEndVariance", "real", 0),
    ("emitterType", "integer", 0), ("duration", "real", -1),
    ("blendFuncSource", "integer", 770), ("blendFuncDestination", "integer", 1),
    ("textureFileName", "string", "spark.png"), ("textureImageData", "string", embedded),
]
entries = "\n".join(f"  <key>{k}</key><{t}>{v}</{t}>" for k, t, v in plist_values)
write("spark.plist", f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
{entries}
</dict></plist>
""")

# A UIEffectDesigner .ped: JSON with the texture embedded as a base64 PNG (with the tool's \\r\\n line breaks).
tex = base64.b64encode(png(32, (255, 255, 255))).decode()
tex = "\r\n".join(tex[i:i + 64] for i in range(0, len(tex), 64))
ped = {"version": 0.1, "previewRect": "{{390, 317}, {320, 480}}", "emitterType": 0, "emitterMode": 0,
       "x": 160, "y": 300, "width": 100, "height": 100, "birthRate": 60, "lifetime": 4, "lifetimeRange": 1,
       "velocity": 80, "velocityRange": 40, "longitude": 4.71, "latitude": 0, "xAcceleration": 10, "yAcceleration": -20,
       "zAcceleration": 0, "color": "#3FA0FF", "alpha": 1, "redRange": 0.2, "greenRange": 0.2, "blueRange": 0.1,
       "alphaRange": 0, "redSpeed": 0, "greenSpeed": -0.1, "blueSpeed": 0, "alphaSpeed": -0.2, "scale": 0.6,
       "scaleRange": 0.3, "scaleSpeed": -0.1, "spin": 0.5, "spinRange": 0.2, "texture": tex}
write("glow.ped", json.dumps(ped, indent=1))
