import ArgumentParser

/// The `stardust` command: renders effects and scenes to pictures and movies.
struct StardustCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stardust",
        abstract: "Render Core Animation-style particle effects, layer animations and scenes to GIF, PNG, APNG or MP4.",
        discussion: """
        With no arguments, renders the default preset (snow) to snow.gif in the current directory.

        Examples:
          stardust                                  # snow.gif
          stardust render fireworks -o fw.mp4       # MP4 needs ffmpeg
          stardust render scene.json -o out/ --frames 0..59
          stardust trace snow --at 12 --particles   # the evaluated state as JSON Lines
          stardust presets                          # what can be rendered by name
          stardust render fire.pex                  # Particle Designer / UIEffectDesigner files render directly
          stardust import fire.pex -o fire.json     # ... or become an editable scene
          stardust snap photo.png --restore -o dust.gif   # turn a picture to dust and back
          stardust export-swift snow -o Snow.swift  # the same effect as QuartzCore/UIKit Swift code
          stardust studio snow                      # design live in the browser (prints the address)
          stardust batch jobs.jsonl --jobs 2        # many renders from a JSON Lines manifest, with a report
        """,
        subcommands: [RenderCommand.self, PresetsCommand.self, SnapCommand.self, ValidateCommand.self, TraceCommand.self,
                      ImportCommand.self, BenchCommand.self, ExportSwiftCommand.self, StudioCommand.self, BatchCommand.self, JoinCommand.self],
        defaultSubcommand: RenderCommand.self
    )
}
