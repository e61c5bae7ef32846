import Foundation
import Testing
import StardustCore
@testable import StardustAnimation
import StardustParticles
@testable import StardustScene
import StardustTestSupport

// Core Animation conformance: every row is a configuration, a time, an expected value and
// the source it comes from. Sources (cited by these constants):
let hdr = "CAMediaTiming.h header comments"
let docTiming = "developer.apple.com/documentation/quartzcore/camediatiming"
let docFill = "developer.apple.com/documentation/quartzcore/camediatimingfillmode"
let docRepeat = "developer.apple.com/documentation/quartzcore/camediatiming/1427666-repeatcount (HUGE_VALF / greatestFiniteMagnitude = forever)"
let guideTiming = "Core Animation Programming Guide, 'Advanced Animation Tricks: Pausing and Resuming' and 'Customizing the Timing'"
let docTF = "developer.apple.com/documentation/quartzcore/camediatimingfunctionname (control points, CAMediaTimingFunction.h)"
let docBasic = "CAAnimation.h CABasicAnimation comment: fromValue/toValue/byValue combinations"
let docCumulative = "developer.apple.com/documentation/quartzcore/capropertyanimation/1412538-iscumulative"
let docAdditive = "developer.apple.com/documentation/quartzcore/capropertyanimation/1412493-isadditive"
let docKeyframe = "developer.apple.com/documentation/quartzcore/cakeyframeanimation (keyTimes, calculationMode)"
let docKeyTimes = "developer.apple.com/documentation/quartzcore/cakeyframeanimation/1412522-keytimes"
let docRemoved = "developer.apple.com/documentation/quartzcore/caanimation/1412458-isremovedoncompletion"
let docGroup = "developer.apple.com/documentation/quartzcore/caanimationgroup (children clipped to the group's duration)"
let docSpring = "developer.apple.com/documentation/quartzcore/caspringanimation (mass 1, stiffness 100, damping 10)"
let docSettling = "developer.apple.com/documentation/quartzcore/caspringanimation/1412524-settlingduration"
let wwdc23Spring = "WWDC23 'Animate with springs' (duration/bounce mapping); developer.apple.com/documentation/swiftui/spring"
let docDuration = "developer.apple.com/documentation/quartzcore/camediatiming/1427652-duration (0 → CATransaction default 0.25 s)"
let docTransaction = "developer.apple.com/documentation/quartzcore/catransaction/1448263-animationduration"
let docCell = "developer.apple.com/documentation/quartzcore/caemittercell (adopts CAMediaTiming)"
func ours(_ n: Int) -> String { "Stardust decision docs/DIFFERENCES.md #\(n) (Apple silent)" }

// MARK: - CAMediaTiming

struct TimingRow: CustomStringConvertible, Sendable {
    var timing: MediaTiming; var d: Double; var at: Double; var expected: Double?; var iteration: Int?; var source: String
    var description: String { "\(timing) d=\(d) t=\(at) → \(expected.map { "\($0)" } ?? "none") [\(source)]" }
}
func T(begin: Double = 0, speed: Double = 1, offset: Double = 0, rc: Double = 0, rd: Double = 0, ar: Bool = false,
       fill: FillMode = .removed, d: Double = 1, at t: Double, _ e: Double?, iter: Int? = nil, _ s: String) -> TimingRow {
    TimingRow(timing: MediaTiming(beginTime: begin, duration: d, speed: speed, timeOffset: offset, repeatCount: rc,
                                  repeatDuration: rd, autoreverses: ar, fillMode: fill), d: d, at: t, expected: e, iteration: iter, source: s)
}

let timingRows: [TimingRow] = [
    // fill modes, duration 1
    T(at: -0.5, nil, docFill), T(at: 0, 0, hdr), T(at: 0.25, 0.25, hdr), T(at: 0.999, 0.999, hdr), T(at: 1, nil, docFill), T(at: 2, nil, docFill),
    T(fill: .forwards, at: -0.5, nil, docFill), T(fill: .forwards, at: 0.5, 0.5, hdr), T(fill: .forwards, at: 1, 1, docFill), T(fill: .forwards, at: 5, 1, docFill),
    T(fill: .backwards, at: -0.5, 0, docFill), T(fill: .backwards, at: -100, 0, docFill), T(fill: .backwards, at: 0.5, 0.5, hdr), T(fill: .backwards, at: 1.5, nil, docFill),
    T(fill: .both, at: -1, 0, docFill), T(fill: .both, at: 0.75, 0.75, hdr), T(fill: .both, at: 1, 1, docFill), T(fill: .both, at: 9, 1, docFill),
    // beginTime
    T(begin: 2, at: 1.9, nil, hdr), T(begin: 2, at: 2, 0, hdr), T(begin: 2, at: 2.5, 0.5, hdr), T(begin: 2, at: 3, nil, docFill),
    T(begin: 2, fill: .backwards, at: 0, 0, docFill), T(begin: 2, fill: .forwards, at: 10, 1, docFill), T(begin: -0.5, at: 0, 0.5, hdr),
    // speed
    T(speed: 2, at: 0.25, 0.5, hdr), T(speed: 2, at: 0.5, nil, hdr), T(speed: 0.5, at: 1, 0.5, hdr), T(speed: 0.5, at: 1.9, 0.95, hdr),
    T(begin: 1, speed: 2, at: 1.25, 0.5, hdr), T(begin: 1, speed: 3, d: 3, at: 1.5, 1.5, hdr),
    // negative speed: local time runs backwards from the time offset
    T(speed: -1, offset: 1, fill: .both, at: 0, 1, ours(3)), T(speed: -1, offset: 1, at: 0.25, 0.75, hdr), T(speed: -1, offset: 1, at: 0.9, 0.1, hdr),
    T(speed: -1, offset: 1, at: 1.5, nil, ours(3)), T(speed: -1, offset: 1, fill: .backwards, at: 1.5, 0, ours(3)), T(speed: -2, offset: 1, at: 0.25, 0.5, hdr),
    T(speed: -1, at: 0.5, nil, ours(3)),
    // zero speed: paused at timeOffset
    T(speed: 0, offset: 0.4, at: 0, 0.4, guideTiming), T(speed: 0, offset: 0.4, at: 100, 0.4, guideTiming), T(speed: 0, offset: 0.7, at: -5, 0.7, guideTiming),
    T(speed: 0, at: 3, 0, guideTiming), T(speed: 0, offset: 2, at: 3, nil, guideTiming), T(speed: 0, offset: 2, fill: .forwards, at: 3, 1, guideTiming),
    // timeOffset
    T(offset: 0.25, at: 0, 0.25, hdr), T(offset: 0.25, at: 0.5, 0.75, hdr), T(offset: 0.25, at: 0.8, nil, hdr), T(offset: 0.5, rc: 2, at: 1, 0.5, hdr),
    T(begin: 1, offset: 0.5, at: 1, 0.5, hdr), T(offset: -0.5, at: 0.25, nil, hdr), T(offset: -0.5, fill: .backwards, at: 0.25, 0, docFill),
    // repeatCount
    T(rc: 2, at: 0.5, 0.5, iter: 0, hdr), T(rc: 2, at: 1.5, 0.5, iter: 1, hdr), T(rc: 2, at: 1.999, 0.999, iter: 1, hdr), T(rc: 2, at: 2, nil, hdr),
    T(rc: 2, fill: .forwards, at: 2, 1, iter: 1, ours(14)), T(rc: 2, fill: .forwards, at: 7, 1, iter: 1, ours(14)),
    T(rc: 2.5, at: 2.25, 0.25, iter: 2, hdr), T(rc: 2.5, at: 2.5, nil, hdr), T(rc: 2.5, fill: .forwards, at: 3, 0.5, iter: 2, hdr),
    T(rc: 0.5, at: 0.4, 0.4, hdr), T(rc: 0.5, at: 0.5, nil, hdr), T(rc: 0.5, fill: .forwards, at: 1, 0.5, hdr),
    T(rc: 3, at: 1, 0, iter: 1, hdr), T(rc: 3, at: 2, 0, iter: 2, hdr),
    // infinite repeats: .infinity and Float.greatestFiniteMagnitude (Apple's idiom)
    T(rc: .infinity, at: 1e6 + 0.25, 0.25, iter: 1_000_000, docRepeat), T(rc: .infinity, at: 0.5, 0.5, docRepeat),
    T(rc: Double(Float.greatestFiniteMagnitude), at: 0.25, 0.25, docRepeat), T(rc: Double(Float.greatestFiniteMagnitude), at: 1e9 + 0.5, 0.5, docRepeat),
    T(rc: Double(Float.greatestFiniteMagnitude), at: 3.25e12 + 0.25, 0.25, docRepeat), T(rc: .infinity, d: 0.1, at: 1e7 + 0.05, 0.05, docRepeat),
    T(rd: .infinity, at: 1e8 + 0.75, 0.75, docRepeat), T(rc: .infinity, ar: true, at: 1e6 + 1.25, 0.75, docRepeat),
    // repeatDuration
    T(rd: 2.5, at: 2.25, 0.25, iter: 2, hdr), T(rd: 2.5, at: 2.5, nil, hdr), T(rd: 2.5, fill: .forwards, at: 4, 0.5, hdr),
    T(rd: 0.5, at: 0.25, 0.25, hdr), T(rd: 0.5, at: 0.75, nil, hdr), T(rc: 5, rd: 1.5, at: 1.75, nil, hdr), T(rc: 5, rd: 1.5, at: 1.25, 0.25, hdr),
    // autoreverses
    T(ar: true, at: 0.5, 0.5, hdr), T(ar: true, at: 1, 1, hdr), T(ar: true, at: 1.25, 0.75, hdr), T(ar: true, at: 1.9, 0.1, hdr),
    T(ar: true, at: 2, nil, hdr), T(ar: true, fill: .forwards, at: 2, 0, ours(14)), T(rc: 2, ar: true, at: 2.5, 0.5, iter: 1, hdr),
    T(rc: 2, ar: true, at: 3.5, 0.5, iter: 1, hdr), T(rc: 1.5, ar: true, fill: .forwards, at: 5, 1, hdr), T(rd: 1.5, ar: true, fill: .forwards, at: 5, 0.5, hdr),
    T(rc: 0.25, ar: true, fill: .forwards, at: 5, 0.5, hdr),
    // default duration
    T(d: 0, at: 0.125, 0.125, docDuration),
]

