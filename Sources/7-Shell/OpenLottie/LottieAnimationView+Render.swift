#if !canImport(QuartzCore)
import Foundation
import OpenQuartzCore
import Stardust

extension LottieAnimationView {
    /// The view as a picture at the media time now (`CACurrentMediaTime()`): its bounds, `scale` pixels per point
    /// (default 1, as a Lottie file's own size), over `background` (default transparent). Nothing moves the clock:
    /// advance it (`StardustClock.advance(to:)`) between pictures to play, or render a file with
    /// `layer.stardustRender(size:duration:fps:to:)`, which does.
    public func stardustImage(scale: CGFloat = 1, background: CGColor? = nil) throws -> Image {
        let engine = layer.stardustLayer
        let box = frame
        let scene = Scene(name: "lottie", size: Size(width: Double(box.width), height: Double(box.height)), scale: Double(scale),
                          duration: 1, fps: 1, seed: 1, background: background?.stardustColor ?? .clear)
        scene.root.timing.timeOffset = CACurrentMediaTime()
        // The view's frame at the picture's origin: a holder whose bounds start at the frame's origin.
        let holder = Layer()
        holder.anchorPoint = Point(x: 0, y: 0)
        holder.bounds = Rect(x: Double(box.minX), y: Double(box.minY), width: Double(box.width), height: Double(box.height))
        scene.root.addSublayer(holder)
        let oldParent = engine.superlayer
        let oldIndex = oldParent?.sublayers.firstIndex { $0 === engine }
        holder.addSublayer(engine)
        defer {
            if let oldParent, let oldIndex { oldParent.insertSublayer(engine, at: oldIndex) } else { engine.removeFromSuperlayer() }
        }
        return try RenderJob(scene: scene, threads: 1).renderFrame(at: 0)
    }
}
#endif
