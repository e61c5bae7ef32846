#!/usr/bin/env python3
"""rlottie and ThorVG anchors for `stardust bench lottie` (docs/BENCHMARKS.md, "lottie").

Usage: lottie_anchors.py ENGINE LIST.txt      (ENGINE: rlottie or thorvg)

LIST.txt names one Lottie file per line (written by `stardust bench lottie`). Each file is drawn in a child
process of its own (`lottie_anchors.py ENGINE --one FILE`): both engines crash on a few files of the corpus, and a
crash then costs that file only (reported with "error", left out of the totals on every side). In the child, one
thread: load it,
scale it to 512 px on the long side, render frame 0 (timed together with the load: "parse + first frame"),
then render every frame from the first to the last (timed: "frames"), into the engine's own RGBA target
(ThorVG's canvas target is set once per file and reused; rlottie-python hands back a new buffer per frame).
Peak memory is a child's high-water mark (ru_maxrss) less its resident size after the import; the figure is the
largest over the files (ours is measured over all files in one process, which can only be larger). Prints one JSON
line per file, then {"engine", "peakKiB"}.
"""
import json
import resource
import sys
import time


def rss_kib():
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * resource.getpagesize() // 1024


def fit(w, h):
    s = 512.0 / max(w, h)
    return max(1, round(w * s)), max(1, round(h * s))


def run_rlottie(paths):
    from rlottie_python import LottieAnimation
    base = rss_kib()
    for path in paths:
        t0 = time.perf_counter()
        try:
            anim = LottieAnimation.from_file(path)
        except Exception as e:  # noqa: BLE001 - the engine's refusal is data here
            print(json.dumps({"file": path, "error": str(e)}), flush=True)
            continue
        w, h = anim.lottie_animation_get_size()
        n = anim.lottie_animation_get_totalframe()
        tw, th = fit(w, h)
        anim.lottie_animation_render(frame_num=0, width=tw, height=th)
        t1 = time.perf_counter()
        for f in range(n):
            anim.lottie_animation_render(frame_num=f, width=tw, height=th)
        t2 = time.perf_counter()
        anim.lottie_animation_destroy()
        print(json.dumps({"file": path, "frames": n, "parseFirstMs": (t1 - t0) * 1e3, "framesMs": (t2 - t1) * 1e3}), flush=True)
    return base


def run_thorvg(paths):
    import thorvg_python as tvg
    engine = tvg.Engine(threads=1)
    base = rss_kib()
    for path in paths:
        t0 = time.perf_counter()
        canvas = tvg.SwCanvas(engine)
        anim = tvg.LottieAnimation(engine)
        pic = anim.get_picture()
        if pic.load(path) != tvg.Result.SUCCESS:
            print(json.dumps({"file": path, "error": "not loaded"}), flush=True)
            continue
        _, w, h = pic.get_size()
        tw, th = fit(w, h)
        canvas.set_target(tw, th)
        pic.set_size(tw, th)
        canvas.push(pic) if hasattr(canvas, "push") else canvas.add(pic)
        _, n = anim.get_total_frame()
        n = int(n)

        def draw(f):
            anim.set_frame(float(f))
            canvas.update()
            canvas.draw(True)
            canvas.sync()

        draw(0)
        t1 = time.perf_counter()
        for f in range(n):
            draw(f)
        t2 = time.perf_counter()
        print(json.dumps({"file": path, "frames": n, "parseFirstMs": (t1 - t0) * 1e3, "framesMs": (t2 - t1) * 1e3}), flush=True)
        del canvas, anim, pic
    return base


def main():
    engine = sys.argv[1]
    if sys.argv[2] == "--one":
        base = {"rlottie": run_rlottie, "thorvg": run_thorvg}[engine]([sys.argv[3]])
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(json.dumps({"peakKiB": max(0, peak - base)}), flush=True)
        return
    import subprocess
    with open(sys.argv[2]) as f:
        paths = [line.strip() for line in f if line.strip()]
    peak = 0
    for path in paths:
        try:
            r = subprocess.run([sys.executable, __file__, engine, "--one", path], capture_output=True, text=True, timeout=600)
            lines = r.stdout.strip().splitlines()
        except subprocess.TimeoutExpired:
            r, lines = None, []
        rows = [json.loads(x) for x in lines if x.startswith("{")]
        files = [x for x in rows if "file" in x]
        if r is None or r.returncode != 0 or not files:
            print(json.dumps({"file": path, "error": "the engine failed (exit %s)" % (r.returncode if r else "timeout")}), flush=True)
            continue
        print(json.dumps(files[0]), flush=True)
        peak = max([peak] + [x["peakKiB"] for x in rows if "peakKiB" in x])
    print(json.dumps({"engine": engine, "peakKiB": peak}), flush=True)


if __name__ == "__main__":
    main()