@Test("CAMediaTiming", arguments: timingRows)
func mediaTiming(_ r: TimingRow) {
    let d = r.d > 0 ? r.d : MediaTiming.defaultAnimationDuration
    let l = r.timing.local(at: r.at, duration: d)
    #expect(TestSupport.agree(l?.time, r.expected, tolerance: 1e-6), "\(r)")
    if let i = r.iteration { #expect(l?.iteration == i, "\(r)") }
}

// MARK: - Nested timing: groups and layers

struct NestRow: CustomStringConvertible, Sendable {
    var name: String; var at: Double; var expected: Double?; var source: String
    var description: String { "\(name) t=\(at) → \(expected.map { "\($0)" } ?? "model") [\(source)]" }
}
func opacityAnim(from: Double = 0, to: Double = 1, _ t: MediaTiming) -> BasicAnimation {
    BasicAnimation(keyPath: "opacity", from: .number(from), to: .number(to), timing: t)
}
/// Builds a layer (model opacity 0.5) and the animation configuration `name` names.
func nestedLayer(_ name: String) -> Layer {
    let l = Layer(); l.opacity = 0.5
    switch name {
    case "group-begin":      // child begins 1 s into a 3 s group
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(beginTime: 1, duration: 1))], timing: MediaTiming(duration: 3)), forKey: "g")
    case "group-speed2":     // a group at speed 2 runs its children twice as fast
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 2))], timing: MediaTiming(duration: 2, speed: 2)), forKey: "g")
    case "group-clip":       // a 2 s child in a 1 s group is cut at 1 s
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 2))], timing: MediaTiming(duration: 1)), forKey: "g")
    case "group-clip-fill":  // ... and holds only if the group fills forwards
        let g = AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 2, fillMode: .forwards))],
                               timing: MediaTiming(duration: 1, fillMode: .forwards))
        g.isRemovedOnCompletion = false
        l.add(g, forKey: "g")
    case "group-repeat":
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 1))], timing: MediaTiming(duration: 1, repeatCount: 3)), forKey: "g")
    case "group-child-fill": // child fills forwards inside the group's active time
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 1, fillMode: .forwards))], timing: MediaTiming(duration: 3)), forKey: "g")
    case "group-offset":
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 2))], timing: MediaTiming(duration: 2, timeOffset: 1)), forKey: "g")
    case "group-reverse":
        l.add(AnimationGroup(animations: [opacityAnim(MediaTiming(duration: 2))], timing: MediaTiming(duration: 2, autoreverses: true)), forKey: "g")
    default: break
    }
    return l
}
let nestRows: [NestRow] = [
    .init(name: "group-begin", at: 0.5, expected: nil, source: docGroup), .init(name: "group-begin", at: 1.5, expected: 0.5, source: docGroup),
    .init(name: "group-begin", at: 2.5, expected: nil, source: docGroup), .init(name: "group-begin", at: 3.5, expected: nil, source: docRemoved),
    .init(name: "group-speed2", at: 0.5, expected: 0.5, source: hdr), .init(name: "group-speed2", at: 0.25, expected: 0.25, source: hdr),
    .init(name: "group-speed2", at: 1.0, expected: nil, source: hdr),
    .init(name: "group-clip", at: 0.5, expected: 0.25, source: docGroup), .init(name: "group-clip", at: 0.99, expected: 0.495, source: docGroup),
    .init(name: "group-clip", at: 1.5, expected: nil, source: docGroup),
    .init(name: "group-clip-fill", at: 1.5, expected: 0.5, source: docGroup), .init(name: "group-clip-fill", at: 10, expected: 0.5, source: docFill),
    .init(name: "group-repeat", at: 1.25, expected: 0.25, source: hdr), .init(name: "group-repeat", at: 2.75, expected: 0.75, source: hdr),
    .init(name: "group-repeat", at: 3.25, expected: nil, source: docRemoved),
    .init(name: "group-child-fill", at: 2, expected: 1, source: docFill), .init(name: "group-child-fill", at: 0.5, expected: 0.5, source: hdr),
    .init(name: "group-offset", at: 0, expected: 0.5, source: hdr), .init(name: "group-offset", at: 0.5, expected: 0.75, source: hdr),
    .init(name: "group-reverse", at: 3, expected: 0.5, source: hdr), .init(name: "group-reverse", at: 1, expected: 0.5, source: hdr),
]

