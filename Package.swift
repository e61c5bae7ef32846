// swift-tools-version: 6.0
import PackageDescription

/// No unsafe flags: release builds keep overflow and bounds checks, so we
/// measure what users get. Hot loops are written so the optimizer can drop the
/// checks on its own (unsafe buffer pointers over proven ranges, wrapping ops).
let fast: [SwiftSetting] = []

let package = Package(
    name: "Stardust",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Stardust", targets: ["Stardust"]),
        .executable(name: "stardust", targets: ["stardust"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries present on a fresh machine.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),
        .systemLibrary(name: "CJPEG", path: "Sources/CJPEG"),
        .systemLibrary(name: "CFreeType", path: "Sources/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CFontconfig", path: "Sources/CFontconfig", pkgConfig: "fontconfig"),

        // Stage 0: math, color, randomness, images, paths, the display list.
        .target(name: "StardustCore", swiftSettings: fast),
        // Stage: display list -> pixels.
        .target(name: "StardustRender", dependencies: ["StardustCore", "CFreeType", "CFontconfig"], swiftSettings: fast),
        // Stage: pixels -> files.
        .target(name: "CStardustJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "StardustCodecs", dependencies: ["StardustCore", "CZlib", "CJPEG", "CStardustJPEG"], swiftSettings: fast),
        // Model stages: evaluate(at:) -> display list.
        .target(name: "StardustAnimation", dependencies: ["StardustCore"], swiftSettings: fast),
        .target(name: "StardustParticles", dependencies: ["StardustCore", "StardustAnimation"], swiftSettings: fast),
        .target(name: "StardustEffects", dependencies: ["StardustCore", "StardustAnimation", "StardustParticles"], swiftSettings: fast),
        // Scene files (JSON) -> model.
        .target(name: "StardustScene", dependencies: ["StardustCore", "StardustAnimation", "StardustParticles", "StardustEffects"]),
        // Umbrella.
        .target(name: "Stardust", dependencies: [
            "StardustCore", "StardustRender", "StardustCodecs", "StardustAnimation",
            "StardustParticles", "StardustEffects", "StardustScene",
        ]),
        // The command-line tool: a thin shell over the library.
        .executableTarget(name: "stardust", dependencies: [
            "Stardust",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: fast),

        .testTarget(name: "StardustCoreTests", dependencies: ["StardustCore"]),
        .testTarget(name: "StardustRenderTests", dependencies: ["StardustRender", "StardustCore"]),
        .testTarget(name: "StardustCodecsTests", dependencies: ["StardustCodecs", "StardustCore"], resources: [.copy("Fixtures")]),
        .testTarget(name: "StardustAnimationTests", dependencies: ["StardustAnimation", "StardustCore"]),
        .testTarget(name: "StardustParticlesTests", dependencies: ["StardustParticles", "StardustAnimation", "StardustCore"]),
        .testTarget(name: "StardustEffectsTests", dependencies: ["StardustEffects", "StardustRender", "StardustCore", "StardustParticles", "StardustAnimation"]),
        .testTarget(name: "StardustSceneTests", dependencies: ["StardustScene", "Stardust"]),
        .testTarget(name: "StardustCLITests", dependencies: ["stardust"]),
    ],
    swiftLanguageModes: [.v6]
)
