import ArgumentParser
import SandGL
import SandSim

/// A scene's own options on `run`, a group the scene owns: given with another scene they are
/// refused, in one place for every scene (RunCommand.validate).
protocol SceneOptions: ParsableArguments {
    static var scene: SceneKind { get }
    /// The first of the group's options given, as typed, or nil.
    var firstGiven: String? { get }
}

extension SceneOptions {
    /// Refuses the group's options where `chosen` is another scene; `noun` names what the
    /// scene's options are for ("scene" for run, "bench" for bench).
    func check(for chosen: SceneKind, noun: String = "scene") throws {
        guard chosen != Self.scene, let option = firstGiven else { return }
        throw ValidationError("\(option) is for the \(Self.scene.rawValue) \(noun), not \(chosen.rawValue) (--scene \(Self.scene.rawValue))")
    }
}

/// Which scene `run` opens or `bench` measures: first in the help, since it decides which
/// groups below apply.
struct SceneChoice: ParsableArguments {
    @Option(help: "The scene: \(SceneKind.allCases.map(\.rawValue).joined(separator: ", ")).")
    var scene: SceneKind = .hourglass
}

/// The first of `options` that is given.
func firstOption(_ options: [(String, Bool)]) -> String? {
    options.first(where: \.1)?.0
}

struct HourglassOptions: SceneOptions {
    static let scene = SceneKind.hourglass

    @OptionGroup var grains: GrainOptions<RunDefaults>

    @Option(parsing: .unconditional, help: TimerDuration.help(default: "as last saved, else the original's 5 s"), transform: TimerDuration.parse)
    var duration: TimerDuration?

    @Option(name: .customLong("grain-shape"), help: "How grains are drawn: impostor (ray-cast spheres, the default) or mesh (42-vertex icospheres).")
    var grainShape: GrainShape?

    @Flag(name: [.long, .customLong("multicolor", withSingleDash: true)], help: "Random grain colours.")
    var colors = false

    @Flag(name: [.long, .customLong("autostart", withSingleDash: true)], help: "Flip and start the timer once the fresh pile has settled (2 simulated seconds, counted down on the timer panel).")
    var autostart = false

    @Flag(help: "Show CPU, GPU and Instanced side by side, turned by one timer, with the same count: --count (the CPU's range), or the most that all three run at 30 fps here.")
    var compare = false

    @Option(parsing: .unconditional, help: "Turn the camera by YAW,PITCH degrees before the first frame (a scripted right drag).",
            transform: Self.orbit)
    var orbit: (yaw: Float, pitch: Float)?

    @Option(name: .customLong("turn"), parsing: .unconditionalSingleValue, help: TurnOption.help, transform: TurnOption.keyframes)
    var turns: [[ScriptedHand.Keyframe]] = []

    @Option(help: "Write a CSV row a frame to this file (wall and simulated seconds, phase, timer, grains above the neck, emptyAt, substeps, fps, slow-motion factor, each stage's milliseconds).", completion: .file())
    var trace: String?

    @Flag(name: .customLong("trace-stages"), help: "With --trace: each stage of a frame waits for the GL, so its column is its whole cost (frames are slower: the stages no longer overlap).")
    var traceStages = false

    var firstGiven: String? {
        firstOption([("--orbit", orbit != nil), ("--turn", !turns.isEmpty), ("--compare", compare), ("--autostart", autostart), ("--trace", trace != nil), ("--trace-stages", traceStages),
               ("--mode", grains.mode != nil), ("--count", grains.count != nil), ("--size", grains.size != nil), ("--duration", duration != nil),
               ("--colors", colors), ("--grain-shape", grainShape != nil)])
    }

    static func orbit(_ text: String) throws -> (yaw: Float, pitch: Float) {
        let parts = ArgumentChecks.numbers(text, separator: ",")
        guard parts.count == 2, let yaw = parts[0], let pitch = parts[1], [yaw, pitch].allSatisfy({ $0.isFinite && abs($0) <= 360 }) else {
            throw ValidationError("give YAW,PITCH in degrees, each within ±360")
        }
        return (yaw, pitch)
    }
}

struct WavesOptions: SceneOptions {
    static let scene = SceneKind.waves

    @Option(name: .customLong("poke"), parsing: .unconditionalSingleValue, help: "A scripted press at X,Y (0–1 across and down the window), at once or @SECONDS into the run; repeat for more.",
            transform: WavesScene.Poke.parse)
    var pokes: [WavesScene.Poke] = []

    var firstGiven: String? { firstOption([("--poke", !pokes.isEmpty)]) }
}

struct SparklesOptions: SceneOptions {
    static let scene = SceneKind.sparkles

    @Option(name: .customLong("press"), parsing: .unconditionalSingleValue, help: "A scripted press at X,Y (0–1 across and down the window), at once or @START seconds, held until released @START-END or to the end; repeat for more.",
            transform: SparklesScene.Script.press)
    var presses: [SparklesScene.Script.Press] = []

    @Option(name: .customLong("drag"), parsing: .unconditionalSingleValue, help: "While pressed, the pointer glides in a straight line to X,Y (0–1) by @SECONDS; repeat for a path.",
            transform: SparklesScene.Script.drag)
    var drags: [PointerPath.Point] = []

    var firstGiven: String? { firstOption([("--press", !presses.isEmpty), ("--drag", !drags.isEmpty)]) }

    /// The presses and drags as one script, checked together.
    func script() throws -> SparklesScene.Script {
        try SparklesScene.Script.checked(presses: presses, drags: drags)
    }
}

struct TitaniumOptions: SceneOptions {
    static let scene = SceneKind.titanium

    @Option(name: .customLong("cursor"), parsing: .unconditionalSingleValue, help: "The pointer at X,Y (0–1 across and down the window) @SECONDS into the run, gliding in straight lines between points; repeat for a path.",
            transform: TitaniumScene.Script.cursorPoint)
    var cursorPoints: [PointerPath.Point] = []

    @Option(name: .customLong("theme-change-at"), parsing: .unconditionalSingleValue, help: "Change to the next colour theme (turbulence burst, colour switch at its peak) @SECONDS into the run; repeat for more.",
            transform: TitaniumScene.Script.themeChange)
    var themeChanges: [Float] = []

    var firstGiven: String? { firstOption([("--cursor", !cursorPoints.isEmpty), ("--theme-change-at", !themeChanges.isEmpty)]) }

    var script: TitaniumScene.Script {
        TitaniumScene.Script(cursor: PointerPath(cursorPoints), themeChanges: themeChanges)
    }
}

/// `run` keeps what was last saved.
enum RunDefaults: GrainDefaults {
    static var mode: String { "as last saved, else cpu" }
    static var count: String { "as last saved, else the largest this machine draws at 60 fps, 30 side by side" }
    static var size: String { "as last saved, else 1" }
}