@Test("Nested timing through groups", arguments: nestRows)
func nestedTiming(_ r: NestRow) {
    let l = nestedLayer(r.name)
    let v = l.presentationValue(forKeyPath: "opacity", at: r.at)?.doubleValue
    #expect(TestSupport.agree(v, r.expected ?? 0.5, tolerance: 1e-9), "\(r) got \(String(describing: v))")
}

struct LayerTimeRow: CustomStringConvertible, Sendable {
    var timing: MediaTiming; var at: Double; var expected: Double; var source: String
    var description: String { "layer \(timing) t=\(at) → \(expected) [\(source)]" }
}
let layerTimeRows: [LayerTimeRow] = [
    .init(timing: MediaTiming(), at: 0.5, expected: 0.5, source: hdr),
    .init(timing: MediaTiming(speed: 2), at: 0.25, expected: 0.5, source: hdr),
    .init(timing: MediaTiming(beginTime: 1), at: 1.25, expected: 0.25, source: hdr),
    .init(timing: MediaTiming(speed: 0, timeOffset: 0.3), at: 5, expected: 0.3, source: guideTiming),
    .init(timing: MediaTiming(timeOffset: 0.5), at: 0.25, expected: 0.75, source: hdr),
    .init(timing: MediaTiming(beginTime: 2, speed: 0.5), at: 3, expected: 0.5, source: hdr),
]

@Test("Nested timing through layers", arguments: layerTimeRows)
func layerTiming(_ r: LayerTimeRow) {
    let parent = Layer(); parent.timing = r.timing
    let child = Layer(); child.opacity = 0.5; parent.addSublayer(child)
    child.add(opacityAnim(MediaTiming(duration: 1)), forKey: "o")
    let local = parent.localTime(fromParentTime: r.at)
    let v = child.presentationValue(forKeyPath: "opacity", at: local)?.doubleValue
    #expect(TestSupport.agree(v, r.expected, tolerance: 1e-9), "\(r) got \(String(describing: v))")
}

// MARK: - Timing functions

struct TFRow: CustomStringConvertible, Sendable {
    var name: TimingFunction.Name; var x: Double; var y: Double
    var description: String { "\(name)(\(x)) = \(y) [\(docTF); y by independent 200-step bisection]" }
}
func TF(_ n: TimingFunction.Name, _ x: Double, _ y: Double) -> TFRow { TFRow(name: n, x: x, y: y) }
let tfRows: [TFRow] = [
        TF(.linear, 0.0, 0.000000000),
        TF(.linear, 0.1, 0.100000000),
        TF(.linear, 0.2, 0.200000000),
        TF(.linear, 0.3, 0.300000000),
        TF(.linear, 0.4, 0.400000000),
        TF(.linear, 0.5, 0.500000000),
        TF(.linear, 0.6, 0.600000000),
        TF(.linear, 0.7, 0.700000000),
        TF(.linear, 0.8, 0.800000000),
        TF(.linear, 0.9, 0.900000000),
        TF(.linear, 1.0, 1.000000000),
        TF(.easeIn, 0.0, 0.000000000),
        TF(.easeIn, 0.1, 0.017026610),
        TF(.easeIn, 0.2, 0.062282003),
        TF(.easeIn, 0.3, 0.129576765),
        TF(.easeIn, 0.4, 0.214860944),
        TF(.easeIn, 0.5, 0.315356819),
        TF(.easeIn, 0.6, 0.429119776),
        TF(.easeIn, 0.7, 0.554814038),
        TF(.easeIn, 0.8, 0.691633938),
        TF(.easeIn, 0.9, 0.839427849),
        TF(.easeIn, 1.0, 1.000000000),
        TF(.easeOut, 0.0, 0.000000000),
        TF(.easeOut, 0.1, 0.160572158),
        TF(.easeOut, 0.2, 0.308366073),
        TF(.easeOut, 0.3, 0.445185975),
        TF(.easeOut, 0.4, 0.570880239),
        TF(.easeOut, 0.5, 0.684643195),
        TF(.easeOut, 0.6, 0.785139068),
        TF(.easeOut, 0.7, 0.870423244),
        TF(.easeOut, 0.8, 0.937718003),
        TF(.easeOut, 0.9, 0.982973391),
        TF(.easeOut, 1.0, 1.000000000),
        TF(.easeInEaseOut, 0.0, 0.000000000),
        TF(.easeInEaseOut, 0.1, 0.019722455),
        TF(.easeInEaseOut, 0.2, 0.081659861),
        TF(.easeInEaseOut, 0.3, 0.187395917),
        TF(.easeInEaseOut, 0.4, 0.331883887),
        TF(.easeInEaseOut, 0.5, 0.500000019),
        TF(.easeInEaseOut, 0.6, 0.668116147),
        TF(.easeInEaseOut, 0.7, 0.812604105),
        TF(.easeInEaseOut, 0.8, 0.918340150),
        TF(.easeInEaseOut, 0.9, 0.980277548),
        TF(.easeInEaseOut, 1.0, 1.000000000),
        TF(.`default`, 0.0, 0.000000000),
        TF(.`default`, 0.1, 0.094796306),
        TF(.`default`, 0.2, 0.295244335),
        TF(.`default`, 0.3, 0.513315162),
        TF(.`default`, 0.4, 0.682540506),
        TF(.`default`, 0.5, 0.802403388),
        TF(.`default`, 0.6, 0.885229310),
        TF(.`default`, 0.7, 0.940764614),
        TF(.`default`, 0.8, 0.975625356),
        TF(.`default`, 0.9, 0.994316477),
        TF(.`default`, 1.0, 1.000000000),

]

@Test("Timing functions", arguments: tfRows)
func timingFunction(_ r: TFRow) {
    #expect(abs(TimingFunction(name: r.name).evaluate(r.x) - r.y) < 1e-6, "\(r)")
}

// MARK: - Basic animations, additive, cumulative, removal

