// A render service in a few lines (docs/BATCH.md): POST a scene's JSON or a Lottie file (.json, .tgs), get a GIF.
//
//   swift run -c release stardust-render-server            # listens on 127.0.0.1:8081
//   curl --data-binary @examples/snowfall.json 'http://127.0.0.1:8081/render?format=gif' -o snow.gif
//   curl --data-binary @sticker.tgs 'http://127.0.0.1:8081/render?format=gif' -o sticker.gif
//
// Every request gets its own scene and budget; two renders run at once on a two-core machine.
import Foundation
import StardustRenderServer

var configuration = RenderServer.Configuration()
if let port = ProcessInfo.processInfo.environment["PORT"].flatMap(Int.init) { configuration.port = port }
let server = RenderServer(configuration: configuration)
try await server.run { port in print("stardust-render-server: listening on http://127.0.0.1:\(port)/render") }
