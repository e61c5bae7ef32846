import Foundation
import StardustAnimation
import StardustCore
import StardustEffects
import StardustScene

/// `thanos` (docs/DESIGN.md §8, §12): the search-results demo.
///
/// Timeline: 0–2 s the gauntlet (a 48-frame sprite sheet, discrete `contentsRect.origin.x`
/// keyframes) closes into a snap; from 2 s a seeded random half of the four result cards turns to
/// dust one after another (0.6 s apart); the remaining cards close the gap (7.0–7.5 s); at 7.5 s
/// the time stone plays (the second sheet, 2 s), the cards open the gaps again (8.5–9 s) and the
/// dust flies back in reverse order (from 9 s), reassembling each card exactly.
enum ThanosPreset {
    static let snapEnd = 2.0
    static let dustSpacing = 0.6
    static let closeGap = (begin: 7.0, duration: 0.5)
    static let stone = 7.5
    static let openGap = (begin: 8.5, duration: 0.5)
    static let restore = 9.0

    @Sendable static func scene(_ size: Size) -> Scene { build(size).scene }

    /// The sound track's cues (docs/DESIGN.md §8): the gauntlet's snap at ``snapEnd``, each doomed card's dust when it
    /// crumbles and its restore tone when it starts back.
    @Sendable static func soundCues(_ size: Size) -> [SoundCue] { build(size).cues }

    /// The scene and its sound cues.
    static func build(_ size: Size) -> (scene: Scene, cues: [SoundCue]) {
        var cues = [SoundCue(kind: .snap, time: snapEnd, duration: 0.12)]
        let scene = Scene(name: "thanos", size: size, scale: 2, duration: 13, fps: 20, seed: 1,
                          background: Color(red: 0.94, green: 0.95, blue: 0.97))
        let w = size.width
        // The results page: a search bar, then four cards.
        let bar = Layer()
        bar.bounds = Rect(x: 0, y: 0, width: w - 32, height: 40)
        bar.position = Point(w / 2, 44)
        bar.backgroundColor = .white
        bar.cornerRadius = 20
        bar.borderWidth = 1
        bar.borderColor = Color(red: 0.8, green: 0.82, blue: 0.86)
        let query = TextLayer()
        query.string = "infinity gauntlet"
        query.fontSize = 15
        query.foregroundColor = Color(red: 0.2, green: 0.2, blue: 0.25)
        query.bounds = Rect(x: 0, y: 0, width: w - 80, height: 20)
        query.position = Point(20 + query.bounds.width / 2, 20)
        bar.addSublayer(query)
        scene.root.addSublayer(bar)

        let cardSize = Size(w - 32, 80)
        let top = 84.0, pitch = 92.0
        func slot(_ i: Int) -> Point { Point(16 + cardSize.width / 2, top + Double(i) * pitch + cardSize.height / 2) }

        // The seeded random half that turns to dust, in order of the snap.
        let rng = CounterRandom(seed: scene.seed)
        var order = Array(0..<ThanosArt.results.count)
        for i in stride(from: order.count - 1, to: 0, by: -1) {
            order.swapAt(i, rng.below(i + 1, CounterRandom.key("thanos-cards"), UInt64(i)))
        }
        let doomed = Array(order.prefix(ThanosArt.results.count / 2))
        let survivors = (0..<ThanosArt.results.count).filter { !doomed.contains($0) }

        for (i, r) in ThanosArt.results.enumerated() {
            let card = ThanosArt.cardLayer(r, size: cardSize)
            if let j = doomed.firstIndex(of: i) {
                // The card, drawn once to an image, becomes a dust effect.
                let texture = ThanosArt.snapshot(card, size: cardSize)
                var p = DustParameters(layerCount: 32, seed: scene.seed &+ UInt64(i))
                // Drawn as Core Animation draws the image layers of the effect's iOS export (not as specks), so the
                // preset shows in flight exactly what `stardust export-swift thanos` shows on iOS.
                p.drawsSpecks = false
                let back = restore + Double(doomed.count - 1 - j) * dustSpacing
                let effect = DustEffect(texture: texture, frame: Rect(origin: .zero, size: cardSize), parameters: p,
                                        snapTime: snapEnd + Double(j) * dustSpacing, restoreTime: back)
                cues += effect.soundCues.filter { $0.kind != .snap }
                effect.container.name = "card\(i)"
                effect.container.position = slot(i)
                scene.root.addSublayer(effect.container)
            } else {
                card.name = "card\(i)"
                card.position = slot(i)
                // Close the gap: move up past the doomed cards above, then back down before the restore.
                let rank = survivors.firstIndex(of: i)!
                let target = slot(rank)
                if target != slot(i) {
                    for (key, from, to, begin, d) in [("close", slot(i), target, closeGap.begin, closeGap.duration),
                                                      ("open", target, slot(i), openGap.begin, openGap.duration)] {
                        let a = BasicAnimation(keyPath: "position", from: .point(from), to: .point(to))
                        a.timing = MediaTiming(beginTime: begin, duration: d, fillMode: .forwards)
                        a.timingFunction = TimingFunction(name: .easeInEaseOut)
                        a.isRemovedOnCompletion = false
                        card.add(a, forKey: key)
                    }
                }
                scene.root.addSublayer(card)
            }
        }

        // The gauntlet: the snap sheet, then the time-stone sheet.
        let sheet = ThanosArt.sheet
        let fs = Size(ThanosArt.frameSize, ThanosArt.frameSize)
        let gauntlet = sheet.layer(texture: ThanosArt.gauntletSheet(), size: fs)
        gauntlet.name = "gauntlet"
        gauntlet.position = Point(w - 56, size.height - 64)
        gauntlet.add(sheet.animation(duration: snapEnd), forKey: "snap")
        let hide = KeyframeAnimation(keyPath: "isHidden", values: [.bool(false), .bool(true)],
                                     timing: MediaTiming(duration: stone, fillMode: .forwards))
        hide.calculationMode = .discrete
        hide.keyTimes = [0, 1, 1]
        hide.isRemovedOnCompletion = false
        gauntlet.add(hide, forKey: "hide")
        scene.root.addSublayer(gauntlet)

        let timeStone = sheet.layer(texture: ThanosArt.timeStoneSheet(), size: fs)
        timeStone.name = "timeStone"
        timeStone.position = gauntlet.position
        timeStone.isHidden = true
        timeStone.add(sheet.animation(duration: 2, beginTime: stone), forKey: "reverse")
        let show = KeyframeAnimation(keyPath: "isHidden", values: [.bool(false)],
                                     timing: MediaTiming(beginTime: stone, duration: 100, fillMode: .forwards))
        show.calculationMode = .discrete
        show.isRemovedOnCompletion = false
        timeStone.add(show, forKey: "show")
        scene.root.addSublayer(timeStone)
        return (scene, cues.sorted { ($0.time, $0.kind.rawValue) < ($1.time, $1.kind.rawValue) })
    }
}