struct ValueRow: CustomStringConvertible, Sendable {
    var name: String; var at: Double; var expected: Double; var source: String
    var description: String { "\(name) t=\(at) → \(expected) [\(source)]" }
}
/// Layer with model position.x = 100 and the configuration `name`.
func basicLayer(_ name: String) -> Layer {
    let l = Layer(); l.position = Point(100, 0)
    func b(_ f: Double?, _ t: Double?, _ by: Double?, _ tm: MediaTiming = MediaTiming(duration: 1)) -> BasicAnimation {
        BasicAnimation(keyPath: "position.x", from: f.map { .number($0) }, to: t.map { .number($0) }, by: by.map { .number($0) }, timing: tm)
    }
    var a: Animation?
    switch name {
    case "from-to": a = b(10, 20, nil)
    case "from-to-by": a = b(10, 20, 5)
    case "from-by": a = b(10, nil, 5)
    case "by-to": a = b(nil, 20, 5)
    case "from": a = b(10, nil, nil)
    case "to": a = b(nil, 20, nil)
    case "by": a = b(nil, nil, 5)
    case "none": a = b(nil, nil, nil)
    case "additive": let x = b(0, 10, nil); x.isAdditive = true; a = x
    case "additive-by": let x = b(nil, nil, 10); x.isAdditive = true; a = x
    case "cumulative": let x = b(10, 20, nil, MediaTiming(duration: 1, repeatCount: 3)); x.isCumulative = true; a = x
    case "cumulative-ar": let x = b(10, 20, nil, MediaTiming(duration: 1, repeatCount: 2, autoreverses: true)); x.isCumulative = true; a = x
    case "cumulative-additive": let x = b(0, 10, nil, MediaTiming(duration: 1, repeatCount: 2)); x.isCumulative = true; x.isAdditive = true; a = x
    case "removed": a = b(10, 20, nil, MediaTiming(duration: 1, fillMode: .forwards))
    case "removed-both": a = b(10, 20, nil, MediaTiming(duration: 1, fillMode: .both))
    case "kept": let x = b(10, 20, nil, MediaTiming(duration: 1, fillMode: .forwards)); x.isRemovedOnCompletion = false; a = x
    case "kept-removedfill": let x = b(10, 20, nil); x.isRemovedOnCompletion = false; a = x
    case "removed-repeat": a = b(10, 20, nil, MediaTiming(duration: 1, repeatCount: 2, fillMode: .forwards))
    case "removed-reverse-speed": a = b(10, 20, nil, MediaTiming(duration: 1, speed: -1, timeOffset: 1, fillMode: .both))
    case "ease": let x = b(0, 100, nil); x.timingFunction = TimingFunction(name: .easeIn); a = x
    default: break
    }
    if let a { l.add(a, forKey: "a") }
    return l
}
let basicRows: [ValueRow] = [
    .init(name: "from-to", at: 0, expected: 10, source: docBasic), .init(name: "from-to", at: 0.5, expected: 15, source: docBasic),
    .init(name: "from-to", at: 0.99, expected: 19.9, source: docBasic), .init(name: "from-to", at: 1.5, expected: 100, source: docRemoved),
    .init(name: "from-to-by", at: 0.5, expected: 15, source: docBasic + " (by ignored when from and to are set)"),
    .init(name: "from-by", at: 0, expected: 10, source: docBasic), .init(name: "from-by", at: 0.5, expected: 12.5, source: docBasic),
    .init(name: "by-to", at: 0, expected: 15, source: docBasic), .init(name: "by-to", at: 0.5, expected: 17.5, source: docBasic),
    .init(name: "from", at: 0, expected: 10, source: docBasic), .init(name: "from", at: 0.5, expected: 55, source: docBasic + " (from → current presentation value)"),
    .init(name: "to", at: 0, expected: 100, source: docBasic), .init(name: "to", at: 0.5, expected: 60, source: docBasic + " (current value → to)"),
    .init(name: "by", at: 0, expected: 100, source: docBasic), .init(name: "by", at: 0.5, expected: 102.5, source: docBasic + " (current → current + by)"),
    .init(name: "none", at: 0.5, expected: 100, source: docBasic + " (all nil: undefined; ours: no effect)"),
    .init(name: "additive", at: 0.5, expected: 105, source: docAdditive), .init(name: "additive", at: 0, expected: 100, source: docAdditive),
    .init(name: "additive-by", at: 0.5, expected: 205, source: docAdditive + " (by on the model value, then added)"),
    .init(name: "cumulative", at: 0.5, expected: 15, source: docCumulative), .init(name: "cumulative", at: 1.5, expected: 35, source: docCumulative),
    .init(name: "cumulative", at: 2.5, expected: 55, source: docCumulative),
    .init(name: "cumulative-ar", at: 0.5, expected: 15, source: docCumulative), .init(name: "cumulative-ar", at: 1.5, expected: 15, source: docCumulative),
    .init(name: "cumulative-ar", at: 2.5, expected: 25, source: docCumulative + " (an autoreversed cycle ends where it started: 10 + 15)"),
    .init(name: "cumulative-ar", at: 3.5, expected: 25, source: docCumulative),
    .init(name: "cumulative-additive", at: 1.5, expected: 115, source: docCumulative + "; " + docAdditive),
    .init(name: "removed", at: 0.5, expected: 15, source: docRemoved), .init(name: "removed", at: 1, expected: 100, source: docRemoved),
    .init(name: "removed", at: 3, expected: 100, source: docRemoved + " (default true: the model value shows again)"),
    .init(name: "removed-both", at: -1, expected: 10, source: docFill), .init(name: "removed-both", at: 2, expected: 100, source: docRemoved),
    .init(name: "kept", at: 1, expected: 20, source: docRemoved + " + " + docFill), .init(name: "kept", at: 50, expected: 20, source: docRemoved),
    .init(name: "kept-removedfill", at: 2, expected: 100, source: docFill + " (fillMode removed: no effect after the end)"),
    .init(name: "removed-repeat", at: 1.5, expected: 15, source: hdr), .init(name: "removed-repeat", at: 2.5, expected: 100, source: docRemoved),
    .init(name: "removed-reverse-speed", at: 0.5, expected: 15, source: hdr), .init(name: "removed-reverse-speed", at: 2, expected: 100, source: docRemoved),
    .init(name: "ease", at: 0.5, expected: 31.5357, source: docTF),
]

@Test("Basic animations, additive, cumulative, removal", arguments: basicRows)
func basic(_ r: ValueRow) {
    let v = basicLayer(r.name).presentationValue(forKeyPath: "position.x", at: r.at)?.doubleValue
    #expect(TestSupport.agree(v, r.expected, tolerance: 1e-3), "\(r) got \(String(describing: v))")
}

// MARK: - Keyframes

