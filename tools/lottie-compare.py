#!/usr/bin/env python3
"""Compare Stardust's Lottie frames with players we did not write (docs/LOTTIE.md, "Conformance").

For each Lottie JSON sample under SAMPLES and each progress point (0, 25, 50, 75, 100 %), renders
our frame with `stardust render SAMPLE --at T`, and the references:
  - rlottie   (`pip install rlottie-python`), when importable,
  - ThorVG    (`pip install thorvg-python`), when importable,
  - lottie-ios's Core Animation engine snapshots (SNAPSHOTS/NAME-P.png), when given,
all at the file's own size, composited over white. Per pair it computes the mean absolute channel
difference (0..255) and the share of pixels with any channel off by more than 32. A pair matches a
reference when mean <= 6 and share <= 2 %; it passes when it matches at least one reference.

Writes OUT/table.md (per file and progress: the numbers per reference and which agree), OUT/summary.json
and side-by-side PNGs (ours | rlottie | thorvg | lottie-ios) of the worst pairs under OUT/worst/.

Frame choice (docs/LOTTIE.md, "Conformance"): progress p is composition frame ip + p * (op - ip), as lottie-ios
defines it (progress 1 is the end frame op, where a layer that lasts to the end is still drawn) and rlottie too
(its frame at position p). We and ThorVG are asked for that frame exactly (a fraction of a frame when
p * (op - ip) is not whole; ThorVG draws its last frame, op - ip - 1 after ip, for anything later); rlottie, which
takes whole frames, for its own frame at position p.

Usage: tools/lottie-compare.py --stardust .build/debug/stardust --samples DIR [--snapshots DIR] --out DIR
       [--only SUBSTRING] [--limit N] [--fonts DIR] [--jobs N]
"""
import argparse, concurrent.futures, json, os, re, subprocess, sys, tempfile

from PIL import Image, ImageChops, ImageStat

PROGRESS = [0, 25, 50, 75, 100]
MEAN_LIMIT, SHARE_LIMIT, PIXEL_LIMIT = 6.0, 0.02, 32


def unpremultiplied(img):
    """rlottie and ThorVG (ABGR8888) render premultiplied colour; their Python bindings hand the bytes to Pillow as
    straight RGBA. Read them as premultiplied ("RGBa") so a half-transparent pixel is not darkened twice over white."""
    return Image.frombytes("RGBa", img.size, img.convert("RGBA").tobytes()).convert("RGBA")


def over_white(img, size):
    img = img.convert("RGBA")
    if img.size != size:
        img = img.resize(size, Image.LANCZOS)
    white = Image.new("RGBA", size, (255, 255, 255, 255))
    return Image.alpha_composite(white, img).convert("RGB")


def difference(a, b):
    d = ImageChops.difference(a, b)
    mean = sum(ImageStat.Stat(d).mean) / 3
    worst = d.split()
    mx = ImageChops.lighter(ImageChops.lighter(worst[0], worst[1]), worst[2])
    off = sum(mx.point(lambda v: 255 if v > PIXEL_LIMIT else 0).histogram()[255:]) / (a.size[0] * a.size[1])
    return mean, off


class Rlottie:
    name = "rlottie"

    def __init__(self):
        from rlottie_python import LottieAnimation
        self.cls = LottieAnimation

    def frames(self, path, size, progress, total):
        """progress → frame: rlottie's own whole frame at that position (frame_at_pos)."""
        out = {}
        with self.cls.from_file(path) as anim:
            for p in progress:
                f = anim.lottie_animation_get_frame_at_pos(p / 100)
                out[p] = unpremultiplied(anim.render_pillow_frame(frame_num=f, width=size[0], height=size[1]))
        return out


