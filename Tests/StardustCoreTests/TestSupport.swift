import XCTest
import StardustCore

/// Foundation (through XCTest) has its own `AffineTransform`; these tests mean Stardust's.
typealias AffineTransform = StardustCore.AffineTransform