struct KFRow: CustomStringConvertible, Sendable {
    var name: String; var at: Double; var expected: Double; var source: String
    var description: String { "\(name) t=\(at) → \(expected) [\(source)]" }
}
func keyframe(_ name: String) -> KeyframeAnimation {
    let k = KeyframeAnimation(keyPath: "opacity", values: [0, 10, 40].map { .number($0) }, timing: MediaTiming(duration: 1))
    switch name {
    case "linear": break
    case "keyTimes": k.keyTimes = [0, 0.8, 1]
    case "discrete": k.calculationMode = .discrete
    case "discrete-kt": k.calculationMode = .discrete; k.keyTimes = [0, 0.1, 0.2, 1]
    case "paced": k.calculationMode = .paced
    case "paced-kt": k.calculationMode = .paced; k.keyTimes = [0, 0.9, 1]
    case "perseg": k.timingFunctions = [TimingFunction(name: .easeIn), TimingFunction(name: .linear)]
    case "global": k.timingFunction = TimingFunction(name: .easeIn)
    case "bad-count": k.keyTimes = [0, 1]
    case "bad-order": k.keyTimes = [0, 0.9, 0.5]
    case "bad-range": k.keyTimes = [0, 0.5, 1.5]
    case "cubic": k.values = [0, 10, 20, 30].map { .number($0) }; k.calculationMode = .cubic
    case "cumulative": k.timing = MediaTiming(duration: 1, repeatCount: 2); k.isCumulative = true
    case "cumulative-ar": k.timing = MediaTiming(duration: 1, repeatCount: 2, autoreverses: true); k.isCumulative = true
    default: break
    }
    return k
}
let kfRows: [KFRow] = [
    .init(name: "linear", at: 0, expected: 0, source: docKeyframe), .init(name: "linear", at: 0.25, expected: 5, source: docKeyframe),
    .init(name: "linear", at: 0.5, expected: 10, source: docKeyframe), .init(name: "linear", at: 0.75, expected: 25, source: docKeyframe),
    .init(name: "linear", at: 0.999, expected: 39.94, source: docKeyframe),
    .init(name: "keyTimes", at: 0.4, expected: 5, source: docKeyTimes), .init(name: "keyTimes", at: 0.8, expected: 10, source: docKeyTimes),
    .init(name: "keyTimes", at: 0.9, expected: 25, source: docKeyTimes),
    .init(name: "discrete", at: 0.1, expected: 0, source: docKeyframe + " (discrete, evenly spaced k_i = i/n)"),
    .init(name: "discrete", at: 0.4, expected: 10, source: docKeyframe), .init(name: "discrete", at: 0.7, expected: 40, source: docKeyframe),
    .init(name: "discrete-kt", at: 0.05, expected: 0, source: docKeyTimes + " (discrete: n + 1 key times)"),
    .init(name: "discrete-kt", at: 0.15, expected: 10, source: docKeyTimes), .init(name: "discrete-kt", at: 0.5, expected: 40, source: docKeyTimes),
    .init(name: "paced", at: 0.25, expected: 10, source: docKeyframe + " (paced: constant speed over total length 40)"),
    .init(name: "paced", at: 0.5, expected: 20, source: docKeyframe), .init(name: "paced", at: 0.125, expected: 5, source: docKeyframe),
    .init(name: "paced-kt", at: 0.5, expected: 20, source: docKeyTimes + " (keyTimes ignored when paced)"),
    .init(name: "perseg", at: 0.25, expected: 3.1536, source: docKeyframe + " (timingFunctions per segment)"),
    .init(name: "perseg", at: 0.75, expected: 25, source: docKeyframe),
    .init(name: "global", at: 0.5, expected: 6.3071, source: docTF + " (global curve, then segment)"),
    .init(name: "bad-count", at: 0.25, expected: 5, source: docKeyTimes + " (invalid keyTimes ignored, evenly spaced; " + ours(17) + ")"),
    .init(name: "bad-order", at: 0.75, expected: 25, source: docKeyTimes + " (decreasing: ignored; " + ours(17) + ")"),
    .init(name: "bad-range", at: 0.75, expected: 25, source: docKeyTimes + " (outside [0,1]: ignored; " + ours(17) + ")"),
    .init(name: "cubic", at: 0.5, expected: 15, source: ours(8) + " (Catmull-Rom through evenly spaced collinear values is linear)"),
    .init(name: "cubic", at: 1.0 / 3, expected: 10, source: docKeyframe + " (cubic passes through the keyframes)"),
    .init(name: "cubic", at: 0, expected: 0, source: docKeyframe),
    .init(name: "cumulative", at: 1.5, expected: 50, source: docCumulative + " (last value 40 + 10)"),
    .init(name: "cumulative-ar", at: 2.5, expected: 10, source: docCumulative + " (autoreversed cycle ends at the first value 0)"),
]

@Test("Keyframe animations", arguments: kfRows)
func keyframes(_ r: KFRow) {
    let l = Layer(); l.opacity = 0.5
    l.add(keyframe(r.name), forKey: "k")
    let v = l.presentationValue(forKeyPath: "opacity", at: r.at)?.doubleValue
    #expect(TestSupport.agree(v, r.expected, tolerance: 1e-3), "\(r) got \(String(describing: v))")
}

struct PathRow: CustomStringConvertible, Sendable {
    var path: String; var mode: CalculationMode; var at: Double; var x: Double; var y: Double; var source: String
    var description: String { "\(path) \(mode) t=\(at) → (\(x), \(y)) [\(source)]" }
}
let pathRows: [PathRow] = [
    .init(path: "M 0 0 L 100 0 L 100 100", mode: .linear, at: 0.25, x: 50, y: 0, source: docKeyframe + " (path points are keyframes)"),
    .init(path: "M 0 0 L 100 0 L 100 100", mode: .linear, at: 0.75, x: 100, y: 50, source: docKeyframe),
    .init(path: "M 0 0 L 100 0 L 100 300", mode: .paced, at: 0.5, x: 100, y: 100, source: docKeyframe + " (paced along the path)"),
    .init(path: "M 0 0 L 100 0 M 200 0 L 300 0", mode: .linear, at: 0.9, x: 280, y: 0, source: ours(9) + " (a move-to starts the next segment: a jump)"),
    .init(path: "M 0 0 L 100 0 M 200 0 L 300 0", mode: .linear, at: 0.3, x: 60, y: 0, source: ours(9)),
    .init(path: "M 0 0 L 100 0 L 100 100", mode: .cubic, at: 0.25, x: 50, y: 0, source: ours(8) + " (cubic on a path follows the path)"),
]

@Test("Keyframe paths", arguments: pathRows)
func keyframePaths(_ r: PathRow) throws {
    let k = KeyframeAnimation(keyPath: "position", timing: MediaTiming(duration: 1))
    k.path = try Path(svg: r.path); k.calculationMode = r.mode
    let l = Layer(); l.add(k, forKey: "p")
    guard case .point(let p)? = l.presentationValue(forKeyPath: "position", at: r.at) else { Issue.record("no point \(r)"); return }
    #expect(abs(p.x - r.x) < 1e-6 && abs(p.y - r.y) < 1e-6, "\(r) got \(p)")
}

struct RotRow: CustomStringConvertible, Sendable {
    var mode: RotationMode; var at: Double; var angle: Double; var source: String
    var description: String { "\(mode) t=\(at) → \(angle) [\(source)]" }
}
let rotRows: [RotRow] = [
    .init(mode: .auto, at: 0.25, angle: 0, source: docKeyframe + " rotationMode auto: tangent"),
    .init(mode: .auto, at: 0.75, angle: Double.pi / 2, source: docKeyframe + " (y down: +90° along +y)"),
    .init(mode: .autoReverse, at: 0.25, angle: Double.pi, source: docKeyframe + " autoReverse: tangent + 180°"),
    .init(mode: .autoReverse, at: 0.75, angle: 1.5 * Double.pi, source: docKeyframe),
]

@Test("Keyframe rotation modes", arguments: rotRows)
func rotationModes(_ r: RotRow) throws {
    let k = KeyframeAnimation(keyPath: "position", timing: MediaTiming(duration: 1))
    k.path = try Path(svg: "M 0 0 L 100 0 L 100 100"); k.rotationMode = r.mode
    let a = try #require(k.rotation(at: r.at))
    #expect(abs(remainder(a - r.angle, 2 * Double.pi)) < 1e-6, "\(r) got \(a)")
}

struct TCBRow: CustomStringConvertible, Sendable {
    var tension: Double; var continuity: Double; var bias: Double; var at: Double; var expected: Double; var source: String
    var description: String { "tcb(\(tension),\(continuity),\(bias)) t=\(at) → \(expected) [\(source)]" }
}
// Values 0, 10, 0 at keyTimes 0, .5, 1: the middle keyframe is always reached; with tension 1 the
// tangents vanish, so the quarter point is the Hermite midpoint 5.
let tcbRows: [TCBRow] = [
    .init(tension: 0, continuity: 0, bias: 0, at: 0.5, expected: 10, source: docKeyframe + " (cubic passes through keyframes)"),
    .init(tension: 1, continuity: 0, bias: 0, at: 0.5, expected: 10, source: docKeyframe),
    .init(tension: 1, continuity: 0, bias: 0, at: 0.25, expected: 5, source: "Kochanek–Bartels 1984 (tension 1: zero tangents); " + docKeyframe + " tensionValues"),
    .init(tension: -1, continuity: 0, bias: 0, at: 0.5, expected: 10, source: docKeyframe),
    .init(tension: 0, continuity: 1, bias: 0, at: 0.5, expected: 10, source: docKeyframe + " continuityValues"),
    .init(tension: 0, continuity: 0, bias: 1, at: 0.5, expected: 10, source: docKeyframe + " biasValues"),
]

