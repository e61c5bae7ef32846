import StardustCore
import StardustEffects
import StardustScene

/// A built-in scene that `stardust render NAME` can draw (docs/DESIGN.md §12).
public struct Preset: Sendable {
    /// The name `stardust render` and ``Presets/named(_:)`` know the preset by (`snow`, `fireworks`, …).
    public let name: String
    /// One line for `stardust presets`.
    public let summary: String
    /// The scene size in points when none is given.
    public let defaultSize: Size
    private let builder: @Sendable (Size) -> Scene
    private let sound: (@Sendable (Size) -> [SoundCue])?

    /// A preset called `name`, described by `summary`, whose `builder` makes a fresh scene of a given size in points;
    /// `soundCues`, when given, lists the moments of its synthesized sound track (``SoundSynth``) at that size.
    public init(name: String, summary: String, defaultSize: Size, builder: @escaping @Sendable (Size) -> Scene,
                soundCues: (@Sendable (Size) -> [SoundCue])? = nil) {
        self.name = name; self.summary = summary; self.defaultSize = defaultSize; self.builder = builder
        sound = soundCues
    }

    /// The preset's sound cues at `size` (points), or `nil` when it has no sound track (default).
    public func soundCues(_ size: Size) -> [SoundCue]? { sound?(size) }

    /// A fresh scene of the preset at `size` (points).
    public func make(_ size: Size) -> Scene { builder(size) }
    /// A fresh scene at the default size.
    public func make() -> Scene { builder(defaultSize) }
}

/// The built-in presets.
public enum Presets {
    /// The phone-sized canvas of the source material (an iPhone 14 in points).
    public static let phone = Size(390, 844)

    /// Every built-in preset, in the order `stardust presets` lists them; `snow` (the default) first.
    public static let all: [Preset] = [
        Preset(name: "snow", summary: "Launch-screen snowfall: two cells of soft dots falling over a launch screen (the default).",
               defaultSize: phone, builder: SnowPreset.scene),
        Preset(name: "snow-classic", summary: "Classic snowfall of spinning, fading snowflake crystals.",
               defaultSize: phone, builder: SnowClassicPreset.scene),
        Preset(name: "fireworks", summary: "Rockets with sparkling trails that burst into colored, slowing, twinkling stars where they die (sub-emitters).",
               defaultSize: phone, builder: FireworksPreset.scene),
        Preset(name: "fireworks-classic", summary: "Rockets with sparkling trails that burst into colored stars (nested emitter cells, Core Animation only).",
               defaultSize: phone, builder: FireworksClassicPreset.scene),
        Preset(name: "snowdrift", summary: "Snow that settles: flakes in wind and turbulence stick to the bottom of the screen, a drift grows and melts.",
               defaultSize: phone, builder: SnowdriftPreset.scene),
        Preset(name: "maple-leaves", summary: "Red and yellow maple leaves drifting down and fading.",
               defaultSize: phone, builder: MapleLeavesPreset.scene),
        Preset(name: "celebration", summary: "Reward screen: plane and race car fly in, a trophy grows, a character dances, snow, leaves and fireworks.",
               defaultSize: phone, builder: CelebrationPreset.scene),
        Preset(name: "thanos", summary: "Search results: a gauntlet snaps, half the cards turn to dust, the time stone brings them back.",
               defaultSize: Size(390, 520), builder: ThanosPreset.scene, soundCues: ThanosPreset.soundCues),
        Preset(name: "photo-wall", summary: "A wall of photos: one picked up, swung and put back; another flung off screen (physics).",
               defaultSize: phone, builder: PhotoWallPreset.scene),
        Preset(name: "confetti", summary: "A confetti cannon: bursts of colored paper that slow down in the air (drag), spin and flutter as they fall.",
               defaultSize: phone, builder: ConfettiPreset.scene),
        Preset(name: "rain", summary: "Rain: streaks slanted by the wind that splash where they hit the ground (a collider and a death sub-emitter).",
               defaultSize: phone, builder: RainPreset.scene),
        Preset(name: "fire", summary: "A campfire: additive flames that rise, flicker in turbulence and cool from yellow-white to red to nothing.",
               defaultSize: phone, builder: FirePreset.scene),
        Preset(name: "smoke", summary: "A column of soft gray smoke that rises, grows, fades and drifts with the wind and turbulence.",
               defaultSize: phone, builder: SmokePreset.scene),
        Preset(name: "sparks", summary: "A grinder's sparks: short bright streaks that fall under gravity and bounce off the floor.",
               defaultSize: phone, builder: SparksPreset.scene),
        Preset(name: "fireflies", summary: "Fireflies: slow glowing points wandering in turbulence over a night meadow, blinking on and off.",
               defaultSize: phone, builder: FirefliesPreset.scene),
    ]

    /// The preset with this name, if any.
    public static func named(_ name: String) -> Preset? { all.first { $0.name == name } }
}