class Thorvg:
    name = "thorvg"

    def __init__(self):
        import thorvg_python as tvg
        self.tvg = tvg
        self.engine = tvg.Engine(threads=1)

    def frames(self, path, size, progress, total):
        """progress → frame p / 100 * total after ip (ThorVG takes fractions; later than its last frame draws that)."""
        tvg = self.tvg
        out = {}
        canvas = tvg.SwCanvas(self.engine)
        canvas.set_target(size[0], size[1])
        anim = tvg.LottieAnimation(self.engine)
        pic = anim.get_picture()
        if pic.load(path) != tvg.Result.SUCCESS:
            return out
        pic.set_size(size[0], size[1])
        canvas.add(pic)
        # Frames past ThorVG's last (total frames − 1) draw that last frame; asking for them has crashed ThorVG
        # (a general protection fault in update) on full runs, so they are asked as the last frame.
        last = max(anim.get_total_frame()[1] - 1, 0)
        for p in progress:
            anim.set_frame(min(p / 100 * total, last))
            canvas.update()
            canvas.draw(True)
            canvas.sync()
            out[p] = unpremultiplied(canvas.get_pillow("RGBA"))
        return out


FEATURES = {
    "track matte": lambda l, s: "tt" in l and l["tt"] != 0,
    "mask": lambda l, s: bool(l.get("masksProperties")),
    "blend mode": lambda l, s: l.get("bm", 0) != 0,
    "drop shadow": lambda l, s: any(e.get("ty") == 25 for e in l.get("ef", []) or []),
    "time remap": lambda l, s: "tm" in l and l.get("ty") == 0,
    "text": lambda l, s: l.get("ty") == 5,
    "linear gradient": lambda l, s: any(i.get("ty") in ("gf", "gs") and i.get("t", 1) == 1 for i in s),
    "radial gradient": lambda l, s: any(i.get("ty") in ("gf", "gs") and i.get("t", 1) == 2 for i in s),
    "dashes": lambda l, s: any(i.get("ty") in ("st", "gs") and i.get("d") for i in s),
    "merge paths": lambda l, s: any(i.get("ty") == "mm" for i in s),
    "round corners": lambda l, s: any(i.get("ty") == "rd" for i in s),
    "trim paths": lambda l, s: any(i.get("ty") == "tm" for i in s),
    "repeater": lambda l, s: any(i.get("ty") == "rp" for i in s),
    "skew": lambda l, s: any(isinstance(t, dict) and isinstance(t.get("sk"), dict) and t["sk"].get("k") not in (0, None)
                             for t in [l.get("ks", {})] + [i for i in s if i.get("ty") == "tr"]),
}


def features(doc):
    """The features (FEATURES' names) a Lottie document uses, for the per-feature summary."""
    found = set()
    def items(shapes):
        out = []
        for i in shapes or []:
            if isinstance(i, dict):
                out.append(i)
                if i.get("ty") == "gr":
                    out += items(i.get("it"))
        return out
    def layers(ls):
        for l in ls or []:
            if not isinstance(l, dict):
                continue
            s = items(l.get("shapes"))
            for name, test in FEATURES.items():
                try:
                    if test(l, s):
                        found.add(name)
                except Exception:
                    pass
    layers(doc.get("layers"))
    for a in doc.get("assets", []) or []:
        layers(a.get("layers"))
    if re.search(r'"x": "', json.dumps(doc)):
        found.add("expressions")
    if doc.get("chars"):
        found.add("glyphs (chars)")
    return found


def reference_frames(name, path, size, total, tmp, rel):
    """A reference player's frames of one file, drawn by a fresh Python process (`--reference`): rlottie and ThorVG
    have crashed this tool with a segmentation fault after many files in one process (never on the same file
    alone), so each file gets its own process and one retry; a second failure leaves that column empty."""
    dest = os.path.join(tmp, name)
    os.makedirs(dest, exist_ok=True)
    cmd = [sys.executable, os.path.abspath(__file__), "--reference", name, "--file", path, "--dest", dest,
           "--size", str(size[0]), str(size[1]), "--total", repr(total)]
    for attempt in (1, 2):
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        if r.returncode == 0:
            out = {}
            for p in PROGRESS:
                f = os.path.join(dest, f"{p}.png")
                if os.path.exists(f):
                    out[p] = Image.open(f).convert("RGBA")
            return out
    print(f"note: {name} failed on {rel}: exit {r.returncode} {r.stderr.strip()[-300:]}", file=sys.stderr)
    return {}