@Test("Keyframe tension/continuity/bias", arguments: tcbRows)
func tcb(_ r: TCBRow) {
    let k = KeyframeAnimation(keyPath: "opacity", values: [0, 10, 0].map { .number($0) }, timing: MediaTiming(duration: 1))
    k.calculationMode = .cubic
    k.tensionValues = [r.tension, r.tension, r.tension]; k.continuityValues = [r.continuity, r.continuity, r.continuity]
    k.biasValues = [r.bias, r.bias, r.bias]
    let l = Layer(); l.add(k, forKey: "k")
    let v = l.presentationValue(forKeyPath: "opacity", at: r.at)?.doubleValue
    #expect(TestSupport.agree(v, r.expected, tolerance: 1e-6), "\(r) got \(String(describing: v))")
}

// MARK: - Springs

struct SpringRow: CustomStringConvertible, Sendable {
    var what: String; var mass: Double; var stiffness: Double; var damping: Double; var at: Double; var expected: Double; var tol: Double; var source: String
    var description: String { "\(what) m\(mass) k\(stiffness) c\(damping) t=\(at) → \(expected) [\(source)]" }
}
let springRows: [SpringRow] = [
    // position of the default spring (closed form of m x'' + c x' + k (x − 1) = 0)
    .init(what: "x", mass: 1, stiffness: 100, damping: 10, at: 0, expected: 0, tol: 1e-9, source: docSpring),
    .init(what: "x", mass: 1, stiffness: 100, damping: 10, at: 0.05, expected: 0.104405, tol: 1e-5, source: docSpring + " (damped oscillator)"),
    .init(what: "x", mass: 1, stiffness: 100, damping: 10, at: 1.0, expected: 1.002170, tol: 1e-5, source: docSpring),
    .init(what: "x", mass: 1, stiffness: 100, damping: 20, at: 0.1, expected: 1 - exp(-1.0) * 2, tol: 1e-9, source: docSpring + " (critical)"),
    .init(what: "x", mass: 1, stiffness: 100, damping: 40, at: 0.1, expected: 1 - exp(-1.0) * 2, tol: 1e-9, source: "QuartzCore: over-damping evaluated as critical unless allowed (" + ours(11) + ")"),
    // the iOS 17 duration/bounce initializer
    .init(what: "k", mass: 0, stiffness: 0, damping: 0.3, at: 0.5, expected: 157.9137, tol: 1e-3, source: wwdc23Spring + " (0.5, 0.3) → k 157.9"),
    .init(what: "c", mass: 0, stiffness: 0, damping: 0.3, at: 0.5, expected: 17.5929, tol: 1e-3, source: wwdc23Spring + " → c 17.6"),
    .init(what: "c", mass: 0, stiffness: 0, damping: 0, at: 0.5, expected: 25.1327, tol: 1e-3, source: wwdc23Spring + " (bounce 0: critical)"),
    .init(what: "c", mass: 0, stiffness: 0, damping: -0.5, at: 0.5, expected: 50.2655, tol: 1e-3, source: wwdc23Spring + " (bounce −0.5: ζ = 2)"),
    .init(what: "bounce", mass: 1, stiffness: 100, damping: 10, at: 0, expected: 0.5, tol: 1e-9, source: wwdc23Spring + " (m1 k100 c10 → bounce 0.5)"),
    .init(what: "pduration", mass: 1, stiffness: 100, damping: 10, at: 0, expected: 0.6283, tol: 1e-4, source: wwdc23Spring + " (→ duration 0.63)"),
    .init(what: "x-bounce-1", mass: 0, stiffness: 0, damping: -1, at: 0.5, expected: 0, tol: 1e-9, source: "QuartzCore: bounce −1 is the infinite-damping boundary (the spring does not move)"),
    // settling: measured on Apple hardware (defaults, damping 1) and Apple's settlingDuration page (damping 5, 15)
    .init(what: "settling", mass: 1, stiffness: 100, damping: 10, at: 0, expected: 1.4727, tol: 1e-4, source: "measured on Apple hardware (CASpringAnimation defaults): 1.4727 s"),
    .init(what: "settling", mass: 1, stiffness: 100, damping: 1, at: 0, expected: 13.913, tol: 1e-3, source: "measured on Apple hardware (damping 1): 13.913 s"),
    .init(what: "settling", mass: 1, stiffness: 100, damping: 5, at: 0, expected: 2.85, tol: 0.01, source: docSettling + " (damping 5: approximately 2.85 s)"),
    .init(what: "settling", mass: 1, stiffness: 100, damping: 15, at: 0, expected: 1.02, tol: 0.01, source: docSettling + " (damping 15: just over 1 s)"),
    .init(what: "settling", mass: 1, stiffness: 100, damping: 0, at: 0, expected: .infinity, tol: 0, source: docSettling + " (undamped never settles)"),
    .init(what: "settling-bounce-1", mass: 0, stiffness: 0, damping: -1, at: 0.5, expected: .infinity, tol: 0, source: "QuartzCore: bounce −1, infinite damping, never arrives"),
    .init(what: "settling-db", mass: 0, stiffness: 0, damping: 0.3, at: 0.5, expected: 0.8630, tol: 1e-3, source: wwdc23Spring + "; ln((1+|B|)/0.001)/(ζω0) rule of the rows above"),
    .init(what: "settling", mass: 1, stiffness: 100, damping: 20, at: 0, expected: 0.9234, tol: 1e-3, source: ours(11) + " (critical: same bound, e^{−ω0t}(1+ω0t) = 0.001)"),
    // a spring's duration is what the user sets; 0 means 0.25 s like every CAAnimation
    .init(what: "duration", mass: 1, stiffness: 100, damping: 10, at: 0, expected: 0.25, tol: 1e-12, source: docDuration),
]

@Test("Springs", arguments: springRows)
func springs(_ r: SpringRow) {
    let s = SpringAnimation(keyPath: "opacity", from: .number(0), to: .number(1))
    s.mass = r.mass; s.stiffness = r.stiffness; s.damping = r.damping
    let value: Double
    switch r.what {
    case "x": value = s.curve.value(at: r.at)
    case "k": value = SpringCurve(perceptualDuration: r.at, bounce: r.damping).stiffness
    case "c": value = SpringCurve(perceptualDuration: r.at, bounce: r.damping).damping
    case "bounce": value = s.bounce
    case "pduration": value = s.perceptualDuration
    case "x-bounce-1": value = SpringCurve(perceptualDuration: r.at, bounce: r.damping).value(at: r.at)
    case "settling": value = s.settlingDuration
    case "settling-bounce-1", "settling-db": value = SpringCurve(perceptualDuration: r.at, bounce: r.damping).settlingDuration()
    default: value = s.resolvedDuration
    }
    #expect(value == r.expected || abs(value - r.expected) <= r.tol, "\(r) got \(value)")
}

