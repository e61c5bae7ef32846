// The dynamic animator against the bare engine on the same scene (see run.sh).
import Foundation
import StardustCore
import StardustAnimation
import StardustDynamics

func cpu() -> Double { var ts = timespec(); clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9 }
let n = 100, steps = 1200
func position(_ k: Int) -> (Double, Double) { (30 + Double(k % 10) * 36, 30 + Double(k / 10) * 36) }

func rawEngine() -> (Double, Double) {
    let t0 = cpu()
    var d = WorldDefinition(gravity: Vec2(0, 1000), lengthUnitsPerMeter: 100); d.sleepThreshold = 0.02
    var world = World(d)
    let ground = world.createBody(BodyDefinition(type: .static))
    let c = [Vec2(0, 0), Vec2(400, 0), Vec2(400, 600), Vec2(0, 600)]
    for k in 0..<4 { _ = try! world.createShape(ground, ShapeDefinition(friction: 1, restitution: 0, density: 0), .segment(c[k], c[(k + 1) % 4])) }
    var bodies: [BodyID] = []
    for k in 0..<n {
        let (x, y) = position(k)
        let b = world.createBody(BodyDefinition(type: .dynamic, position: Vec2(x, y)))
        _ = try! world.createShape(b, ShapeDefinition(friction: 0.25, restitution: 0.3, density: 1), .polygon(.box(halfWidth: 10, halfHeight: 10)))
        bodies.append(b)
    }
    for _ in 0..<steps { world.step(1.0 / 120) }
    let y = try! world.position(of: bodies[0]).y
    return (cpu() - t0, y)
}

func dynamics() -> (Double, Double) {
    let t0 = cpu()
    let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 400, 600))
    var items: [Layer] = []
    for k in 0..<n {
        let (x, y) = position(k)
        let l = Layer(); l.bounds = Rect(0, 0, 20, 20); l.position = Point(x: x, y: y); items.append(l)
    }
    let collision = CollisionBehavior(items: items); collision.translatesReferenceBoundsIntoBoundary = true
    let props = DynamicItemBehavior(items: items); props.friction = 0.25; props.elasticity = 0.3
    animator.addBehavior(collision); animator.addBehavior(props); animator.addBehavior(GravityBehavior(items: items))
    let y = animator.pose(of: items[0], at: Double(steps) / 120)!.position.y
    return (cpu() - t0, y)
}

let runs = Int(CommandLine.arguments.dropFirst().first ?? "3") ?? 3
var a: [Double] = [], b: [Double] = []
for _ in 0..<runs {
    let (ta, ya) = rawEngine(); a.append(ta)
    let (tb, yb) = dynamics(); b.append(tb)
    print(String(format: "engine %.1f ms (y %.2f)   dynamics %.1f ms (y %.2f)   ratio %.2f", ta * 1000, ya, tb * 1000, yb, tb / ta))
}
let ma = a.sorted()[a.count / 2], mb = b.sorted()[b.count / 2]
print(String(format: "median: engine %.3f ms/step, dynamics %.3f ms/step, ratio %.2f", ma * 1000 / Double(steps), mb * 1000 / Double(steps), mb / ma))

// Debug/release determinism: a hash of the dynamics poses of a busy configuration.
do {
    let animator = DynamicAnimator(referenceBounds: Rect(0, 0, 300, 400), seed: 7)
    var items: [Layer] = []
    for k in 0..<12 {
        let l = Layer(); l.bounds = Rect(0, 0, 24, 24); l.position = Point(x: 40 + Double(k % 4) * 70, y: 40 + Double(k / 4) * 60)
        if k % 3 == 0 { l.cornerRadius = 12 }
        items.append(l)
    }
    let collision = CollisionBehavior(items: items); collision.translatesReferenceBoundsIntoBoundary = true
    let props = DynamicItemBehavior(items: items); props.elasticity = 0.4; props.friction = 0.5
    let noise = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1); noise.strength = 0.3
    for l in items { noise.addItem(l) }
    let snap = SnapBehavior(item: items[3], snapTo: Point(x: 150, y: 100))
    let spring = AttachmentBehavior(item: items[5], attachedTo: items[6]); spring.frequency = 3; spring.damping = 0.2
    for b in [collision, props, noise, GravityBehavior(items: items), spring] as [DynamicBehavior] { animator.addBehavior(b) }
    animator.addBehavior(snap, at: 1)
    var h: UInt64 = 0xcbf29ce484222325
    for f in 0..<90 {
        for l in items {
            let p = animator.pose(of: l, at: Double(f) / 30)!
            for v in [p.position.x, p.position.y, p.rotation] { h = (h ^ v.bitPattern) &* 0x100000001b3 }
        }
    }
    print(String(format: "pose hash %016llx", h))
}
