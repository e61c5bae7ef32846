import Foundation
import Stardust
import StardustTestSupport
import Testing
@testable import StardustStudio
import StardustStudioClient

/// Rule 6 of docs/HOSTILE-INPUT.md: the download's file name is encoded as RFC 6266 says (an ASCII fallback with
/// nothing that ends the quoted string or the header, and `filename*=UTF-8''…`), and the upload folder never
/// outlives the studio, whichever way it stops.
@Suite("Studio hostile names and exits")
struct StudioHostileExitTests {
    @Test func theFileNameCannotBreakTheHeader() {
        let h = StudioContentDisposition.attachment(fileName: "a\"b\\c/\r\nX-Evil: 1 Grün ☃.gif")
        #expect(!h.contains("\r") && !h.contains("\n"))
        #expect(h.hasPrefix("attachment; filename=\"a_b_c___X-Evil: 1 Gr_n _.gif\"; filename*=UTF-8''"))
        #expect(h.hasSuffix("filename*=UTF-8''a%22b%5Cc%2F%0D%0AX-Evil%3A%201%20Gr%C3%BCn%20%E2%98%83.gif"))
        // The fallback holds exactly one quoted string: two quotes, at its ends.
        let fallback = h.split(separator: ";")[1]
        #expect(fallback.filter { $0 == "\"" }.count == 2)
    }

    @Test func aDownloadOfASceneNamedWithAQuoteHasAWellFormedHeader() async throws {
        let dir = try CLIRunner.temporaryFolder("stardust-studio-names")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("scene.json")
        try Data(#"{"name": "say \"hi\"; filename=evil.sh", "size": [40, 40], "layers": []}"#.utf8).write(to: file)
        let h = try await StudioHarness.start()
        let body = String(decoding: try JSONSerialization.data(withJSONObject: ["path": file.path]), as: UTF8.self)
        #expect(try await h.post("/api/open", body: body, origin: h.origin).status == 200)
        let reply = try await h.get("/api/export?format=json")
        #expect(reply.status == 200)
        let header = reply.headers.first { $0.key.lowercased() == "content-disposition" }?.value ?? ""
        #expect(header == #"attachment; filename="say _hi_; filename=evil.sh.json"; filename*=UTF-8''say%20%22hi%22%3B%20filename%3Devil.sh.json"#,
                "\(header)")
    }

    /// Starts `stardust studio`, uploads a scene (which makes the upload folder), stops it with `signal` (or lets
    /// it fail) and looks for the folder.
    @Test(arguments: [SIGTERM, SIGINT])
    func theUploadFolderIsRemovedWhenTheStudioIsStopped(_ signal: Int32) throws {
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["studio", "snow", "--port", "0"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        // "Stardust Studio: open http://127.0.0.1:PORT/?token=TOKEN"
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.readChunkRetryingInterrupts()
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        let address = try #require(text.split(separator: " ").first { $0.hasPrefix("http://") }.map { $0.split(separator: "\n")[0] })
        let port = try #require(Int(address.split(separator: ":")[2].split(separator: "/")[0]))
        let token = String(try #require(address.split(separator: "=").last))
        let client = try StudioClient(port: port, timeout: 120)
        let reply = try client.request("POST", "/api/upload?kind=json", port: port,
                                       headers: [("Content-Type", "application/json"), ("X-Stardust-Token", token),
                                                 ("Origin", "http://127.0.0.1:\(port)")],
                                       body: Array(#"{"size": [40, 40], "layers": []}"#.utf8))
        #expect(reply.status == 200, "\(String(decoding: reply.body, as: UTF8.self))")
        let tmp = FileManager.default.temporaryDirectory.path
        let prefix = "stardust-studio-uploads-\(p.processIdentifier)-"
        let before = try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix(prefix) }
        #expect(before.count == 1, "the upload made no folder in \(tmp)")
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        let after = try FileManager.default.contentsOfDirectory(atPath: tmp).filter { $0.hasPrefix(prefix) }
        #expect(after.isEmpty, "left behind: \(after)")
    }
}
