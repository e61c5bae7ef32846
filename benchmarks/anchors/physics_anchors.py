#!/usr/bin/env python3
"""Anchor figures for docs/BENCHMARKS.md physics-pyramid and physics-rain.

Builds the same scenes as benchmarks/StardustWorkloads/PhysicsWorkloads.swift in
Chipmunk2D (pymunk, 10 iterations) and Box2D v3 (pyb2d3, 4 sub-steps, one
thread, sleeping on) and times only the step calls, in thread CPU time
(the shared build machines are often oversubscribed; wall time is not comparable). Prints JSON lines:
  {"benchmark":"physics-pyramid","variant":"base-20","anchor":"box2d-v3","ms_per_step":...}

Install: pip install pymunk pyb2d3
Usage:   python3 benchmarks/anchors/physics_anchors.py [runs=3] [all|pyramid|rain]
Y axis: both engines use y up here (gravity −10); the geometry is the mirror
image of Stardust's y-down scene, which changes nothing physically.
"""
import json
import sys
import time

MASK = (1 << 64) - 1


def splitmix64(x):
    z = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def hash_uniform(seed, index):
    """Same counter-based hash as StardustPhysics.hashUniform(seed:index:)."""
    return (splitmix64(((seed * 0x2545F4914F6CDD1D) & MASK) ^ index) >> 11) * (1.0 / 9007199254740992.0)


RAIN_SEED = 2024


def rain_items():
    """(is_circle, x, y, size) for the 4000 rain bodies, y up."""
    out = []
    for i in range(4000):
        col, row = i % 50, i // 50
        jitter = (hash_uniform(RAIN_SEED, 3 * i) - 0.5) * 0.1
        size = hash_uniform(RAIN_SEED, 3 * i + 1)
        x = -29.4 + 1.2 * col + jitter
        y = 1.0 + 1.2 * row
        if i % 2 == 0:
            out.append((True, x, y, 0.25 + 0.25 * size))
        else:
            out.append((False, x, y, 0.5 * (0.5 + 0.5 * size)))
    return out


def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]


# ---------------------------------------------------------------- Box2D v3
def b2_pyramid(base):
    import pyb2d3 as b2
    world = b2.World(gravity=(0, -10))
    ground = world.create_static_body(position=(0, 0))
    ground.create_polygon_shape(b2.shape_def(density=1, material=b2.surface_material(friction=0.6)),
                                b2.box(base + 20, 1, center=(0, -1)))
    sd = b2.shape_def(density=1, material=b2.surface_material(friction=0.6))
    top = None
    for row in range(base):
        count = base - row
        y = 0.5 + row
        for k in range(count):
            x = (k - 0.5 * (count - 1)) * 1.0
            body = world.create_dynamic_body(position=(x, y))
            body.create_polygon_shape(sd, b2.box(0.5, 0.5))
            top = body
    return world, top


def b2_rain():
    import pyb2d3 as b2
    world = b2.World(gravity=(0, -10))
    ground = world.create_static_body(position=(0, 0))
    sd = b2.shape_def(density=1, material=b2.surface_material(friction=0.6))
    ground.create_polygon_shape(sd, b2.box(31, 0.5, center=(0, -0.5)))
    ground.create_polygon_shape(sd, b2.box(0.5, 75, center=(-30.5, 75)))
    ground.create_polygon_shape(sd, b2.box(0.5, 75, center=(30.5, 75)))
    for is_circle, x, y, size in rain_items():
        body = world.create_dynamic_body(position=(x, y))
        if is_circle:
            body.create_circle_shape(sd, b2.circle(radius=size))
        else:
            body.create_polygon_shape(sd, b2.box(size, size))
    return world


def time_b2(world, steps, dt):
    t0 = time.thread_time()
    for _ in range(steps):
        world.step(dt, 4)
    return (time.thread_time() - t0) * 1000 / steps