// MARK: - Transactions and implicit animations, completion order

struct TxRow: CustomStringConvertible, Sendable {
    var name: String; var at: Double; var expected: Double; var source: String
    var description: String { "\(name) t=\(at) → \(expected) [\(source)]" }
}
let txRows: [TxRow] = [
    .init(name: "implicit", at: 0, expected: 0, source: docTransaction + " (implicit: from old to new)"),
    .init(name: "implicit", at: 0.125, expected: 0.5, source: docTransaction + " (default 0.25 s, linear here)"),
    .init(name: "implicit", at: 0.3, expected: 1, source: docRemoved + " (removed: the new model value shows)"),
    .init(name: "outside", at: 0, expected: 1, source: ours(2) + " (no implicit animation outside a transaction)"),
    .init(name: "without", at: 0, expected: 1, source: "developer.apple.com/documentation/quartzcore/catransaction/1448275-setdisableactions"),
]

@Test("Transactions and implicit animations", arguments: txRows)
func transactions(_ r: TxRow) {
    let l = Layer(); l.opacity = 0
    switch r.name {
    case "implicit": Transaction.animate(duration: 0.25, timingFunction: nil, changes: { l.opacity = 1 })
    case "without": Transaction.animate(changes: { Transaction.performWithoutAnimation { l.opacity = 1 } })
    default: l.opacity = 1
    }
    let v = l.presentationValue(forKeyPath: "opacity", at: r.at)?.doubleValue
    #expect(TestSupport.agree(v, r.expected, tolerance: 1e-9), "\(r) got \(String(describing: v))")
}

struct OrderRow: CustomStringConvertible, Sendable {
    var scenario: String; var expected: [String]; var source: String
    var description: String { "\(scenario) → \(expected) [\(source)]" }
}
let orderRows: [OrderRow] = [
    .init(scenario: "end-order", expected: ["a:true", "b:true"], source: "developer.apple.com/documentation/quartzcore/caanimationdelegate/2097259-animationdidstop (in end-time order)"),
    .init(scenario: "remove", expected: ["a:false"], source: "CAAnimationDelegate animationDidStop(_:finished:) — finished false when removed early"),
    .init(scenario: "replace", expected: ["a:false"], source: "developer.apple.com/documentation/quartzcore/calayer/1410848-add (same key replaces, old stops)"),
    .init(scenario: "once", expected: ["a:true"], source: "CAAnimationDelegate: animationDidStop called once"),
    .init(scenario: "kept", expected: ["a:true"], source: docRemoved + " (stays attached but still reports finished)"),
]

@Test("Removal and completion order", arguments: orderRows)
func completionOrder(_ r: OrderRow) {
    var log: [String] = []
    func anim(_ n: String, _ d: Double) -> Animation {
        let a = opacityAnim(MediaTiming(duration: d)); a.completion = { log.append("\(n):\($0)") }; return a
    }
    let l = Layer()
    switch r.scenario {
    case "end-order": l.add(anim("b", 2), forKey: "b"); l.add(anim("a", 1), forKey: "a"); l.advanceAnimations(to: 1.5); l.advanceAnimations(to: 3)
    case "remove": l.add(anim("a", 1), forKey: "a"); l.removeAnimation(forKey: "a"); l.advanceAnimations(to: 3)
    case "replace": l.add(anim("a", 1), forKey: "k"); l.add(opacityAnim(MediaTiming(duration: 1)), forKey: "k")
    case "once": l.add(anim("a", 1), forKey: "a"); l.advanceAnimations(to: 2); l.advanceAnimations(to: 3)
    default:
        let a = anim("a", 1); a.isRemovedOnCompletion = false; l.add(a, forKey: "a"); l.advanceAnimations(to: 2)
        #expect(l.animation(forKey: "a") != nil)
    }
    #expect(log == r.expected, "\(r) got \(log)")
}

// MARK: - Emitter cell timing and infinite repeats in scene files

struct CellRow: CustomStringConvertible, Sendable {
    var timing: MediaTiming; var at: Double; var active: Bool; var source: String
    var description: String { "cell \(timing) t=\(at) → \(active) [\(source)]" }
}
let cellRows: [CellRow] = [
    .init(timing: MediaTiming(), at: 1e6, active: true, source: docCell + " (duration 0: forever)"),
    .init(timing: MediaTiming(beginTime: 2), at: 1, active: false, source: docCell + " beginTime"),
    .init(timing: MediaTiming(beginTime: 2), at: 2, active: true, source: docCell),
    .init(timing: MediaTiming(duration: 1), at: 1.5, active: false, source: docCell + " duration"),
    .init(timing: MediaTiming(duration: 1, repeatCount: .infinity), at: 1e6, active: true, source: docRepeat),
    .init(timing: MediaTiming(duration: 1, repeatCount: Double(Float.greatestFiniteMagnitude)), at: 1e12, active: true, source: docRepeat),
    .init(timing: MediaTiming(duration: 1, repeatDuration: .infinity), at: 1e9, active: true, source: docRepeat),
    .init(timing: MediaTiming(duration: 1, repeatCount: 2), at: 2.5, active: false, source: hdr),
    .init(timing: MediaTiming(duration: 1, speed: 2), at: 0.6, active: false, source: hdr),
    .init(timing: MediaTiming(duration: 1, timeOffset: 0.5), at: 0.6, active: false, source: hdr),
]

@Test("Emitter cell timing", arguments: cellRows)
func cellTiming(_ r: CellRow) {
    let d = r.timing.duration > 0 ? r.timing.duration : .infinity
    #expect(r.timing.isActive(at: r.at, duration: d) == r.active, "\(r)")
}

