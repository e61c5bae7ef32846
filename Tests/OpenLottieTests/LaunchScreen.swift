// A launch screen as an iOS app writes it with lottie-ios: only the imports differ on Linux
// (docs/LOTTIE.md, "lottie-ios names"). The tests compile this file unchanged and render it.
#if canImport(UIKit)
import UIKit
import Lottie
#else
import OpenQuartzCore
import OpenLottie
#endif

/// The app's launch screen: the logo animation, fitted into the screen, played once, then the app goes on.
final class LaunchScreen {
    let view: UIView
    let animationView: LottieAnimationView
    private(set) var didFinish = false

    init(bounds: CGRect, animationPath: String) {
        view = UIView(frame: bounds)
        view.backgroundColor = .white
        animationView = LottieAnimationView(animation: LottieAnimation.filepath(animationPath))
        animationView.frame = view.bounds
        animationView.contentMode = .scaleAspectFit
        animationView.loopMode = .playOnce
        animationView.animationSpeed = 1.0
        view.addSubview(animationView)
    }

    func start() {
        animationView.play(fromProgress: 0, toProgress: 1, loopMode: .playOnce) { [weak self] finished in
            self?.didFinish = finished
        }
    }

    /// How long the launch screen stays: the animation's duration.
    var duration: Double { animationView.animation?.duration ?? 0 }
}
