import Foundation
import OpenQuartzCore
import Stardust
import Testing

/// Renders drive the media clock: completions, chained animators, transactions and timers fire at
/// the rendered times iOS would run them, whatever the frame rate or frame range.
@Suite struct MediaClockTests {
    /// A box for values written from callbacks.
    final class Log { var times: [Double] = []; var notes: [String] = [] }

    /// Two views animated by a property animator whose completion chains a second animator.
    func chainedAnimators(_ log: Log) -> CALayer {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 120, height: 80))
        let card = UIView(frame: CGRect(x: 0, y: 20, width: 40, height: 40))
        card.backgroundColor = .orange
        container.addSubview(card)
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 2, delay: 0.5, options: [], animations: {
            card.center = CGPoint(x: 90, y: 40)
        }, completion: { position in
            log.times.append(CACurrentMediaTime())
            log.notes.append("first \(position)")
            UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 1.25, delay: 0, options: [.curveLinear], animations: {
                card.alpha = 0.2
            }, completion: { _ in log.times.append(CACurrentMediaTime()) })
        })
        return container.layer
    }

    @Test func chainedAnimatorCompletionsFireAtTheirRenderedTimes() throws {
        // 7 fps: no frame falls on 2.5 s or 3.75 s; the completions still run at exactly those times (iOS: 0.5 + 2, then + 1.25).
        let log = Log()
        let full = try FrameFiles.render(size: CGSize(width: 120, height: 80), duration: 4, fps: 7) { chainedAnimators(log) }
        #expect(log.times == [2.5, 3.75])
        #expect(log.notes == ["first end"])

        // A frame range alone fires the same events at the same times and draws the same bytes.
        let rangeLog = Log()
        let part = try FrameFiles.render(size: CGSize(width: 120, height: 80), duration: 4, fps: 7, frames: .range(20...27)) {
            chainedAnimators(rangeLog)
        }
        #expect(rangeLog.times == [2.5, 3.75])
        #expect(part == Array(full[20...27]))
        #expect(try FrameFiles.nonEmptyCount(full) == full.count)
        // Nothing moves before the 0.5 s delay (frames 0–3 at 0…0.43 s); the card moves by frame 5 (0.71 s);
        // after the first animator ends the chained one fades it (frames 24 and 25 at 3.43 s and 3.57 s differ).
        #expect(full[0] == full[3])
        #expect(full[3] != full[5])
        #expect(full[24] != full[25])
    }

    @Test func transactionCompletionAndDelegateFireWhenTheAnimationEnds() throws {
        final class Delegate: CAAnimationDelegate {
            let log: Log
            init(_ log: Log) { self.log = log }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
                log.times.append(CACurrentMediaTime()); log.notes.append("stop \(flag)")
            }
        }
        let log = Log()
        _ = try FrameFiles.render(size: CGSize(width: 40, height: 40), duration: 2, fps: 3) {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            layer.backgroundColor = UIColor.blue.cgColor
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.times.append(CACurrentMediaTime()); log.notes.append("transaction") }
            let fade = CABasicAnimation(keyPath: "opacity")
            fade.fromValue = 1
            fade.toValue = 0
            fade.duration = 1.3
            fade.delegate = Delegate(log)
            layer.add(fade, forKey: "fade")
            CATransaction.commit()
            // Added from a timer at 0.7 s with beginTime 0: it begins "now", so it ends at 1.1 s.
            StardustClock.scheduledTimer(withTimeInterval: 0.7, repeats: false) { _ in
                log.notes.append("timer \(CACurrentMediaTime())")
                let grow = CABasicAnimation(keyPath: "transform.scale")
                grow.toValue = 2
                grow.duration = 0.4
                grow.delegate = Delegate(log)
                layer.add(grow, forKey: "grow")
            }
            return layer
        }
        #expect(log.notes == ["timer 0.7", "stop true", "stop true", "transaction"])
        #expect(log.times.count == 3)
        #expect(abs(log.times[0] - 1.1) < 1e-12)
        #expect(log.times[1] == 1.3 && log.times[2] == 1.3)
    }

    @Test func timersAndMediaTimeFollowTheRenderedTime() throws {
        let log = Log()
        try StardustClock.withClock {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.backgroundColor = UIColor.white.cgColor
            let timer = StardustClock.scheduledTimer(withTimeInterval: 0.3, repeats: true) { _ in log.times.append(CACurrentMediaTime()) }
            let dir = try FrameFiles.folder("timers")
            defer { try? FileManager.default.removeItem(at: dir) }
            try layer.stardustRender(size: CGSize(width: 10, height: 10), duration: 1, fps: 4, scale: 1, to: dir.path + "/", quiet: true)
            #expect(CACurrentMediaTime() == 1)
            timer.invalidate()
            // A second render continues from where the first one left the clock.
            try layer.stardustRender(size: CGSize(width: 10, height: 10), duration: 0.5, fps: 4, scale: 1, to: dir.path + "/", quiet: true)
            #expect(CACurrentMediaTime() == 1.5)
        }
        #expect(log.times.count == 3)
        for (t, expected) in zip(log.times, [0.3, 0.6, 0.9]) { #expect(abs(t - expected) < 1e-12) }
    }

    @Test func displayedStandaloneLayersAnimateImplicitlyAndViewLayersDoNot() throws {
        try StardustClock.withClock {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            layer.addSublayer(view.layer)
            #expect(layer.presentation() == nil)  // never displayed yet: no presentation, no implicit animation
            layer.opacity = 0.5
            #expect(layer.animationKeys() == nil)
            StardustClock.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in
                layer.opacity = 0
                view.alpha = 0
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.cornerRadius = 3
                CATransaction.commit()
            }
            let dir = try FrameFiles.folder("implicit")
            defer { try? FileManager.default.removeItem(at: dir) }
            try layer.stardustRender(size: CGSize(width: 10, height: 10), duration: 0.625, fps: 8, scale: 1, to: dir.path + "/", quiet: true)
            // At 0.625 s the implicit fade (0.25 s, the default curve, from 0.5) is half-way in time.
            let expected = 0.5 * (1 - TimingFunction.default.evaluate(0.5))
            let shown = try #require(layer.presentation()).opacity
            #expect(abs(Double(shown) - expected) < 1e-6)
            #expect(layer.animationKeys() == ["opacity"])
            #expect(view.layer.animationKeys() == nil)
            #expect(view.layer.presentation()?.opacity == 0)
        }
    }

    @Test func viewAnimationCompletionsRunWhenTheAnimationEnds() throws {
        let log = Log()
        _ = try FrameFiles.render(size: CGSize(width: 20, height: 20), duration: 3, fps: 3) {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            box.backgroundColor = .red
            container.addSubview(box)
            UIView.animate(withDuration: 1, delay: 0.5, options: [.curveLinear], animations: {
                box.center = CGPoint(x: 15, y: 15)
            }, completion: { finished in
                log.times.append(CACurrentMediaTime()); log.notes.append("moved \(finished)")
                UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.7, initialSpringVelocity: 0, options: [],
                               animations: { box.alpha = 0.5 },
                               completion: { _ in log.times.append(CACurrentMediaTime()) })
            })
            return container.layer
        }
        #expect(log.notes == ["moved true"])
        #expect(log.times.count == 2)
        #expect(log.times.first == 1.5)
        #expect(abs((log.times.last ?? 0) - 2.3) < 1e-9)
    }

    @Test func stoppingAnEmitterKeepsTheParticlesInFlight() throws {
        // iOS: setting birthRate to 0 stops new particles; those born before live out their lifetime.
        func burst(stop: @escaping (CAEmitterLayer) -> Void) throws -> [[UInt8]] {
            try FrameFiles.render(size: CGSize(width: 60, height: 60), duration: 2, fps: 5) {
                let emitter = CAEmitterLayer()
                emitter.emitterPosition = CGPoint(x: 30, y: 30)
                let spark = CAEmitterCell()
                spark.name = "spark"
                spark.contents = UIImage(named: "spark")?.cgImage
                spark.birthRate = 100
                spark.lifetime = 0.5
                spark.velocity = 20
                spark.emissionRange = .pi
                emitter.emitterCells = [spark]
                StardustClock.scheduledTimer(withTimeInterval: 1, repeats: false) { _ in
                    CATransaction.begin()
                    CATransaction.setDisableActions(true)
                    stop(emitter)
                    CATransaction.commit()
                }
                return emitter
            }
        }
        for frames in [try burst { $0.birthRate = 0 }, try burst { $0.setValue(0, forKeyPath: "emitterCells.spark.birthRate") }] {
            // Frames at 0 … 1.0 s emit; at 1.2 and 1.4 s the sparks born in 0.7 … 1.0 s still fly (a history
            // rewritten to birth rate 0 would show nothing after 1.0 s); by 1.6 s all have died.
            let drawn = try frames.map { try FrameFiles.nonEmptyCount([$0]) == 1 }
            #expect(drawn == [true, true, true, true, true, true, true, true, false, false])
        }
    }

    @Test func aFrameRangeStartingMidwayThroughAnImplicitAnimationMatchesTheWholeRender() throws {
        func fading() -> CALayer {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.backgroundColor = UIColor.green.cgColor
            // At 0.5 s the displayed layer fades implicitly over 0.25 s.
            StardustClock.scheduledTimer(withTimeInterval: 0.5, repeats: false) { _ in layer.opacity = 0.2 }
            return layer
        }
        let size = CGSize(width: 10, height: 10)
        let full = try FrameFiles.render(size: size, duration: 1, fps: 10, fading)
        let part = try FrameFiles.render(size: size, duration: 1, fps: 10, frames: .range(6...8), fading)
        #expect(part == Array(full[6...8]))
        #expect(full[5] != full[6]); #expect(full[6] != full[7]); #expect(full[8] == full[9]); #expect(full[4] == full[5])
    }

    @Test func transactionCompletionWaitsForImplicitAnimations() throws {
        let log = Log()
        _ = try FrameFiles.render(size: CGSize(width: 10, height: 10), duration: 1.5, fps: 4) {
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
            layer.backgroundColor = UIColor.white.cgColor
            StardustClock.scheduledTimer(withTimeInterval: 0.3, repeats: false) { _ in
                CATransaction.begin()
                CATransaction.setAnimationDuration(0.6)
                CATransaction.setCompletionBlock { log.times.append(CACurrentMediaTime()) }
                layer.opacity = 0          // implicit: 0.6 s from 0.3 s
                layer.cornerRadius = 4     // implicit too
                CATransaction.commit()
            }
            return layer
        }
        #expect(log.times.count == 1)
        #expect(abs((log.times.first ?? 0) - 0.9) < 1e-12)
    }
}
