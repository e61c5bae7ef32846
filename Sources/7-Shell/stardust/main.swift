import ArgumentParser
import Foundation
import Stardust

// Exit codes (docs/DESIGN.md §11): 0 success, 1 runtime failure, 2 usage or validation
// error. Errors are one or two plain sentences on stderr, never a stack trace.
// Temporary output files (and ffmpeg) are removed when the render is interrupted.
// First, before anything opens a descriptor that could take a closed standard output's number: writing to standard
// output can fail (a full disk, a closed pipe, a closed descriptor): exit 1 with one line, never a crash.
StandardOutput.prepare()
TemporaryFiles.removeOnSignals()
// And on every other way out (a return from main, exit(1) after an error): the studio's upload folder goes too.
atexit { TemporaryFiles.removeAll() }

do {
    var command = try StardustCommand.parseAsRoot(joinNegativeNumbers(Array(CommandLine.arguments.dropFirst())))
    try command.run()
    try StandardOutput.finish()
} catch let error as CLIError {
    // An interrupted render ends by its signal (the handler is cleaning up and re-raising it).
    if TemporaryFiles.isInterrupted { sleep(10) }
    printError("stardust: \(error.message)")
    exit(error.kind == .usage ? 2 : 1)
} catch {
    let code = StardustCommand.exitCode(for: error)
    if code == .success {
        do { try StandardOutput.line(StardustCommand.fullMessage(for: error)) } catch {
            printError("stardust: \(error)")
            exit(1)
        }
        exit(0)
    }
    let message = StardustCommand.fullMessage(for: error)
    if code.rawValue == 64 || error is ValidationError {
        printError(message)
        exit(2)
    }
    printError(message.isEmpty ? "stardust: \(error)" : "stardust: \(message)")
    exit(1)
}