struct LoaderRow: CustomStringConvertible, Sendable {
    var fragment: String; var expected: String; var source: String
    var description: String { "\(fragment) → \(expected) [\(source)]" }
}
let loaderRows: [LoaderRow] = [
    .init(fragment: #""repeatCount": 3.4028234663852886e38"#, expected: "rc=3.4028234663852886e+38", source: docRepeat),
    .init(fragment: #""repeatCount": "infinity""#, expected: "rc=inf", source: docRepeat),
    .init(fragment: #""repeatCount": 1e12"#, expected: "rc=1000000000000.0", source: docRepeat),
    .init(fragment: #""repeatDuration": "infinity""#, expected: "rd=inf", source: docRepeat),
    .init(fragment: #""repeatDuration": 1e30"#, expected: "rd=1e+30", source: docRepeat),
    .init(fragment: #""cell": true, "repeatCount": "infinity""#, expected: "cell rc=inf", source: docCell + "; " + docRepeat),
    .init(fragment: #""cell": true, "repeatDuration": "inf""#, expected: "cell rd=inf", source: docCell + "; " + docRepeat),
    .init(fragment: #""cell": true, "repeatCount": 3.4028234663852886e38"#, expected: "cell rc=3.4028234663852886e+38", source: docCell + "; " + docRepeat),
    .init(fragment: #""type": "spring", "duration": "settlingDuration""#, expected: "d=settling", source: docSettling + " (iOS: anim.duration = anim.settlingDuration)"),
    .init(fragment: #""type": "spring""#, expected: "d=0.25", source: docDuration),
    .init(fragment: #""duration": "settlingDuration""#, expected: "error animations[0].duration", source: ours(18)),
    .init(fragment: #""repeatCount": -1"#, expected: "error animations[0].repeatCount", source: ours(18)),
    .init(fragment: #""type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 1]"#, expected: "error animations[0].keyTimes", source: docKeyTimes + "; " + ours(18) + " (wrong count refused)"),
    .init(fragment: #""type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 0.8, 0.5]"#, expected: "error animations[0].keyTimes", source: docKeyTimes + "; " + ours(18) + " (decreasing refused)"),
    .init(fragment: #""type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 0.5, 1.5]"#, expected: "error animations[0].keyTimes[2]", source: docKeyTimes + "; " + ours(18) + " (outside [0, 1] refused)"),
    .init(fragment: #""type": "keyframe", "values": [0, 1, 0], "keyTimes": [0, 0.5, 1]"#, expected: "d=0.25", source: docKeyTimes + " (valid key times load)"),
    .init(fragment: #""repeatDuration": -2"#, expected: "error animations[0].repeatDuration", source: ours(18)),
]

@Test("Scene files: infinite repeats and settlingDuration", arguments: loaderRows)
func loader(_ r: LoaderRow) {
    let isCell = r.fragment.hasPrefix(#""cell": true, "#)
    let frag = isCell ? String(r.fragment.dropFirst(#""cell": true, "#.count)) : r.fragment
    let json = isCell
        ? #"{"layers": [{"type": "emitter", "name": "e", "emitterCells": [{"name": "c", "contents": "builtin:dot", "birthRate": 1, "duration": 1, "# + frag + "}]}]}"
        : #"{"layers": [{"type": "image", "name": "l", "contents": "builtin:dot"}], "animations": [{"layer": "l", "keyPath": "opacity", "# + (frag.contains("keyframe") ? "" : #""fromValue": 0, "toValue": 1, "#) + frag + "}]}"
    var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files") }
    do {
        let scene = try loader.scene(fromJSON: json)
        let got: String
        if isCell {
            let cell = (scene.layer(named: "e") as? EmitterLayer)?.emitterCells.first
            got = r.expected.contains("rc=") ? "cell rc=\(cell?.timing.repeatCount ?? -1)" : "cell rd=\(cell?.timing.repeatDuration ?? -1)"
        } else {
            let anim = scene.layer(named: "l")?.animationEntries.first?.animation
            if r.expected.hasPrefix("rc=") { got = "rc=\(anim?.timing.repeatCount ?? -1)" }
            else if r.expected.hasPrefix("rd=") { got = "rd=\(anim?.timing.repeatDuration ?? -1)" }
            else if r.expected == "d=settling", let s = anim as? SpringAnimation { got = s.timing.duration == s.settlingDuration ? "d=settling" : "d=\(s.timing.duration)" }
            else { got = "d=\(anim?.resolvedDuration ?? -1)" }
        }
        #expect(got == r.expected, "\(r) got \(got)")
    } catch let e as SceneError {
        #expect("error \(e.path)" == r.expected, "\(r) got \(e)")
    } catch {
        Issue.record("\(r): \(error)")
    }
}


// MARK: - Trace readout of transform.scale

struct ScaleRow: CustomStringConvertible, Sendable {
    var sx: Double; var sy: Double; var expected: Double; var source: String
    var description: String { "scale.x \(sx) scale.y \(sy) → transform.scale \(expected) [\(source)]" }
}
let scaleRows: [ScaleRow] = [
    .init(sx: 4.5, sy: 4.5, expected: 10.0 / 3, source: ours(15) + " (transform.scale reads the mean of x, y, z; must see .x/.y animations)"),
    .init(sx: 2, sy: 2, expected: 5.0 / 3, source: ours(15)),
    .init(sx: 1, sy: 4, expected: 2, source: ours(15)),
]

@Test("transform.scale readout sees transform.scale.x/.y animations", arguments: scaleRows)
func scaleReadout(_ r: ScaleRow) {
    let l = Layer()
    for (axis, v) in [("x", r.sx), ("y", r.sy)] {
        let a = BasicAnimation(keyPath: "transform.scale.\(axis)", from: .number(v), to: .number(v), timing: MediaTiming(duration: 10))
        l.add(a, forKey: axis)
    }
    let s = l.presentationValue(forKeyPath: "transform.scale", at: 1)?.doubleValue
    #expect(TestSupport.agree(s, r.expected, tolerance: 1e-9), "\(r) got \(String(describing: s))")
}

struct TraceRow: CustomStringConvertible, Sendable {
    var scale: Double; var expected: String; var source: String
    var description: String { "trace with scale.x = scale.y = \(scale) → \(expected) [\(source)]" }
}
let traceRows: [TraceRow] = [
    .init(scale: 4.5, expected: #""transform.scale":3.33333"#, source: ours(15) + " (stardust trace used to print 3)"),
    .init(scale: 1, expected: #""transform.scale":1"#, source: ours(15)),
]

@Test("stardust trace prints transform.scale with .x/.y animations", arguments: traceRows)
func traceScale(_ r: TraceRow) throws {
    let json = #"{"size": [100, 100], "duration": 2, "layers": [{"type": "image", "name": "l", "contents": "builtin:dot", "transform": "scale(3)"}], "animations": ["#
        + #"{"layer": "l", "keyPath": "transform.scale.x", "fromValue": \#(r.scale), "toValue": \#(r.scale), "duration": 2},"#
        + #"{"layer": "l", "keyPath": "transform.scale.y", "fromValue": \#(r.scale), "toValue": \#(r.scale), "duration": 2}]}"#
    var loader = SceneLoader(baseDirectory: "/nonexistent") { _ in throw SceneError(path: "$", "no files") }
    let scene = try loader.scene(fromJSON: json)
    let line = SceneTrace.line(for: scene, at: 1, includeParticles: false)
    #expect(line.contains(r.expected), "\(r) got \(line)")
}

struct EmitterRow: CustomStringConvertible, Sendable {
    var repeatCount: Double; var repeatDuration: Double; var at: Double; var alive: Bool; var source: String
    var description: String { "cell rc \(repeatCount) rd \(repeatDuration) t=\(at) → alive \(alive) [\(source)]" }
}
let emitterRows: [EmitterRow] = [
    .init(repeatCount: .infinity, repeatDuration: 0, at: 100.5, alive: true, source: docCell + "; " + docRepeat),
    .init(repeatCount: Double(Float.greatestFiniteMagnitude), repeatDuration: 0, at: 1e5 + 0.5, alive: true, source: docRepeat + " (seek O(1) in the count)"),
    .init(repeatCount: 0, repeatDuration: .infinity, at: 50.5, alive: true, source: docRepeat),
    .init(repeatCount: 2, repeatDuration: 0, at: 100.5, alive: false, source: hdr + " (inactive after 2 cycles, lifetime 1 s)"),
    .init(repeatCount: 2, repeatDuration: 0, at: 1.5, alive: true, source: hdr),
]

@Test("Emitter cells repeat forever", arguments: emitterRows)
func emitterRepeats(_ r: EmitterRow) throws {
    let e = EmitterLayer()
    let c = EmitterCell(); c.name = "c"; c.birthRate = 20; c.lifetime = 1
    c.timing = MediaTiming(duration: 1, repeatCount: r.repeatCount, repeatDuration: r.repeatDuration)
    e.emitterCells = [c]
    try e.validate()
    let s = e.evaluate(at: r.at)
    #expect((s.count > 0) == r.alive, "\(r) got \(s.count)")
}
