// OpenQuartzCore: Apple's QuartzCore and UIKit names (`CALayer`, `CAEmitterLayer`, `UIColor`,
// `UIViewPropertyAnimator`, …) as thin classes over the Stardust engine, so that iOS effect code
// compiles unchanged where QuartzCore does not exist and renders the same effect (docs/DESIGN.md §13).
//
// Everything is compiled only where QuartzCore is missing (`#if !canImport(QuartzCore)`): on Apple
// platforms the real frameworks are used and this module is empty. The deliberate differences from
// Core Animation and UIKit are listed in docs/DIFFERENCES.md ("OpenQuartzCore").
#if !canImport(QuartzCore)
@_exported import Foundation
#endif

#if !canImport(QuartzCore)
/// Seconds, as a `Double` (`CFTimeInterval`; swift-corelibs-foundation does not export it).
public typealias CFTimeInterval = Double
#endif