def draw_reference(argv):
    """`--reference NAME --file F --dest DIR --size W H --total T`: one player's frames of F at PROGRESS, as PNGs."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--reference", required=True)
    ap.add_argument("--file", required=True)
    ap.add_argument("--dest", required=True)
    ap.add_argument("--size", type=int, nargs=2, required=True)
    ap.add_argument("--total", type=float, required=True)
    a = ap.parse_args(argv)
    cls = {c.name: c for c in (Rlottie, Thorvg)}[a.reference]
    for p, im in cls().frames(a.file, tuple(a.size), PROGRESS, a.total).items():
        im.save(os.path.join(a.dest, f"{p}.png"))


def ours(stardust, path, size, fr, total, tmp, fonts=None):
    """progress → our frame at scene time p / 100 * (op - ip) / fr (scene time 0 is ip)."""
    out = {}
    for f in PROGRESS:
        png = os.path.join(tmp, f"ours-{f}.png")
        t = f / 100 * total / fr
        try:
            r = subprocess.run([stardust, "render", path, "--at", repr(t), "-o", png, "--quiet"]
                               + (["--fonts", fonts] if fonts else []),
                               capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.TimeoutExpired) as e:  # a binary being rebuilt, a hung frame: no frame
            out[f] = None
            out.setdefault("error", [str(e)])
            continue
        if r.returncode == 0 and os.path.exists(png):
            out[f] = Image.open(png).copy()
        else:
            out[f] = None
            out.setdefault("error", r.stderr.strip().splitlines()[-1:] or ["exit %d" % r.returncode])
    return out


def compare_file(path, args, refs):
    """One sample against every reference: its table rows, its worst pairs (with their images) and its per-feature
    counts."""
    rel = os.path.relpath(path, args.samples)
    name = rel[:-5].replace("/", "-")
    rows, worst, by_feature = [], [], {}
    try:
        doc = json.load(open(path, encoding="utf-8"))
        w, h, ip, op, fr = int(round(doc["w"])), int(round(doc["h"])), doc["ip"], doc["op"], doc["fr"]
    except Exception as e:
        return [(rel, "-", f"not a Lottie animation ({e})", "", "", "", False)], [], {}
    used = features(doc)
    total = max(op - ip, 0)
    with tempfile.TemporaryDirectory() as tmp:
        mine = ours(args.stardust, path, (w, h), fr, total, tmp, args.fonts)
        ref_frames = {}
        for r in refs:
            ref_frames[r.name] = reference_frames(r.name, path, (w, h), total, tmp, rel)
        for p in PROGRESS:
            cells, ok, images = {}, False, {}
            a = mine.get(p)
            if a is not None:
                a = over_white(a, (w, h))
                images["ours"] = a
            candidates = {n: fr_.get(p) for n, fr_ in ref_frames.items()}
            if args.snapshots:
                snap = os.path.join(args.snapshots, f"{name}-{p}.png")
                candidates["lottie-ios"] = Image.open(snap) if os.path.exists(snap) else None
            best = (1e9, 1.0)
            for n, img in candidates.items():
                if img is None:
                    cells[n] = "–"
                    continue
                b = over_white(img, (w, h))
                images[n] = b
                if a is None:
                    cells[n] = "no frame"
                    continue
                mean, share = difference(a, b)
                good = mean <= MEAN_LIMIT and share <= SHARE_LIMIT
                ok = ok or good
                best = min(best, (mean, share))
                cells[n] = f"{mean:.1f} / {100 * share:.1f}%" + (" ✓" if good else "")
            for ft in used:
                c = by_feature.setdefault(ft, [0, 0, set()])
                c[0] += ok; c[1] += 1; c[2].add(rel)
            note = "" if a is not None else "; ".join(mine.get("error", ["no frame"]))
            rows.append((rel, p, note, cells, ok))
            worst.append((best, rel, p, images))
    return rows, sorted(worst, key=lambda x: -x[0][0])[:12], by_feature


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--stardust", required=True)
    ap.add_argument("--samples", required=True)
    ap.add_argument("--snapshots")
    ap.add_argument("--out", required=True)
    ap.add_argument("--only")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="files compared at the same time (default: the number of cores)")
    ap.add_argument("--fonts", help="folder of font files for text (default: SAMPLES/Fonts when present, the fonts "
                                    "lottie-ios's snapshot tests register)")
    args = ap.parse_args()
    if args.fonts is None and os.path.isdir(os.path.join(args.samples, "Fonts")):
        args.fonts = os.path.join(args.samples, "Fonts")
    os.makedirs(os.path.join(args.out, "worst"), exist_ok=True)

    refs = []
    for cls in (Rlottie, Thorvg):
        try:
            refs.append(cls())
        except Exception as e:  # not installed: that column is empty
            print(f"note: {cls.name} unavailable ({e})", file=sys.stderr)

    samples = []
    for root, _, files in os.walk(args.samples):
        for f in files:
            if f.endswith(".json") and (not args.only or args.only in os.path.join(root, f)):
                samples.append(os.path.join(root, f))
    samples.sort()
    if args.limit:
        samples = samples[: args.limit]

    # Each file is compared by one worker (its frames come from subprocesses: ours, and a fresh Python process per
    # reference player), so the files run side by side; the table keeps the samples' order.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(args.jobs, 1)) as pool:
        results = list(pool.map(lambda path: compare_file(path, args, refs), samples))
    rows, pairs, passed, worst, by_feature = [], 0, 0, [], {}
    for file_rows, file_worst, file_features in results:
        rows += file_rows
        for row in file_rows:
            if len(row) == 5:
                pairs += 1
                passed += row[4]
        worst = sorted(worst + file_worst, key=lambda x: -x[0][0])[:12]
        for ft, (ok_, n_, files_) in file_features.items():
            c = by_feature.setdefault(ft, [0, 0, set()])
            c[0] += ok_; c[1] += n_; c[2] |= files_

    for (best, rel, p, images) in worst:
        tiles = [images[k] for k in ("ours", "rlottie", "thorvg", "lottie-ios") if k in images]
        if not tiles:
            continue
        wsum = sum(t.size[0] for t in tiles)
        sheet = Image.new("RGB", (wsum, max(t.size[1] for t in tiles)), "white")
        x = 0
        for t in tiles:
            sheet.paste(t, (x, 0)); x += t.size[0]
        sheet.save(os.path.join(args.out, "worst", f"{rel[:-5].replace('/', '-')}-{p}.png"))

    names = [r.name for r in refs] + (["lottie-ios"] if args.snapshots else [])
    with open(os.path.join(args.out, "table.md"), "w") as t:
        t.write(f"# Lottie conformance: {passed} of {pairs} (file, progress) pairs match a reference "
                f"({100 * passed / max(pairs, 1):.1f} %)\n\n")
        t.write("Cells: mean absolute channel difference / share of pixels off by more than 32; ✓ = within 6 and 2 %.\n\n")
        t.write("Per feature (files using it; pairs of those files that match a reference):\n\n| feature | files | pairs matching |\n|---|---|---|\n")
        for ft in sorted(by_feature):
            ok_, n_, files_ = by_feature[ft]
            t.write(f"| {ft} | {len(files_)} | {ok_} of {n_} |\n")
        t.write("\n")
        t.write("| file | % | " + " | ".join(names) + " | pass | note |\n|---|---|" + "---|" * len(names) + "---|---|\n")
        for row in rows:
            if len(row) == 7:
                t.write(f"| {row[0]} | – | " + " | ".join("" for _ in names) + f" | ✗ | {row[2]} |\n")
                continue
            rel, p, note, cells, ok = row
            t.write(f"| {rel} | {p} | " + " | ".join(cells.get(n, "–") for n in names) + f" | {'✓' if ok else '✗'} | {note} |\n")
    json.dump({"pairs": pairs, "passed": passed, "rate": passed / max(pairs, 1), "references": names,
               "features": {ft: {"files": len(v[2]), "pairs": v[1], "passed": v[0]} for ft, v in sorted(by_feature.items())}},
              open(os.path.join(args.out, "summary.json"), "w"), indent=1)
    print(f"{passed} of {pairs} pairs match a reference ({100 * passed / max(pairs, 1):.1f} %)")


if __name__ == "__main__":
    if "--reference" in sys.argv:
        draw_reference(sys.argv[1:])
    else:
        main()
