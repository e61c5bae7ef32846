// The reward screen of the source material's arithmetic app (docs/DESIGN.md §12 `celebration`), the view part:
// a plane and a race car fly in with a property animator, and when they arrive a chained animator
// fades them out while a trophy appears; a character dances with an animated image. Compiles
// unchanged on iOS.
#if canImport(UIKit)
import UIKit
#else
import OpenQuartzCore
#endif

/// Adds the reward animation to `container` and starts it.
func showReward(in container: UIView, plane: UIImage, car: UIImage, trophy: UIImage, dancerFrames: [UIImage]) {
    let center = CGPoint(x: container.bounds.midX, y: container.bounds.midY)

    let planeView = UIImageView(image: plane)
    planeView.center = CGPoint(x: container.bounds.maxX + 40, y: center.y - 30)
    container.addSubview(planeView)

    let carView = UIImageView(image: car)
    carView.center = CGPoint(x: -40, y: center.y + 30)
    container.addSubview(carView)

    let trophyView = UIImageView(image: trophy)
    trophyView.center = center
    trophyView.alpha = 0
    container.addSubview(trophyView)

    let dancer = UIImageView(image: UIImage.animatedImage(with: dancerFrames, duration: 1))
    dancer.center = CGPoint(x: center.x, y: container.bounds.maxY - 40)
    container.addSubview(dancer)

    UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 2, delay: 0, options: [.curveEaseInOut], animations: {
        planeView.center = CGPoint(x: center.x + 30, y: center.y - 30)
        planeView.transform = CGAffineTransform(rotationAngle: .pi / 6)
        carView.center = CGPoint(x: center.x - 30, y: center.y + 30)
        carView.transform = CGAffineTransform(rotationAngle: -.pi / 6)
    }, completion: { _ in
        UIViewPropertyAnimator.runningPropertyAnimator(withDuration: 3, delay: 0, options: [.curveLinear], animations: {
            planeView.alpha = 0
            carView.alpha = 0
            trophyView.alpha = 1
            trophyView.transform = CGAffineTransform(scaleX: 1.5, y: 1.5)
        })
    })
}