# ---------------------------------------------------------------- Chipmunk2D
def cp_space():
    import pymunk
    space = pymunk.Space()
    space.gravity = (0, -10)
    space.iterations = 10
    space.sleep_time_threshold = 0.5
    return space


def cp_box(space, x, y, half):
    import pymunk
    mass = 4 * half * half
    body = pymunk.Body(mass, pymunk.moment_for_box(mass, (2 * half, 2 * half)))
    body.position = (x, y)
    shape = pymunk.Poly.create_box(body, (2 * half, 2 * half))
    shape.friction = 0.6
    space.add(body, shape)
    return body


def cp_pyramid(base):
    import pymunk
    space = cp_space()
    ground = pymunk.Poly(space.static_body, [(-base - 20, -2), (base + 20, -2), (base + 20, 0), (-base - 20, 0)])
    ground.friction = 0.6
    space.add(ground)
    top = None
    for row in range(base):
        count = base - row
        for k in range(count):
            top = cp_box(space, (k - 0.5 * (count - 1)), 0.5 + row, 0.5)
    return space, top


def cp_rain():
    import math
    import pymunk
    space = cp_space()
    for verts in ([(-31, -1), (31, -1), (31, 0), (-31, 0)],
                  [(-31, 0), (-30, 0), (-30, 150), (-31, 150)],
                  [(30, 0), (31, 0), (31, 150), (30, 150)]):
        s = pymunk.Poly(space.static_body, verts)
        s.friction = 0.6
        space.add(s)
    for is_circle, x, y, size in rain_items():
        if is_circle:
            mass = math.pi * size * size
            body = pymunk.Body(mass, pymunk.moment_for_circle(mass, 0, size))
            body.position = (x, y)
            shape = pymunk.Circle(body, size)
            shape.friction = 0.6
            space.add(body, shape)
        else:
            cp_box(space, x, y, size)
    return space


def time_cp(space, steps, dt):
    t0 = time.thread_time()
    for _ in range(steps):
        space.step(dt)
    return (time.thread_time() - t0) * 1000 / steps


def emit(**kw):
    kw["clock"] = "thread-cpu"
    print(json.dumps(kw), flush=True)


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    which = sys.argv[2] if len(sys.argv) > 2 else "all"
    if which in ("all", "pyramid"):
        for base in (20, 100):
            times, disp = [], 0.0
            for _ in range(runs):
                world, top = b2_pyramid(base)
                p0 = top.position
                times.append(time_b2(world, 500, 1 / 60))
                p1 = top.position
                disp = ((p1[0] - p0[0]) ** 2 + (p1[1] - p0[1]) ** 2) ** 0.5
            emit(benchmark="physics-pyramid", variant=f"base-{base}", anchor="box2d-v3", unit="ms/step",
                 ms_per_step=median(times), runs=runs, top_displacement=disp, substeps=4, threads=1)
            times = []
            for _ in range(runs if base == 20 else 1):
                space, top = cp_pyramid(base)
                p0 = top.position
                times.append(time_cp(space, 500, 1 / 60))
                p1 = top.position
                disp = ((p1[0] - p0[0]) ** 2 + (p1[1] - p0[1]) ** 2) ** 0.5
            emit(benchmark="physics-pyramid", variant=f"base-{base}", anchor="chipmunk2d", unit="ms/step",
                 ms_per_step=median(times), runs=len(times), top_displacement=disp, iterations=10, threads=1)
    if which in ("all", "rain"):
        times = [time_b2(b2_rain(), 1000, 1 / 60) for _ in range(runs)]
        emit(benchmark="physics-rain", variant="4000", anchor="box2d-v3", unit="ms/step", ms_per_step=median(times),
             runs=runs, substeps=4, threads=1)
        times = [time_cp(cp_rain(), 1000, 1 / 60) for _ in range(1)]
        emit(benchmark="physics-rain", variant="4000", anchor="chipmunk2d", unit="ms/step", ms_per_step=median(times),
             runs=1, iterations=10, threads=1)


if __name__ == "__main__":
    main()
