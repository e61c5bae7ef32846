// swift-tools-version: 6.0
import PackageDescription

// The folders under Sources/ are the stages of the pipeline (docs/ARCHITECTURE.md):
// a module depends only on modules of earlier stages.
//
//   1-Core     geometry, color, randomness, images, paths, the display list, parallel-for
//   2-Model    first layers and animations, and the physics engine (each on Core alone); then on them
//              particle emitters, effects (disintegration) and dynamics (physics on layers, the photo wall)
//              (model → evaluate(at:) → display list)
//   3-Render   display list → pixels: every rasterizer, one blend
//   4-Codecs   pixels ↔ files: PNG, GIF, APNG, JPEG, audio, output sinks
//   5-Scene    the Scene, its JSON loader (with image decoding), built-in images, trace
//   6-Presets  the built-in effects, as scene builders
//   7-Shell    the umbrella library `Stardust`, the Apple-named façade `OpenQuartzCore`, the studio
//              (`StardustStudio`) and the `stardust` command-line tool
//
// No unsafe flags: the package can be added by version. Hot loops get their speed from the code.
let package = Package(
    name: "Stardust",
    // The newest API used is `Atomic` (Synchronization), in the one parallel-for: macOS 15 and its siblings.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Stardust", targets: ["Stardust"]),
        .executable(name: "stardust", targets: ["stardust"]),
        // Apple's QuartzCore / UIKit names over the engine, for platforms without QuartzCore (docs/DESIGN.md §13).
        .library(name: "OpenQuartzCore", targets: ["OpenQuartzCore"]),
        // lottie-ios's names (`LottieAnimation`, `LottieAnimationView`, …) over the Lottie player, where lottie-ios
        // cannot build (docs/LOTTIE.md, "lottie-ios names").
        .library(name: "OpenLottie", targets: ["OpenLottie"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
        // The studio's server (`stardust studio`, StardustStudio): HTTP and WebSocket on SwiftNIO.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // dotLottie (`.lottie`) archives: a maintained ZIP reader rather than a hand-written one.
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // 1 · Core
        .target(name: "StardustCore", path: "Sources/1-Core/StardustCore"),

        // 2 · Model: evaluate(at:) → display list. Two layers within the stage: Animation (the layer model) and Physics
        // (no layers) need only Core; Particles, Effects and Dynamics build on Animation (Dynamics on Physics too).
        .target(name: "StardustAnimation", dependencies: ["StardustCore"], path: "Sources/2-Model/StardustAnimation"),
        // A 2D rigid-body engine (Box2D v3 layout): Core only (for the one mixer), no layers.
        // Its contact kernels in C: one source compiled for the baseline and for AVX2, chosen at run time (no flags).
        .target(name: "CStardustContacts", path: "Sources/2-Model/CStardustContacts"),
        .target(name: "StardustPhysics", dependencies: ["StardustCore", "CStardustContacts"], path: "Sources/2-Model/StardustPhysics"),
        // The particle kernel's drag segments and curves in C: compiled for the baseline and for AVX2, chosen at run time (no flags).
        .target(name: "CStardustParticleLanes", path: "Sources/2-Model/CStardustParticleLanes"),
        .target(name: "StardustParticles", dependencies: ["StardustCore", "StardustAnimation", "CStardustParticleLanes"],
                path: "Sources/2-Model/StardustParticles"),
        .target(name: "StardustEffects", dependencies: ["StardustCore", "StardustAnimation"],
                path: "Sources/2-Model/StardustEffects"),
        // Physics bound to layers: UIKit-Dynamics behaviors, pointer input, the photo wall.
        .target(name: "StardustDynamics", dependencies: ["StardustCore", "StardustPhysics", "StardustAnimation"],
                path: "Sources/2-Model/StardustDynamics"),

        // 3 · Render: display list → pixels
        .systemLibrary(name: "CFreeType", path: "Sources/3-Render/CFreeType", pkgConfig: "freetype2"),
        .systemLibrary(name: "CFontconfig", path: "Sources/3-Render/CFontconfig", pkgConfig: "fontconfig"),
        // Render kernels in C (spans, group rows, blur rows) compiled for AVX2, chosen at run time (no flags).
        .target(name: "CStardustSpans", path: "Sources/3-Render/CStardustSpans"),
        .target(name: "StardustRender", dependencies: ["StardustCore", "CFreeType", "CFontconfig", "CStardustSpans"],
                path: "Sources/3-Render/StardustRender"),

        // 4 · Codecs: pixels ↔ files
        .systemLibrary(name: "CStardustZlib", path: "Sources/4-Codecs/CStardustZlib"),
        .systemLibrary(name: "CJPEG", path: "Sources/4-Codecs/CJPEG"),
        .target(name: "CStardustJPEG", path: "Sources/4-Codecs/CStardustJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        .target(name: "StardustCodecs", dependencies: ["StardustCore", "CStardustZlib", "CJPEG", "CStardustJPEG"],
                path: "Sources/4-Codecs/StardustCodecs"),

        // 5 · Scene: files → model
        .target(name: "StardustScene", dependencies: [
            "StardustCore", "StardustAnimation", "StardustParticles", "StardustDynamics", "StardustRender", "StardustCodecs",
            "StardustEffects", "StardustLottie",
        ], path: "Sources/5-Scene/StardustScene"),
        // Lottie (Bodymovin) files read into a typed model and translated once into layers with keyframe animations.
        .target(name: "StardustLottie", dependencies: [
                    "StardustCore", "StardustAnimation", "StardustCodecs", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                ],
                path: "Sources/5-Scene/StardustLottie"),

        // 6 · Presets
        .target(name: "StardustPresets", dependencies: [
            "StardustCore", "StardustAnimation", "StardustParticles", "StardustEffects", "StardustRender", "StardustScene",
            "StardustDynamics", "StardustLottie",
        ], path: "Sources/6-Presets/StardustPresets"),

        // 7 · Shell: the umbrella library and the command-line tool
        .target(name: "Stardust", dependencies: [
            "StardustCore", "StardustAnimation", "StardustParticles", "StardustEffects", "StardustRender", "StardustCodecs",
            "StardustScene", "StardustPresets", "StardustDynamics", "StardustLottie",
        ], path: "Sources/7-Shell/Stardust"),
        .target(name: "OpenQuartzCore", dependencies: ["Stardust"], path: "Sources/7-Shell/OpenQuartzCore"),
        .target(name: "OpenLottie", dependencies: ["OpenQuartzCore", "Stardust", "StardustLottie"], path: "Sources/7-Shell/OpenLottie"),
        // The studio: a local web page that designs effects live, served over HTTP and WebSocket.
        .target(name: "StardustStudio", dependencies: [
            "Stardust", "StardustLottie",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        ], path: "Sources/7-Shell/StardustStudio", resources: [.copy("Page")]),
        // The blocking HTTP/WebSocket client that `stardust bench studio-…` and the studio tests drive a server with
        // (not a product: only the tool and the tests use it).
        .target(name: "StardustStudioClient", dependencies: ["StardustStudio"], path: "Tests/StardustStudioClient"),
        // A small HTTP render service (POST a scene, get a GIF): the library behind examples/render-server.
        .target(name: "StardustRenderServer", dependencies: [
            "Stardust", "StardustLottie", .product(name: "Hummingbird", package: "hummingbird"),
        ], path: "Sources/7-Shell/StardustRenderServer"),
        .executableTarget(name: "stardust-render-server", dependencies: ["StardustRenderServer"], path: "examples/render-server"),
        .executableTarget(name: "stardust", dependencies: [
            "Stardust", "StardustPhysics", "StardustStudio", "StardustStudioClient", "StardustRenderServer", "StardustLottie", "StardustWorkloads",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], path: "Sources/7-Shell/stardust"),

        // The fixed scenes of the benchmarks (docs/BENCHMARKS.md): emitters, physics worlds, sprite frames. Not part
        // of the engine and in no product: used by `stardust bench`, the tests and benchmarks/ (docs/ARCHITECTURE.md).
        .target(name: "StardustWorkloads", dependencies: ["StardustCore", "StardustParticles", "StardustPhysics"],
                path: "benchmarks/StardustWorkloads"),

        // Tests: one target per module, plus shared support.
        .target(name: "StardustTestSupport", dependencies: ["StardustCore", "StardustAnimation", "StardustParticles", "StardustRender"],
                path: "Tests/StardustTestSupport"),
        .testTarget(name: "StardustCoreTests", dependencies: ["StardustCore", "StardustTestSupport"]),
        .testTarget(name: "StardustAnimationTests", dependencies: ["StardustAnimation", "StardustCore", "StardustTestSupport"]),
        .testTarget(name: "StardustParticlesTests", dependencies: [
            "StardustParticles", "StardustAnimation", "StardustCore", "StardustRender", "StardustTestSupport", "CStardustParticleLanes",
        ]),
        // The physics builders (worlds, bodies, ground) shared by the tests that drive the engine: apart from
        // StardustTestSupport so that only the targets that use them link StardustPhysics.
        .target(name: "StardustPhysicsTestSupport", dependencies: ["StardustPhysics"], path: "Tests/StardustPhysicsTestSupport"),
        .testTarget(name: "StardustPhysicsTests", dependencies: ["StardustPhysics", "StardustPhysicsTestSupport", "StardustWorkloads"]),
        .testTarget(name: "StardustDynamicsTests", dependencies: [
            "StardustDynamics", "StardustAnimation", "StardustCore", "StardustTestSupport",
        ]),
        .testTarget(name: "StardustEffectsTests", dependencies: [
            "StardustEffects", "StardustAnimation", "StardustCore", "StardustRender", "StardustTestSupport",
        ]),
        .testTarget(name: "StardustRenderTests", dependencies: ["StardustRender", "StardustCore", "StardustTestSupport", "StardustWorkloads"]),
        .testTarget(name: "StardustCodecsTests", dependencies: ["StardustCodecs", "StardustCore", "StardustTestSupport"],
                    resources: [.copy("Fixtures")]),
        // Lottie: the parser, limits, translation (analytic checks on fixtures), fuzzing, and the corpus comparison.
        .testTarget(name: "StardustLottieTests", dependencies: [
            "StardustLottie", "StardustAnimation", "StardustCore", "StardustCodecs", "StardustRender", "StardustTestSupport",
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        .testTarget(name: "StardustSceneTests", dependencies: ["StardustScene", "Stardust", "StardustTestSupport"]),
        // The golden hashes and their computation, shared by GoldenHashTests (debug) and the `stardust-goldens`
        // executable that `.ci/run` builds in release (not a product: users never see it).
        .target(name: "StardustGoldens", dependencies: ["Stardust", "StardustTestSupport"], path: "Tests/StardustGoldens"),
        .executableTarget(name: "stardust-goldens", dependencies: ["StardustGoldens"], path: "Tests/GoldenHashCheck"),
        .testTarget(name: "StardustPresetsTests", dependencies: ["StardustPresets", "Stardust", "StardustTestSupport", "StardustGoldens"]),
        .testTarget(name: "StardustConformanceTests", dependencies: [
            "StardustAnimation", "StardustParticles", "StardustScene", "Stardust", "StardustCore", "StardustTestSupport",
        ]),
        .testTarget(name: "OpenQuartzCoreTests", dependencies: ["OpenQuartzCore", "OpenLottie", "Stardust", "StardustTestSupport"]),
        // iOS launch-screen code written against lottie-ios, compiled against OpenLottie and rendered.
        .testTarget(name: "OpenLottieTests", dependencies: ["OpenLottie", "OpenQuartzCore", "Stardust", "StardustLottie", "StardustTestSupport"]),
        .testTarget(name: "StardustStudioTests", dependencies: ["StardustStudio", "StardustStudioClient", "Stardust", "stardust", "StardustTestSupport"]),
        // The studio page in headless Chromium through chromedriver (WebDriver); skipped with a reason without them.
        .testTarget(name: "StardustStudioBrowserTests", dependencies: ["StardustStudio", "StardustStudioClient", "Stardust", "stardust", "StardustTestSupport"]),
        .testTarget(name: "StardustCLITests", dependencies: ["stardust", "Stardust", "StardustTestSupport", "StardustRenderServer", "StardustStudio", "StardustStudioClient", "StardustLottie"]),
        // Hostile input (docs/DESIGN.md §16): a corpus run through the built CLI under a memory cap and a time
        // bound per case, and seeded mutation fuzzing of the scene loader and every decoder.
        .testTarget(name: "StardustHostileTests", dependencies: [
            "stardust", "StardustCodecs", "StardustScene", "StardustCore", "StardustTestSupport", "CStardustZlib", "StardustLottie",
        ]),
    ],
    swiftLanguageModes: [.v6]
)
