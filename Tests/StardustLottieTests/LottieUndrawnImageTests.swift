import Foundation
import StardustCodecs
import StardustCore
import StardustTestSupport
@testable import StardustLottie
import Testing

/// Image assets no image layer names are decoded — for the same errors and warnings — but get no texture
/// (``LottieFile/loadImages(_:folder:limits:warn:)``): random files of valid, damaged and oversized embedded PNGs,
/// named or not by image layers at the top and in precomps (and names of missing assets), against the eager
/// computation — every asset decoded into a texture in id order, as before — kept for the ids the test's own walk
/// of its layers finds: the same thrown error, the same warnings in the same order, the same ids, and each texture's
/// levels bit for bit.
@Suite("Lottie undrawn images")
struct LottieUndrawnImageTests {
    @Test("undrawn assets: the eager decode's errors, warnings and drawn textures")
    func undrawnAssetsAgainstTheEagerDecode() throws {
        var rng = SplitMix64(seed: 2_427)
        var drawnSeen = 0, undrawnSeen = 0, warned = 0, thrown = 0
        for trial in 0..<250 {
            var limits = LottieLimits()
            if trial % 9 == 0 { limits.maxImagePixels = 400 }
            // Assets: a valid PNG, one with damaged bytes, or (against the lower limit) a large one.
            var assets: [(id: String, bytes: [UInt8])] = []
            for k in 0..<Int.random(in: 1...5, using: &rng) {
                // Against the lower limit, the first asset has more pixels than it allows (the whole load refused).
                let large = k == 0 && trial % 9 == 0
                let w = large ? 30 : Int.random(in: 1...12, using: &rng), h = large ? 20 : Int.random(in: 1...12, using: &rng)
                let source = TestSupport.image(width: w, height: h) { _, _ in
                    (UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
                     UInt8.random(in: 0...255, using: &rng), [0, 90, 255].randomElement(using: &rng)!)
                }
                var bytes = PNGEncoder.encode(source, compression: .fast)
                if Int.random(in: 0..<3, using: &rng) == 0 {
                    // Damage: truncate, or overwrite bytes past the header.
                    if Bool.random(using: &rng) { bytes.removeLast(Int.random(in: 1...(bytes.count - 34), using: &rng)) } else {
                        for _ in 0..<4 { bytes[Int.random(in: 33..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
                    }
                }
                assets.append(("img\(k)", bytes))
            }
            // Image layers naming some assets (and now and then one that is missing), at the top and in a precomp.
            var drawn = Set<String>()
            func layers() -> String {
                (0..<Int.random(in: 0...3, using: &rng)).map { _ in
                    let ref = Int.random(in: 0..<8, using: &rng) == 0 ? "missing" : assets.randomElement(using: &rng)!.id
                    drawn.insert(ref)
                    return #"{"ty":2,"refId":"\#(ref)","ks":{},"ip":0,"op":10,"st":0}"#
                }.joined(separator: ",")
            }
            let top = layers(), inner = layers()
            let imageAssets = assets.map { #"{"id":"\#($0.id)","w":10,"h":10,"p":"data:image/png;base64,\#(Data($0.bytes).base64EncodedString())","e":1}"# }
            let json = #"{"v":"5","fr":30,"ip":0,"op":10,"w":100,"h":100,"assets":[\#((imageAssets + [#"{"id":"comp","layers":[\#(inner)]}"#]).joined(separator: ","))],"# +
                #""layers":[\#(top.isEmpty ? "" : top + ","){"ty":0,"refId":"comp","w":100,"h":100,"ks":{},"ip":0,"op":10,"st":0}]}"#
            let animation = try LottieParser.parse(Array(json.utf8), limits: limits)

            // The eager computation: every asset decoded into a texture, in id order; then the drawn ones kept.
            var eagerWarnings: [LottieWarning] = [], eager: [String: Texture] = [:], eagerError: LottieError?
            do {
                for (id, bytes) in assets.sorted(by: { $0.id < $1.id }) {
                    let asset = try #require(animation.images[id])
                    if let t = try LottieFile.decodeImage(bytes, asset: asset, limits: limits, warn: { eagerWarnings.append($0) }) { eager[id] = t }
                }
            } catch let e as LottieError { eagerError = e }

            var warnings: [LottieWarning] = [], result: [String: Texture] = [:], error: LottieError?
            do { result = try LottieFile.loadImages(animation, folder: nil, limits: limits) { warnings.append($0) } } catch let e as LottieError { error = e }

            #expect(error == eagerError, "trial \(trial)")
            #expect(warnings == eagerWarnings, "trial \(trial)")
            if error != nil { thrown += 1; continue }
            warned += warnings.count
            let expected = eager.filter { drawn.contains($0.key) }
            #expect(Set(result.keys) == Set(expected.keys), "trial \(trial)")
            for (id, t) in expected {
                #expect(result[id]?.levels.map(\.pixels) == t.levels.map(\.pixels), "trial \(trial), \(id)")
                #expect(result[id]?.levels.map(\.width) == t.levels.map(\.width), "trial \(trial), \(id)")
            }
            drawnSeen += expected.count
            undrawnSeen += eager.count - expected.count
        }
        // The random files reach every case.
        #expect(drawnSeen > 50 && undrawnSeen > 50 && warned > 20 && thrown > 5, "\(drawnSeen) \(undrawnSeen) \(warned) \(thrown)")
    }
}
