import Foundation

/// The page's files (`index.html`, `studio.js`, `studio.css`): plain HTML, CSS and JavaScript copied into the
/// package's resource bundle, read once at start.
enum StudioResources {
    static let files = ["index.html", "studio.js", "studio.css"]

    /// Every page file by name. Looks for the resource bundle beside the executable (where `swift build`
    /// puts it) and, failing that, where SwiftPM's generated accessor would; a clear error if it is missing.
    static func load() throws -> [String: [UInt8]] {
        let bundleName = "Stardust_StardustStudio.resources"
        var candidates: [URL] = []
        let exe = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        candidates.append(exe.appendingPathComponent(bundleName))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent(bundleName))
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent(bundleName) }
        for dir in candidates {
            let page = dir.appendingPathComponent("Page")
            guard FileManager.default.fileExists(atPath: page.appendingPathComponent("index.html").path) else { continue }
            var out: [String: [UInt8]] = [:]
            for f in files { out[f] = Array(try Data(contentsOf: page.appendingPathComponent(f))) }
            return out
        }
        throw StudioEditError("the studio's page files (\(bundleName)/Page) are not beside the stardust executable; keep the resource bundle next to it.")
    }

    static func contentType(_ file: String) -> String {
        if file.hasSuffix(".html") { return "text/html; charset=utf-8" }
        if file.hasSuffix(".js") { return "text/javascript; charset=utf-8" }
        if file.hasSuffix(".css") { return "text/css; charset=utf-8" }
        return "application/octet-stream"
    }
}
