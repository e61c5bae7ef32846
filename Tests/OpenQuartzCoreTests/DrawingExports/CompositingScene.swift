#if canImport(UIKit)
import UIKit
#else
import OpenQuartzCore
#endif

func makeCompositingScene() -> CALayer { CALayer() }
